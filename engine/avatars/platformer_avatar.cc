// PlatformerAvatar and WizardAvatar (spec §7): side-view avatars that run and jump. Their
// on-ground flag is set by the collision pass (groundIntersects) and cleared every tick here.
#include "engine/avatars/avatar_families.h"
#include "engine/physics/physics.h"
#include "engine/sprites/sprite_util.h"

namespace vgdl {

namespace {

// Their applyMovement: drift, then a horizontal push, faster on the ground and slower in the
// air.
MovementType RunStep(State& state, SpriteRef a, Vec2 dir) {
  const SpriteDef& d = state.def_of(a);
  if (d.physics != PhysicsType::kGrid) UpdatePassive(state, a);
  if (dir.x == 0.0 && dir.y == 0.0) return MovementType::kStill;
  const bool on_ground = state.sprite(a).has(SpriteFlag::kOnGround);
  const Vec2 push = on_ground ? Vec2{dir.x * d.ground_speedup_factor, dir.y}
                              : Vec2{dir.x / d.air_slowdown_factor, dir.y};
  return ActiveMovement(state, a, push, state.sprite(a).speed);
}

// USE on the ground: an upward impulse plus an immediate 5-pixel lift past the cooldown.
void Jump(State& state, SpriteRef a, const AvatarInput& in) {
  Sprite& sp = state.sprite(a);
  if (!in.use || !sp.has(SpriteFlag::kOnGround)) return;
  const SpriteDef& d = state.def_of(a);
  sp.orientation = {sp.orientation.x, 0.0};
  ActiveMovement(state, a, {0.0, -d.jump_strength}, sp.speed);
  sp.lastmove = d.cooldown;
  UpdatePos(sp, d, dir::kUp, 5);
}

// WizardAvatar's UP, at most every 5 ticks: a downward push and its `stype` sprites 1.2 cells
// ahead.
void CastBlocks(State& state, SpriteRef a) {
  if (state.sprite(a).counter + 5 > state.tick()) return;
  ActiveMovement(state, a, dir::kDown, -1.0);
  const SpriteDef& d = state.def_of(a);
  const double facing_x = state.sprite(a).facing == -1 ? -1.0 : 1.0;
  for (const TypeId t : d.stypes) {
    const Sprite& sp = state.sprite(a);  // AddSprite may move the pool
    const int32_t x = JavaIntCast(static_cast<double>(sp.rect.x) + facing_x * sp.lastrect.w * 1.2);
    state.AddSprite(t, x, sp.rect.y);
  }
  state.sprite(a).counter = state.tick();
}

}  // namespace

MovementType UpdatePlatformerAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  const MovementType m = RunStep(state, a, in.dir);
  Jump(state, a, in);
  state.sprite(a).set(SpriteFlag::kOnGround, false);
  return m;
}

MovementType UpdateWizardAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  const MovementType m = RunStep(state, a, in.dir);
  Jump(state, a, in);
  if (in.dir == dir::kUp) CastBlocks(state, a);
  if (in.dir == dir::kLeft) state.sprite(a).facing = -1;
  if (in.dir == dir::kRight) state.sprite(a).facing = 1;
  state.sprite(a).set(SpriteFlag::kOnGround, false);
  return m;
}

}  // namespace vgdl
