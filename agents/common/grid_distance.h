// Walking distances on the level's grid, as Knowledge-Based Evaluations measure them
// (Soemers 2016, §4.2.4, "Computation of Distances", Algorithms 4.3 and 4.4).
//
// The level is a 4-connected grid of cells with unit step costs; the only obstacles are the
// sprites of the type named "wall" (GVGAI pre-registers it in every game). Walls are read once,
// at Init: like the thesis, this assumes that walls neither appear, move nor disappear during
// a game, so a wall that does is ignored (or still counted) by every later distance.
//
// At Init every cell gets a colour: cells that can reach each other without passing through a
// wall share one; wall cells have none. Two cells of different colours are unreachable from
// each other, and their distance is the upper bound width * height (the length of a path
// through every cell) without any search (Alg. 4.4, lines 2-4).
//
// Distance is A* (Alg. 4.4) with the Manhattan heuristic, which is consistent on a 4-connected
// grid with unit costs, so a cell is final when it is first taken from the open set. The open
// set is the thesis's: a stack for cells whose f equals their parent's f (A* variant 1, Sun et
// al. 2009), four stacks for f = M + i, i = 1..4, with M the start's Manhattan distance to the
// goal (the least f of any cell), and a binary heap for larger f. A search stops as soon as the
// cell it takes has f >= `bound`, returning that f: the distance is then known to be at least
// the best one found so far for another object, and its exact value does not matter (lines
// 15-17). ClosestDistance is Algorithm 4.3: objects sorted by Manhattan distance, each searched
// with the best distance so far as its bound.
//
// A sprite's cell is the cell of its rectangle's top-left corner (as in GVGAI's observation
// grid and agents/iw/novelty.h); sprites hidden from the player are not observed, and a corner
// outside the level has no cell. Every buffer is sized for the level at Init and reused, so no
// query allocates.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/state.h"

namespace vgdl {

class GridDistance {
 public:
  static constexpr int32_t kNoCell = -1;

  // Sizes the buffers for the level of `state` and colours its cells by the walls it holds.
  void Init(const State& state);

  int width() const { return width_; }
  int height() const { return height_; }
  int block() const { return block_; }  // pixels a cell
  // width * height: the distance between unreachable cells, and to a type with no object.
  int unreachable() const { return width_ * height_; }

  // The cell of a sprite whose top-left corner is at pixel (x, y), or kNoCell outside the level.
  // Inline: searches call it for every sprite of every state they look at. A negative
  // coordinate is off the grid, so the division need not round down.
  int32_t CellAt(int32_t x, int32_t y) const {
    if (x < 0 || y < 0) return kNoCell;
    const int32_t cx = x / block_;
    const int32_t cy = y / block_;
    return cx >= width_ || cy >= height_ ? kNoCell : cy * width_ + cx;
  }
  // The cell of the player's avatar, or kNoCell when there is none or it is outside the level.
  int32_t AvatarCell(const State& state) const;
  bool IsWall(int32_t cell) const { return colour_[static_cast<size_t>(cell)] < 0; }
  // Whether a path joins the two cells (same colour; a wall cell is connected to nothing).
  bool Connected(int32_t a, int32_t b) const;
  static int Manhattan(int32_t a, int32_t b, int width);

  // Algorithm 4.4: the length of a shortest path from `from` to `to`, unreachable() when none
  // exists (or either is kNoCell), or, once it is proven to be at least `bound`, the f value
  // that proved it (a number >= bound and <= the true distance).
  int Distance(int32_t from, int32_t to, int bound);

  // Algorithm 4.3: the distance from `from` to the closest of `targets` (unreachable() when
  // none is reachable or the list is empty). Reorders `targets` by Manhattan distance.
  int ClosestDistance(int32_t from, std::vector<int32_t>& targets);

  // The distance from `from` to the closest visible sprite of type `type` in `state`: its
  // sprites' cells (each cell once) given to ClosestDistance.
  int ClosestOfType(const State& state, int32_t from, TypeId type);

  // Cells taken from the open set and examined by every Distance call since Init (for tests of
  // the bound and of Algorithm 4.3's order).
  int64_t expansions() const { return expansions_; }

 private:
  struct HeapEntry {
    int32_t f;
    int32_t cell;
  };
  // Heap order for std::push_heap / pop_heap: the least f on top.
  static bool LaterInHeap(const HeapEntry& a, const HeapEntry& b) { return a.f > b.f; }

  void Colour(const State& state);
  // The open set of one search, emptied; Push/Pop as Alg. 4.4's lines 21 and 11.
  void ClearOpen();
  void Push(int32_t cell, int f, int parent_f);
  // The next cell and its f, false when the open set is empty.
  bool Pop(int32_t* cell, int* f);

  int width_ = 0;
  int height_ = 0;
  int block_ = 1;
  TypeId wall_type_ = kNoType;
  std::vector<int32_t> colour_;  // per cell; -1 for walls

  // One search's state. A cell's entries are valid while its stamp equals the search's.
  uint32_t search_ = 0;
  std::vector<uint32_t> seen_stamp_;  // g_ is valid
  std::vector<uint32_t> closed_stamp_;
  std::vector<int32_t> g_;
  int32_t goal_ = 0;
  int min_f_ = 0;  // M: the start's f, the least f of the search
  std::vector<int32_t> same_f_stack_;
  static constexpr int kStacks = 4;
  std::vector<int32_t> f_stacks_[kStacks];  // f_stacks_[i - 1]: cells with f = M + i
  std::vector<HeapEntry> heap_;             // cells with f > M + 4
  int64_t expansions_ = 0;

  // ClosestOfType's targets, each cell once.
  std::vector<int32_t> targets_;
  std::vector<uint32_t> target_stamp_;
  uint32_t target_search_ = 0;
  std::vector<int32_t> flood_;  // Init's flood fill
};

}  // namespace vgdl
