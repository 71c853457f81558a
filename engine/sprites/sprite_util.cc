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

bool JavaRectContains(const Rect& outer, const Rect& inner) {
  // Rectangle.contains rejects negative sizes and treats an empty inner rectangle as outside
  // (its right or bottom edge does not pass its left or top one). Sizes are small, so the
  // overflow branches of the Java code never apply.
  if ((outer.w | outer.h | inner.w | inner.h) < 0) return false;
  if (inner.x < outer.x || inner.y < outer.y) return false;
  if (inner.w <= 0 || inner.h <= 0) return false;
  if (outer.w <= 0 || outer.h <= 0) return false;
  return inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;
}

}  // namespace vgdl
