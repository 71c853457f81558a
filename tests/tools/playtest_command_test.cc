// `vgdl playtest`: a ladder of agents on one level, each with its win rate, interval, ticks to
// win, score and most common loss.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::RunVgdl;

std::string Game(const std::string& name) {
  return "'" + (fs::path(VGDL_TEST_DATA_DIR) / "search" / (name + ".txt")).string() + "'";
}

json Playtest(const std::string& arguments) {
  const auto r = RunVgdl("playtest " + arguments + " --json");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return json::parse(r.output);
}

// The goal is one step right, the trap one step left: lookahead always wins at once, the
// random player loses to the trap about half the time (up and down bump the wall).
TEST(PlaytestCommandTest, TheLadderReportsWinsIntervalsAndTheKillingCollision) {
  const json j = Playtest(Game("playtest") + " --reps 20 --budget-calls 100 -j 2");
  ASSERT_EQ(j["agents"].size(), 5u);  // random, osla, iw1, mcts, maastcts
  const json& random = j["agents"][0];
  const json& osla = j["agents"][1];
  EXPECT_EQ(random["agent"], "random");
  EXPECT_EQ(j["agents"][4]["agent"], "maastcts");
  EXPECT_EQ(osla["wins"], 20);
  EXPECT_EQ(osla["mean_ticks_to_win"], 0.0);  // the first tick (GVGAI counts from 0)
  EXPECT_TRUE(osla["most_common_loss"].is_null());
  EXPECT_DOUBLE_EQ(osla["win_interval"][1].get<double>(), 1.0);
  EXPECT_LT(osla["win_interval"][0].get<double>(), 0.9);  // 20 episodes do not prove 100%

  const int losses = random["losses"];
  ASSERT_GT(losses, 0);
  EXPECT_EQ(random["wins"].get<int>() + losses, 20);
  const json& loss = random["most_common_loss"];
  EXPECT_EQ(loss["cause"], "avatar trap");
  EXPECT_EQ(loss["sprites"], json::parse(R"(["avatar", "trap"])"));
  EXPECT_EQ(loss["count"], losses);
  for (const json& tick : loss["ticks"]) EXPECT_LT(tick.get<int>(), 50);
  EXPECT_LT(random["win_interval"][0].get<double>(), random["win_rate"].get<double>());
  EXPECT_GT(random["win_interval"][1].get<double>(), random["win_rate"].get<double>());
}

// An avatar that survives loses to the Timeout: no collision is blamed.
TEST(PlaytestCommandTest, ASurvivorsLossIsTheTerminationNotItsLastCollision) {
  const json j = Playtest(Game("hazard") + " --agents osla --reps 2 --budget-calls 50");
  const json& loss = j["agents"][0]["most_common_loss"];
  EXPECT_EQ(loss["count"], 2);
  EXPECT_NE(loss["cause"].get<std::string>().find("avatar alive at the end"), std::string::npos);
  EXPECT_TRUE(loss["sprites"].empty());
  EXPECT_EQ(loss["ticks"], json::parse("[200, 200]"));
}

TEST(PlaytestCommandTest, BudgetCallsMakeRunsReproducibleAndTheTableReadsTheSame) {
  const std::string args = Game("playtest") + " --agents random,mcts --reps 8 --budget-calls 50";
  EXPECT_EQ(Playtest(args + " -j 1"), Playtest(args + " -j 2"));
  const auto table = RunVgdl("playtest " + args);
  EXPECT_EQ(table.exit_code, 0) << table.output;
  EXPECT_NE(table.output.find("win rate [95% interval]"), std::string::npos) << table.output;
  EXPECT_NE(table.output.find("losses: avatar trap"), std::string::npos) << table.output;
}

TEST(PlaytestCommandTest, BadOptionsAreRefusedWithTheValidRange) {
  const auto reps = RunVgdl("playtest " + Game("playtest") + " --reps 0");
  EXPECT_EQ(reps.exit_code, 1);
  EXPECT_NE(reps.output.find("--reps must be at least 1"), std::string::npos) << reps.output;
  const auto level = RunVgdl("playtest " + Game("playtest") + " --level 3");
  EXPECT_EQ(level.exit_code, 1);
  EXPECT_NE(level.output.find("level 3"), std::string::npos) << level.output;
  const auto agent = RunVgdl("playtest " + Game("playtest") + " --agents nosuchagent");
  EXPECT_EQ(agent.exit_code, 1) << agent.output;
}

}  // namespace
}  // namespace vgdl
