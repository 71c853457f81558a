#include "engine/group_stamp.h"

namespace vgdl {

void GroupStamp::Take(const State& state, TypeId group) {
  group_ = group;
  versions_.clear();
  for (TypeId t : state.type_def(group).subtypes) versions_.push_back(state.type_version(t));
  lists_version_ = state.lists_version();
}

bool GroupStamp::MatchesByType(const State& state, TypeId group) {
  if (group != group_) return false;
  const auto& subtypes = state.type_def(group).subtypes;
  if (versions_.size() != subtypes.size()) return false;
  for (size_t i = 0; i < subtypes.size(); ++i) {
    if (versions_[i] != state.type_version(subtypes[i])) return false;
  }
  // Other types changed, not these: the next question about this lists version is answered
  // at once.
  lists_version_ = state.lists_version();
  return true;
}

}  // namespace vgdl
