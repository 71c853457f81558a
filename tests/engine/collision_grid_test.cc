// The spatial index of pair effects (engine/collision_grid.h): which indexed sprites a
// rectangle may touch, in list order, and a moved sprite found where it is now.
#include "engine/collision_grid.h"

#include <gtest/gtest.h>

#include <optional>
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

class CollisionGridTest : public ::testing::Test {
 protected:
  // Indexes the rocks of `level`, as a grid of moving sprites is built.
  void Index(std::string_view level) {
    state_.emplace(MakeState(kRocks, level));
    rocks_ = Sprites(*state_, "rock");
    grid_.Build(*state_, rocks_);
    grid_.TrackMoves();
  }
  // Puts rock i at r, unknown to the grid.
  void Place(size_t i, const Rect& r) { state_->sprite(rocks_[i]).rect = r; }
  // Puts rock i at r and tells the grid, as a pair effect does after s1's effects.
  void Move(size_t i, const Rect& r) {
    Place(i, r);
    grid_.MarkMoved(*state_, rocks_[i]);
  }

  std::optional<State> state_;
  std::vector<SpriteRef> rocks_;
  CollisionGrid grid_;
};

TEST_F(CollisionGridTest, FindsTheSpritesOfTheCellsARectangleCovers) {
  Index("r r \n    \nr  r\n");
  EXPECT_EQ(Near(grid_, Cell(0, 0)), (std::vector<uint32_t>{0}));
  EXPECT_EQ(Near(grid_, Cell(1, 1)), (std::vector<uint32_t>{}));
  // A rectangle across four cells, one of them occupied.
  EXPECT_EQ(Near(grid_, Rect{25, 15, 10, 10}), (std::vector<uint32_t>{3}));
  EXPECT_EQ(Near(grid_, Rect{5, 5, 20, 20}), (std::vector<uint32_t>{0, 1, 2}));
}

TEST_F(CollisionGridTest, AMovedSpriteIsFoundWhereItIsNowAndNoLongerWhereItWas) {
  Index("r r \n    \nr  r\n");
  Move(0, Cell(3, 2));
  EXPECT_EQ(Near(grid_, Cell(0, 0)), (std::vector<uint32_t>{}));
  // It now shares rock 3's cell, and comes first there as it does in the list.
  EXPECT_EQ(Near(grid_, Cell(3, 2)), (std::vector<uint32_t>{0, 3}));
  // Half a cell on: it covers two cells, and is listed once.
  Move(0, Rect{30, 15, 10, 10});
  EXPECT_EQ(Near(grid_, Rect{30, 15, 10, 10}), (std::vector<uint32_t>{0, 3}));
  EXPECT_EQ(Near(grid_, Cell(3, 1)), (std::vector<uint32_t>{0}));
  EXPECT_EQ(Near(grid_, Cell(3, 2)), (std::vector<uint32_t>{0, 3}));
}

// Cells whose lists interleave (sprites piled on two neighbouring cells, some straddling
// both) are merged into one ascending list without repeats; a rectangle over more occupied
// cells than a merge takes gets the same answer by sorting.
TEST_F(CollisionGridTest, InterleavedCellsAreMergedInListOrderOnce) {
  Index("rrrrrrrrrr\n          \nr         \n");
  // Rocks 0-9 fill row 0; rock 10 is on row 2. Pile them on cells (0,1) and (1,1): even
  // rocks left, odd rocks right, rocks 3 and 6 across both.
  for (size_t i = 0; i < 10; ++i) Place(i, Cell(static_cast<int>(i % 2), 1));
  Place(3, Rect{5, 10, 10, 10});
  Place(6, Rect{5, 10, 10, 10});
  grid_.Build(*state_, rocks_);
  const std::vector<uint32_t> all{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  EXPECT_EQ(Near(grid_, Rect{5, 10, 10, 10}), all);
  EXPECT_EQ(Near(grid_, Cell(0, 1)), (std::vector<uint32_t>{0, 2, 3, 4, 6, 8}));
  // Ten rocks in a row, one to a cell, and rock 10 below: a rectangle over all eleven cells.
  for (size_t i = 0; i < 10; ++i) Place(i, Cell(static_cast<int>(i), 0));
  Place(10, Rect{0, 10, 100, 10});
  grid_.Build(*state_, rocks_);
  EXPECT_EQ(Near(grid_, Rect{0, 5, 100, 10}),
            (std::vector<uint32_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
  EXPECT_EQ(Near(grid_, Rect{25, 5, 20, 10}), (std::vector<uint32_t>{2, 3, 4, 10}));
}

TEST_F(CollisionGridTest, ARebuiltGridForgetsTheMovesOfTheLastOne) {
  Index("r r \n    \nr  r\n");
  Move(1, Cell(1, 1));
  // Off the screen: indexed in the border ring.
  Move(2, Rect{-30, 10, 10, 10});
  EXPECT_EQ(Near(grid_, Rect{-10, 0, 5, 30}), (std::vector<uint32_t>{2}));
  grid_.Build(*state_, {rocks_[1], rocks_[3]});
  grid_.TrackMoves();
  EXPECT_EQ(Near(grid_, Cell(1, 1)), (std::vector<uint32_t>{0}));
  EXPECT_EQ(Near(grid_, Cell(2, 0)), (std::vector<uint32_t>{}));
  EXPECT_EQ(Near(grid_, Rect{-10, 0, 5, 30}), (std::vector<uint32_t>{}));
}

TEST_F(CollisionGridTest, CatchingUpReindexesTheSpritesThatMovedSinceTheBuild) {
  Index("rrrr\n    \nrrrr\n");
  // Two of eight moved, as other pair effects or ticks move sprites, unknown to the grid.
  Place(1, Cell(1, 1));
  Place(6, Cell(1, 1));
  ASSERT_TRUE(grid_.CatchUp(*state_, rocks_));
  EXPECT_EQ(Near(grid_, Cell(1, 0)), (std::vector<uint32_t>{}));
  EXPECT_EQ(Near(grid_, Cell(2, 2)), (std::vector<uint32_t>{}));
  EXPECT_EQ(Near(grid_, Cell(1, 1)), (std::vector<uint32_t>{1, 6}));
  EXPECT_EQ(Near(grid_, Cell(3, 2)), (std::vector<uint32_t>{7}));
  // Nothing moved since: still exact.
  ASSERT_TRUE(grid_.CatchUp(*state_, rocks_));
  EXPECT_EQ(Near(grid_, Cell(1, 1)), (std::vector<uint32_t>{1, 6}));
}

TEST_F(CollisionGridTest, CatchingUpGivesWayToABuildWhenMostSpritesMoved) {
  Index("rrrr\n    \nrrrr\n");
  for (size_t i = 0; i < rocks_.size(); ++i) Place(i, RectOf(*state_, rocks_[i]).translated(0, 10));
  EXPECT_FALSE(grid_.CatchUp(*state_, rocks_));
  grid_.Build(*state_, rocks_);
  EXPECT_EQ(Near(grid_, Cell(0, 1)), (std::vector<uint32_t>{0}));
  EXPECT_EQ(Near(grid_, Cell(0, 0)), (std::vector<uint32_t>{}));
}

TEST_F(CollisionGridTest, CatchingUpAddsTheSpritesCreatedSince) {
  Index("r r \n    \nr  r\n");
  const SpriteRef made = state_->AddSprite(Type(*state_, "rock"), 10, 10);
  ASSERT_NE(made, kNoSprite);
  const std::vector<SpriteRef> now = Sprites(*state_, "rock");
  ASSERT_EQ(now.size(), 5u);
  ASSERT_TRUE(grid_.CatchUp(*state_, now));
  rocks_ = now;
  EXPECT_EQ(Near(grid_, Cell(1, 1)), (std::vector<uint32_t>{4}));
  // Last in its cell, as in the list, and found by slot when it moves.
  Move(4, Cell(3, 2));
  EXPECT_EQ(Near(grid_, Cell(3, 2)), (std::vector<uint32_t>{3, 4}));
  EXPECT_EQ(Near(grid_, Cell(1, 1)), (std::vector<uint32_t>{}));
}

TEST_F(CollisionGridTest, CatchingUpRefusesAListThatLostASprite) {
  Index("r r \n    \nr  r\n");
  EXPECT_FALSE(grid_.CatchUp(*state_, {rocks_[0], rocks_[2], rocks_[3]}));
  EXPECT_FALSE(grid_.CatchUp(*state_, {rocks_[0], rocks_[1]}));
}

}  // namespace
}  // namespace vgdl::testing
