// GVGAI's movement primitives (spec §3.2, §3.3, §5): grid physics in whole pixels per move
// with a cooldown gate, and continuous physics with velocity held as orientation * speed.
#pragma once

#include "engine/state.h"

namespace vgdl {

// Called right before a sprite's update: lastrect := rect, lastmove += 1.
inline void PreMovement(Sprite& s) {
  s.lastrect = s.rect;
  s.lastmove += 1;
}

// GVGAI's _updatePos: moves by (int)(dir * step) pixels per axis if the cooldown allows.
// step == 0 means (int)speed. Returns whether the sprite moved.
bool UpdatePos(Sprite& s, const SpriteDef& d, Vec2 dir, int step);

// The sprite's own movement in `dir` (avatars, NPCs, some effects). speed == 0 uses the
// sprite's speed. Dispatches on the sprite's physics type.
MovementType ActiveMovement(State& state, SpriteRef s, Vec2 dir, double speed = 0.0);

// The per-tick movement of oriented sprites (missiles, ...). Skips the sprite's very first
// call, as GVGAI does for every sprite.
void PassiveMovement(State& state, SpriteRef s);

// Physics distance between top-left corners: Manhattan on the grid, Euclidean otherwise.
double PhysicsDistance(const SpriteDef& d, const Rect& a, const Rect& b);

}  // namespace vgdl
