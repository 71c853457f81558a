// The avatar step of each avatar family (spec §7), one file per family; UpdateAvatar
// (avatar.cc) dispatches to them. Each returns GVGAI's lastMovementType. Internal to
// engine/avatars/.
#pragma once

#include "engine/state.h"

namespace vgdl {

// The input of one tick as GVGAI's key mask reads it: a movement direction (NONE for NIL,
// USE and ESCAPE) and whether USE is pressed.
struct AvatarInput {
  Vec2 dir = dir::kNone;
  bool use = false;
  Action action = Action::kNil;
};
AvatarInput ReadInput(Action action);

// moving_avatar.cc: MovingAvatar and the helpers its subclasses reuse.
// MovingAvatar.updateAvatar with the default applyMovement: a passive step first unless on
// the grid, then the active move in `dir`.
MovementType MovingAvatarStep(State& state, SpriteRef a, Vec2 dir);
// OrientedAvatar: after a grid move the orientation follows the displacement.
MovementType OrientedAvatarStep(State& state, SpriteRef a, Vec2 dir);
// GVGAI's _updateOrientation: only oriented sprites turn.
bool TurnTo(State& state, SpriteRef a, Vec2 dir);
// Vector2d.normalise: the zero vector becomes (0, 0).
Vec2 JavaNormalise(Vec2 v);
MovementType UpdateMovingAvatar(State& state, SpriteRef a, const AvatarInput& in);
MovementType UpdateOrientedAvatar(State& state, SpriteRef a, const AvatarInput& in);
MovementType UpdateMissileAvatar(State& state, SpriteRef a, const AvatarInput& in);

// shooting_avatar.cc
// ShootAvatar.updateUse: with USE pressed, the first weapon that has ammo fires.
void ShootAvatarUse(State& state, SpriteRef a, const AvatarInput& in);
MovementType UpdateFlakAvatar(State& state, SpriteRef a, const AvatarInput& in);
MovementType UpdateShootAvatar(State& state, SpriteRef a, const AvatarInput& in);
MovementType UpdateShootOnlyAvatar(State& state, SpriteRef a, const AvatarInput& in);
MovementType UpdateAimedAvatar(State& state, SpriteRef a, const AvatarInput& in);

// ongoing_avatar.cc
MovementType UpdateOngoingAvatar(State& state, SpriteRef a, const AvatarInput& in);
MovementType UpdateOngoingShootAvatar(State& state, SpriteRef a, const AvatarInput& in);
MovementType UpdateOngoingTurningAvatar(State& state, SpriteRef a, const AvatarInput& in);

// vehicle_avatar.cc
MovementType UpdateSpaceshipAvatar(State& state, SpriteRef a, const AvatarInput& in);
MovementType UpdateLanderAvatar(State& state, SpriteRef a, const AvatarInput& in);
MovementType UpdateCarAvatar(State& state, SpriteRef a, const AvatarInput& in);
MovementType UpdateBirdAvatar(State& state, SpriteRef a, const AvatarInput& in);

// platformer_avatar.cc
MovementType UpdatePlatformerAvatar(State& state, SpriteRef a, const AvatarInput& in);
MovementType UpdateWizardAvatar(State& state, SpriteRef a, const AvatarInput& in);

}  // namespace vgdl
