#include "engine/sprites/sprite_util.h"

#include "engine/physics/physics.h"

namespace vgdl {

void UpdatePassive(State& state, SpriteRef s) {
  Sprite& sp = state.sprite(s);
  UpdatePassive(state, sp, state.type_def(sp.type));
}

int RandomBaseDirIndex(JavaRandom& rng) {
  return rng.NextInt(4);
}

int BaseDirIndex(Vec2 d) {
  for (int i = 0; i < 4; ++i) {
    if (dir::kBase[i] == d) return i;
  }
  return -1;
}

}  // namespace vgdl
