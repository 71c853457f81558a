#include "agents/common/grid_distance.h"

#include <gtest/gtest.h>

#include <queue>
#include <string>
#include <vector>

#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::LoadedGame;
using testing::MustLoadSearchGame;

// tests/data/search/distances_lvl0.txt, 10 x 6 (x to the right, y down):
//   wwwwwwwwww
//   wA.w.g.w.w    A (1,1); gem X (5,1): Manhattan 4, but the wall at x = 3 makes it 8
//   w..w...wgw    gem P (8,2): walled in with (8,1), unreachable
//   w......www
//   w...g....w    gem Y (4,4): Manhattan 6, path 6
//   wwwwwwwwww
constexpr int kWidth = 10;
constexpr int32_t Cell(int x, int y) {
  return y * kWidth + x;
}
constexpr int32_t kAvatar = Cell(1, 1);
constexpr int32_t kGemX = Cell(5, 1);
constexpr int32_t kGemY = Cell(4, 4);
constexpr int32_t kGemP = Cell(8, 2);

struct Fixture {
  LoadedGame game = MustLoadSearchGame("distances");
  State state{game.def, game.level, 1};
  GridDistance grid;
  Fixture() { grid.Init(state); }
};

TEST(GridDistance, AStarGivesHandComputedDistancesInAMaze) {
  Fixture f;
  ASSERT_EQ(f.grid.width(), kWidth);
  ASSERT_EQ(f.grid.height(), 6);
  EXPECT_EQ(f.grid.AvatarCell(f.state), kAvatar);
  const int none = f.grid.unreachable();
  EXPECT_EQ(f.grid.Distance(kAvatar, kAvatar, none), 0);
  EXPECT_EQ(f.grid.Distance(kAvatar, Cell(2, 1), none), 1);
  EXPECT_EQ(f.grid.Distance(kAvatar, kGemX, none), 8);  // down to row 3, past x = 3, back up
  EXPECT_EQ(f.grid.Distance(kAvatar, Cell(6, 1), none), 9);
  EXPECT_EQ(f.grid.Distance(kAvatar, kGemY, none), 6);
  EXPECT_EQ(f.grid.Distance(kAvatar, Cell(8, 4), none), 10);
  EXPECT_EQ(f.grid.Distance(kGemX, Cell(4, 1), none), 1);
  EXPECT_EQ(f.grid.Distance(Cell(4, 1), kAvatar, none), 7);
}

// Breadth-first distances from `from` over the non-wall cells, -1 where unreachable.
std::vector<int> BreadthFirst(const GridDistance& grid, int32_t from) {
  const int w = grid.width();
  const int h = grid.height();
  std::vector<int> d(static_cast<size_t>(w * h), -1);
  if (grid.IsWall(from)) return d;
  std::queue<int32_t> open;
  d[static_cast<size_t>(from)] = 0;
  open.push(from);
  while (!open.empty()) {
    const int32_t c = open.front();
    open.pop();
    const int x = c % w;
    const int y = c / w;
    for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
      const int nx = x + dx;
      const int ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
      const int32_t n = ny * w + nx;
      if (grid.IsWall(n) || d[static_cast<size_t>(n)] >= 0) continue;
      d[static_cast<size_t>(n)] = d[static_cast<size_t>(c)] + 1;
      open.push(n);
    }
  }
  return d;
}

TEST(GridDistance, AStarEqualsBreadthFirstSearchForEveryPairOfAMaze) {
  // maze_lvl0's corridors make detours of many steps, so the searches take cells from the
  // same-f stack, from the four stacks and from the heap beyond them.
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  const State state(game.def, game.level, 1);
  GridDistance grid;
  grid.Init(state);
  const int cells = grid.width() * grid.height();
  int longest = 0;
  for (int32_t from = 0; from < cells; ++from) {
    const std::vector<int> expected = BreadthFirst(grid, from);
    for (int32_t to = 0; to < cells; ++to) {
      const int e = expected[static_cast<size_t>(to)];
      const int got = grid.Distance(from, to, grid.unreachable());
      EXPECT_EQ(got, e >= 0 ? e : grid.unreachable()) << "from " << from << " to " << to;
      EXPECT_EQ(grid.Connected(from, to), e >= 0) << "from " << from << " to " << to;
      if (e >= 0) {
        longest = std::max(longest, e - GridDistance::Manhattan(from, to, grid.width()));
      }
    }
  }
  EXPECT_GT(longest, 8);  // some path is 5+ detour pairs long: the heap was needed
}

TEST(GridDistance, CellsNotConnectedAreWidthTimesHeightApartWithoutASearch) {
  Fixture f;
  const int none = f.grid.unreachable();
  EXPECT_EQ(none, 60);
  const int64_t before = f.grid.expansions();
  EXPECT_FALSE(f.grid.Connected(kAvatar, kGemP));
  EXPECT_EQ(f.grid.Distance(kAvatar, kGemP, none), none);
  EXPECT_EQ(f.grid.Distance(kGemP, kAvatar, none), none);
  EXPECT_EQ(f.grid.Distance(kAvatar, Cell(3, 1), none), none);  // a wall cell
  EXPECT_EQ(f.grid.Distance(kAvatar, GridDistance::kNoCell, none), none);
  EXPECT_EQ(f.grid.expansions(), before);
  // Inside the walled-in pocket, distances are as usual.
  EXPECT_EQ(f.grid.Distance(Cell(8, 1), kGemP, none), 1);
}

TEST(GridDistance, ASearchStopsOnceItsBoundIsReached) {
  Fixture f;
  const int none = f.grid.unreachable();
  int64_t before = f.grid.expansions();
  ASSERT_EQ(f.grid.Distance(kAvatar, kGemX, none), 8);
  const int64_t full = f.grid.expansions() - before;
  // Bound 4 = the Manhattan distance: the start cell's f already reaches it.
  before = f.grid.expansions();
  EXPECT_EQ(f.grid.Distance(kAvatar, kGemX, 4), 4);
  EXPECT_EQ(f.grid.expansions() - before, 1);
  // Bound 6: the first cell taken with f = 6 proves the distance is at least 6.
  before = f.grid.expansions();
  EXPECT_EQ(f.grid.Distance(kAvatar, kGemX, 6), 6);
  EXPECT_LT(f.grid.expansions() - before, full);
  // A bound above the distance changes nothing.
  EXPECT_EQ(f.grid.Distance(kAvatar, kGemX, 9), 8);
}

TEST(GridDistance, TheClosestObjectIsTheClosestByPathNotByManhattanDistance) {
  Fixture f;
  const TypeId gem = f.state.def().FindType("gem");
  ASSERT_NE(gem, kNoType);
  // X is nearer by Manhattan distance (4 against 6) but 8 steps away; Y is 6.
  EXPECT_EQ(f.grid.ClosestOfType(f.state, kAvatar, gem), 6);
  std::vector<int32_t> targets = {kGemP, kGemY, kGemX};
  EXPECT_EQ(f.grid.ClosestDistance(kAvatar, targets), 6);
  EXPECT_EQ(targets, (std::vector<int32_t>{kGemX, kGemY, kGemP}));  // by Manhattan distance
  std::vector<int32_t> only_pocket = {kGemP};
  EXPECT_EQ(f.grid.ClosestDistance(kAvatar, only_pocket), f.grid.unreachable());
  std::vector<int32_t> none;
  EXPECT_EQ(f.grid.ClosestDistance(kAvatar, none), f.grid.unreachable());
  const TypeId floor = f.state.def().FindType("floor");  // hidden: not observed
  EXPECT_EQ(f.grid.ClosestOfType(f.state, kAvatar, floor), f.grid.unreachable());
}

TEST(GridDistance, InAnOpenRoomEverySearchAfterTheClosestObjectsStopsAtOnce) {
  // Soemers §4.2.4: with nothing between the avatar and the closest object, every A* call of
  // Algorithm 4.3 but the first ends after a single iteration. far_reward is a 22 x 5 room.
  const LoadedGame game = MustLoadSearchGame("far_reward");
  if (!game.def) return;
  const State state(game.def, game.level, 1);
  GridDistance grid;
  grid.Init(state);
  const int w = grid.width();
  const int32_t avatar = grid.AvatarCell(state);
  ASSERT_EQ(avatar, 2 * w + 1);
  std::vector<int32_t> targets = {2 * w + 20, 3 * w + 15, 1 * w + 10, 2 * w + 5};
  const int64_t before = grid.expansions();
  EXPECT_EQ(grid.ClosestDistance(avatar, targets), 4);
  // 5 cells along the straight path to the nearest (all on the same-f stack), then one each.
  EXPECT_EQ(grid.expansions() - before, 5 + 3);
}

TEST(GridDistance, CellsOfTheParentsFAreTakenFirstSoAFreePathIsFollowedStraight) {
  // A* variant 1: a neighbour whose f equals its parent's goes onto a stack taken before
  // everything else, so the search runs depth-first through the many cells of equal f (here
  // the 2 x 20 rectangle between the avatar and the far corner) and takes only the cells of
  // one shortest path.
  const LoadedGame game = MustLoadSearchGame("far_reward");
  if (!game.def) return;
  const State state(game.def, game.level, 1);
  GridDistance grid;
  grid.Init(state);
  const int w = grid.width();
  const int32_t avatar = grid.AvatarCell(state);
  const int64_t before = grid.expansions();
  EXPECT_EQ(grid.Distance(avatar, 3 * w + 20, grid.unreachable()), 20);
  EXPECT_EQ(grid.expansions() - before, 21);
}

}  // namespace
}  // namespace vgdl
