#include "agents/common/atoms.h"

#include <cstdint>

#include "engine/observation.h"

namespace vgdl {

namespace {

// Hidden from player 0 (a shorter per-player list repeats its first element, §11.3).
bool PerPlayerHidden(const SpriteDef& d) {
  return !d.hidden.empty() && d.hidden.front();
}

}  // namespace

void AtomSpace::Reset(const State& state) {
  const int types = state.def().type_count();
  const int block = state.block_size() > 0 ? state.block_size() : 1;
  shape_changed_ = width_ != state.width_cells() || height_ != state.height_cells() ||
                   block_ != block || types_ != types;
  width_ = state.width_cells();
  height_ = state.height_cells();
  block_ = block;
  inverse_block_ = 1.0 / block;
  types_ = types;
  const auto cells = static_cast<size_t>(width_) * static_cast<size_t>(height_);
  avatar_base_ = cells * static_cast<size_t>(types_);
  observed_.assign(static_cast<size_t>(types_), 0);
  for (TypeId t = 0; t < types_; ++t) {
    const SpriteDef& d = state.type_def(t);
    observed_[static_cast<size_t>(t)] = !d.is_avatar && !PerPlayerHidden(d) ? 1 : 0;
  }
}

int AtomSpace::OrientationBucket(Vec2 o) {
  for (int i = 0; i < 4; ++i) {
    if (o == dir::kBase[i]) return i;
  }
  return 4;
}

size_t AtomSpace::AvatarAtom(const State& state) const {
  if (!HasAvatar(state)) return kNoAtom;
  const Sprite& a = state.sprite(state.player(0).avatar);
  const int64_t cell = CellOf(a.rect.x, a.rect.y);
  if (cell < 0 || a.type < 0 || a.type >= types_) return kNoAtom;
  const auto types = static_cast<size_t>(types_);
  const auto o = static_cast<size_t>(OrientationBucket(a.orientation));
  return avatar_base_ + (static_cast<size_t>(cell) * kOrientations + o) * types +
         static_cast<size_t>(a.type);
}

}  // namespace vgdl
