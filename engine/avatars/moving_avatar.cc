// MovingAvatar, HorizontalAvatar, VerticalAvatar, NullAvatar, OrientedAvatar and
// MissileAvatar (spec §7): the avatars that only move.
#include <cmath>

#include "engine/avatars/avatar_families.h"
#include "engine/physics/physics.h"
#include "engine/sprites/sprite_util.h"

namespace vgdl {

Vec2 JavaNormalise(Vec2 v) {
  const double mag = std::sqrt(v.x * v.x + v.y * v.y);
  if (mag == 0.0) return {0.0, 0.0};
  return {v.x / mag, v.y / mag};
}

bool TurnTo(State& state, SpriteRef a, Vec2 dir) {
  Sprite& sp = state.sprite(a);
  if (!IsOriented(sp, state.def_of(a))) return false;
  if (sp.orientation == dir) return false;
  sp.orientation = dir;
  return true;
}

MovementType MovingAvatarStep(State& state, SpriteRef a, Vec2 dir) {
  if (state.def_of(a).physics != PhysicsType::kGrid) UpdatePassive(state, a);
  return ActiveMovement(state, a, dir, state.sprite(a).speed);
}

MovementType OrientedAvatarStep(State& state, SpriteRef a, Vec2 dir) {
  const MovementType m = MovingAvatarStep(state, a, dir);
  if (m == MovementType::kMove && state.def_of(a).physics == PhysicsType::kGrid) {
    Sprite& sp = state.sprite(a);
    sp.orientation = JavaNormalise(LastDirection(sp));
  }
  return m;
}

MovementType UpdateMovingAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  return MovingAvatarStep(state, a, in.dir);
}

MovementType UpdateOrientedAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  return OrientedAvatarStep(state, a, in.dir);
}

MovementType UpdateMissileAvatar(State& state, SpriteRef a, const AvatarInput& /*in*/) {
  // The input is read and ignored; GVGAI's MissileAvatar never sets its movement type.
  UpdatePassive(state, a);
  return MovementType::kStill;
}

}  // namespace vgdl
