// Whether the sprite lists of a type group (its iSubTypes) are still those seen at some
// earlier moment, possibly in another copy of the state: what GroupLists, the cached collision
// grids of static and of moving sprites ask before reusing what they built from those lists.
#pragma once

#include <cstdint>

#include "engine/state.h"

namespace vgdl {

class GroupStamp {
 public:
  // Records `group`'s lists as they are in `state` now.
  void Take(const State& state, TypeId group) {
    group_ = group;
    version_ = state.group_version(group);
  }
  // Whether `state`'s lists of `group` are the ones recorded by the last Take. Group versions
  // are unique in the process, so equal versions mean equal lists, whichever copy of the state
  // made them.
  bool Matches(const State& state, TypeId group) const {
    return group == group_ && version_ == state.group_version(group);
  }

 private:
  TypeId group_ = kNoType;
  uint64_t version_ = 0;  // the State::group_version of group_ at the last Take
};

}  // namespace vgdl
