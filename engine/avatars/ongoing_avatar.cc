// OngoingAvatar, OngoingShootAvatar and OngoingTurningAvatar (spec §7): avatars that keep
// moving along their orientation; input only steers.
#include "engine/avatars/avatar_families.h"
#include "engine/sprites/sprite_util.h"

namespace vgdl {

MovementType UpdateOngoingAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  // A pressed direction turns it at once (no rotate-in-place); then it drifts on.
  if (!(in.dir == dir::kNone)) TurnTo(state, a, in.dir);
  UpdatePassive(state, a);
  return MovementType::kMove;
}

MovementType UpdateOngoingShootAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  const bool steering = !(in.dir == dir::kNone);
  if (steering) TurnTo(state, a, in.dir);
  UpdatePassive(state, a);
  if (!steering) ShootAvatarUse(state, a, in);
  return MovementType::kMove;
}

MovementType UpdateOngoingTurningAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  // Only turns across the current heading are accepted (no reversing).
  const Vec2 o = state.sprite(a).orientation;
  if (!(in.dir == dir::kNone) && in.dir.x * o.x + in.dir.y * o.y == 0.0) TurnTo(state, a, in.dir);
  UpdatePassive(state, a);
  const Sprite& sp = state.sprite(a);
  if (!sp.rect.intersects(sp.lastrect)) {
    // It leaves a trail in the cell it left: `spawnBehind`, which defaults to type 0
    // (GVGAI's "wall", §15.22).
    const Rect left = sp.lastrect;
    state.AddSprite(state.def_of(a).spawn_behind, left.x, left.y);
  }
  return MovementType::kMove;
}

}  // namespace vgdl
