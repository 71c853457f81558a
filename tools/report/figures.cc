// Figures from the report's page, through headless Chromium and rsvg-convert.
#include "tools/report/figures.h"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <system_error>

namespace vgdl::report {

namespace {

namespace fs = std::filesystem;

std::string Quoted(const std::string& text) {
  std::string out = "'";
  for (const char ch : text) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

bool OnPath(const std::string& program) {
  if (program.find('/') != std::string::npos) return access(program.c_str(), X_OK) == 0;
  return std::system(("command -v " + Quoted(program) + " >/dev/null 2>&1").c_str()) == 0;
}

// Runs `command` (a shell line) and returns its standard output; -1 as `status` when it could
// not be started.
std::string Capture(const std::string& command, int* status) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    *status = -1;
    return out;
  }
  std::array<char, 65536> buf;
  size_t n = 0;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
  const int raw = pclose(pipe);
  *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return out;
}

}  // namespace

std::string ChromiumCommand() {
  const char* env = std::getenv("VGDL_CHROMIUM");
  return env != nullptr && *env != '\0' ? env : "chromium";
}

bool DumpDom(const fs::path& page, const std::string& fragment, std::string* dom,
             std::string* error) {
  const std::string chromium = ChromiumCommand();
  if (!OnPath(chromium)) {
    *error = "'" + chromium +
             "' not found: the figures are drawn by headless Chromium (Debian's chromium; "
             "scripts/install-deps installs it; $VGDL_CHROMIUM names another browser)";
    return false;
  }
  std::error_code ec;
  const fs::path absolute = fs::absolute(page, ec);
  // --no-sandbox: Chromium refuses to start its sandbox as root (containers, CI). The page is
  // our own file and fetches nothing. The virtual time budget lets the page's asynchronous
  // drawing finish before the DOM is dumped; /dev/shm is small in containers; `timeout` ends
  // a browser that hangs.
  const std::string command = "timeout 300 " + Quoted(chromium) +
                              " --headless --no-sandbox --disable-gpu --disable-dev-shm-usage"
                              " --virtual-time-budget=60000 --dump-dom " +
                              Quoted("file://" + absolute.string() + fragment) + " 2>/dev/null";
  int status = 0;
  *dom = Capture(command, &status);
  if (status != 0 || dom->empty()) {
    *error = "headless Chromium failed on '" + absolute.string() + "' (exit status " +
             std::to_string(status) + ")";
    return false;
  }
  return true;
}

std::vector<std::pair<std::string, std::string>> FigureSvgs(const std::string& dom) {
  std::vector<std::pair<std::string, std::string>> out;
  const std::string marker = "class=\"figure-svg\"";
  size_t at = 0;
  while ((at = dom.find(marker, at)) != std::string::npos) {
    const size_t tag_end = dom.find('>', at);
    const size_t id_at = dom.find("data-id=\"", at);
    const size_t end = dom.find("</script>", tag_end);
    if (tag_end == std::string::npos || end == std::string::npos) break;
    std::string id;
    if (id_at != std::string::npos && id_at < tag_end) {
      const size_t begin = id_at + 9;
      id = dom.substr(begin, dom.find('"', begin) - begin);
    }
    out.emplace_back(id, dom.substr(tag_end + 1, end - tag_end - 1));
    at = end;
  }
  return out;
}

std::vector<fs::path> WriteFigures(const fs::path& page, size_t expected_charts,
                                   const fs::path& dir, std::string* error) {
  if (!OnPath("rsvg-convert")) {
    *error =
        "rsvg-convert not found: the PNG figures are made from the SVG ones by "
        "rsvg-convert (Debian's librsvg2-bin; scripts/install-deps installs it)";
    return {};
  }
  std::string dom;
  if (!DumpDom(page, "#figures", &dom, error)) return {};
  const auto svgs = FigureSvgs(dom);
  if (svgs.size() != expected_charts) {
    *error = "headless Chromium drew " + std::to_string(svgs.size()) + " of the " +
             std::to_string(expected_charts) + " charts of '" + page.string() + "'";
    return {};
  }
  std::error_code ec;
  fs::create_directories(dir, ec);
  std::vector<fs::path> written;
  for (const auto& [id, svg] : svgs) {
    const fs::path svg_file = dir / (id + ".svg");
    const fs::path png_file = dir / (id + ".png");
    std::ofstream(svg_file, std::ios::binary) << svg;
    // Twice the size of the page's drawing: sharp enough for print.
    const std::string command = "rsvg-convert --zoom 2 --format png --output " +
                                Quoted(png_file.string()) + " " + Quoted(svg_file.string());
    if (std::system(command.c_str()) != 0) {
      *error = "rsvg-convert failed on '" + svg_file.string() + "'";
      return {};
    }
    written.push_back(svg_file);
    written.push_back(png_file);
  }
  return written;
}

}  // namespace vgdl::report
