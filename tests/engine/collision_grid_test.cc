// The spatial index of pair effects (engine/collision_grid.h): which indexed sprites a
// rectangle may touch, in list order, and a moved sprite found where it is now.
#include "engine/collision_grid.h"

#include <gtest/gtest.h>

#include <vector>

#include "tests/engine/effects/effect_test_util.h"

namespace vgdl::testing {
namespace {

// Rocks that an interaction names, so that they are not frozen into the level's shared block
// and can be moved.
constexpr std::string_view kRocks = R"(BasicGame square_size=10
    SpriteSet
        rock > Immovable
    LevelMapping
        r > rock
    InteractionSet
        rock EOS > stepBack
    TerminationSet
        Timeout limit=100 win=True
)";

// Indices into the indexed list of the sprites that may touch `r`, by both lookups.
std::vector<uint32_t> Near(const CollisionGrid& grid, const Rect& r) {
  std::vector<uint32_t> listed;
  grid.Candidates(r, listed, /*probe_below=*/false);
  std::vector<uint32_t> visited;
  std::vector<uint32_t> scratch;
  grid.ForEachCandidate(r, /*probe_below=*/false, scratch,
                        [&](uint32_t j) { visited.push_back(j); });
  EXPECT_EQ(listed, visited);
  return visited;
}

Rect Cell(int x, int y) {
  return Rect{x * 10, y * 10, 10, 10};
}

TEST(CollisionGridTest, FindsTheSpritesOfTheCellsARectangleCovers) {
  State state = MakeState(kRocks, "r r \n    \nr  r\n");
  const std::vector<SpriteRef> rocks = Sprites(state, "rock");
  CollisionGrid grid;
  grid.Build(state, rocks, /*movable=*/false);
  EXPECT_EQ(Near(grid, Cell(0, 0)), (std::vector<uint32_t>{0}));
  EXPECT_EQ(Near(grid, Cell(1, 1)), (std::vector<uint32_t>{}));
  // A rectangle across four cells, two of them occupied.
  EXPECT_EQ(Near(grid, Rect{25, 15, 10, 10}), (std::vector<uint32_t>{3}));
  EXPECT_EQ(Near(grid, Rect{5, 5, 20, 20}), (std::vector<uint32_t>{0, 1, 2}));
}

TEST(CollisionGridTest, AMovedSpriteIsFoundWhereItIsNowAndNoLongerWhereItWas) {
  State state = MakeState(kRocks, "r r \n    \nr  r\n");
  const std::vector<SpriteRef> rocks = Sprites(state, "rock");
  CollisionGrid grid;
  grid.Build(state, rocks, /*movable=*/true);
  grid.TrackMoves();
  state.sprite(rocks[0]).rect = Cell(3, 2);
  grid.MarkMoved(state, rocks[0]);
  EXPECT_EQ(Near(grid, Cell(0, 0)), (std::vector<uint32_t>{}));
  // It now shares rock 3's cell, and comes first there as it does in the list.
  EXPECT_EQ(Near(grid, Cell(3, 2)), (std::vector<uint32_t>{0, 3}));
  // Half a cell on: it covers two cells, and is listed once.
  state.sprite(rocks[0]).rect = Rect{30, 15, 10, 10};
  grid.MarkMoved(state, rocks[0]);
  EXPECT_EQ(Near(grid, Rect{30, 15, 10, 10}), (std::vector<uint32_t>{0, 3}));
  EXPECT_EQ(Near(grid, Cell(3, 1)), (std::vector<uint32_t>{0}));
  EXPECT_EQ(Near(grid, Cell(3, 2)), (std::vector<uint32_t>{0, 3}));
}

TEST(CollisionGridTest, ARebuiltGridForgetsTheMovesOfTheLastOne) {
  State state = MakeState(kRocks, "r r \n    \nr  r\n");
  const std::vector<SpriteRef> rocks = Sprites(state, "rock");
  CollisionGrid grid;
  grid.Build(state, rocks, /*movable=*/true);
  grid.TrackMoves();
  state.sprite(rocks[1]).rect = Cell(1, 1);
  grid.MarkMoved(state, rocks[1]);
  // Off the screen: indexed in the border ring.
  state.sprite(rocks[2]).rect = Rect{-30, 10, 10, 10};
  grid.MarkMoved(state, rocks[2]);
  EXPECT_EQ(Near(grid, Rect{-10, 0, 5, 30}), (std::vector<uint32_t>{2}));
  grid.Build(state, {rocks[1], rocks[3]}, /*movable=*/true);
  grid.TrackMoves();
  EXPECT_EQ(Near(grid, Cell(1, 1)), (std::vector<uint32_t>{0}));
  EXPECT_EQ(Near(grid, Cell(2, 0)), (std::vector<uint32_t>{}));
  EXPECT_EQ(Near(grid, Rect{-10, 0, 5, 30}), (std::vector<uint32_t>{}));
}

TEST(CollisionGridTest, CatchingUpReindexesTheSpritesThatMovedSinceTheBuild) {
  State state = MakeState(kRocks, "rrrr\n    \nrrrr\n");
  const std::vector<SpriteRef> rocks = Sprites(state, "rock");
  CollisionGrid grid;
  grid.Build(state, rocks, /*movable=*/true);
  // Two of eight moved, as other pair effects or ticks move sprites, unknown to the grid.
  state.sprite(rocks[1]).rect = Cell(1, 1);
  state.sprite(rocks[6]).rect = Cell(1, 1);
  ASSERT_TRUE(grid.CatchUp(state));
  EXPECT_EQ(Near(grid, Cell(1, 0)), (std::vector<uint32_t>{}));
  EXPECT_EQ(Near(grid, Cell(2, 2)), (std::vector<uint32_t>{}));
  EXPECT_EQ(Near(grid, Cell(1, 1)), (std::vector<uint32_t>{1, 6}));
  EXPECT_EQ(Near(grid, Cell(3, 2)), (std::vector<uint32_t>{7}));
  // Nothing moved since: still exact.
  ASSERT_TRUE(grid.CatchUp(state));
  EXPECT_EQ(Near(grid, Cell(1, 1)), (std::vector<uint32_t>{1, 6}));
}

TEST(CollisionGridTest, CatchingUpGivesWayToABuildWhenMostSpritesMoved) {
  State state = MakeState(kRocks, "rrrr\n    \nrrrr\n");
  const std::vector<SpriteRef> rocks = Sprites(state, "rock");
  CollisionGrid grid;
  grid.Build(state, rocks, /*movable=*/true);
  for (const SpriteRef r : rocks) state.sprite(r).rect.y += 10;
  EXPECT_FALSE(grid.CatchUp(state));
  grid.Build(state, rocks, /*movable=*/true);
  EXPECT_EQ(Near(grid, Cell(0, 1)), (std::vector<uint32_t>{0}));
  EXPECT_EQ(Near(grid, Cell(0, 0)), (std::vector<uint32_t>{}));
}

}  // namespace
}  // namespace vgdl::testing
