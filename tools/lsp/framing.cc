// LSP base protocol framing (framing.h).
#include "tools/lsp/framing.h"

#include <charconv>
#include <cstddef>

#include "vgdl/text.h"

namespace vgdl::tools::lsp {

namespace {

// A body larger than this is refused rather than allocated: a game file is kilobytes, and a
// corrupt length must not make the server reserve gigabytes.
constexpr size_t kMaxBody = 64u << 20;

// One header line without its CRLF (a bare LF is accepted too); nullopt at end of input.
std::optional<std::string> ReadHeaderLine(std::istream& in) {
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line;
}

std::string_view Trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::optional<FramedMessage> ReadMessage(std::istream& in) {
  std::optional<size_t> length;
  std::string error;
  bool any_header = false;
  while (true) {
    std::optional<std::string> line = ReadHeaderLine(in);
    if (!line) return std::nullopt;
    if (line->empty()) {
      if (!any_header) continue;  // stray blank lines between messages
      break;
    }
    any_header = true;
    const size_t colon = line->find(':');
    if (colon == std::string::npos) {
      error = "a header line without ':' (" + *line + ")";
      continue;
    }
    const std::string_view name = Trimmed(std::string_view(*line).substr(0, colon));
    const std::string_view value = Trimmed(std::string_view(*line).substr(colon + 1));
    if (!lang::EqualsIgnoreCase(name, "Content-Length")) continue;  // Content-Type, ...
    size_t n = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end != value.data() + value.size()) {
      error = "Content-Length is not a number (" + std::string(value) + ")";
    } else if (n > kMaxBody) {
      error = "Content-Length " + std::to_string(n) + " is over the limit of " +
              std::to_string(kMaxBody) + " bytes";
    } else {
      length = n;
    }
  }
  if (!error.empty() || !length) {
    return FramedMessage{{}, error.empty() ? "a message without Content-Length" : error};
  }
  FramedMessage message;
  message.body.resize(*length);
  in.read(message.body.data(), static_cast<std::streamsize>(*length));
  if (static_cast<size_t>(in.gcount()) != *length) return std::nullopt;
  return message;
}

void WriteMessage(std::ostream& out, std::string_view body) {
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}

}  // namespace vgdl::tools::lsp
