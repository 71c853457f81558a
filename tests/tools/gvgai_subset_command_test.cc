// --gvgai-subset on the commands, and verify-traces loading games as GVGAI reads them, on the
// probe game `parserstop` (a pair line with an unknown sprite, line 23).
#include <gtest/gtest.h>

#include <string>

#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

using testing::RunVgdl;

const std::string kProbes = std::string(VGDL_SOURCE_DIR) + "/tests/data/gvgai-probes";
const std::string kGame = "'" + kProbes + "/gridphysics/parserstop.txt'";

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// `vgdl check FLAGS` on the probe game: it ends with `exit_code` and reports the unknown
// sprite of line 23 as `severity`; returns the output.
std::string CheckProbe(const std::string& flags, int exit_code, const std::string& severity) {
  const auto r = RunVgdl("check " + flags + kGame);
  EXPECT_EQ(r.exit_code, exit_code) << r.output;
  EXPECT_TRUE(
      Contains(r.output, "parserstop.txt:23:21: " + severity + ": unknown sprite 'boulder'"))
      << r.output;
  return r.output;
}

TEST(GvgaiSubsetCommandTest, CheckReportsTheLineAsAnErrorAndNamesTheOption) {
  const std::string output = CheckProbe("", 1, "error");
  EXPECT_TRUE(Contains(output, "--gvgai-subset loads what GVGAI loads")) << output;
}

TEST(GvgaiSubsetCommandTest, CheckWithTheOptionLoadsWhatGvgaiLoads) {
  const std::string output = CheckProbe("--gvgai-subset ", 3, "warning");  // warnings only: 3
  // The pair before the unknown name is kept; the line after it is not read.
  EXPECT_TRUE(Contains(output, "avatar rock > stepBack")) << output;
  EXPECT_FALSE(Contains(output, "avatar monster > killSprite")) << output;
}

TEST(GvgaiSubsetCommandTest, BenchLoadsOnlyWithTheOptionAndSaysWhy) {
  EXPECT_EQ(RunVgdl("bench --seconds 0.01 " + kGame).exit_code, 1);
  const auto r = RunVgdl("bench --gvgai-subset --seconds 0.01 --only advances " + kGame);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(Contains(r.output, "warning: unknown sprite 'boulder'")) << r.output;
}

TEST(GvgaiSubsetCommandTest, VerifyTracesReadsTheGameAsGvgaiDoes) {
  const auto r = RunVgdl("verify-traces --games-dir '" + kProbes + "' '" + kProbes +
                         "/traces/parserstop_lvl0_s1.trace.gz'");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output,
            "PASS parserstop_lvl0_s1 (the game as GVGAI reads it, which stops at line 23)\n"
            "traces: 1 passed, 0 failed, 0 skipped\n");
}

}  // namespace
}  // namespace vgdl
