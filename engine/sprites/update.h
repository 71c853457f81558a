// The per-tick update of non-avatar sprites (spec §6), one file per sprite family under
// engine/sprites/. The tick loop calls UpdateSprite after PreMovement.
#pragma once

#include "engine/state.h"

namespace vgdl {

void UpdateSprite(State& state, SpriteRef s);

// GVGAI's VGDLSprite.update: passive movement (unless static or only_active) and the
// timeToLive countdown. Shared by the classes that call the base update.
void BaseUpdate(State& state, SpriteRef s);

}  // namespace vgdl
