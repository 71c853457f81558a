// Whether the sprite lists of a type group (its iSubTypes) are still those seen at some
// earlier moment, possibly in another copy of the state: what GroupLists, the cached collision
// grids and the fresh grid ask before reusing what they built from those lists.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/state.h"

namespace vgdl {

class GroupStamp {
 public:
  // Records `group`'s lists as they are in `state` now.
  void Take(const State& state, TypeId group);
  // Whether `state`'s lists of `group` are the ones recorded by the last Take.
  bool Matches(const State& state, TypeId group) {
    // Equal lists versions mean equal lists of every type: no per-type comparison needed.
    if (group == group_ && lists_version_ == state.lists_version()) return true;
    return MatchesByType(state, group);
  }

 private:
  bool MatchesByType(const State& state, TypeId group);

  TypeId group_ = kNoType;
  std::vector<uint64_t> versions_;  // of the group's subtypes, in subtype order
  uint64_t lists_version_ = 0;      // a State::lists_version at which versions_ held
};

}  // namespace vgdl
