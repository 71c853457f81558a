// The actions a search considers, in a fixed-size buffer (no allocation per node).
#pragma once

#include <array>
#include <cstdint>

#include "engine/state.h"

namespace vgdl {

// GVGAI avatars offer at most five actions (USE and the four moves); ACTION_NIL makes six.
inline constexpr int kMaxSearchActions = 6;

class ActionList {
 public:
  ActionList() = default;

  // The avatar's actions in GVGAI's order (getAvailableActions), plus ACTION_NIL at the end
  // when `with_nil` (getAvailableActions(true)). Empty when the game is over or there is no
  // avatar. Lists longer than kMaxSearchActions are cut (no GVGAI avatar has one).
  static ActionList Of(const State& state, bool with_nil);

  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Action operator[](int i) const { return actions_[static_cast<size_t>(i)]; }
  const Action* begin() const { return actions_.data(); }
  const Action* end() const { return actions_.data() + size_; }
  // The index of `a`, or -1.
  int IndexOf(Action a) const;

 private:
  std::array<Action, kMaxSearchActions> actions_{};
  int size_ = 0;
};

}  // namespace vgdl
