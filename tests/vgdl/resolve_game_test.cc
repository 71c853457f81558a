#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "tests/temp_dir.h"
#include "tests/vgdl/lang_test_util.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;

class ResolveGameTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(root_ / "corpus" / "gridphysics");
    fs::create_directories(root_ / "home" / "games");
    fs::create_directories(root_ / "home" / "levels");
    Touch(root_ / "corpus" / "gridphysics" / "maze.txt");
    Touch(root_ / "corpus" / "gridphysics" / "maze_lvl0.txt");
    Touch(root_ / "corpus" / "gridphysics" / "maze_lvl1.txt");
    Touch(root_ / "corpus" / "gridphysics" / "maze_lvl3.txt");   // after a gap
    Touch(root_ / "corpus" / "gridphysics" / "maze_lvl04.txt");  // not how GVGAI names level 4
    Touch(root_ / "corpus" / "gridphysics" / "maze_lvl1.txt.bak");
    Touch(root_ / "corpus" / "gridphysics" / "mazes_lvl5.txt");
    Touch(root_ / "home" / "games" / "cave.txt");
    Touch(root_ / "home" / "levels" / "cave_lvl0.txt");
  }
  void TearDown() override { unsetenv("VGDL_HOME"); }
  static void Touch(const fs::path& p) { std::ofstream(p) << "x\n"; }

  vgdl::testing::TempDir root_{"vgdl_resolve"};
};

TEST_F(ResolveGameTest, ByPathWithLevelsBeside) {
  std::string error;
  const auto location =
      ResolveGame((root_ / "corpus" / "gridphysics" / "maze.txt").string(), {}, &error);
  ASSERT_TRUE(location) << error;
  ASSERT_EQ(location->level_files.size(), 4u);
  EXPECT_EQ(location->level_files[0].filename(), "maze_lvl0.txt");
  EXPECT_EQ(location->level_files[1].filename(), "maze_lvl1.txt");
  EXPECT_TRUE(location->level_files[2].empty());
  EXPECT_EQ(location->level_files[3].filename(), "maze_lvl3.txt");
}

TEST_F(ResolveGameTest, ByNameInsideGamesDirRecursively) {
  std::string error;
  const auto location = ResolveGame("maze", root_ / "corpus", &error);
  ASSERT_TRUE(location) << error;
  EXPECT_EQ(location->game_file, root_ / "corpus" / "gridphysics" / "maze.txt");
  EXPECT_FALSE(ResolveGame("maze_lvl0", root_ / "corpus", &error));
}

TEST_F(ResolveGameTest, BundledGamesUnderVgdlHome) {
  setenv("VGDL_HOME", (root_ / "home").c_str(), 1);
  std::string error;
  const auto location = ResolveGame("cave", {}, &error);
  ASSERT_TRUE(location) << error;
  EXPECT_EQ(location->game_file, root_ / "home" / "games" / "cave.txt");
  ASSERT_EQ(location->level_files.size(), 1u);
  EXPECT_EQ(location->level_files[0], root_ / "home" / "levels" / "cave_lvl0.txt");
}

// The project's layout named by path: no level beside the game, so the levels/ folder beside
// games/ is read; a game with levels beside it never looks there.
TEST_F(ResolveGameTest, ByPathInGamesFolderFindsLevelsFolder) {
  std::string error;
  const auto location = ResolveGame((root_ / "home" / "games" / "cave.txt").string(), {}, &error);
  ASSERT_TRUE(location) << error;
  ASSERT_EQ(location->level_files.size(), 1u);
  EXPECT_EQ(location->level_files[0], (root_ / "home" / "levels" / "cave_lvl0.txt"));
  fs::copy_file(root_ / "home" / "levels" / "cave_lvl0.txt",
                root_ / "home" / "games" / "cave_lvl1.txt");
  const auto beside = ResolveGame((root_ / "home" / "games" / "cave.txt").string(), {}, &error);
  ASSERT_TRUE(beside) << error;
  ASSERT_EQ(beside->level_files.size(), 2u);
  EXPECT_TRUE(beside->level_files[0].empty());
  EXPECT_EQ(beside->level_files[1], root_ / "home" / "games" / "cave_lvl1.txt");
}

TEST_F(ResolveGameTest, UnknownNameSuggests) {
  setenv("VGDL_HOME", (root_ / "home").c_str(), 1);
  std::string error;
  EXPECT_FALSE(ResolveGame("maez", root_ / "corpus", &error));
  EXPECT_NE(error.find("did you mean 'maze'?"), std::string::npos) << error;
  EXPECT_FALSE(ResolveGame("", {}, &error));
  EXPECT_TRUE(ResolveGame("cave", root_ / "does-not-exist", nullptr).has_value());
}

// A bare word names a game before a file of that name in the working directory
// (`vgdl run maze > maze` creates the file before the command runs); a file no game shares
// its name with is still read.
TEST_F(ResolveGameTest, BareWordNamesAGameBeforeAFileOfThatName) {
  const fs::path cwd = fs::current_path();
  fs::current_path(root_.path());
  Touch("maze");
  Touch("notes");
  std::string error;
  const auto game = ResolveGame("maze", root_ / "corpus", &error);
  const auto file = ResolveGame("notes", root_ / "corpus", &error);
  const auto by_path = ResolveGame("./maze", root_ / "corpus", &error);
  fs::current_path(cwd);
  ASSERT_TRUE(game) << error;
  EXPECT_EQ(game->game_file, root_ / "corpus" / "gridphysics" / "maze.txt");
  ASSERT_TRUE(file) << error;
  EXPECT_EQ(file->game_file, "notes");
  ASSERT_TRUE(by_path) << error;
  EXPECT_EQ(by_path->game_file, "./maze");
}

}  // namespace
}  // namespace vgdl
