#include "agents/iw/novelty.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::LoadedGame;
using testing::LoadSearchGame;

TEST(NoveltyTable, FirstStateIsNovelTheSameStateAgainIsNot) {
  std::string error;
  auto game = LoadSearchGame("push", 0, &error);
  ASSERT_TRUE(game) << error;
  State state(game->def, game->level, 1);
  NoveltyTable table;
  table.Reset(state);
  EXPECT_TRUE(table.TestAndMemorize(state));
  const int64_t atoms = table.atoms();
  EXPECT_GT(atoms, 10);  // walls, box, hole and the avatar
  EXPECT_FALSE(table.TestAndMemorize(state));
  EXPECT_EQ(table.atoms(), atoms);
  State copy = state;
  EXPECT_FALSE(table.TestAndMemorize(copy));
}

TEST(NoveltyTable, AvatarInANewCellIsNovelThenItsReturnIsNot) {
  std::string error;
  auto game = LoadSearchGame("push", 0, &error);
  ASSERT_TRUE(game) << error;
  State start(game->def, game->level, 1);
  NoveltyTable table;
  table.Reset(start);
  ASSERT_TRUE(table.TestAndMemorize(start));
  State left = start;
  Advance(left, Action::kLeft, StepMode::kForwardModel);
  EXPECT_TRUE(table.TestAndMemorize(left));
  // Back right: the avatar's cell was seen, but maybe not with this orientation; once it has
  // been memorised, the very same position is not novel.
  State back = left;
  Advance(back, Action::kRight, StepMode::kForwardModel);
  table.TestAndMemorize(back);
  State back_again = left;
  Advance(back_again, Action::kRight, StepMode::kForwardModel);
  EXPECT_FALSE(table.TestAndMemorize(back_again));
}

TEST(NoveltyTable, ResetForgetsEverything) {
  std::string error;
  auto game = LoadSearchGame("maze", 0, &error);
  ASSERT_TRUE(game) << error;
  State state(game->def, game->level, 1);
  NoveltyTable table;
  table.Reset(state);
  ASSERT_TRUE(table.TestAndMemorize(state));
  table.Reset(state);
  EXPECT_EQ(table.atoms(), 0);
  EXPECT_TRUE(table.TestAndMemorize(state));
}

TEST(NoveltyTable, HiddenSpritesAreNotAtoms) {
  // The floor is hidden in the maze: its sprites (one per cell) must not count.
  std::string error;
  auto game = LoadSearchGame("maze", 0, &error);
  ASSERT_TRUE(game) << error;
  State state(game->def, game->level, 1);
  NoveltyTable table;
  table.Reset(state);
  table.TestAndMemorize(state);
  const TypeId wall = state.def().FindType("wall");
  const TypeId exit = state.def().FindType("exit");
  ASSERT_NE(wall, kNoType);
  ASSERT_NE(exit, kNoType);
  // walls + exit + one avatar atom.
  EXPECT_EQ(table.atoms(), state.count_of(wall) + state.count_of(exit) + 1);
}

TEST(NoveltyTable, AMovedBoxIsANewAtom) {
  std::string error;
  auto game = LoadSearchGame("push", 0, &error);
  ASSERT_TRUE(game) << error;
  // Avatar (2,3) below the box (2,2) in a custom level: pushing UP moves the box to (2,1).
  LevelLoad level = LoadLevelFromText(*game->def, "wwwww\nw...w\nw.1.w\nw.A.w\nwwwww\n", "t");
  ASSERT_TRUE(level.level);
  State start(game->def, *level.level, 1);
  NoveltyTable table;
  table.Reset(start);
  table.TestAndMemorize(start);
  State pushed = start;
  Advance(pushed, Action::kUp, StepMode::kForwardModel);
  const TypeId box = start.def().FindType("box");
  ASSERT_EQ(pushed.sprite(pushed.sprites_of(box)[0]).rect.y, pushed.block_size());
  const int64_t before = table.atoms();
  EXPECT_TRUE(table.TestAndMemorize(pushed));
  EXPECT_GE(table.atoms(), before + 2);  // the box's cell and the avatar's
}

}  // namespace
}  // namespace vgdl
