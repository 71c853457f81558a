// A throw-away spatial index over the second sprites of one pair effect (spec §4.4).
//
// GVGAI tests every (s1, s2) pair. For large pairs (boulders against hundreds of dirt cells) we
// bucket the second sprites by the grid cells their rectangles cover, then test only the
// candidates near s1, in their original list order, so that effects still run in GVGAI's
// order. The index is exact only while the second sprites do not move, which the caller
// guarantees (see CanUseCollisionGrid).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/state.h"

namespace vgdl {

// Whether the pair effect may use the grid: the effect moves at most s1, and no sprite can be
// both a first and a second sprite of the pair (else s1's own moves would stale the index).
bool CanUseCollisionGrid(const State& state, const InteractionPair& pair, EffectKind kind);

class CollisionGrid {
 public:
  // Indexes `seconds` (positions in that list are what Candidates returns).
  void Build(const State& state, const std::vector<SpriteRef>& seconds);
  // Indices into `seconds` of the sprites whose rectangles may touch `r` or lie up to one
  // cell below it (groundIntersects probes 3 pixels down), ascending, without duplicates.
  void Candidates(const Rect& r, std::vector<uint32_t>& out) const;

 private:
  struct CellRange {
    int x0, y0, x1, y1;
  };
  CellRange Cover(const Rect& r) const;

  int block_ = 1;
  int cols_ = 0;  // the level's cells plus a border ring that collects off-screen sprites
  int rows_ = 0;
  std::vector<uint32_t> cell_start_;  // counting-sort offsets, cols_ * rows_ + 1
  std::vector<uint32_t> entries_;     // indices into the indexed list, grouped by cell
  std::vector<uint32_t> fill_;        // write cursors while building
};

}  // namespace vgdl
