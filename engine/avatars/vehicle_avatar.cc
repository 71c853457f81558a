// SpaceshipAvatar, LanderAvatar, CarAvatar and BirdAvatar (spec §7): continuous-physics
// avatars steered by a rotation angle or by impulses.
#include <cmath>

#include "engine/avatars/avatar_families.h"
#include "engine/physics/physics.h"
#include "engine/sprites/sprite_util.h"
#include "vgdl/java_math.h"

namespace vgdl {

namespace {

// Their applyMovement only drifts (continuous physics); the keys act afterwards.
MovementType Drift(State& state, SpriteRef a) {
  if (state.def_of(a).physics != PhysicsType::kGrid) UpdatePassive(state, a);
  return MovementType::kStill;
}

// LEFT turns the rotation by -angle_diff, RIGHT by +angle_diff.
void Steer(State& state, SpriteRef a, const AvatarInput& in) {
  Sprite& sp = state.sprite(a);
  const double angle_diff = state.def_of(a).angle_diff;
  if (in.dir == dir::kLeft) {
    sp.rotation -= angle_diff;
  } else if (in.dir == dir::kRight) {
    sp.rotation += angle_diff;
  }
}

Vec2 Heading(double rotation) {
  return {std::cos(rotation), std::sin(rotation)};
}

// UP thrusts along the rotation; DOWN (where allowed) against it.
void Thrust(State& state, SpriteRef a, const AvatarInput& in, bool reverse_allowed) {
  const double rotation = state.sprite(a).rotation;
  if (in.dir == dir::kUp) {
    ActiveMovement(state, a, Heading(rotation), state.sprite(a).speed);
  } else if (reverse_allowed && in.dir == dir::kDown) {
    ActiveMovement(state, a, Heading(rotation + M_PI), state.sprite(a).speed);
  }
}

// SpaceshipAvatar.shoot: one size ahead along the rotation, flying along it.
void SpaceshipShoot(State& state, SpriteRef a, const AvatarInput& in) {
  if (!in.use) return;
  const SpriteDef& d = state.def_of(a);
  for (size_t i = 0; i < d.stypes.size(); ++i) {
    if (i < d.ammo.size() && state.resource(a, d.ammo[i]) <= 0) continue;
    const Sprite& sp = state.sprite(a);
    const Vec2 heading = Heading(sp.rotation);
    const int32_t x = JavaIntCast(static_cast<double>(sp.rect.x) + heading.x * sp.lastrect.w);
    const int32_t y = JavaIntCast(static_cast<double>(sp.rect.y) + heading.y * sp.lastrect.h);
    const SpriteRef shot = state.AddSprite(d.stypes[i], x, y);
    if (shot == kNoSprite) return;
    if (state.def_of(shot).is_oriented) state.sprite(shot).orientation = heading;
    if (i < d.ammo.size()) state.ModifyResource(a, d.ammo[i], -1);
    state.sprite(shot).set(SpriteFlag::kFromAvatar);
    return;
  }
}

}  // namespace

MovementType UpdateSpaceshipAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  const MovementType m = Drift(state, a);
  // ShootAvatar's use after a still step, then SpaceshipAvatar's own: two shots (§15.35).
  SpaceshipShoot(state, a, in);
  SpaceshipShoot(state, a, in);
  Steer(state, a, in);
  Thrust(state, a, in, /*reverse_allowed=*/true);
  return m;
}

MovementType UpdateLanderAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  const MovementType m = Drift(state, a);
  Steer(state, a, in);
  Thrust(state, a, in, /*reverse_allowed=*/false);
  return m;
}

MovementType UpdateCarAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  const MovementType m = Drift(state, a);
  Steer(state, a, in);
  // UP selects the forward gear, DOWN the reverse one; the car always pushes with force 5.
  Sprite& sp = state.sprite(a);
  if (in.dir == dir::kUp) {
    sp.facing = 0;
  } else if (in.dir == dir::kDown) {
    sp.facing = 1;
  }
  const double facing = sp.facing == 1 ? 1.0 : 0.0;
  ActiveMovement(state, a, Heading(sp.rotation + facing * M_PI), 5.0);
  return m;
}

MovementType UpdateBirdAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  const MovementType m = OrientedAvatarStep(state, a, in.dir);
  Sprite& sp = state.sprite(a);
  // A bird that has lost its forward drift is pushed right again.
  const Vec2 push = std::abs(sp.orientation.x) < 0.5 ? dir::kRight : Vec2{0.0, 0.0};
  if (in.use) {
    sp.orientation = {sp.orientation.x, 0.0};
    ActiveMovement(state, a, {0.0, -state.def_of(a).jump_strength}, sp.speed);
  }
  ActiveMovement(state, a, push, state.sprite(a).speed);
  sp.rotation = JavaAtan2(sp.orientation.y, sp.orientation.x);
  return m;
}

}  // namespace vgdl
