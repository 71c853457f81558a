// The boolean atoms of a game state that novelty tests count, as Geffner & Geffner (2015)
// define them for GVGAI and Soemers (2016) uses them, in §3.3.2 for IW(1) and in §4.1.3 for
// novelty-based pruning in MCTS:
//   avatar(cell, orientation, atype)  the avatar is in `cell`, facing `orientation`, of type
//                                     `atype`;
//   at(cell, stype)                   a sprite of type `stype` is in `cell`.
// A sprite's cell is the grid cell of its top-left corner (GVGAI's observation grid). Only
// what agents may observe counts: sprites hidden from the player are left out (spec §11.5).
// Orientations are the four grid directions plus one bucket for anything else.
//
// Atoms are numbered densely, at(...) first, so that users can keep them in bit tables
// (IW(1)) or sorted lists of ids (novelty-based pruning):
//   at(cell, t)          = cell * types + t
//   avatar(cell, o, t)   = cells * types + (cell * 5 + o) * types + t
// One helper for both, so that the two searches cannot disagree on what a state's atoms are.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/state.h"

namespace vgdl {

class AtomSpace {
 public:
  static constexpr int kOrientations = 5;  // up, left, down, right, other

  // Sizes the space for the game and level of `state` (its cells, block size and types).
  void Reset(const State& state);

  // Whether Reset found a level of another shape than the one before (then tables sized for
  // the old space must be resized).
  bool shape_changed() const { return shape_changed_; }
  // The number of possible atoms.
  size_t size() const { return avatar_base_ * (1 + kOrientations); }
  // The first avatar(...) atom: every at(...) atom is below it.
  size_t avatar_base() const { return avatar_base_; }

  // Calls `f(size_t atom)` for every atom true in `state`: one at(...) per observed sprite
  // inside the level (so an atom repeats when two sprites of a type share a cell), then the
  // avatar's. Sprites and avatars outside the level have no atom.
  template <typename F>
  void ForEachAtom(const State& state, F&& f) const;

  // The parts of ForEachAtom, for users that compare states type by type.
  int types() const { return types_; }
  bool Observed(TypeId t) const { return observed_[static_cast<size_t>(t)] != 0; }
  template <typename F>
  void ForEachAtomOfType(const State& state, TypeId t, F&& f) const;
  static constexpr size_t kNoAtom = SIZE_MAX;
  size_t AvatarAtom(const State& state) const;  // kNoAtom when there is none
  // The cell of a top-left corner, or -1 outside the level.
  int64_t CellOf(int32_t x, int32_t y) const {
    const int64_t cx = BlockOf(x);
    const int64_t cy = BlockOf(y);
    if (cx < 0 || cy < 0 || cx >= width_ || cy >= height_) return -1;
    return cy * width_ + cx;
  }

 private:
  static int OrientationBucket(Vec2 o);
  // floor(v / block) by a multiplication (a division per sprite was most of the cost of an
  // enumeration), corrected to the exact quotient.
  int64_t BlockOf(int32_t v) const {
    auto q = static_cast<int64_t>(std::floor(static_cast<double>(v) * inverse_block_));
    if (q * block_ > v) --q;
    if ((q + 1) * block_ <= v) ++q;
    return q;
  }

  int width_ = 0;
  int height_ = 0;
  int block_ = 1;
  double inverse_block_ = 1.0;
  int types_ = 0;
  bool shape_changed_ = true;
  size_t avatar_base_ = 0;         // first avatar(...) atom
  std::vector<uint8_t> observed_;  // per type: counted in at(...) atoms
};

template <typename F>
void AtomSpace::ForEachAtomOfType(const State& state, TypeId t, F&& f) const {
  const auto types = static_cast<size_t>(types_);
  for (SpriteRef s : state.sprites_of(t)) {
    const Rect& r = state.sprite(s).rect;
    const int64_t cell = CellOf(r.x, r.y);
    if (cell >= 0) f(static_cast<size_t>(cell) * types + static_cast<size_t>(t));
  }
}

template <typename F>
void AtomSpace::ForEachAtom(const State& state, F&& f) const {
  for (TypeId t = 0; t < types_; ++t) {
    if (Observed(t)) ForEachAtomOfType(state, t, f);
  }
  const size_t avatar = AvatarAtom(state);
  if (avatar != kNoAtom) f(avatar);
}

}  // namespace vgdl
