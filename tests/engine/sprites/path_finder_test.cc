// The path finder replays GVGAI's cache: which of several shortest paths it keeps depends on
// java.util.PriorityQueue's heap order. The expected paths below were produced by GVGAI's own
// PathFinder on the same map.
#include "engine/path_finder.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace vgdl {
namespace {

// The map, x to the right and y down; 'w' blocks.
const std::vector<std::string> kMap = {
    "wwwwwwww",  //
    "w......w",  //
    "w.ww.w.w",  //
    "w......w",  //
    "w.w..w.w",  //
    "wwwwwwww",  //
};

PathFinder MakeFinder(const std::vector<std::string>& rows, bool horizontal_only) {
  const int height = static_cast<int>(rows.size());
  const int width = static_cast<int>(rows[0].size());
  std::vector<bool> blocked(static_cast<size_t>(width * height));
  for (int x = 0; x < width; ++x) {
    for (int y = 0; y < height; ++y) {
      blocked[static_cast<size_t>(x * height + y)] =
          rows[static_cast<size_t>(y)][static_cast<size_t>(x)] == 'w';
    }
  }
  return PathFinder(width, height, blocked, horizontal_only);
}

std::vector<Cell> Cells(std::initializer_list<Cell> cells) {
  return cells;
}

TEST(PathFinderTest, TiesFollowJavaPriorityQueueOrder) {
  const PathFinder finder = MakeFinder(kMap, false);
  // Two shortest routes of length 5 lead from (1,1) to (3,4) and to (4,3); GVGAI keeps the
  // one through the left column for the first and the one along the top row for the second.
  EXPECT_EQ(finder.GetPath({1, 1}, {3, 4}), Cells({{1, 2}, {1, 3}, {2, 3}, {3, 3}, {3, 4}}));
  EXPECT_EQ(finder.GetPath({1, 1}, {4, 3}), Cells({{2, 1}, {3, 1}, {4, 1}, {4, 2}, {4, 3}}));
  EXPECT_EQ(finder.GetPath({1, 1}, {6, 4}),
            Cells({{2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}, {6, 2}, {6, 3}, {6, 4}}));
  EXPECT_EQ(finder.GetPath({1, 3}, {6, 1}),
            Cells({{1, 2}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 1}}));
  EXPECT_EQ(finder.GetPath({1, 3}, {6, 4}),
            Cells({{2, 3}, {3, 3}, {4, 3}, {5, 3}, {6, 3}, {6, 4}}));
}

TEST(PathFinderTest, FirstStepIsTheDirectionOfTheCachedPath) {
  const PathFinder finder = MakeFinder(kMap, false);
  EXPECT_EQ(finder.FirstStep({1, 1}, {3, 4}), dir::kDown);
  EXPECT_EQ(finder.FirstStep({1, 1}, {4, 3}), dir::kRight);
  EXPECT_EQ(finder.FirstStep({1, 3}, {6, 1}), dir::kUp);
  EXPECT_EQ(finder.FirstStep({6, 1}, {1, 1}), dir::kLeft);
}

TEST(PathFinderTest, NoPathToItselfToWallsOrFromWalls) {
  const PathFinder finder = MakeFinder(kMap, false);
  EXPECT_FALSE(finder.FirstStep({1, 1}, {1, 1}));
  EXPECT_FALSE(finder.FirstStep({1, 1}, {2, 2}));  // a wall cell
  EXPECT_FALSE(finder.FirstStep({2, 2}, {1, 1}));
  EXPECT_TRUE(finder.GetPath({1, 1}, {1, 1}).empty());
  EXPECT_TRUE(finder.blocked({0, 0}));
  EXPECT_FALSE(finder.blocked({1, 1}));
  EXPECT_TRUE(finder.blocked({-1, 1}));
  EXPECT_TRUE(finder.blocked({8, 1}));
}

TEST(PathFinderTest, UnreachableCellsHaveNoPath) {
  const PathFinder finder = MakeFinder({"wwwww", "w.w.w", "wwwww"}, false);
  EXPECT_FALSE(finder.FirstStep({1, 1}, {3, 1}));
}

TEST(PathFinderTest, ThreeActionAvatarsOnlyWalkSideways) {
  const PathFinder finder = MakeFinder(kMap, /*horizontal_only=*/true);
  EXPECT_TRUE(finder.horizontal_only());
  EXPECT_EQ(finder.FirstStep({1, 1}, {6, 1}), dir::kRight);
  EXPECT_FALSE(finder.FirstStep({1, 1}, {1, 3}));  // only LEFT and RIGHT neighbours
}

TEST(PathFinderTest, CellsOffTheGridAliasLikeGvgaiIds) {
  // GVGAI keys paths by x * 100 + y, so (3, -1) is the id of (2, 99).
  std::vector<std::string> tall(100, ".....");
  const PathFinder finder = MakeFinder(tall, false);
  EXPECT_EQ(finder.FirstStep({3, -1}, {2, 97}), dir::kUp);
  EXPECT_EQ(finder.FirstStep({3, -1}, {2, 97}), finder.FirstStep({2, 99}, {2, 97}));
  // In a shorter map the aliased cell does not exist.
  const PathFinder small = MakeFinder(kMap, false);
  EXPECT_FALSE(small.FirstStep({2, -1}, {1, 1}));
  EXPECT_FALSE(small.FirstStep({-1, -1}, {1, 1}));
}

TEST(PathFinderTest, PixelsBecomeCellsByTruncation) {
  EXPECT_EQ(PathFinder::CellOfPixel(30, 20, 10), (Cell{3, 2}));
  EXPECT_EQ(PathFinder::CellOfPixel(39, 25, 10), (Cell{3, 2}));
  // Truncation toward zero: a sprite just left of the screen is in column 0.
  EXPECT_EQ(PathFinder::CellOfPixel(-5, 0, 10), (Cell{0, 0}));
  EXPECT_EQ(PathFinder::CellOfPixel(-10, 0, 10), (Cell{-1, 0}));
}

TEST(PathFinderTest, DegenerateMapsDoNotCrash) {
  const PathFinder empty(0, 0, {}, false);
  EXPECT_FALSE(empty.FirstStep({0, 0}, {0, 0}));
  const PathFinder short_map(3, 3, {}, false);  // missing cells count as blocked
  EXPECT_FALSE(short_map.FirstStep({0, 0}, {1, 1}));
}

}  // namespace
}  // namespace vgdl
