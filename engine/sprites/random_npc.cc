// RandomNPC and RandomInertial (spec §6): a random base direction per update, optionally
// repeated `cons` more times.
#include "engine/physics/physics.h"
#include "engine/sprites/families.h"
#include "engine/sprites/sprite_util.h"
#include "engine/sprites/update.h"

namespace vgdl {

Vec2 RandomNpcMove(State& state, Sprite& s, const SpriteDef& d) {
  if (s.counter < d.cons) {
    // The previous move starts as NONE, so a fresh NPC with cons = k stands still for its
    // first k updates (§15.18).
    ++s.counter;
    return s.prev_dir < 0 ? dir::kNone : dir::kBase[s.prev_dir];
  }
  const int i = RandomBaseDirIndex(state.rng());
  s.prev_dir = static_cast<int8_t>(i);
  s.counter = 0;
  return dir::kBase[i];
}

namespace {

void UpdateRandomNpc(State& state, Sprite& sp, const SpriteDef& d) {
  UpdatePassive(state, sp, d);
  const Vec2 move = RandomNpcMove(state, sp, d);
  ActiveMovement(state, sp, d, move, sp.speed);
}

}  // namespace

void UpdateRandomNpc(State& state, SpriteRef s) {
  Sprite& sp = state.sprite(s);
  UpdateRandomNpc(state, sp, state.type_def(sp.type));
}

void UpdateRandomNpcs(State& state, TypeId t) {
  const SpriteDef& d = state.type_def(t);
  ForEachUpdatedSprite(state, t, [&](SpriteRef, Sprite& sp) { UpdateRandomNpc(state, sp, d); });
}

}  // namespace vgdl
