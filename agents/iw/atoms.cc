#include "agents/iw/atoms.h"

#include <algorithm>
#include <cmath>

namespace vgdl {

void IwAtoms::Reset(const State& root) {
  space_.Reset(root);
  resource_base_ = space_.size();
  const size_t resource_atoms =
      options_.resources ? static_cast<size_t>(space_.types()) * kResourceLevels : 0;
  score_base_ = resource_base_ + resource_atoms;
  root_score_ = root.player_count() > 0 ? root.player(0).score : 0.0;
}

size_t IwAtoms::AvatarAtom(const State& state) const {
  const size_t atom = space_.AvatarAtom(state);
  if (atom == AtomSpace::kNoAtom || options_.orientation) return atom;
  // avatar(cell, o, t) = base + (cell * kOrientations + o) * types + t: o set to 0.
  const auto types = static_cast<size_t>(space_.types());
  const size_t relative = atom - space_.avatar_base();
  const size_t cell = relative / types / AtomSpace::kOrientations;
  return space_.avatar_base() + cell * AtomSpace::kOrientations * types + relative % types;
}

size_t IwAtoms::ScoreAtom(const State& state) const {
  const double score = state.player_count() > 0 ? state.player(0).score : 0.0;
  const double delta = std::floor(score - root_score_);
  const double clamped =
      std::clamp(delta, static_cast<double>(-kScoreRange), static_cast<double>(kScoreRange - 1));
  return score_base_ + static_cast<size_t>(clamped + kScoreRange);
}

}  // namespace vgdl
