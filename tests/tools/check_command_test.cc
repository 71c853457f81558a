// `vgdl check FOLDER`: every game file under the folder, a line and the problems of each, and
// the exit code of the worst.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/temp_dir.h"
#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using testing::RunVgdl;

// A folder with a game and its level in one subfolder and a broken game in another.
class CheckFolderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const fs::path data = fs::path(VGDL_TEST_DATA_DIR) / "agents";
    fs::create_directories(dir_ / "good");
    fs::create_directories(dir_ / "bad");
    fs::copy_file(data / "coins.txt", dir_ / "good" / "coins.txt");
    fs::copy_file(data / "coins_lvl0.txt", dir_ / "good" / "coins_lvl0.txt");
    std::ofstream(dir_ / "bad" / "broken.txt") << "BasicGame\n  SpriteSet\n    a > Nonsense\n";
  }
  std::string Folder() const { return "'" + dir_.path().string() + "'"; }

  vgdl::testing::TempDir dir_{"vgdl_check_folder"};
};

TEST_F(CheckFolderTest, PrintsALinePerGameAndFailsWhenOneHasErrors) {
  const auto r = RunVgdl("check " + Folder());
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("coins.txt: 1 level(s), 0 error(s)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("broken.txt: 0 level(s), 1 error(s)"), std::string::npos) << r.output;
  // The problem is printed under its game, indented, with its line and column.
  EXPECT_NE(r.output.find("\n  " + (dir_ / "bad" / "broken.txt").string() + ":3:"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("2 game(s), 1 with errors; 1 error(s)"), std::string::npos) << r.output;
}

TEST_F(CheckFolderTest, JsonHasEveryGame) {
  const auto r = RunVgdl("check --json " + Folder());
  EXPECT_EQ(r.exit_code, 1) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  ASSERT_EQ(j.at("games").size(), 2u);
  EXPECT_EQ(j.at("errors").get<int>(), 1);
  EXPECT_EQ(j.at("games")[0].at("file").get<std::string>(), (dir_ / "bad" / "broken.txt").string());
  EXPECT_EQ(j.at("games")[1].at("levels").size(), 1u);
}

// coins' level leaves '.' unmapped: a warning, so the folder exits with 3 (warnings only).
TEST_F(CheckFolderTest, GamesWithWarningsOnlyExitWithThree) {
  const auto r = RunVgdl("check '" + (dir_ / "good").string() + "'");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("1 game(s), 0 with errors"), std::string::npos) << r.output;
}

TEST_F(CheckFolderTest, CleanGamesExitWithZero) {
  const fs::path root(VGDL_SOURCE_DIR);
  fs::create_directories(dir_ / "clean");
  fs::copy_file(root / "games" / "cratedock.txt", dir_ / "clean" / "cratedock.txt");
  for (const char* level : {"0", "1", "2", "3", "4"}) {  // together they place every sprite type
    const std::string name = std::string("cratedock_lvl") + level + ".txt";
    fs::copy_file(root / "levels" / name, dir_ / "clean" / name);
  }
  const auto r = RunVgdl("check '" + (dir_ / "clean").string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("1 game(s), 0 with errors; 0 error(s), 0 warning(s)"), std::string::npos)
      << r.output;
}

TEST_F(CheckFolderTest, LevelsNeedOneGameAndAFolderNeedsGames) {
  const auto levels = RunVgdl("check " + Folder() + " 0");
  EXPECT_EQ(levels.exit_code, 1) << levels.output;
  EXPECT_NE(levels.output.find("give a game, not a folder"), std::string::npos) << levels.output;
  fs::create_directories(dir_ / "empty");
  const auto empty = RunVgdl("check '" + (dir_ / "empty").string() + "'");
  EXPECT_EQ(empty.exit_code, 1) << empty.output;
  EXPECT_NE(empty.output.find("holds no game file"), std::string::npos) << empty.output;
}

// A bundled game named by its path has the levels it has by its name (games/ and levels/).
TEST(CheckCommandTest, ABundledGameByPathFindsItsLevels) {
  const fs::path game = fs::path(VGDL_SOURCE_DIR) / "games" / "cratedock.txt";
  const auto r = RunVgdl("check '" + game.string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("levels/cratedock_lvl0.txt: "), std::string::npos) << r.output;
}

}  // namespace
}  // namespace vgdl

namespace vgdl {
namespace {

// A game named by its bare file name, from its own folder, finds the levels beside it.
TEST(CheckCommandTest, AGameFileInTheWorkingDirectoryFindsItsLevels) {
  const vgdl::testing::TempDir dir("vgdl_check_here");
  const fs::path data = fs::path(VGDL_TEST_DATA_DIR) / "agents";
  fs::copy_file(data / "coins.txt", dir / "coins.txt");
  fs::copy_file(data / "coins_lvl0.txt", dir / "coins_lvl0.txt");
  // The level leaves '.' unmapped: a warning, and warnings alone exit with 3 (README).
  const auto r = vgdl::testing::RunVgdlIn(dir.path().string(), "check coins.txt");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("\n  coins_lvl0.txt: "), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("0 error(s), 1 warning(s)"), std::string::npos) << r.output;
  const auto level = vgdl::testing::RunVgdlIn(dir.path().string(), "check coins.txt 0");
  EXPECT_EQ(level.exit_code, 3) << level.output;
}

// A folder here named as a game (an output folder named after its game) does not hide the
// game: the bare word is the game, with a note; `./name` and `name/` are the folder.
TEST(CheckCommandTest, AFolderNamedAsAGameDoesNotHideIt) {
  const vgdl::testing::TempDir dir("vgdl_check_shadow");
  fs::create_directories(dir / "cratedock" / "old");
  std::ofstream(dir / "cratedock" / "old" / "broken.txt") << "BasicGame\n  SpriteSet\n    a > X\n";
  const auto game = vgdl::testing::RunVgdlIn(dir.path().string(), "check cratedock");
  EXPECT_EQ(game.exit_code, 0) << game.output;
  EXPECT_NE(game.output.find("note: 'cratedock' is the game"), std::string::npos) << game.output;
  EXPECT_NE(game.output.find("levels/cratedock_lvl0.txt: "), std::string::npos) << game.output;
  for (const char* folder : {"./cratedock", "cratedock/"}) {
    const auto r = vgdl::testing::RunVgdlIn(dir.path().string(), std::string("check ") + folder);
    EXPECT_EQ(r.exit_code, 1) << folder << "\n" << r.output;
    EXPECT_NE(r.output.find("1 game(s), 1 with errors"), std::string::npos) << r.output;
  }
  // A folder whose name is no game's is a folder, as before.
  fs::create_directories(dir / "mine");
  fs::copy_file(fs::path(VGDL_SOURCE_DIR) / "games" / "cratedock.txt", dir / "mine" / "crates.txt");
  const auto mine = vgdl::testing::RunVgdlIn(dir.path().string(), "check mine");
  EXPECT_NE(mine.output.find("1 game(s), 0 with errors"), std::string::npos) << mine.output;
}

}  // namespace
}  // namespace vgdl

namespace vgdl {
namespace {

// `vgdl check --watch`: an edit that breaks the game is reported, the fix is reported, and
// Ctrl-C (SIGINT) ends it with the last check's exit code. Each wait is bounded (10 s).
TEST(CheckCommandTest, WatchChecksAgainAfterEachEdit) {
  const vgdl::testing::TempDir dir("vgdl_check_watch");
  const fs::path data = fs::path(VGDL_TEST_DATA_DIR) / "solve";
  fs::copy_file(data / "walk.txt", dir / "edit.txt");
  fs::copy_file(data / "walk_lvl0.txt", dir / "edit_lvl0.txt");
  const std::string vgdl = "'" + std::string(VGDL_BINARY) + "'";
  // Each watch writes its own file: a second `> out.txt` might truncate only after the first
  // wait had read the old one.
  const std::string script =
      "cd '" + dir.path().string() +
      "' || exit 2\n"
      // Waits until file $1 holds at least one line matching $2.
      "wait_for() { for i in $(seq 100); do\n"
      "  grep -q \"$2\" \"$1\" 2>/dev/null && return 0; sleep 0.1; done; return 1; }\n"
      // Ctrl-C, then the exit code; a watch that outlives SIGINT by 10 s is killed.
      "stop() { kill -INT $pid; for i in $(seq 100); do\n"
      "  kill -0 $pid 2>/dev/null || break; sleep 0.1; done\n"
      "  if kill -0 $pid 2>/dev/null; then echo 'still running'; kill -9 $pid; exit 7; fi\n"
      "  wait $pid; echo \"exit $?\"; }\n" +
      vgdl + " check --watch edit.txt > out1.txt 2>&1 &\n" +
      "pid=$!\n"
      "wait_for out1.txt '^0 error(s)' || { echo 'no first check'; kill $pid; exit 3; }\n"
      "sed -i 's/avatar wall > stepBack/avatar wall > stepBak/' edit.txt\n"
      "wait_for out1.txt \"unknown effect 'stepBak'\" || { echo 'no second'; kill $pid; exit 4; }\n"
      "stop\n" +
      vgdl + " check --watch edit.txt > out2.txt 2>&1 &\n" +
      "pid=$!\n"
      "wait_for out2.txt '^1 error(s)' || { echo 'no broken check'; kill $pid; exit 5; }\n"
      "sed -i 's/stepBak/stepBack/' edit.txt\n"
      "wait_for out2.txt '^0 error(s)' || { echo 'no fixed check'; kill $pid; exit 6; }\n"
      "stop\n"
      "cat out1.txt out2.txt\n";
  const auto r = vgdl::testing::detail::RunShell(script);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // The broken game ended its watch with exit code 1, the fixed one with 0.
  const size_t first_exit = r.output.find("exit 1\n");
  ASSERT_NE(first_exit, std::string::npos) << r.output;
  EXPECT_NE(r.output.find("exit 0\n", first_exit), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("--- changed: edit.txt; checking again"), std::string::npos) << r.output;
}

// --determinism says what the agents' deterministic game detection will take each level for:
// a puzzle of pushed crates is deterministic, a game with NPCs is not.
TEST(CheckCommandTest, DeterminismClassifiesEachLevel) {
  const auto puzzle = RunVgdl("check cratedock --determinism");
  EXPECT_EQ(puzzle.exit_code, 0) << puzzle.output;
  EXPECT_NE(puzzle.output.find("    determinism: deterministic"), std::string::npos)
      << puzzle.output;
  EXPECT_EQ(puzzle.output.find("not deterministic"), std::string::npos) << puzzle.output;
  const auto npcs = RunVgdl("check starguard --determinism --json");
  EXPECT_NE(npcs.output.find("\"determinism\": \"npc\""), std::string::npos) << npcs.output;
  const auto plain = RunVgdl("check cratedock");
  EXPECT_EQ(plain.output.find("determinism"), std::string::npos) << plain.output;
}

// A game name is looked up as every command looks it up (tools/game_flags.h): --games-dir,
// else $VGDL_GAMES_DIR, ...
TEST(CheckCommand, FindsAGameByNameWhereTheOtherCommandsDo) {
  const std::string data = std::string(VGDL_TEST_DATA_DIR) + "/agents";
  const auto by_env = RunVgdl("check coins", "VGDL_GAMES_DIR='" + data + "'");
  EXPECT_NE(by_env.exit_code, 1) << by_env.output;  // found: clean or warnings only
  EXPECT_NE(by_env.output.find("game coins"), std::string::npos) << by_env.output;
  const auto by_flag = RunVgdl("check coins --games-dir '" + data + "'");
  EXPECT_EQ(by_flag.exit_code, by_env.exit_code) << by_flag.output;
  const auto missing = RunVgdl("check coins", "VGDL_GAMES_DIR=/nonexistent");
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_NE(missing.output.find("not in /nonexistent"), std::string::npos) << missing.output;
}

}  // namespace
}  // namespace vgdl
