// GVGAI's movement primitives (spec §3.2, §3.3, §5): grid physics in whole pixels per move
// with a cooldown gate, and continuous physics with velocity held as orientation * speed.
#pragma once

#include <cmath>

#include "engine/state.h"

namespace vgdl {

// Called right before a sprite's update: lastrect := rect, lastmove += 1.
inline void PreMovement(Sprite& s) {
  s.lastrect = s.rect;
  s.lastmove += 1;
}

// GVGAI's _updatePos: moves by (int)(dir * step) pixels per axis if the cooldown allows.
// step == 0 means (int)speed. Returns whether the sprite moved. Inline: every missile moves
// through it on every tick.
inline bool UpdatePos(Sprite& s, const SpriteDef& d, Vec2 dir, int step) {
  if (step == 0) step = JavaIntCast(s.speed);
  if (step == 0) return false;
  if (d.cooldown > s.lastmove || (dir.x == 0.0 && dir.y == 0.0)) return false;
  s.rect.translate(JavaIntCast(dir.x * step), JavaIntCast(dir.y * step));
  s.lastmove = 0;
  return true;
}

// The sprite's own movement in `dir` (avatars, NPCs, some effects). speed == 0 uses the
// sprite's speed. Dispatches on the sprite's physics type.
MovementType ActiveMovement(State& state, SpriteRef s, Vec2 dir, double speed = 0.0);
// The same for sprite `s` of type `d`, which the caller has at hand.
MovementType MoveActively(State& state, Sprite& s, const SpriteDef& d, Vec2 dir, double speed);
// Whether a grid movement of type d's sprites turns them toward a new direction instead of
// moving (GVGAI's rotateInPlace; _updateOrientation turns only oriented sprites).
inline bool TurnsInPlace(const SpriteDef& d) {
  return d.rotate_in_place && d.is_oriented;
}
// Whether an active grid movement of s would be stopped by its cooldown, with nothing changed
// on the way: every path of a grid movement on cooldown ends still and changes nothing, except
// a turn in place.
inline bool WaitsOnGridCooldown(const Sprite& s, const SpriteDef& d) {
  return d.physics == PhysicsType::kGrid && d.cooldown > s.lastmove && !TurnsInPlace(d);
}
// MoveActively, with the NPCs that wait most ticks (zombies, cooldown=6) decided inline.
inline MovementType ActiveMovement(State& state, Sprite& s, const SpriteDef& d, Vec2 dir,
                                   double speed) {
  if (WaitsOnGridCooldown(s, d)) return MovementType::kStill;
  return MoveActively(state, s, d, dir, speed);
}

// The per-tick movement of oriented sprites (missiles, ...). Skips the sprite's very first
// call, as GVGAI does for every sprite.
void PassiveMovement(State& state, SpriteRef s);
// The continuous-physics part of PassiveMovement, after the first call.
void ContinuousPassiveMovement(Sprite& s, const SpriteDef& d);
// The same for a sprite whose type `d` the caller has at hand (the per-type update loops).
// Inline for grid physics: missiles by the dozen move through it on every tick.
inline void PassiveMovement(Sprite& s, const SpriteDef& d, int block_size) {
  if (s.has(SpriteFlag::kFirstTick)) {
    s.set(SpriteFlag::kFirstTick, false);
    return;
  }
  if (d.physics != PhysicsType::kGrid) {
    ContinuousPassiveMovement(s, d);
    return;
  }
  const double speed = s.speed == -1.0 ? 1.0 : s.speed;
  if (speed != 0.0 && IsOriented(s, d)) {
    UpdatePos(s, d, s.orientation, JavaIntCast(speed * block_size));
  }
}

// Physics distance between top-left corners: Manhattan on the grid, Euclidean otherwise.
// GVGAI subtracts getMinX()/getMinY() doubles: no int overflow. Inline: chasers measure it
// five times per target per update.
inline double PhysicsDistance(const SpriteDef& d, const Rect& a, const Rect& b) {
  const double dx = static_cast<double>(a.x) - static_cast<double>(b.x);
  const double dy = static_cast<double>(a.y) - static_cast<double>(b.y);
  if (d.physics == PhysicsType::kGrid) return std::abs(dx) + std::abs(dy);
  return std::sqrt(dx * dx + dy * dy);
}

}  // namespace vgdl
