#include "agents/common/action_list.h"

#include "engine/observation.h"

namespace vgdl {

ActionList ActionList::Of(const State& state, bool with_nil) {
  ActionList list;
  for (Action a : AvailableActions(state, /*player=*/0, with_nil)) {
    if (list.size_ == kMaxSearchActions) break;
    list.actions_[static_cast<size_t>(list.size_++)] = a;
  }
  return list;
}

int ActionList::IndexOf(Action a) const {
  for (int i = 0; i < size_; ++i) {
    if (actions_[static_cast<size_t>(i)] == a) return i;
  }
  return -1;
}

}  // namespace vgdl
