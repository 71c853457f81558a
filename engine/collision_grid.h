// A spatial index over the sprites of one side of a pair effect (spec §4.4), built for one
// pair effect or kept while a static type is unchanged (engine/pair_hits.cc).
//
// GVGAI tests every (s1, s2) pair. For large pairs (boulders against hundreds of dirt cells) we
// bucket the second sprites by the grid cells their rectangles cover, then test only the
// candidates near s1, in their original list order, so that effects still run in GVGAI's
// order. The index is exact only while the second sprites do not move, which the caller
// guarantees (engine/pair_hits.cc).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/state.h"

namespace vgdl {

class CollisionGrid {
 public:
  // Indexes `seconds` (positions in that list are what Candidates returns), remembering each
  // sprite's slot and rectangle for CatchUp, MarkMoved and TrackMoves.
  void Build(const State& state, const std::vector<SpriteRef>& seconds);
  // Indices into `seconds` of the sprites whose indexed rectangles may touch `r` (or lie up
  // to one cell below it, with `probe_below`: groundIntersects probes 3 pixels down);
  // ascending, without duplicates.
  void Candidates(const Rect& r, std::vector<uint32_t>& out, bool probe_below) const;
  // Calls visit(j) for each candidate j of Candidates(r, ..., probe_below), in the same order;
  // `scratch` holds them when they must be merged first. Most rectangles touch at most one
  // occupied cell, whose list is visited in place.
  template <class Visit>
  void ForEachCandidate(const Rect& r, bool probe_below, std::vector<uint32_t>& scratch,
                        const Visit& visit) const {
    CellRange c = Cover(r);
    if (probe_below) c.y1 = std::min(c.y1 + 1, rows_ - 1);
    const bool one_cell = c.x0 == c.x1 && c.y0 == c.y1;
    const int32_t only =
        one_cell ? head_[static_cast<size_t>(c.y0 * cols_ + c.x0)] : OnlyOccupiedCell(c);
    if (only != kSeveral) {
      for (int32_t e = only; e >= 0;) {
        const Node& n = nodes_[static_cast<size_t>(e)];
        visit(n.index);
        e = n.next;
      }
      return;
    }
    CandidatesIn(c, scratch);
    for (const uint32_t j : scratch) visit(j);
  }
  // Makes MarkMoved find the indexed sprites by slot (once per build; CatchUp keeps it).
  void TrackMoves();
  // Records that `slot` may have left its indexed rectangle (only after TrackMoves; slots
  // that are not indexed are ignored): it is indexed again where it is now, so that lookups
  // stay one walk of a cell's list (boulders stepping back from each other in
  // `boulder boulder > stepBack` would otherwise join every later lookup).
  void MarkMoved(const State& state, SpriteRef slot);
  // Brings the grid up to date with `sprites`, the list it indexes now in `state`, when the
  // indexed list still leads it (sprites created since, none removed): re-indexes each
  // sprite that is no longer where it was indexed and adds the new ones. Returns false, with
  // the grid left inexact, when it cannot or when building it again would cost less.
  bool CatchUp(const State& state, const std::vector<SpriteRef>& sprites);
  // CatchUp for a list known to be the indexed one (its group version is unchanged): only
  // re-indexes the sprites that moved.
  bool CatchUpMoves(const State& state);

 private:
  // Forgets what the last Build indexed (keeps the memory for the next one).
  void Reset();
  struct CellRange {
    int x0, y0, x1, y1;
  };
  // The cells `r` covers. Always inline: building a grid asks it for every indexed sprite,
  // and every lookup for the first sprite's rectangle.
  [[gnu::always_inline]] CellRange Cover(const Rect& r) const {
    // Cell k of the level is column k + 1; everything off-screen piles into the border ring.
    const int w = std::max(r.w, 1);
    const int h = std::max(r.h, 1);
    const int32_t* cols = col_of_px_.data();
    const int32_t* rows = row_of_px_.data();
    return CellRange{CellOf(r.x, cols, col_last_), CellOf(r.y, rows, row_last_),
                     CellOf(int64_t{r.x} + w - 1, cols, col_last_),
                     CellOf(int64_t{r.y} + h - 1, rows, row_last_)};
  }
  // The candidates of the cells in c, merged in ascending order.
  void CandidatesIn(CellRange c, std::vector<uint32_t>& out) const;
  // The same by sorting, for a rectangle over more occupied cells than a merge takes.
  void SortedCandidatesIn(CellRange c, std::vector<uint32_t>& out) const;
  // The first node of the only occupied cell of c, -1 when none is, kSeveral when more are.
  static constexpr int32_t kSeveral = -2;
  int32_t OnlyOccupiedCell(const CellRange& c) const {
    int32_t found = -1;
    for (int y = c.y0; y <= c.y1; ++y) {
      for (int x = c.x0; x <= c.x1; ++x) {
        const int32_t head = head_[static_cast<size_t>(y * cols_ + x)];
        if (head < 0) continue;
        if (found >= 0) return kSeveral;
        found = head;
      }
    }
    return found;
  }

  // Column (row) of pixel px: table[px + 1] for px in -1 .. screen size, where -1 stands for
  // every pixel left of (above) the screen and screen size for every one beyond: a division
  // per lookup costs more than the rest of the lookup.
  // The far edges are 64-bit: past int's range they are still beyond the screen.
  static int CellOf(int64_t px, const int32_t* table, int32_t last) {
    return table[std::clamp<int64_t>(px, -1, last) + 1];
  }

  std::vector<int32_t> col_of_px_;
  std::vector<int32_t> row_of_px_;
  int32_t col_last_ = -1;  // the largest pixel of col_of_px_: its size - 2
  int32_t row_last_ = -1;
  int block_ = 1;
  int cols_ = 0;  // the level's cells plus a border ring that collects off-screen sprites
  int rows_ = 0;
  // Each cell's sprites as a list of nodes in ascending index order: building costs one
  // clear of the cell heads and one node per covered cell, whatever the level's size.
  struct Node {
    uint32_t index;  // into the indexed list
    int32_t next;    // the cell's next node, -1 at the end
  };
  std::vector<int32_t> head_;  // by cell: first node, -1 when empty
  std::vector<Node> nodes_;
  // Whether the cell tables were made for `state`'s level geometry.
  bool SameGeometry(const State& state) const;
  void IndexSlot(SpriteRef s, size_t j);
  std::vector<Rect> indexed_rects_;     // each entry's rect where it is indexed
  std::vector<SpriteRef> indexed_;      // the indexed slots, in list order
  bool slots_indexed_ = false;          // TrackMoves ran since the last build
  std::vector<int32_t> index_of_slot_;  // slot -> position in the list, -1 when not indexed
  // Moves entry j's nodes from the cells of its indexed rectangle to those of `now`.
  void Reindex(uint32_t j, const Rect& now);
  // Adds entry j to the cells of c, each list kept ascending; removes it from them.
  void Link(uint32_t j, const CellRange& c);
  void Unlink(uint32_t j, const CellRange& c);
};

}  // namespace vgdl
