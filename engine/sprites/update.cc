#include "engine/sprites/update.h"

#include "engine/sprites/families.h"
#include "engine/sprites/sprite_util.h"

namespace vgdl {

namespace {

bool RunsOnlyBaseUpdate(SpriteClass c) {
  switch (c) {
    case SpriteClass::kImmovable:
    case SpriteClass::kDoor:
    case SpriteClass::kConveyor:
    case SpriteClass::kPassive:
    case SpriteClass::kResource:
    case SpriteClass::kResourcePack:
    case SpriteClass::kSpriteProducer:
    case SpriteClass::kPortal:
    case SpriteClass::kMissile:
    case SpriteClass::kErraticMissile:
      return true;
    default:
      return false;
  }
}

}  // namespace

bool UpdateIsBookkeepingOnly(const SpriteDef& d) {
  return RunsOnlyBaseUpdate(d.cls) && !PassiveMovementCanMove(d) && d.time_to_live <= -1;
}

void UpdateSpritesOfType(State& state, TypeId t) {
  const SpriteDef& d = state.type_def(t);
  if (RunsOnlyBaseUpdate(d.cls)) {
    ForEachUpdatedSprite(state, t, [&](SpriteRef s, Sprite& sp) { BaseUpdate(state, s, sp, d); });
    return;
  }
  switch (d.cls) {
    case SpriteClass::kFlicker:
    case SpriteClass::kOrientedFlicker:
      UpdateFlickers(state, t);
      return;
    case SpriteClass::kSpawnPoint:
    case SpriteClass::kBomber:
      UpdateSpawnPoints(state, t);
      return;
    case SpriteClass::kChaser:
    case SpriteClass::kFleeing:
    case SpriteClass::kLOSChaser:
      UpdateChasers(state, t);
      return;
    case SpriteClass::kRandomNPC:
    case SpriteClass::kRandomInertial:
      UpdateRandomNpcs(state, t);
      return;
    default:
      ForEachUpdatedSprite(state, t, [&](SpriteRef s, Sprite&) { UpdateSprite(state, s); });
      return;
  }
}

void UpdateSprite(State& state, SpriteRef s) {
  const SpriteClass cls = state.def_of(s).cls;
  if (RunsOnlyBaseUpdate(cls)) {
    BaseUpdate(state, s);
    return;
  }
  switch (cls) {
    case SpriteClass::kFlicker:
    case SpriteClass::kOrientedFlicker:
      UpdateFlicker(state, s);
      return;
    case SpriteClass::kSpreader:
      UpdateSpreader(state, s);
      return;
    case SpriteClass::kRandomMissile:
      UpdateRandomMissile(state, s);
      return;
    case SpriteClass::kWalker:
      UpdateWalker(state, s);
      return;
    case SpriteClass::kWalkerJumper:
      UpdateWalkerJumper(state, s);
      return;
    case SpriteClass::kRandomNPC:
    case SpriteClass::kRandomInertial:
      UpdateRandomNpc(state, s);
      return;
    case SpriteClass::kChaser:
    case SpriteClass::kFleeing:
    case SpriteClass::kLOSChaser:
      UpdateChaser(state, s);
      return;
    case SpriteClass::kAlternateChaser:
      UpdateAlternateChaser(state, s);
      return;
    case SpriteClass::kRandomAltChaser:
      UpdateRandomAltChaser(state, s);
      return;
    case SpriteClass::kPathChaser:
      UpdatePathChaser(state, s);
      return;
    case SpriteClass::kPathAltChaser:
      UpdatePathAltChaser(state, s);
      return;
    case SpriteClass::kRandomPathAltChaser:
      UpdateRandomPathAltChaser(state, s);
      return;
    case SpriteClass::kSpawnPoint:
    case SpriteClass::kBomber:
      UpdateSpawnPoint(state, s);
      return;
    case SpriteClass::kRandomBomber:
      UpdateRandomBomber(state, s);
      return;
    case SpriteClass::kBomberRandomMissile:
      UpdateBomberRandomMissile(state, s);
      return;
    case SpriteClass::kSpawnPointMultiSprite:
      UpdateSpawnPointMultiSprite(state, s);
      return;
    default:
      // Avatars move only in UpdateAvatar at the start of the tick (§7.1).
      return;
  }
}

}  // namespace vgdl
