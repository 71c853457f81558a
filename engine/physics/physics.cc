#include "engine/physics/physics.h"

#include <cmath>

namespace vgdl {

namespace {

MovementType GridActiveMovement(State& state, Sprite& s, const SpriteDef& d, Vec2 dir,
                                double speed) {
  if (d.stationary) return MovementType::kStill;
  if (speed == 0.0) speed = s.speed <= 0.0 ? 1.0 : s.speed;
  if (speed == 0.0 || dir == dir::kNone) return MovementType::kStill;
  if (TurnsInPlace(d) && !(s.orientation == dir)) {
    s.orientation = dir;
    return MovementType::kRotate;
  }
  const int step = JavaIntCast(speed * state.block_size());
  return UpdatePos(s, d, dir, step) ? MovementType::kMove : MovementType::kStill;
}

MovementType ContinuousActiveMovement(Sprite& s, const SpriteDef& d, Vec2 dir, double speed) {
  if (speed == 0.0 || speed == -1.0) speed = s.speed;
  // GVGAI divides the pushed direction by the mass cast to float.
  const double mass = static_cast<double>(static_cast<float>(d.mass));
  // One length for the speed and the direction. engine/CMakeLists.txt keeps GCC from
  // vectorising this file: it packed `dir` through the stack here, and the packed load waited
  // for both stores (jumper's avatar, every tick).
  const Vec2 velocity = Vec2{dir.x / mass, dir.y / mass} + s.orientation * speed;
  const double len = velocity.length();
  s.speed = d.max_speed != -1.0 && len > d.max_speed ? d.max_speed : len;
  s.orientation = len != 0.0 ? Vec2{velocity.x / len, velocity.y / len} : dir::kNone;
  return dir == dir::kNone ? MovementType::kStill : MovementType::kMove;
}

}  // namespace

MovementType MoveActively(State& state, Sprite& s, const SpriteDef& d, Vec2 dir, double speed) {
  if (d.physics == PhysicsType::kGrid) return GridActiveMovement(state, s, d, dir, speed);
  return ContinuousActiveMovement(s, d, dir, speed);
}

MovementType ActiveMovement(State& state, SpriteRef ref, Vec2 dir, double speed) {
  Sprite& s = state.sprite(ref);
  return ActiveMovement(state, s, state.type_def(s.type), dir, speed);
}

void ContinuousPassiveMovement(Sprite& s, const SpriteDef& d) {
  if (s.speed != 0.0) {
    UpdatePos(s, d, s.orientation, JavaIntCast(s.speed));
    if (s.gravity > 0.0 && d.mass > 0.0 && !s.has(SpriteFlag::kOnGround)) {
      ContinuousActiveMovement(s, d, Vec2{0.0, s.gravity * d.mass}, 0.0);
    }
    s.speed *= (1.0 - d.friction);
  }
}

void PassiveMovement(State& state, SpriteRef ref) {
  Sprite& s = state.sprite(ref);
  PassiveMovement(s, state.type_def(s.type), state.block_size());
}

}  // namespace vgdl
