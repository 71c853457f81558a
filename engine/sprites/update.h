// The per-tick update of non-avatar sprites (spec §6), one file per sprite family under
// engine/sprites/. The tick loop calls UpdateSprite after PreMovement.
#pragma once

#include "engine/state.h"

namespace vgdl {

void UpdateSprite(State& state, SpriteRef s);

// GVGAI's VGDLSprite.update: passive movement (unless static or only_active) and the
// timeToLive countdown. Shared by the classes that call the base update.
void BaseUpdate(State& state, SpriteRef s);

// Whether UpdateSprite does nothing for sprites of this type: a class that only runs the base
// update, with neither passive movement nor a timeToLive. The tick loop then only does the
// PreMovement bookkeeping.
bool UpdateIsBookkeepingOnly(const SpriteDef& d);

}  // namespace vgdl
