#include "engine/collision_grid.h"

#include <algorithm>
#include <array>

namespace vgdl {

namespace {

// Fills table[px + 1] = the grid column (row) of pixel px: px / block + 1, capped at the
// border ring, for px = -1 (everything before the screen: ring cell 0) .. pixels (everything
// beyond it: the last ring cell).
void FillCellTable(int pixels, int block, int cells, std::vector<int32_t>& table) {
  const int n = std::max(0, pixels);
  table.resize(static_cast<size_t>(n) + 2);
  table.front() = 0;
  for (int px = 0; px < n; ++px) {
    table[static_cast<size_t>(px) + 1] = std::min(px / block + 1, cells - 1);
  }
  table.back() = cells - 1;
}

}  // namespace

void CollisionGrid::Build(const State& state, const std::vector<SpriteRef>& seconds) {
  Reset();
  indexed_ = seconds;
  indexed_rects_.resize(seconds.size());
  // The pixel tables depend only on the level's geometry: rebuilt when it changes.
  if (!SameGeometry(state)) {
    cols_ = state.width_cells() + 2;
    rows_ = state.height_cells() + 2;
    block_ = std::max(1, state.block_size());
    FillCellTable(state.screen_width(), block_, cols_, col_of_px_);
    FillCellTable(state.screen_height(), block_, rows_, row_of_px_);
    col_last_ = static_cast<int32_t>(col_of_px_.size()) - 2;
    row_last_ = static_cast<int32_t>(row_of_px_.size()) - 2;
  }
  head_.assign(static_cast<size_t>(cols_ * rows_), -1);
  nodes_.clear();
  // Pushing in descending index order onto the front of each cell's list leaves every list
  // ascending.
  const auto add = [&](int x, int y, size_t j) {
    int32_t& head = head_[static_cast<size_t>(y * cols_ + x)];
    nodes_.push_back(Node{static_cast<uint32_t>(j), head});
    head = static_cast<int32_t>(nodes_.size() - 1);
  };
  for (size_t j = seconds.size(); j-- > 0;) {
    const Rect& r = state.sprite(seconds[j]).rect;
    indexed_rects_[j] = r;
    const CellRange c = Cover(r);
    // Most sprites are one cell, on the grid: one node, without the loops.
    if (c.x0 == c.x1 && c.y0 == c.y1) {
      add(c.x0, c.y0, j);
      continue;
    }
    for (int y = c.y0; y <= c.y1; ++y) {
      for (int x = c.x0; x <= c.x1; ++x) add(x, y, j);
    }
  }
}

void CollisionGrid::Candidates(const Rect& r, std::vector<uint32_t>& out, bool probe_below) const {
  CellRange c = Cover(r);
  if (probe_below) c.y1 = std::min(c.y1 + 1, rows_ - 1);
  CandidatesIn(c, out);
}

void CollisionGrid::CandidatesIn(CellRange c, std::vector<uint32_t>& out) const {
  out.clear();
  // Each cell's list is ascending, so the lists of the few cells a rectangle covers are
  // merged: sorting their concatenation cost k log k a lookup, which thousands of sprites
  // piled on one spot made most of a tick. A sprite in several of the cells is at the head
  // of each of their lists at once, and is taken once.
  constexpr int kMaxMerged = 8;
  std::array<int32_t, kMaxMerged> cursors;
  int lists = 0;
  for (int y = c.y0; y <= c.y1; ++y) {
    for (int x = c.x0; x <= c.x1; ++x) {
      const int32_t head = head_[static_cast<size_t>(y * cols_ + x)];
      if (head < 0) continue;
      if (lists == kMaxMerged) return SortedCandidatesIn(c, out);
      cursors[static_cast<size_t>(lists++)] = head;
    }
  }
  while (lists > 0) {
    size_t least = 0;
    uint32_t index = nodes_[static_cast<size_t>(cursors[0])].index;
    for (size_t i = 1; i < static_cast<size_t>(lists); ++i) {
      const uint32_t other = nodes_[static_cast<size_t>(cursors[i])].index;
      if (other < index) {
        least = i;
        index = other;
      }
    }
    if (out.empty() || out.back() != index) out.push_back(index);
    cursors[least] = nodes_[static_cast<size_t>(cursors[least])].next;
    if (cursors[least] < 0) cursors[least] = cursors[static_cast<size_t>(--lists)];
  }
}

void CollisionGrid::SortedCandidatesIn(CellRange c, std::vector<uint32_t>& out) const {
  out.clear();
  for (int y = c.y0; y <= c.y1; ++y) {
    for (int x = c.x0; x <= c.x1; ++x) {
      for (int32_t e = head_[static_cast<size_t>(y * cols_ + x)]; e >= 0;) {
        const Node& n = nodes_[static_cast<size_t>(e)];
        out.push_back(n.index);
        e = n.next;
      }
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

void CollisionGrid::MarkMoved(const State& state, SpriteRef slot) {
  if (slot >= index_of_slot_.size() || index_of_slot_[slot] < 0) return;
  Reindex(static_cast<uint32_t>(index_of_slot_[slot]), state.sprite(slot).rect);
}

bool CollisionGrid::SameGeometry(const State& state) const {
  return cols_ == state.width_cells() + 2 && rows_ == state.height_cells() + 2 &&
         block_ == std::max(1, state.block_size()) &&
         col_of_px_.size() == static_cast<size_t>(std::max(0, state.screen_width())) + 2 &&
         row_of_px_.size() == static_cast<size_t>(std::max(0, state.screen_height())) + 2;
}

bool CollisionGrid::CatchUp(const State& state, const std::vector<SpriteRef>& sprites) {
  const size_t n = indexed_.size();
  if (sprites.size() < n || !SameGeometry(state)) return false;
  // The indexed list must still lead the list: sprites were created since, none removed.
  if (!std::equal(indexed_.begin(), indexed_.end(), sprites.begin())) return false;
  if (!CatchUpMoves(state)) return false;
  // The created ones come last in the list, so each goes last in its cells.
  for (size_t j = n; j < sprites.size(); ++j) {
    const SpriteRef s = sprites[j];
    const Rect& r = state.sprite(s).rect;
    indexed_.push_back(s);
    indexed_rects_.push_back(r);
    if (slots_indexed_) IndexSlot(s, j);
    Link(static_cast<uint32_t>(j), Cover(r));
  }
  return true;
}

bool CollisionGrid::CatchUpMoves(const State& state) {
  // Unlinked nodes stay in nodes_ until the next build: past this many, build again.
  if (nodes_.size() > 4 * indexed_.size() + 64) return false;
  // Re-indexing a sprite costs about what indexing three does: when many moved (missiles
  // flying), build again. Counted first, so that such a grid costs a comparison a sprite.
  const size_t n = indexed_.size();
  size_t moved = 0;
  for (size_t j = 0; j < n; ++j) {
    moved += static_cast<size_t>(!(state.sprite(indexed_[j]).rect == indexed_rects_[j]));
  }
  if (moved > n / 3) return false;
  for (size_t j = 0; moved > 0 && j < n; ++j) {
    const Rect& now = state.sprite(indexed_[j]).rect;
    if (now == indexed_rects_[j]) continue;
    Reindex(static_cast<uint32_t>(j), now);
    --moved;
  }
  return true;
}

void CollisionGrid::Reindex(uint32_t j, const Rect& now) {
  Rect& indexed = indexed_rects_[j];
  if (now == indexed) return;
  const CellRange from = Cover(indexed);
  const CellRange to = Cover(now);
  indexed = now;
  if (from.x0 == to.x0 && from.y0 == to.y0 && from.x1 == to.x1 && from.y1 == to.y1) return;
  Unlink(j, from);
  Link(j, to);
}

void CollisionGrid::Link(uint32_t j, const CellRange& c) {
  for (int y = c.y0; y <= c.y1; ++y) {
    for (int x = c.x0; x <= c.x1; ++x) {
      int32_t& head = head_[static_cast<size_t>(y * cols_ + x)];
      int32_t before = -1;  // the node after which j goes, -1: at the head
      for (int32_t e = head; e >= 0 && nodes_[static_cast<size_t>(e)].index < j;) {
        before = e;
        e = nodes_[static_cast<size_t>(e)].next;
      }
      const auto node = static_cast<int32_t>(nodes_.size());
      if (before < 0) {
        nodes_.push_back(Node{j, head});
        head = node;
      } else {
        nodes_.push_back(Node{j, nodes_[static_cast<size_t>(before)].next});
        nodes_[static_cast<size_t>(before)].next = node;
      }
    }
  }
}

void CollisionGrid::Unlink(uint32_t j, const CellRange& c) {
  for (int y = c.y0; y <= c.y1; ++y) {
    for (int x = c.x0; x <= c.x1; ++x) {
      int32_t* link = &head_[static_cast<size_t>(y * cols_ + x)];
      while (*link >= 0 && nodes_[static_cast<size_t>(*link)].index != j) {
        link = &nodes_[static_cast<size_t>(*link)].next;
      }
      if (*link >= 0) *link = nodes_[static_cast<size_t>(*link)].next;
    }
  }
}

void CollisionGrid::TrackMoves() {
  if (slots_indexed_) return;
  slots_indexed_ = true;
  for (size_t j = 0; j < indexed_.size(); ++j) IndexSlot(indexed_[j], j);
}

void CollisionGrid::IndexSlot(SpriteRef s, size_t j) {
  if (index_of_slot_.size() <= s) index_of_slot_.resize(static_cast<size_t>(s) + 1, -1);
  index_of_slot_[s] = static_cast<int32_t>(j);
}

void CollisionGrid::Reset() {
  if (slots_indexed_) {
    for (const SpriteRef s : indexed_) index_of_slot_[s] = -1;
    slots_indexed_ = false;
  }
  indexed_.clear();
}

}  // namespace vgdl
