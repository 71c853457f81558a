// `vgdl report --html` in a real browser: headless Chromium (Debian's chromium) draws the page,
// every chart must be drawn with the data marks it should have, and a screenshot must show
// more than an empty page; `--figures` writes each chart as SVG and PNG. Without Chromium the
// browser tests skip, unless VGDL_REQUIRE_CHROMIUM=1 (CI), where they fail.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include "tests/temp_dir.h"
#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using testing::RunVgdl;

std::string ReadText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool HaveProgram(const std::string& name) {
  return std::system(("command -v " + name + " >/dev/null 2>&1").c_str()) == 0;
}

// Skips (or, with VGDL_REQUIRE_CHROMIUM set, fails) when a program the test needs is missing.
#define REQUIRE_PROGRAM(name)                                                         \
  do {                                                                                \
    if (!HaveProgram(name)) {                                                         \
      if (std::getenv("VGDL_REQUIRE_CHROMIUM") != nullptr) {                          \
        FAIL() << "VGDL_REQUIRE_CHROMIUM is set but " name                            \
                  " is missing (scripts/install-deps installs it)";                   \
      }                                                                               \
      GTEST_SKIP() << name " is missing (scripts/install-deps installs it); skipped"; \
    }                                                                                 \
  } while (false)

// Two agents on two games, two repetitions: 8 episodes, reproducible (call budgets).
class HtmlReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const std::string data = std::string(VGDL_TEST_DATA_DIR) + "/agents/";
    results_ = dir_ / "results.jsonl";
    const auto run =
        RunVgdl("run --agent random --agent osla --game '" + data + "coins.txt' --game '" + data +
                "maze.txt' --levels 0 --reps 2 --budget-calls 20 --seed 5 "
                "--no-progress --out '" +
                results_.string() + "'");
    ASSERT_EQ(run.exit_code, 0) << run.output;
    page_ = dir_ / "report.html";
    const auto report =
        RunVgdl("report '" + results_.string() + "' --html '" + page_.string() + "'");
    ASSERT_EQ(report.exit_code, 0) << report.output;
    EXPECT_NE(report.output.find("report: " + page_.string()), std::string::npos) << report.output;
  }

  std::string Chromium(const std::string& flags) {
    return testing::detail::RunShell(
               "timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage "
               "--virtual-time-budget=60000 " +
               flags + " 'file://" + page_.string() + "' 2>/dev/null")
        .output;
  }

  vgdl::testing::TempDir dir_{"vgdl_html_report"};
  fs::path results_;
  fs::path page_;
};

// 4 charts of the whole run, then one per game.
constexpr int kCharts = 6;

TEST_F(HtmlReportTest, PageIsSelfContained) {
  const std::string page = ReadText(page_);
  // Nothing to fetch: no script, style sheet or image from elsewhere.
  EXPECT_EQ(page.find("<script src"), std::string::npos);
  EXPECT_EQ(page.find("<link"), std::string::npos);
  EXPECT_EQ(page.find("src=\"http"), std::string::npos);
  EXPECT_NE(page.find("vegaModules['vega-view']"), std::string::npos);  // the library inlined
  // The tables: ranking, time discipline and the paired comparison of the two agents.
  EXPECT_NE(page.find("Competition ranking"), std::string::npos);
  EXPECT_NE(page.find("max act ms"), std::string::npos);
  EXPECT_NE(page.find("p (McNemar, exact)"), std::string::npos);
  // The two agents' 4 paired episodes (2 games x 2 repetitions); equal on points and wins,
  // they are ranked by name.
  EXPECT_TRUE(std::regex_search(
      page, std::regex(">osla</span></td><td><span title=\"[^\"]*\">random</span></td><td>4</td>")))
      << page.substr(page.find("Paired comparisons"), 2000);
}

TEST_F(HtmlReportTest, ChromiumDrawsEveryChart) {
  REQUIRE_PROGRAM("chromium");
  const std::string dom = Chromium("--dump-dom");
  ASSERT_NE(dom.find("data-charts-drawn=\"" + std::to_string(kCharts) + "\""), std::string::npos)
      << dom.substr(0, 2000);
  // Each chart: drawn as one SVG, with exactly the data marks (bars, cells, boxes, points) it
  // should have, not just its axes.
  const std::regex chart(
      "<div class=\"chart\" id=\"chart-([^\"]+)\" data-expected-marks=\"([0-9]+)\"[^>]* "
      "data-marks=\"([0-9]+)\" data-drawn=\"yes\"");
  int drawn = 0;
  for (auto it = std::sregex_iterator(dom.begin(), dom.end(), chart); it != std::sregex_iterator();
       ++it) {
    ++drawn;
    EXPECT_EQ((*it)[2], (*it)[3]) << "chart " << (*it)[1];
    EXPECT_GT(std::stoi((*it)[3]), 0) << "chart " << (*it)[1];
  }
  EXPECT_EQ(drawn, kCharts) << dom.substr(0, 2000);
  // The page before its scripts (whose text names these strings too).
  const std::string body = dom.substr(0, dom.find("<script"));
  size_t svgs = 0;
  for (size_t at = 0; (at = body.find("<svg", at)) != std::string::npos; ++at) ++svgs;
  EXPECT_EQ(svgs, static_cast<size_t>(kCharts));
  EXPECT_EQ(body.find("data-error"), std::string::npos) << body;
}

TEST_F(HtmlReportTest, ScreenshotShowsMoreThanAnEmptyPage) {
  REQUIRE_PROGRAM("chromium");
  const fs::path shot = dir_ / "report.png";
  Chromium("--window-size=1200,2000 --screenshot='" + shot.string() + "'");
  ASSERT_TRUE(fs::exists(shot));
  // The same screenshot of an empty white page: a PNG of one colour compresses to almost
  // nothing, so a page of charts (coloured bars, cells, text) is many times its size.
  const fs::path empty_page = dir_ / "empty.html";
  std::ofstream(empty_page) << "<!DOCTYPE html><html><body></body></html>";
  const fs::path empty_shot = dir_ / "empty.png";
  testing::detail::RunShell(
      "timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage "
      "--window-size=1200,2000 "
      "--screenshot='" +
      empty_shot.string() + "' 'file://" + empty_page.string() + "' 2>/dev/null");
  ASSERT_TRUE(fs::exists(empty_shot));
  EXPECT_GT(fs::file_size(shot), 10 * fs::file_size(empty_shot))
      << fs::file_size(shot) << " vs " << fs::file_size(empty_shot);
}

TEST_F(HtmlReportTest, FiguresAreSvgAndPngFilesOfEveryChart) {
  REQUIRE_PROGRAM("chromium");
  REQUIRE_PROGRAM("rsvg-convert");
  const fs::path figures = dir_ / "figures";
  const auto r = RunVgdl("report '" + results_.string() + "' --figures '" + figures.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const std::string id :
       {"win-rates", "heatmap", "ranking", "max-act", "scores-coins", "scores-maze"}) {
    const std::string svg = ReadText(figures / (id + ".svg"));
    EXPECT_EQ(svg.rfind("<svg", 0), 0u) << id;
    EXPECT_NE(svg.find("role-mark"), std::string::npos) << id;
    const std::string png = ReadText(figures / (id + ".png"));
    EXPECT_EQ(png.rfind("\x89PNG", 0), 0u) << id;
  }
}

TEST(ReportFiguresTest, AMissingBrowserIsNamed) {
  const vgdl::testing::TempDir dir("vgdl_figures_missing");
  const fs::path results = dir / "r.jsonl";
  std::ofstream(results)
      << R"({"agent":"a","game":"g","level":0,"rep":0,"seed":1,"run_seed":1,"budget":"5 calls","win":true,"score":1,"ticks":3})"
      << "\n";
  const auto r =
      RunVgdl("report '" + results.string() + "' --figures '" + (dir / "f").string() + "'",
              "VGDL_CHROMIUM=/nonexistent/chromium");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  if (HaveProgram("rsvg-convert")) {
    EXPECT_NE(r.output.find("'/nonexistent/chromium' not found"), std::string::npos) << r.output;
  }
}

}  // namespace
}  // namespace vgdl
