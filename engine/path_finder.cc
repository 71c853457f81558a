#include "engine/path_finder.h"

#include <algorithm>

#include "engine/avatars/avatar.h"
#include "engine/sprites/sprite_util.h"
#include "engine/state.h"

namespace vgdl {

namespace {

// GVGAI's neighbour offsets: [UP, DOWN, LEFT, RIGHT], or [LEFT, RIGHT] for 3-action avatars.
constexpr int kFullDx[] = {0, 0, -1, 1};
constexpr int kFullDy[] = {-1, 1, 0, 0};
constexpr int kHorizontalDx[] = {-1, 1};
constexpr int kHorizontalDy[] = {0, 0};

// Above this many (start, destination) entries the cache is not stored; each lookup then
// searches afresh (same answers, slower). GVGAI's own cache would not fit in memory there.
constexpr int64_t kMaxTableEntries = int64_t{1} << 24;

// A java.util.PriorityQueue<Node> restricted to what the search needs: GVGAI's Node orders by
// estimatedCost + totalCost, which is the path length here (the estimate is always 0).
class JavaHeap {
 public:
  struct Entry {
    int32_t cell = 0;
    int32_t cost = 0;
  };

  bool empty() const { return heap_.empty(); }
  void clear() { heap_.clear(); }

  void Offer(Entry x) {
    size_t k = heap_.size();
    heap_.push_back(x);
    while (k > 0) {
      const size_t parent = (k - 1) >> 1;
      if (x.cost >= heap_[parent].cost) break;
      heap_[k] = heap_[parent];
      k = parent;
    }
    heap_[k] = x;
  }

  Entry Poll() {
    const Entry result = heap_.front();
    const Entry x = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) SiftDown(x);
    return result;
  }

 private:
  void SiftDown(Entry x) {
    const size_t n = heap_.size();
    const size_t half = n >> 1;
    size_t k = 0;
    while (k < half) {
      size_t child = 2 * k + 1;
      Entry c = heap_[child];
      const size_t right = child + 1;
      if (right < n && c.cost > heap_[right].cost) c = heap_[child = right];
      if (x.cost <= c.cost) break;
      heap_[k] = c;
      k = child;
    }
    heap_[k] = x;
  }

  std::vector<Entry> heap_;
};

// Java int arithmetic wraps.
int32_t JavaWrap(int64_t v) {
  return static_cast<int32_t>(static_cast<uint32_t>(v));
}

bool HiddenForPlayer0(const SpriteDef& d) {
  return !d.hidden.empty() && d.hidden[0];
}

// GVGAI's observation grid places a sprite in the cell of its top-left corner and, when it
// straddles cell borders, in the next cells right and down (ForwardModel.addObservationToGrid).
void MarkCovered(const Rect& r, int block, int width, int height, std::vector<bool>& blocked) {
  const int32_t x = r.x / block;
  const int32_t y = r.y / block;
  if (x < 0 || x >= width || y < 0 || y >= height) return;
  const bool x_plus = r.x % block > 0 && x + 1 < width;
  const bool y_plus = r.y % block > 0 && y + 1 < height;
  const auto mark = [&](int32_t cx, int32_t cy) {
    blocked[static_cast<size_t>(cx * height + cy)] = true;
  };
  mark(x, y);
  if (x_plus) mark(x + 1, y);
  if (y_plus) mark(x, y + 1);
  if (x_plus && y_plus) mark(x + 1, y + 1);
}

}  // namespace

std::shared_ptr<const PathFinder> PathFinder::Build(const State& state) {
  const GameDef& def = state.def();
  if (def.obs.empty()) return nullptr;
  const int width = std::max(0, state.width_cells());
  const int height = std::max(0, state.height_cells());
  const int block = state.block_size();
  std::vector<bool> blocked(static_cast<size_t>(width) * static_cast<size_t>(height), false);
  if (block > 0) {
    for (const TypeId t : def.obs) {
      if (!IsValidType(state, t) || HiddenForPlayer0(def.type(t))) continue;
      for (const SpriteRef r : state.sprites_of(t)) {
        MarkCovered(state.sprite(r).rect, block, width, height, blocked);
      }
    }
  }
  bool horizontal_only = false;
  if (state.player_count() > 0 && state.player(0).avatar != kNoSprite) {
    horizontal_only = AvailableActions(state.def_of(state.player(0).avatar).cls).size() == 3;
  }
  return std::make_shared<const PathFinder>(width, height, std::move(blocked), horizontal_only);
}

PathFinder::PathFinder(int width, int height, std::vector<bool> blocked, bool horizontal_only)
    : width_(std::max(0, width)),
      height_(std::max(0, height)),
      horizontal_only_(horizontal_only),
      blocked_(std::move(blocked)) {
  const auto cells = static_cast<size_t>(width_) * static_cast<size_t>(height_);
  blocked_.resize(cells, true);
  row_of_cell_.assign(cells, -1);
  int32_t rows = 0;
  for (size_t i = 0; i < cells; ++i) {
    if (!blocked_[i]) row_of_cell_[i] = rows++;
  }
  if (static_cast<int64_t>(rows) * static_cast<int64_t>(cells) > kMaxTableEntries) return;
  table_.resize(static_cast<size_t>(rows) * cells);
  std::vector<Step> steps;
  for (int32_t x = 0; x < width_; ++x) {
    for (int32_t y = 0; y < height_; ++y) {
      const int32_t row = row_of_cell_[static_cast<size_t>(CellIndex({x, y}))];
      if (row < 0) continue;
      Search({x, y}, steps);
      std::copy(steps.begin(), steps.end(),
                table_.begin() + static_cast<ptrdiff_t>(row) * static_cast<ptrdiff_t>(cells));
    }
  }
}

Cell PathFinder::CellOfPixel(int32_t px, int32_t py, int block) {
  // Game.getPath scales the position by the reciprocal, then Node truncates each coordinate.
  const double scale = 1.0 / static_cast<double>(block);
  return {JavaIntCast(static_cast<double>(px) * scale),
          JavaIntCast(static_cast<double>(py) * scale)};
}

bool PathFinder::blocked(Cell c) const {
  if (c.x < 0 || c.x >= width_ || c.y < 0 || c.y >= height_) return true;
  return blocked_[static_cast<size_t>(CellIndex(c))];
}

bool PathFinder::ResolveKey(Cell from, Cell to, Cell* start, Cell* dest) const {
  if (width_ <= 100 && height_ <= 100) {
    // Within GVGAI's id range every cached key decodes to exactly one (start, destination)
    // pair, so decoding the key of any two cells finds the path GVGAI would find.
    const int32_t from_id = JavaWrap(int64_t{from.x} * 100 + from.y);
    const int32_t to_id = JavaWrap(int64_t{to.x} * 100 + to.y);
    const int32_t key = JavaWrap(int64_t{from_id} * 10000 + to_id);
    if (key < 0) return false;
    const int32_t s = key / 10000;
    const int32_t d = key % 10000;
    *start = {s / 100, s % 100};
    *dest = {d / 100, d % 100};
  } else {
    // Larger grids make GVGAI's ids collide (later searches overwrite earlier paths); cells
    // are used as they are here instead.
    *start = from;
    *dest = to;
  }
  return !blocked(*start) && dest->x >= 0 && dest->x < width_ && dest->y >= 0 && dest->y < height_;
}

void PathFinder::Search(Cell start, std::vector<Step>& steps) const {
  thread_local JavaHeap heap;
  thread_local std::vector<bool> visited;
  const auto cells = static_cast<size_t>(width_) * static_cast<size_t>(height_);
  steps.assign(cells, Step{});
  visited.assign(cells, false);
  heap.clear();
  const int* dx = horizontal_only_ ? kHorizontalDx : kFullDx;
  const int* dy = horizontal_only_ ? kHorizontalDy : kFullDy;
  const int neighbours = horizontal_only_ ? 2 : 4;
  const int32_t start_index = CellIndex(start);
  visited[static_cast<size_t>(start_index)] = true;
  heap.Offer({start_index, 0});
  while (!heap.empty()) {
    const JavaHeap::Entry node = heap.Poll();
    const Cell at{node.cell / height_, node.cell % height_};
    for (int i = 0; i < neighbours; ++i) {
      const Cell next{at.x + dx[i], at.y + dy[i]};
      if (blocked(next)) continue;
      const auto n = static_cast<size_t>(CellIndex(next));
      // A cell keeps the parent that discovered it: GVGAI's relaxation never fires, since its
      // fresh neighbour nodes always carry cost 1.
      if (visited[n]) continue;
      visited[n] = true;
      const auto code = static_cast<uint8_t>(i + 1);
      steps[n].incoming = code;
      steps[n].first =
          node.cell == start_index ? code : steps[static_cast<size_t>(node.cell)].first;
      heap.Offer({static_cast<int32_t>(n), node.cost + 1});
    }
  }
}

const PathFinder::Step* PathFinder::Row(Cell start, std::vector<Step>& scratch) const {
  const int32_t row = row_of_cell_[static_cast<size_t>(CellIndex(start))];
  if (!table_.empty()) {
    const auto cells = static_cast<size_t>(width_) * static_cast<size_t>(height_);
    return table_.data() + static_cast<size_t>(row) * cells;
  }
  Search(start, scratch);
  return scratch.data();
}

std::optional<Vec2> PathFinder::FirstStep(Cell from, Cell to) const {
  Cell start;
  Cell dest;
  if (!ResolveKey(from, to, &start, &dest)) return std::nullopt;
  thread_local std::vector<Step> scratch;
  const uint8_t code = Row(start, scratch)[CellIndex(dest)].first;
  if (code == 0) return std::nullopt;
  const int* dx = horizontal_only_ ? kHorizontalDx : kFullDx;
  const int* dy = horizontal_only_ ? kHorizontalDy : kFullDy;
  return Vec2{static_cast<double>(dx[code - 1]), static_cast<double>(dy[code - 1])};
}

std::vector<Cell> PathFinder::GetPath(Cell from, Cell to) const {
  std::vector<Cell> path;
  Cell start;
  Cell dest;
  if (!ResolveKey(from, to, &start, &dest)) return path;
  std::vector<Step> scratch;
  const Step* row = Row(start, scratch);
  if (row[CellIndex(dest)].first == 0) return path;
  const int* dx = horizontal_only_ ? kHorizontalDx : kFullDx;
  const int* dy = horizontal_only_ ? kHorizontalDy : kFullDy;
  for (Cell c = dest; !(c == start);) {
    path.push_back(c);
    const uint8_t in = row[CellIndex(c)].incoming;
    c = {c.x - dx[in - 1], c.y - dy[in - 1]};
  }
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace vgdl
