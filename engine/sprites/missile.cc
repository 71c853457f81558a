// RandomMissile (spec §6). Missile and ErraticMissile are plain BaseUpdate sprites: their
// passive movement along the orientation is all they do.
#include "engine/sprites/families.h"
#include "engine/sprites/sprite_util.h"

namespace vgdl {

void UpdateRandomMissile(State& state, SpriteRef s) {
  // The type's default orientation is NIL (-1,-1); the first update draws a real one.
  Sprite& sp = state.sprite(s);
  if (sp.orientation == dir::kNil) sp.orientation = dir::kBase[RandomBaseDirIndex(state.rng())];
  // No timeToLive: RandomMissile replaces the base update.
  UpdatePassive(state, s);
}

}  // namespace vgdl
