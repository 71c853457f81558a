// `vgdl bench`: the JSON report and bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

using testing::RunVgdl;

const std::string kGame =
    "'" + std::string(VGDL_TEST_DATA_DIR) + "/traces/games/gridphysics/tinygoal.txt'";

TEST(BenchCommandTest, ReportsEveryFigureAsJson) {
  const auto r = RunVgdl("bench " + kGame + " --seconds 0.05 --seed 3 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j.at("game"), "tinygoal");
  EXPECT_EQ(j.at("level"), 0);
  EXPECT_EQ(j.at("sprites"), 14);
  for (const char* key : {"copies_per_s", "advances_per_s", "copy_advances_per_s", "rollouts_per_s",
                          "mean_rollout_length"}) {
    ASSERT_TRUE(j.contains(key)) << key;
    EXPECT_GT(j.at(key).get<double>(), 0.0) << key;
  }
  // Random walks in a three-cell corridor end when the avatar reaches the goal.
  EXPECT_GE(j.at("mean_rollout_length").get<double>(), 2.0);
  EXPECT_LE(j.at("mean_rollout_length").get<double>(), 2001.0);
}

TEST(BenchCommandTest, PrintsATable) {
  const auto r = RunVgdl("bench " + kGame + " --seconds 0.02");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* label : {"copies/s", "advances/s", "copy+advance/s", "rollouts/s"}) {
    EXPECT_NE(r.output.find(label), std::string::npos) << r.output;
  }
}

TEST(BenchCommandTest, OnlyMeasuresTheNamedFigure) {
  const auto r = RunVgdl("bench " + kGame + " --seconds 0.02 --repeat 2 --only advances --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j.at("repeat"), 2);
  EXPECT_GT(j.at("advances_per_s").get<double>(), 0.0);
  // Not measured is not zero.
  for (const char* key :
       {"copies_per_s", "copy_advances_per_s", "rollouts_per_s", "mean_rollout_length"}) {
    EXPECT_TRUE(j.at(key).is_null()) << key;
  }
  const auto text = RunVgdl("bench " + kGame + " --seconds 0.02 --only copies");
  ASSERT_EQ(text.exit_code, 0) << text.output;
  EXPECT_NE(text.output.find("copies/s"), std::string::npos) << text.output;
  for (const char* label : {"advances/s", "copy+advance/s", "rollouts/s"}) {
    EXPECT_EQ(text.output.find(label), std::string::npos) << label << "\n" << text.output;
  }
  EXPECT_EQ(RunVgdl("bench " + kGame + " --seconds 0.02 --only everything").exit_code, 1);
  EXPECT_EQ(RunVgdl("bench " + kGame + " --seconds 0.02 --repeat 0").exit_code, 1);
}

TEST(BenchCommandTest, RejectsUnknownGamesAndLevels) {
  EXPECT_EQ(RunVgdl("bench no_such_game_anywhere --seconds 0.02").exit_code, 1);
  const auto r = RunVgdl("bench " + kGame + " --level 7 --seconds 0.02");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("no level 7"), std::string::npos) << r.output;
  EXPECT_EQ(RunVgdl("bench " + kGame + " --seconds -1").exit_code, 1);
}

}  // namespace
}  // namespace vgdl
