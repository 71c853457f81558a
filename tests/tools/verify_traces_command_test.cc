// `vgdl verify-traces`: output format and exit codes, on the hand-written test traces.
#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/temp_dir.h"
#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using testing::RunVgdl;

const std::string kData = std::string(VGDL_TEST_DATA_DIR) + "/traces";
const std::string kGames = " --games-dir '" + kData + "/games' ";

TEST(VerifyTracesCommandTest, PassingTraceExitsZero) {
  const auto r = RunVgdl("verify-traces" + kGames + "'" + kData + "/tinygoal_lvl0_s1.trace'");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "PASS tinygoal_lvl0_s1\ntraces: 1 passed, 0 failed, 0 skipped\n");
}

TEST(VerifyTracesCommandTest, FailingTraceReportsTheDifferenceAndExitsOne) {
  const auto r = RunVgdl("verify-traces --jobs 2" + kGames + "'" + kData +
                         "/tinygoal_lvl0_s1.trace' '" + kData + "/tinygoal_lvl0_badscore.trace'");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_EQ(r.output,
            "PASS tinygoal_lvl0_s1\n"
            "FAIL tinygoal_lvl0_badscore tick=1 score: expected 2.000 got 1.000\n"
            "traces: 1 passed, 1 failed, 0 skipped\n");
}

TEST(VerifyTracesCommandTest, GamesDirComesFromTheEnvironment) {
  const auto r = RunVgdl("verify-traces '" + kData + "/tinygoal_lvl0_s1.trace'",
                         "VGDL_GAMES_DIR='" + kData + "/games'");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "PASS tinygoal_lvl0_s1\ntraces: 1 passed, 0 failed, 0 skipped\n");
  // --games-dir wins over the environment.
  const auto wrong_env =
      RunVgdl("verify-traces" + kGames + "'" + kData + "/tinygoal_lvl0_s1.trace'",
              "VGDL_GAMES_DIR=/nonexistent");
  EXPECT_EQ(wrong_env.exit_code, 0) << wrong_env.output;
}

TEST(VerifyTracesCommandTest, ReadsDirectoriesOfGzippedTraces) {
  const vgdl::testing::TempDir dir("vgdl_verify_cmd_test");
  std::ifstream in(kData + "/tinygoal_lvl0_s1.trace");
  std::stringstream text;
  text << in.rdbuf();
  std::string bytes = text.str();
  gzFile gz = gzopen((dir / "tinygoal_lvl0_s1.trace.gz").string().c_str(), "wb");
  ASSERT_NE(gz, nullptr);
  gzwrite(gz, bytes.data(), static_cast<unsigned>(bytes.size()));
  gzclose(gz);
  bytes.replace(bytes.find("exact yes"), 9, "exact no");
  gz = gzopen((dir / "tinygoal_lvl0_s2.trace.gz").string().c_str(), "wb");
  ASSERT_NE(gz, nullptr);
  gzwrite(gz, bytes.data(), static_cast<unsigned>(bytes.size()));
  gzclose(gz);
  const auto r = RunVgdl("verify-traces" + kGames + "'" + dir.path().string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output,
            "PASS tinygoal_lvl0_s1\n"
            "SKIP tinygoal_lvl0_s2 (exact no)\n"
            "traces: 1 passed, 0 failed, 1 skipped\n");
}

TEST(VerifyTracesCommandTest, BadInputIsAUserError) {
  const auto missing = RunVgdl("verify-traces" + kGames + "/nonexistent/x.trace.gz");
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_NE(missing.output.find("no such file or directory"), std::string::npos) << missing.output;

  const auto no_games =
      RunVgdl("verify-traces --games-dir /nonexistent '" + kData + "/tinygoal_lvl0_s1.trace'");
  EXPECT_EQ(no_games.exit_code, 1) << no_games.output;
  EXPECT_NE(no_games.output.find("games directory not found"), std::string::npos);

  const auto no_args = RunVgdl("verify-traces");
  EXPECT_EQ(no_args.exit_code, 1) << no_args.output;

  const auto malformed =
      RunVgdl("verify-traces" + kGames + "'" + kData + "/games/gridphysics/tinygoal.txt'");
  EXPECT_EQ(malformed.exit_code, 1) << malformed.output;
  EXPECT_NE(malformed.output.find("FAIL tinygoal.txt malformed: "), std::string::npos)
      << malformed.output;
}

}  // namespace
}  // namespace vgdl
