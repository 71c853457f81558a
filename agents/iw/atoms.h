// Which features of a state count as atoms in IW's novelty tests: the options of Soemers
// (2016) §3.3.2, "State Representation".
//
// Geffner & Geffner (2015) use avatar(cell, orientation, atype) and at(cell, stype) (AtomSpace,
// agents/common/atoms.h, numbers them; MCTS's novelty-based pruning shares it). §3.3.2 names
// the features they left out to keep novelty tests cheap, "the amount of ammo that a character
// has" among them; these options put them back, or take parts out:
//   at           at(cell, stype) for every observed non-avatar sprite (default on);
//   orientation  the avatar's orientation in its atom; off: avatar(cell, atype) (default on);
//   resources    resource(rtype, amount) for each resource the avatar holds, amount > 0,
//                amounts from kResourceLevels - 1 up sharing one atom (default off);
//   score        score(v), v = floor(score - the search root's score) clamped to
//                [-kScoreRange, kScoreRange - 1] (default off).
// With the defaults the atoms are AtomSpace's, in its order, so `iw1` tests exactly what it
// tested before the options existed.
//
// Numbering: AtomSpace's at(...) and avatar(...) atoms, then resource atoms, then score atoms.
// The avatar's atoms (avatar(...) and resource(...)) are one contiguous range: IW(3/2) pairs
// every atom with them (width.h).
#pragma once

#include <cstddef>
#include <cstdint>

#include "agents/common/atoms.h"
#include "engine/state.h"

namespace vgdl {

struct IwAtomOptions {
  bool at = true;
  bool orientation = true;
  bool resources = false;
  bool score = false;
};

class IwAtoms {
 public:
  static constexpr int kResourceLevels = 32;
  static constexpr int kScoreRange = 64;

  explicit IwAtoms(const IwAtomOptions& options = {}) : options_(options) {}

  // Sizes the atoms for the level of `root`, whose score the score atoms are relative to.
  void Reset(const State& root);
  // Whether Reset found another number of atoms than the one before.
  bool shape_changed() const { return space_.shape_changed(); }

  size_t size() const { return score_base_ + (options_.score ? 2 * kScoreRange : 0); }
  // Whether `atom` describes the avatar (avatar(...) or resource(...)).
  bool IsAvatarAtom(size_t atom) const {
    return atom >= space_.avatar_base() && atom < score_base_;
  }
  // How many atoms describe the avatar.
  size_t avatar_atoms() const { return score_base_ - space_.avatar_base(); }
  const IwAtomOptions& options() const { return options_; }

  // Calls `f(size_t atom)` for every atom true in `state` (an at(...) atom repeats when two
  // sprites of a type share a cell).
  template <typename F>
  void ForEachAtom(const State& state, F&& f) const;

 private:
  size_t AvatarAtom(const State& state) const;
  template <typename F>
  void ForEachResourceAtom(const State& state, F&& f) const;
  size_t ScoreAtom(const State& state) const;

  IwAtomOptions options_;
  AtomSpace space_;
  size_t resource_base_ = 0;
  size_t score_base_ = 0;
  double root_score_ = 0.0;
};

template <typename F>
void IwAtoms::ForEachResourceAtom(const State& state, F&& f) const {
  const SpriteRef avatar = state.player(0).avatar;
  if (avatar == kNoSprite) return;
  for (const ResourceRecord& r : state.resources()) {
    if (r.owner != avatar || r.amount <= 0 || r.type < 0 || r.type >= space_.types()) continue;
    const auto level =
        static_cast<size_t>(r.amount < kResourceLevels ? r.amount : kResourceLevels - 1);
    f(resource_base_ + static_cast<size_t>(r.type) * kResourceLevels + level);
  }
}

template <typename F>
void IwAtoms::ForEachAtom(const State& state, F&& f) const {
  if (options_.at) {
    for (TypeId t = 0; t < space_.types(); ++t) {
      if (space_.Observed(t)) space_.ForEachAtomOfType(state, t, f);
    }
  }
  const size_t avatar = AvatarAtom(state);
  if (avatar != AtomSpace::kNoAtom) f(avatar);
  if (options_.resources) ForEachResourceAtom(state, f);
  if (options_.score) f(ScoreAtom(state));
}

}  // namespace vgdl
