// Avatars (spec §7), one file per avatar family under engine/avatars/.
#pragma once

#include <span>

#include "engine/state.h"

namespace vgdl {

// The actions an avatar class offers, in GVGAI's order (§7.2). Agents break ties in this order.
std::span<const Action> AvailableActions(SpriteClass avatar_class);

// The avatar step at the start of the tick for `player` (GVGAI's updateAvatar), after
// PreMovement. `action` has already been validated by the caller where GVGAI validates it.
void UpdateAvatar(State& state, int player, Action action);

}  // namespace vgdl
