#include "engine/collision_grid.h"

#include <algorithm>

namespace vgdl {

namespace {

// Effects whose only geometric change is to s1 (or none at all). Effects missing here (undoAll,
// wallBounce, wallReverse, pullWithIt, ...) move other sprites and take the exhaustive path.
bool MovesAtMostFirstSprite(EffectKind kind) {
  switch (kind) {
    case EffectKind::kStepBack:
    case EffectKind::kKillSprite:
    case EffectKind::kKillBoth:
    case EffectKind::kKillAll:
    case EffectKind::kKillIfHasMore:
    case EffectKind::kKillIfHasLess:
    case EffectKind::kKillIfOtherHasMore:
    case EffectKind::kKillIfFromAbove:
    case EffectKind::kKillIfFrontal:
    case EffectKind::kKillIfNotFrontal:
    case EffectKind::kKillIfAlive:
    case EffectKind::kTransformTo:
    case EffectKind::kTransformToAll:
    case EffectKind::kCollectResource:
    case EffectKind::kChangeResource:
    case EffectKind::kAddHealthPoints:
    case EffectKind::kAddHealthPointsToMax:
    case EffectKind::kSubtractHealthPoints:
    case EffectKind::kReverseDirection:
    case EffectKind::kTurnAround:
    case EffectKind::kBounceForward:
    case EffectKind::kTeleportToExit:
    case EffectKind::kSpawn:
    case EffectKind::kCloneSprite:
      return true;
    default:
      return false;
  }
}

int FloorDiv(int32_t a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

}  // namespace

bool CanUseCollisionGrid(const State& state, const InteractionPair& pair, EffectKind kind) {
  if (!MovesAtMostFirstSprite(kind)) return false;
  const auto& firsts = state.type_def(pair.first).subtypes;
  for (TypeId t : state.type_def(pair.second).subtypes) {
    if (std::find(firsts.begin(), firsts.end(), t) != firsts.end()) return false;
  }
  return true;
}

CollisionGrid::CellRange CollisionGrid::Cover(const Rect& r) const {
  // Cell k of the level is column k + 1; everything off-screen piles into the border ring.
  const auto clamp_col = [this](int c) { return std::clamp(c + 1, 0, cols_ - 1); };
  const auto clamp_row = [this](int c) { return std::clamp(c + 1, 0, rows_ - 1); };
  const int w = std::max(r.w, 1);
  const int h = std::max(r.h, 1);
  return CellRange{clamp_col(FloorDiv(r.x, block_)), clamp_row(FloorDiv(r.y, block_)),
                   clamp_col(FloorDiv(r.x + w - 1, block_)),
                   clamp_row(FloorDiv(r.y + h - 1, block_))};
}

void CollisionGrid::Build(const State& state, const std::vector<SpriteRef>& seconds) {
  block_ = std::max(1, state.block_size());
  cols_ = state.width_cells() + 2;
  rows_ = state.height_cells() + 2;
  cell_start_.assign(static_cast<size_t>(cols_ * rows_) + 1, 0);
  // Counting sort of (cell, index) pairs: count, prefix-sum, then fill in index order so
  // that each cell's list stays ascending.
  for (const SpriteRef s : seconds) {
    const CellRange c = Cover(state.sprite(s).rect);
    for (int y = c.y0; y <= c.y1; ++y) {
      for (int x = c.x0; x <= c.x1; ++x) ++cell_start_[static_cast<size_t>(y * cols_ + x) + 1];
    }
  }
  for (size_t i = 1; i < cell_start_.size(); ++i) cell_start_[i] += cell_start_[i - 1];
  entries_.resize(cell_start_.back());
  fill_.assign(cell_start_.begin(), cell_start_.end() - 1);
  for (uint32_t j = 0; j < seconds.size(); ++j) {
    const CellRange c = Cover(state.sprite(seconds[j]).rect);
    for (int y = c.y0; y <= c.y1; ++y) {
      for (int x = c.x0; x <= c.x1; ++x) entries_[fill_[static_cast<size_t>(y * cols_ + x)]++] = j;
    }
  }
}

void CollisionGrid::Candidates(const Rect& r, std::vector<uint32_t>& out) const {
  out.clear();
  CellRange c = Cover(r);
  c.y1 = std::min(c.y1 + 1, rows_ - 1);  // groundIntersects looks 3 pixels below
  for (int y = c.y0; y <= c.y1; ++y) {
    for (int x = c.x0; x <= c.x1; ++x) {
      const auto cell = static_cast<size_t>(y * cols_ + x);
      out.insert(out.end(), entries_.begin() + cell_start_[cell],
                 entries_.begin() + cell_start_[cell + 1]);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

}  // namespace vgdl
