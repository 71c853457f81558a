#include "agents/common/grid_distance.h"

#include <algorithm>
#include <cstdlib>
#include <functional>

#include "engine/observation.h"

namespace vgdl {

namespace {

constexpr int32_t kWallColour = -1;
constexpr int32_t kUncoloured = -2;

// Moves the stamps of a search on; when the counter wraps, every old stamp is cleared so that
// none can look current.
uint32_t NextStamp(uint32_t stamp, std::vector<uint32_t>& a, std::vector<uint32_t>* b = nullptr) {
  if (++stamp != 0) return stamp;
  std::fill(a.begin(), a.end(), 0);
  if (b != nullptr) std::fill(b->begin(), b->end(), 0);
  return 1;
}

}  // namespace

void GridDistance::Init(const State& state) {
  width_ = state.width_cells();
  height_ = state.height_cells();
  block_ = state.block_size() > 0 ? state.block_size() : 1;
  wall_type_ = state.def().FindType("wall");
  const auto cells = static_cast<size_t>(width_) * static_cast<size_t>(height_);
  colour_.assign(cells, kUncoloured);
  seen_stamp_.assign(cells, 0);
  closed_stamp_.assign(cells, 0);
  g_.assign(cells, 0);
  target_stamp_.assign(cells, 0);
  search_ = 0;
  target_search_ = 0;
  expansions_ = 0;
  // Every search pushes its start and at most 4 neighbours per closed cell, so no container
  // of the open set can outgrow 4 * cells + 1 entries.
  const size_t open_room = 4 * cells + 1;
  same_f_stack_.reserve(open_room);
  for (auto& s : f_stacks_) s.reserve(open_room);
  heap_.reserve(open_room);
  targets_.reserve(cells);
  flood_.reserve(cells);
  Colour(state);
}

void GridDistance::Colour(const State& state) {
  const auto walls =
      wall_type_ != kNoType ? state.sprites_of(wall_type_) : std::span<const SpriteRef>{};
  // Whether a sprite is hidden is a property of its type: the first answers for all.
  if (walls.empty() || !IsHiddenFrom(state, walls.front())) {
    for (SpriteRef s : walls) {
      const Rect& r = state.sprite(s).rect;
      const int32_t cell = CellAt(r.x, r.y);
      if (cell != kNoCell) colour_[static_cast<size_t>(cell)] = kWallColour;
    }
  }
  int32_t next_colour = 0;
  for (int32_t start = 0; start < width_ * height_; ++start) {
    if (colour_[static_cast<size_t>(start)] != kUncoloured) continue;
    // Flood fill over the 4-connected non-wall cells reachable from `start`.
    flood_.clear();
    flood_.push_back(start);
    colour_[static_cast<size_t>(start)] = next_colour;
    while (!flood_.empty()) {
      const int32_t cell = flood_.back();
      flood_.pop_back();
      const int32_t x = cell % width_;
      const int32_t y = cell / width_;
      const int32_t neighbours[4] = {
          x > 0 ? cell - 1 : kNoCell, x + 1 < width_ ? cell + 1 : kNoCell,
          y > 0 ? cell - width_ : kNoCell, y + 1 < height_ ? cell + width_ : kNoCell};
      for (int32_t n : neighbours) {
        if (n == kNoCell || colour_[static_cast<size_t>(n)] != kUncoloured) continue;
        colour_[static_cast<size_t>(n)] = next_colour;
        flood_.push_back(n);
      }
    }
    ++next_colour;
  }
}

int32_t GridDistance::AvatarCell(const State& state) const {
  if (!HasAvatar(state)) return kNoCell;
  const Rect& r = state.sprite(state.player(0).avatar).rect;
  return CellAt(r.x, r.y);
}

bool GridDistance::Connected(int32_t a, int32_t b) const {
  if (a == kNoCell || b == kNoCell) return false;
  const int32_t ca = colour_[static_cast<size_t>(a)];
  return ca != kWallColour && ca == colour_[static_cast<size_t>(b)];
}

int GridDistance::Manhattan(int32_t a, int32_t b, int width) {
  return std::abs(a % width - b % width) + std::abs(a / width - b / width);
}

void GridDistance::ClearOpen() {
  same_f_stack_.clear();
  for (auto& s : f_stacks_) s.clear();
  heap_.clear();
}

void GridDistance::Push(int32_t cell, int f, int parent_f) {
  // A neighbour's f is never below its parent's (consistent heuristic), and the parent has
  // the least f of the open set, so an equal f goes first, ahead of everything else.
  if (f == parent_f) {
    same_f_stack_.push_back(cell);
    return;
  }
  const int i = f - min_f_;
  if (i >= 1 && i <= kStacks) {
    f_stacks_[i - 1].push_back(cell);
    return;
  }
  heap_.push_back({f, cell});
  std::push_heap(heap_.begin(), heap_.end(), LaterInHeap);
}

bool GridDistance::Pop(int32_t* cell, int* f) {
  // Every cell on the same-f stack has the f of the cell that was taken last from the
  // stacks or the heap (it was empty then, and only equal f values are pushed onto it), so
  // `*f` stays as it is.
  if (!same_f_stack_.empty()) {
    *cell = same_f_stack_.back();
    same_f_stack_.pop_back();
    return true;
  }
  for (int i = 0; i < kStacks; ++i) {
    if (f_stacks_[i].empty()) continue;
    *cell = f_stacks_[i].back();
    f_stacks_[i].pop_back();
    *f = min_f_ + i + 1;
    return true;
  }
  if (heap_.empty()) return false;
  std::pop_heap(heap_.begin(), heap_.end(), LaterInHeap);
  *cell = heap_.back().cell;
  *f = heap_.back().f;
  heap_.pop_back();
  return true;
}

int GridDistance::Distance(int32_t from, int32_t to, int bound) {
  if (!Connected(from, to)) return unreachable();  // lines 2-4
  search_ = NextStamp(search_, seen_stamp_, &closed_stamp_);
  goal_ = to;
  min_f_ = Manhattan(from, to, width_);
  ClearOpen();
  same_f_stack_.push_back(from);
  seen_stamp_[static_cast<size_t>(from)] = search_;
  g_[static_cast<size_t>(from)] = 0;
  int f = min_f_;  // the f of the cell taken last
  int32_t cell = kNoCell;
  while (Pop(&cell, &f)) {
    const auto c = static_cast<size_t>(cell);
    if (closed_stamp_[c] == search_) continue;  // an older, longer entry of a closed cell
    ++expansions_;
    if (cell == goal_) return f;  // lines 12-14
    if (f >= bound) return f;     // lines 15-17
    closed_stamp_[c] = search_;   // line 18
    const int32_t g = g_[c] + 1;
    const int32_t x = cell % width_;
    const int32_t y = cell / width_;
    const int32_t neighbours[4] = {x > 0 ? cell - 1 : kNoCell, x + 1 < width_ ? cell + 1 : kNoCell,
                                   y > 0 ? cell - width_ : kNoCell,
                                   y + 1 < height_ ? cell + width_ : kNoCell};
    for (int32_t n : neighbours) {  // lines 19-25
      if (n == kNoCell) continue;
      const auto nc = static_cast<size_t>(n);
      if (colour_[nc] == kWallColour || closed_stamp_[nc] == search_) continue;
      // A cell already open with a path as short needs no second entry.
      if (seen_stamp_[nc] == search_ && g_[nc] <= g) continue;
      seen_stamp_[nc] = search_;
      g_[nc] = g;
      Push(n, g + Manhattan(n, goal_, width_), f);
    }
  }
  return unreachable();
}

int GridDistance::ClosestDistance(int32_t from, std::vector<int32_t>& targets) {
  int best = unreachable();  // Alg. 4.3, line 3
  if (from == kNoCell) return best;
  const int width = width_;
  std::sort(targets.begin(), targets.end(), [from, width](int32_t a, int32_t b) {
    return Manhattan(from, a, width) < Manhattan(from, b, width);
  });
  for (int32_t target : targets) best = std::min(best, Distance(from, target, best));
  return best;
}

int GridDistance::ClosestOfType(const State& state, int32_t from, TypeId type) {
  target_search_ = NextStamp(target_search_, target_stamp_);
  targets_.clear();
  const auto sprites = state.sprites_of(type);
  // Whether a sprite is hidden is a property of its type: the first answers for all.
  if (!sprites.empty() && IsHiddenFrom(state, sprites.front()))
    return ClosestDistance(from, targets_);
  for (SpriteRef s : sprites) {
    const Rect& r = state.sprite(s).rect;
    const int32_t cell = CellAt(r.x, r.y);
    if (cell == kNoCell || target_stamp_[static_cast<size_t>(cell)] == target_search_) continue;
    target_stamp_[static_cast<size_t>(cell)] = target_search_;
    targets_.push_back(cell);
  }
  return ClosestDistance(from, targets_);
}

}  // namespace vgdl
