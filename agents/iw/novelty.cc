#include "agents/iw/novelty.h"

#include "engine/observation.h"

namespace vgdl {

namespace {

int OrientationBucket(Vec2 o) {
  for (int i = 0; i < 4; ++i) {
    if (o == dir::kBase[i]) return i;
  }
  return 4;
}

// Hidden from player 0 (a shorter per-player list repeats its first element, §11.3).
bool PerPlayerHidden(const SpriteDef& d) {
  return !d.hidden.empty() && d.hidden.front();
}

int64_t FloorDiv(int32_t a, int32_t b) {
  const int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

}  // namespace

void NoveltyTable::Reset(const State& state) {
  const int types = state.def().type_count();
  const bool same_shape = width_ == state.width_cells() && height_ == state.height_cells() &&
                          block_ == state.block_size() && types_ == types;
  if (!same_shape) {
    width_ = state.width_cells();
    height_ = state.height_cells();
    block_ = state.block_size() > 0 ? state.block_size() : 1;
    types_ = types;
    const auto cells = static_cast<size_t>(width_) * static_cast<size_t>(height_);
    avatar_base_ = cells * static_cast<size_t>(types_);
    const size_t total = avatar_base_ * (1 + kOrientations);
    bits_.assign((total + 63) / 64, 0);
    touched_.clear();
  } else {
    for (uint32_t w : touched_) bits_[w] = 0;
    touched_.clear();
  }
  observed_.assign(static_cast<size_t>(types_), 0);
  for (TypeId t = 0; t < types_; ++t) {
    const SpriteDef& d = state.type_def(t);
    observed_[static_cast<size_t>(t)] = !d.is_avatar && !PerPlayerHidden(d) ? 1 : 0;
  }
  atoms_ = 0;
}

bool NoveltyTable::Mark(size_t atom) {
  const size_t word = atom >> 6;
  const uint64_t bit = uint64_t{1} << (atom & 63);
  uint64_t& w = bits_[word];
  if ((w & bit) != 0) return false;
  if (w == 0) touched_.push_back(static_cast<uint32_t>(word));
  w |= bit;
  ++atoms_;
  return true;
}

int64_t NoveltyTable::CellOf(int32_t x, int32_t y) const {
  const int64_t cx = FloorDiv(x, block_);
  const int64_t cy = FloorDiv(y, block_);
  if (cx < 0 || cy < 0 || cx >= width_ || cy >= height_) return -1;
  return cy * width_ + cx;
}

bool NoveltyTable::TestAndMemorize(const State& state) {
  bool novel = false;
  const auto types = static_cast<size_t>(types_);
  for (TypeId t = 0; t < types_; ++t) {
    if (observed_[static_cast<size_t>(t)] == 0) continue;
    for (SpriteRef s : state.sprites_of(t)) {
      const Rect& r = state.sprite(s).rect;
      const int64_t cell = CellOf(r.x, r.y);
      if (cell < 0) continue;
      novel |= Mark(static_cast<size_t>(cell) * types + static_cast<size_t>(t));
    }
  }
  if (HasAvatar(state)) {
    const Sprite& a = state.sprite(state.player(0).avatar);
    const int64_t cell = CellOf(a.rect.x, a.rect.y);
    if (cell >= 0 && a.type >= 0 && a.type < types_) {
      const auto o = static_cast<size_t>(OrientationBucket(a.orientation));
      const size_t index =
          (static_cast<size_t>(cell) * kOrientations + o) * types + static_cast<size_t>(a.type);
      novel |= Mark(avatar_base_ + index);
    }
  }
  return novel;
}

}  // namespace vgdl
