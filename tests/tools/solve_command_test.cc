// `vgdl solve` on the small puzzles of tests/data/solve, whose shortest solutions are worked
// out by hand in the comments: the three answers, the written solution replaying to a win, the
// stochastic refusal, and bad input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/temp_dir.h"
#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using testing::RunVgdl;

// Limits that keep every test short even if a search fails to run out of positions.
const std::string kLimits = " --max-seconds 30 --max-states 200000";

std::string Game(const std::string& name) {
  return "'" + std::string(VGDL_TEST_DATA_DIR) + "/solve/" + name + ".txt'";
}

// The exit status of each answer (README's list): a build script tells them apart by it.
int ExitCodeFor(const std::string& answer) {
  if (answer == "solved") return 0;
  if (answer == "unwinnable") return 4;
  return 5;  // no_win_within_limits, novel_positions_exhausted
}

nlohmann::json SolveJson(const std::string& arguments) {
  const auto r = RunVgdl("solve " + arguments + kLimits + " --json");
  const nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_EQ(r.exit_code, ExitCodeFor(j.at("answer").get<std::string>())) << r.output;
  return j;
}

std::vector<std::string> Actions(const nlohmann::json& j) {
  return j.at("actions").get<std::vector<std::string>>();
}

// walk level 0: the wall in column 3 is open only in row 3, so every way from (1,1) to the exit
// at (5,1) passes (3,3): 2 + 2 moves there, 2 + 2 more to the exit. 8 is the shortest.
TEST(SolveCommandTest, FindsTheProvenShortestWayAroundAWall) {
  const auto j = SolveJson(Game("walk"));
  EXPECT_EQ(j.at("answer"), "solved");
  EXPECT_TRUE(j.at("proven_shortest").get<bool>());
  EXPECT_EQ(j.at("length"), 8);
  EXPECT_EQ(j.at("ticks"), 8);
  EXPECT_EQ(Actions(j).size(), 8u);
  // Every sequence of 7 ticks was played before the win at 8.
  EXPECT_EQ(j.at("depth_completed"), 7);
  EXPECT_GT(j.at("states_explored").get<int>(), 0);
  EXPECT_FALSE(j.at("positions_with_tick").get<bool>());
  EXPECT_FALSE(j.at("drew_random").get<bool>());
  EXPECT_EQ(j.at("level"), 0);
  // A seed changes nothing in a game that draws no random number, and the output says so.
  const auto seeded = RunVgdl("solve " + Game("walk") + " --seed 3" + kLimits);
  EXPECT_NE(seeded.output.find("the answer holds for every seed"), std::string::npos)
      << seeded.output;
}

// crates level 0: the box must rise two cells, each push moves it one, and the avatar starts
// beside the cell under it: RIGHT, then UP twice.
TEST(SolveCommandTest, SolvesACratePuzzle) {
  const auto j = SolveJson(Game("crates"));
  EXPECT_EQ(j.at("answer"), "solved");
  EXPECT_EQ(Actions(j), (std::vector<std::string>{"ACTION_RIGHT", "ACTION_UP", "ACTION_UP"}));
}

// walk level 2: the exit is 19 cells right and 5 down in an open room: 24 moves.
TEST(SolveCommandTest, AnOpenRoomNeedsMoreStatesThanASmallLimit) {
  const auto limited = RunVgdl("solve " + Game("walk") + " 2 --max-states 50 --json");
  ASSERT_EQ(limited.exit_code, 5) << limited.output;
  const auto j = nlohmann::json::parse(limited.output);
  EXPECT_EQ(j.at("answer"), "no_win_within_limits");
  EXPECT_EQ(j.at("limit"), "states");
  EXPECT_FALSE(j.at("proven_shortest").get<bool>());
  EXPECT_TRUE(j.at("length").is_null());
  EXPECT_LT(j.at("depth_completed").get<int>(), 24);
  const auto text = RunVgdl("solve " + Game("walk") + " 2 --max-states 50");
  EXPECT_NE(text.output.find("no win within the limits: stopped by --max-states 50"),
            std::string::npos)
      << text.output;
  EXPECT_EQ(SolveJson(Game("walk") + " 2").at("length"), 24);
}

// IW(1) is for spaces too large to exhaust: with 150 states breadth-first search reaches depth
// 7 of the open room, while IW(1), which keeps only positions with a new atom (119 here), finds
// a win, one it does not claim is shortest.
TEST(SolveCommandTest, IwFindsAWinWhereTheExhaustiveSearchRunsOutOfStates) {
  const auto exhaustive = RunVgdl("solve " + Game("walk") + " 2 --max-states 150 --json");
  ASSERT_EQ(exhaustive.exit_code, 5) << exhaustive.output;
  EXPECT_EQ(nlohmann::json::parse(exhaustive.output).at("answer"), "no_win_within_limits");
  const auto limited = RunVgdl("solve " + Game("walk") + " 2 --max-states 150 --iw --json");
  ASSERT_EQ(limited.exit_code, 0) << limited.output;
  const auto j = nlohmann::json::parse(limited.output);
  EXPECT_EQ(j.at("answer"), "solved");
  EXPECT_EQ(j.at("search"), "iw1");
  EXPECT_FALSE(j.at("proven_shortest").get<bool>());
  EXPECT_GE(j.at("length").get<int>(), 24);  // the proven shortest is 24
  const auto text = RunVgdl("solve " + Game("walk") + " 2 --max-states 150 --iw");
  EXPECT_NE(text.output.find("solved by IW(1) (not proven shortest)"), std::string::npos)
      << text.output;
  // A walled-off exit: IW(1) runs out of novel positions, which proves nothing.
  const auto walled = SolveJson(Game("walk") + " 1 --iw");
  EXPECT_EQ(walled.at("answer"), "novel_positions_exhausted");
}

// walk level 1 has its exit walled off; in crates level 1 the box is in a corner, where no
// push can reach it. Both reachable spaces are small and run out.
TEST(SolveCommandTest, ProvesLevelsUnwinnable) {
  for (const std::string& level : {Game("walk") + " 1", Game("crates") + " 1"}) {
    const auto j = SolveJson(level);
    EXPECT_EQ(j.at("answer"), "unwinnable") << level;
    EXPECT_TRUE(j.at("limit").is_null()) << level;
    EXPECT_TRUE(Actions(j).empty()) << level;
  }
  const auto text = RunVgdl("solve " + Game("crates") + " 1" + kLimits);
  EXPECT_NE(text.output.find("proven unwinnable: the reachable space was exhausted"),
            std::string::npos)
      << text.output;
}

// walk_timeout is walk with "Timeout limit=6 win=False": the 8 moves of level 0 come too late,
// level 1's 2 do not. The clock is part of every position.
TEST(SolveCommandTest, ATimeoutMakesTheTickPartOfThePosition) {
  const auto late = SolveJson(Game("walk_timeout"));
  EXPECT_EQ(late.at("answer"), "unwinnable");
  EXPECT_TRUE(late.at("positions_with_tick").get<bool>());
  const auto early = SolveJson(Game("walk_timeout") + " 1");
  EXPECT_EQ(early.at("answer"), "solved");
  EXPECT_EQ(early.at("length"), 2);
}

// The written file is a GVGAI action file that `vgdl replay` plays to the recorded win.
TEST(SolveCommandTest, TheWrittenSolutionReplaysToAWin) {
  const vgdl::testing::TempDir dir("vgdl_solve");
  const fs::path file = dir / "walk_solution.txt";
  const auto r = RunVgdl("solve " + Game("walk") + kLimits + " --out '" + file.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("solved (shortest, proven) in 8 actions"), std::string::npos) << r.output;
  std::ifstream in(file);
  std::string first;
  std::getline(in, first);
  EXPECT_EQ(first, "0 1 1.0 7");  // seed, win, score, GVGAI's last tick
  const auto replay =
      RunVgdl("replay '" + file.string() + "' --game " + Game("walk") + " --level 0 --headless");
  EXPECT_EQ(replay.exit_code, 0) << replay.output;
  EXPECT_NE(replay.output.find("replayed: win=1 score=1.0 ticks=7"), std::string::npos)
      << replay.output;
  EXPECT_NE(replay.output.find("\nmatch"), std::string::npos) << replay.output;
}

// bats has a RandomNPC: what the actions do depends on the seed. Without --seed the game is
// refused; with one, it is solved for that seed, and the file replays with it.
TEST(SolveCommandTest, AStochasticGameNeedsASeed) {
  const auto refused = RunVgdl("solve " + Game("bats") + kLimits);
  EXPECT_EQ(refused.exit_code, 1) << refused.output;
  EXPECT_NE(refused.output.find("is stochastic"), std::string::npos) << refused.output;
  EXPECT_NE(refused.output.find("--seed"), std::string::npos) << refused.output;
  EXPECT_NE(refused.output.find("the RandomNPC 'bat' (line 6)"), std::string::npos)
      << refused.output;

  const vgdl::testing::TempDir dir("vgdl_solve_seed");
  const fs::path file = dir / "bats_solution.txt";
  const auto j = SolveJson(Game("bats") + " --seed 7 --out '" + file.string() + "'");
  EXPECT_EQ(j.at("answer"), "solved");
  EXPECT_EQ(j.at("seed"), 7);
  EXPECT_TRUE(j.at("drew_random").get<bool>());
  EXPECT_EQ(j.at("length"), 8);  // the bat never blocks the avatar: walk level 0's answer
  const auto replay =
      RunVgdl("replay '" + file.string() + "' --game " + Game("bats") + " --level 0 --headless");
  EXPECT_EQ(replay.exit_code, 0) << replay.output;
  EXPECT_NE(replay.output.find("replayed: win=1"), std::string::npos) << replay.output;
}

TEST(SolveCommandTest, ALevelFileStandsForALevelNumber) {
  const std::string level = std::string(VGDL_TEST_DATA_DIR) + "/solve/crates_lvl0.txt";
  const auto j = SolveJson(Game("crates") + " --level-file '" + level + "'");
  EXPECT_EQ(j.at("answer"), "solved");
  EXPECT_EQ(j.at("level"), level);
  EXPECT_EQ(j.at("length"), 3);
}

// Each error names the file and line, or the option and what it takes; nothing crashes.
TEST(SolveCommandTest, BadInputIsAClearError) {
  const vgdl::testing::TempDir dir("vgdl_solve_bad");
  std::ofstream(dir / "broken.txt") << "BasicGame\n  SpriteSet\n    a > Nonsense\n";
  std::ofstream(dir / "broken_lvl0.txt") << "a\n";
  const auto game = RunVgdl("solve '" + (dir / "broken.txt").string() + "'");
  EXPECT_EQ(game.exit_code, 1) << game.output;
  EXPECT_NE(game.output.find((dir / "broken.txt").string() + ":3:"), std::string::npos)
      << game.output;

  const fs::path level = dir / "odd_level.txt";
  std::ofstream(level) << "\nwA.w\nwwww\n";  // GVGAI takes the width from an empty line
  const auto odd = RunVgdl("solve " + Game("walk") + " --level-file '" + level.string() + "'");
  EXPECT_EQ(odd.exit_code, 1) << odd.output;
  EXPECT_NE(odd.output.find(level.string() + ":1:"), std::string::npos) << odd.output;

  const auto missing = RunVgdl("solve " + Game("walk") + " --level 9");
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_NE(missing.output.find("has no level 9"), std::string::npos) << missing.output;

  const auto states = RunVgdl("solve " + Game("walk") + " --max-states 0");
  EXPECT_EQ(states.exit_code, 1) << states.output;
  EXPECT_NE(states.output.find("--max-states"), std::string::npos) << states.output;
  EXPECT_NE(states.output.find("not in range"), std::string::npos) << states.output;
  EXPECT_EQ(RunVgdl("solve " + Game("walk") + " --max-seconds 0").exit_code, 1);
  EXPECT_EQ(RunVgdl("solve " + Game("walk") + " --max-memory -5").exit_code, 1);

  const auto two = RunVgdl("solve '" + std::string(VGDL_TEST_DATA_DIR) + "/window/pair.txt'");
  EXPECT_EQ(two.exit_code, 1) << two.output;
  EXPECT_NE(two.output.find("one-player games only"), std::string::npos) << two.output;

  EXPECT_EQ(RunVgdl("solve no_such_game_anywhere").exit_code, 1);
}

}  // namespace
}  // namespace vgdl
