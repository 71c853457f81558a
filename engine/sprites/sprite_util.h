// Pieces of GVGAI's VGDLSprite shared by the sprite families (engine/sprites/) and the avatars
// (engine/avatars/). Internal to the engine.
#pragma once

#include <cstdint>

#include "engine/physics/physics.h"
#include "engine/state.h"
#include "vgdl/geometry.h"

namespace vgdl {

// Whether `t` names a type of the game (class parameters may hold kNoType).
inline bool IsValidType(const State& state, TypeId t) {
  return t >= 0 && t < state.def().type_count();
}

// Whether GVGAI's updatePassive can do anything for sprites of type d, decided once per level
// (State::passive_movement_can_move). It does nothing for static or only_active types, nor on
// the grid for sprites that are not oriented. It also clears the first-tick flag, which only it
// reads: that matters only when a sprite can become oriented later (`may_turn_oriented`,
// FindTypesThatMayTurnOriented), so such a type's sprites go through it from the start.
inline bool PassiveMovementCanMove(const SpriteDef& d, bool may_turn_oriented) {
  if (d.is_static || d.only_active) return false;
  return d.physics != PhysicsType::kGrid || d.is_oriented || may_turn_oriented;
}

// GVGAI's updatePassive: the physics' passive movement, when it can do anything for sprite
// `sp` of type `d`.
inline void UpdatePassive(State& state, Sprite& sp, const SpriteDef& d) {
  if (state.passive_movement_can_move(sp.type)) PassiveMovement(sp, d, state.block_size());
}
void UpdatePassive(State& state, SpriteRef s);

// GVGAI's Utils.choice over Types.DBASEDIRS: one nextInt(4) over [UP, LEFT, DOWN, RIGHT].
int RandomBaseDirIndex(JavaRandom& rng);

// The index of `d` in dir::kBase, or -1.
int BaseDirIndex(Vec2 d);

// GVGAI's lastDirection(): how far the sprite moved since the start of its update.
inline Vec2 LastDirection(const Sprite& s) {
  // GVGAI subtracts getMinX()/getMinY() doubles: no int overflow.
  return {static_cast<double>(s.rect.x) - static_cast<double>(s.lastrect.x),
          static_cast<double>(s.rect.y) - static_cast<double>(s.lastrect.y)};
}

}  // namespace vgdl
