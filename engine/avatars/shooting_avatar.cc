// FlakAvatar, ShootAvatar, ShootOnlyAvatar and AimedAvatar (spec §7): avatars that spawn
// projectiles with USE.
#include <cmath>

#include "engine/avatars/avatar_families.h"
#include "engine/physics/physics.h"
#include "engine/sprites/sprite_util.h"
#include "vgdl/java_math.h"

namespace vgdl {

namespace {

// ShootAvatar.hasAmmo: weapons without a declared ammo always fire.
bool HasAmmo(const State& state, SpriteRef a, size_t weapon) {
  const SpriteDef& d = state.def_of(a);
  if (d.ammo.empty() || weapon >= d.ammo.size()) return true;
  return state.resource(a, d.ammo[weapon]) > 0;
}

// ShootAvatar.shoot: one cell ahead along the orientation; oriented projectiles fly along it.
void Shoot(State& state, SpriteRef a, size_t weapon) {
  const SpriteDef& d = state.def_of(a);
  if (weapon >= d.stypes.size()) return;
  const Sprite& sp = state.sprite(a);
  const Vec2 dir = JavaNormalise(sp.orientation);
  const int32_t x = JavaIntCast(static_cast<double>(sp.rect.x) + dir.x * sp.lastrect.w);
  const int32_t y = JavaIntCast(static_cast<double>(sp.rect.y) + dir.y * sp.lastrect.h);
  const SpriteRef shot = state.AddSprite(d.stypes[weapon], x, y);
  if (shot == kNoSprite) return;  // e.g. a singleton projectile still flying
  if (state.def_of(shot).is_oriented) state.sprite(shot).orientation = dir;
  if (weapon < d.ammo.size()) state.ModifyResource(a, d.ammo[weapon], -1);
  state.sprite(shot).set(SpriteFlag::kFromAvatar);
}

// FlakAvatar.hasAmmo: above minAmmo when it is set, otherwise positive.
bool FlakHasAmmo(const State& state, SpriteRef a) {
  const SpriteDef& d = state.def_of(a);
  if (d.ammo.empty()) return true;
  const int held = state.resource(a, d.ammo.front());
  return d.min_ammo > -1 ? held > d.min_ammo : held > 0;
}

// FlakAvatar.updateUse: the projectile appears on the avatar itself.
void FlakUse(State& state, SpriteRef a, const AvatarInput& in) {
  if (!in.use || !FlakHasAmmo(state, a)) return;
  const Rect at = state.sprite(a).rect;
  const SpriteRef shot = state.AddSprite(state.def_of(a).stype, at.x, at.y);
  if (shot == kNoSprite) return;
  const SpriteDef& d = state.def_of(a);
  if (!d.ammo.empty()) state.ModifyResource(a, d.ammo.front(), -d.ammo_cost);
  state.sprite(shot).set(SpriteFlag::kFromAvatar);
}

// ShootOnlyAvatar fires weapon i with the i-th action of [LEFT, UP, RIGHT, DOWN, USE].
int ShootOnlyWeapon(const AvatarInput& in) {
  if (in.use) return 4;
  if (in.dir == dir::kLeft) return 0;
  if (in.dir == dir::kUp) return 1;
  if (in.dir == dir::kRight) return 2;
  if (in.dir == dir::kDown) return 3;
  return -1;
}

// AimedAvatar.aim: UP turns the aim by -angle_diff, DOWN by +angle_diff.
void Aim(Sprite& sp, const SpriteDef& d, const AvatarInput& in) {
  double angle = 0.0;
  if (in.dir == dir::kUp) {
    angle = -d.angle_diff;
  } else if (in.dir == dir::kDown) {
    angle = d.angle_diff;
  }
  const Vec2 o = sp.orientation;
  sp.orientation = {o.x * std::cos(angle) - o.y * std::sin(angle),
                    o.x * std::sin(angle) + o.y * std::cos(angle)};
  sp.rotation = JavaAtan2(sp.orientation.y, sp.orientation.x);
}

}  // namespace

void ShootAvatarUse(State& state, SpriteRef a, const AvatarInput& in) {
  if (!in.use) return;
  const size_t weapons = state.def_of(a).stypes.size();
  for (size_t i = 0; i < weapons; ++i) {
    if (!HasAmmo(state, a, i)) continue;
    Shoot(state, a, i);
    return;  // only the first weapon with ammo, even if its spawn is refused
  }
}

MovementType UpdateFlakAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  const MovementType m = MovingAvatarStep(state, a, in.dir);
  if (m == MovementType::kStill) FlakUse(state, a, in);
  return m;
}

MovementType UpdateShootAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  const MovementType m = OrientedAvatarStep(state, a, in.dir);
  if (m == MovementType::kStill) ShootAvatarUse(state, a, in);
  return m;
}

MovementType UpdateShootOnlyAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  // Its movement is replaced by nothing (a passive step in continuous physics).
  if (state.def_of(a).physics != PhysicsType::kGrid) UpdatePassive(state, a);
  const int weapon = ShootOnlyWeapon(in);
  if (weapon >= 0 && static_cast<size_t>(weapon) < state.def_of(a).stypes.size() &&
      HasAmmo(state, a, static_cast<size_t>(weapon))) {
    Shoot(state, a, static_cast<size_t>(weapon));
  }
  return MovementType::kStill;
}

MovementType UpdateAimedAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  const MovementType m = UpdateShootAvatar(state, a, in);
  ShootAvatarUse(state, a, in);  // GVGAI calls updateUse a second time (§15.35)
  const SpriteDef& d = state.def_of(a);
  Aim(state.sprite(a), d, in);
  // Then it pushes along the aim; a stationary avatar in grid physics stays put.
  const double rotation = state.sprite(a).rotation;
  if (in.dir == dir::kUp) {
    ActiveMovement(state, a, {std::cos(rotation), std::sin(rotation)}, state.sprite(a).speed);
  } else if (in.dir == dir::kDown) {
    ActiveMovement(state, a, {std::cos(rotation + M_PI), std::sin(rotation + M_PI)},
                   state.sprite(a).speed);
  }
  return m;
}

}  // namespace vgdl
