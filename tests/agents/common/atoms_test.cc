#include "agents/common/atoms.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

int64_t FloorDivision(int64_t v, int64_t b) {
  const int64_t q = v / b;
  return (v % b != 0 && (v < 0) != (b < 0)) ? q - 1 : q;
}

TEST(AtomSpace, CellsAreTheFloorOfCoordinatesOverTheBlockSize) {
  const testing::LoadedGame game = testing::MustLoadSearchGame("nbp_corridors");
  const State state(game.def, game.level, 1);
  AtomSpace space;
  space.Reset(state);
  const int block = state.block_size();
  ASSERT_NE(block & (block - 1), 0) << "a block size that is not a power of two";
  const int w = state.width_cells();
  const int h = state.height_cells();
  // Every coordinate around and inside the level, pixel by pixel (CellOf multiplies by the
  // inverse of the block size and corrects; a miss of one pixel would show here).
  for (int32_t y = -2 * block; y < (h + 2) * block; y += 7) {
    for (int32_t x = -2 * block; x < (w + 2) * block; ++x) {
      const int64_t cx = FloorDivision(x, block);
      const int64_t cy = FloorDivision(y, block);
      const bool inside = cx >= 0 && cy >= 0 && cx < w && cy < h;
      ASSERT_EQ(space.CellOf(x, y), inside ? cy * w + cx : -1) << x << ", " << y;
    }
  }
}

TEST(AtomSpace, AtomsAreNumberedAsDocumented) {
  const testing::LoadedGame game = testing::MustLoadSearchGame("nbp_corridors");
  const State state(game.def, game.level, 1);
  AtomSpace space;
  space.Reset(state);
  const auto types = static_cast<size_t>(state.def().type_count());
  const auto cells = static_cast<size_t>(state.width_cells() * state.height_cells());
  EXPECT_EQ(space.avatar_base(), cells * types);
  EXPECT_EQ(space.size(), cells * types * 6);
  std::vector<size_t> atoms;
  space.ForEachAtom(state, [&](size_t atom) { atoms.push_back(atom); });
  // The avatar in cell (1, 1), with no orientation of the four (bucket 4), comes last.
  const TypeId avatar = state.def().FindType("avatar");
  const size_t cell = static_cast<size_t>(1 * state.width_cells() + 1);
  ASSERT_FALSE(atoms.empty());
  EXPECT_EQ(atoms.back(), cells * types + (cell * 5 + 4) * types + static_cast<size_t>(avatar));
  // The exit, the only sprite of its type: at(cell, exit) = cell * types + exit.
  const TypeId exit = state.def().FindType("exit");
  const Rect& r = state.sprite(state.sprites_of(exit)[0]).rect;
  const size_t exit_cell = static_cast<size_t>(space.CellOf(r.x, r.y));
  EXPECT_NE(std::find(atoms.begin(), atoms.end(), exit_cell * types + static_cast<size_t>(exit)),
            atoms.end());
  // Walls and the exit, and the avatar; the hidden floor has no atoms.
  const TypeId wall = state.def().FindType("wall");
  EXPECT_EQ(atoms.size(), static_cast<size_t>(state.count_of(wall) + 1 + 1));
}

}  // namespace
}  // namespace vgdl
