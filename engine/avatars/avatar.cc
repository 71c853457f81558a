#include "engine/avatars/avatar.h"

#include "engine/avatars/avatar_families.h"

namespace vgdl {

namespace {

using enum Action;

// GVGAI's per-class action lists (each class's postProcess, §7.2).
constexpr Action kMovingActions[] = {kLeft, kRight, kDown, kUp};
constexpr Action kHorizontalActions[] = {kLeft, kRight};
constexpr Action kVerticalActions[] = {kUp, kDown};
constexpr Action kNullActions[] = {kNil};
constexpr Action kFlakActions[] = {kUse, kLeft, kRight};
constexpr Action kShootActions[] = {kUse, kLeft, kRight, kDown, kUp};
constexpr Action kShootOnlyActions[] = {kLeft, kUp, kRight, kDown, kUse};
constexpr Action kAimedActions[] = {kUse, kDown, kUp};
constexpr Action kBirdActions[] = {kUse};
constexpr Action kPlatformerActions[] = {kLeft, kRight, kUse};
constexpr Action kWizardActions[] = {kLeft, kRight, kUse, kUp};

}  // namespace

AvatarInput ReadInput(Action action) {
  AvatarInput in;
  in.action = action;
  switch (action) {
    case kUp:
      in.dir = dir::kUp;
      break;
    case kDown:
      in.dir = dir::kDown;
      break;
    case kLeft:
      in.dir = dir::kLeft;
      break;
    case kRight:
      in.dir = dir::kRight;
      break;
    case kUse:
      in.use = true;
      break;
    case kNil:
    case kEscape:
      break;
  }
  return in;
}

std::span<const Action> AvailableActions(SpriteClass avatar_class) {
  switch (avatar_class) {
    case SpriteClass::kMovingAvatar:
    case SpriteClass::kOrientedAvatar:
    case SpriteClass::kOngoingAvatar:
    case SpriteClass::kOngoingTurningAvatar:
    case SpriteClass::kMissileAvatar:
    case SpriteClass::kLanderAvatar:
    case SpriteClass::kCarAvatar:
      return kMovingActions;
    case SpriteClass::kHorizontalAvatar:
      return kHorizontalActions;
    case SpriteClass::kVerticalAvatar:
      return kVerticalActions;
    case SpriteClass::kNullAvatar:
      return kNullActions;
    case SpriteClass::kFlakAvatar:
      return kFlakActions;
    case SpriteClass::kShootAvatar:
    case SpriteClass::kOngoingShootAvatar:
    case SpriteClass::kSpaceshipAvatar:
      return kShootActions;
    case SpriteClass::kShootOnlyAvatar:
      return kShootOnlyActions;
    case SpriteClass::kAimedAvatar:
      return kAimedActions;
    case SpriteClass::kBirdAvatar:
      return kBirdActions;
    case SpriteClass::kPlatformerAvatar:
      return kPlatformerActions;
    case SpriteClass::kWizardAvatar:
      return kWizardActions;
    default:
      return {};  // not an avatar
  }
}

namespace {

MovementType StepAvatar(State& state, SpriteRef a, const AvatarInput& in) {
  switch (state.def_of(a).cls) {
    case SpriteClass::kMovingAvatar:
    case SpriteClass::kHorizontalAvatar:
    case SpriteClass::kVerticalAvatar:
    case SpriteClass::kNullAvatar:
      return UpdateMovingAvatar(state, a, in);
    case SpriteClass::kOrientedAvatar:
      return UpdateOrientedAvatar(state, a, in);
    case SpriteClass::kMissileAvatar:
      return UpdateMissileAvatar(state, a, in);
    case SpriteClass::kFlakAvatar:
      return UpdateFlakAvatar(state, a, in);
    case SpriteClass::kShootAvatar:
      return UpdateShootAvatar(state, a, in);
    case SpriteClass::kShootOnlyAvatar:
      return UpdateShootOnlyAvatar(state, a, in);
    case SpriteClass::kAimedAvatar:
      return UpdateAimedAvatar(state, a, in);
    case SpriteClass::kOngoingAvatar:
      return UpdateOngoingAvatar(state, a, in);
    case SpriteClass::kOngoingShootAvatar:
      return UpdateOngoingShootAvatar(state, a, in);
    case SpriteClass::kOngoingTurningAvatar:
      return UpdateOngoingTurningAvatar(state, a, in);
    case SpriteClass::kSpaceshipAvatar:
      return UpdateSpaceshipAvatar(state, a, in);
    case SpriteClass::kLanderAvatar:
      return UpdateLanderAvatar(state, a, in);
    case SpriteClass::kCarAvatar:
      return UpdateCarAvatar(state, a, in);
    case SpriteClass::kBirdAvatar:
      return UpdateBirdAvatar(state, a, in);
    case SpriteClass::kPlatformerAvatar:
      return UpdatePlatformerAvatar(state, a, in);
    case SpriteClass::kWizardAvatar:
      return UpdateWizardAvatar(state, a, in);
    default:
      return MovementType::kStill;  // a player whose sprite is not an avatar class
  }
}

}  // namespace

void UpdateAvatar(State& state, int player, Action action) {
  if (player < 0 || player >= state.player_count()) return;
  const SpriteRef a = state.player(player).avatar;
  if (a == kNoSprite) return;
  const MovementType m = StepAvatar(state, a, ReadInput(action));
  state.player(player).last_movement = m;
}

}  // namespace vgdl
