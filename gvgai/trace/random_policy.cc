#include "gvgai/trace/random_policy.h"

#include "engine/avatars/avatar.h"

namespace vgdl::trace {

Action RandomAction(const State& state, SplitMix64& rng, bool with_nil) {
  if (state.player_count() == 0) return Action::kNil;
  const SpriteRef avatar = state.player(0).avatar;
  if (avatar == kNoSprite || state.sprite(avatar).disabled()) return Action::kNil;
  const auto actions = AvailableActions(state.def_of(avatar).cls);
  const auto choices = static_cast<uint32_t>(actions.size() + (with_nil ? 1 : 0));
  if (choices == 0) return Action::kNil;
  const uint32_t pick = rng.Below(choices);
  return pick < actions.size() ? actions[pick] : Action::kNil;
}

}  // namespace vgdl::trace
