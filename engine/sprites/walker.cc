// Walker and WalkerJumper (spec §6): platform walkers of continuous-physics games. Their
// on-ground flag is set by the collision pass (groundIntersects) and cleared here.
#include "engine/physics/physics.h"
#include "engine/sprites/families.h"
#include "engine/sprites/sprite_util.h"

namespace vgdl {

void UpdateWalker(State& state, SpriteRef s) {
  UpdatePassive(state, s);
  const SpriteDef& d = state.def_of(s);
  Sprite& sp = state.sprite(s);
  // It steers when allowed in the air or when it did not move sideways (blocked, or landed).
  if (d.airsteering || LastDirection(sp).x == 0.0) {
    double heading = 0.0;
    if (sp.orientation.x > 0.0) {
      heading = 1.0;
    } else if (sp.orientation.x < 0.0) {
      heading = -1.0;
    } else {
      constexpr double kChoices[] = {-1.0, 1.0};
      heading = kChoices[state.rng().NextInt(2)];
    }
    sp.orientation = Vec2{heading, 0.0};
    ActiveMovement(state, s, sp.orientation, d.max_speed);
  }
  sp.speed = d.max_speed;
  sp.set(SpriteFlag::kOnGround, false);
}

void UpdateWalkerJumper(State& state, SpriteRef s) {
  UpdatePassive(state, s);
  const SpriteDef& d = state.def_of(s);
  Sprite& sp = state.sprite(s);
  // GVGAI rolls Math.random() here, outside the seeded stream (§15.23, FIX): the game's
  // generator draws instead, and only while on the ground, as GVGAI's && short-circuits.
  if (sp.has(SpriteFlag::kOnGround) && d.probability > state.rng().NextDouble()) {
    sp.orientation = Vec2{sp.orientation.x, 0.0};
    ActiveMovement(state, s, Vec2{0.0, -d.jump_strength}, sp.speed);
    sp.lastmove = d.cooldown;  // forces the 5-pixel lift below past the cooldown
    UpdatePos(sp, d, dir::kUp, 5);
  } else {
    ActiveMovement(state, s, sp.orientation, sp.speed);
  }
  sp.set(SpriteFlag::kOnGround, false);
}

}  // namespace vgdl
