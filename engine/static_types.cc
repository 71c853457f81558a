#include "engine/static_types.h"

namespace vgdl {

namespace {

// Classes whose update never moves the sprite, apart from passive movement (checked below).
bool ClassStandsStill(SpriteClass c) {
  switch (c) {
    case SpriteClass::kImmovable:
    case SpriteClass::kDoor:
    case SpriteClass::kConveyor:
    case SpriteClass::kPassive:
    case SpriteClass::kResource:
    case SpriteClass::kResourcePack:
    case SpriteClass::kSpriteProducer:
    case SpriteClass::kPortal:
    case SpriteClass::kFlicker:
    case SpriteClass::kOrientedFlicker:
    case SpriteClass::kSpawnPoint:
    case SpriteClass::kSpawnPointMultiSprite:
      return true;
    default:
      return false;
  }
}

bool ChangesSpeeds(EffectKind k) {
  return k == EffectKind::kIncreaseSpeedToAll || k == EffectKind::kDecreaseSpeedToAll ||
         k == EffectKind::kSetSpeedForAll || k == EffectKind::kHalfSpeed ||
         k == EffectKind::kWaterPhysics;
}

// Effects that never change any sprite's rectangle. stepBack is here because it only restores
// lastrect, which equals rect for a sprite that nothing else moves.
bool MovesNoSprite(EffectKind k) {
  switch (k) {
    case EffectKind::kStepBack:
    case EffectKind::kKillSprite:
    case EffectKind::kKillBoth:
    case EffectKind::kKillAll:
    case EffectKind::kKillIfHasMore:
    case EffectKind::kKillIfHasLess:
    case EffectKind::kKillIfOtherHasMore:
    case EffectKind::kKillIfFromAbove:
    case EffectKind::kKillIfFrontal:
    case EffectKind::kKillIfNotFrontal:
    case EffectKind::kKillIfAlive:
    case EffectKind::kSubtractHealthPoints:
    case EffectKind::kRemoveScore:
    case EffectKind::kSpawn:
    case EffectKind::kCloneSprite:
    case EffectKind::kTransformTo:
    case EffectKind::kTransformToAll:
    case EffectKind::kCollectResource:
    case EffectKind::kChangeResource:
    case EffectKind::kAddHealthPoints:
    case EffectKind::kAddHealthPointsToMax:
      return true;
    default:
      return false;
  }
}

// Whether running `e` (and an addTimer's delegate) can move a sprite it is given.
bool EffectMayMove(const GameDef& game, EffectId e) {
  const EffectDef& def = game.effects[static_cast<size_t>(e)];
  if (def.kind == EffectKind::kAddTimer) {
    return def.timer_delegate >= 0 && EffectMayMove(game, def.timer_delegate);
  }
  return !MovesNoSprite(def.kind);
}

bool PassiveMovementCannotMove(const SpriteDef& d, bool speeds_change) {
  if (d.is_static || d.only_active) return true;
  if (d.physics != PhysicsType::kGrid) return false;
  // Grid passive movement steps only oriented sprites with a non-zero speed.
  return !d.is_oriented || (d.speed == 0.0 && !speeds_change);
}

}  // namespace

std::vector<bool> FindStaticTypes(const GameDef& game) {
  const auto n = static_cast<size_t>(game.type_count());
  std::vector<bool> still(n, false);
  bool speeds_change = false;
  for (const EffectDef& e : game.effects) {
    if (e.kind == EffectKind::kUndoAll) return still;  // moves every sprite back
    speeds_change = speeds_change || ChangesSpeeds(e.kind);
  }
  for (size_t i = 0; i < n; ++i) {
    const SpriteDef& d = game.type(static_cast<TypeId>(i));
    still[i] = !d.is_avatar && ClassStandsStill(d.cls) && PassiveMovementCannotMove(d, speeds_change);
  }
  const auto moved_by = [&](TypeId group, EffectId e) {
    if (!EffectMayMove(game, e)) return;
    for (TypeId t : game.type(group).subtypes) still[static_cast<size_t>(t)] = false;
  };
  for (const InteractionPair& pair : game.pairs) {
    for (EffectId e : pair.effects) {
      // Effects act on s1; the few that touch s2 are not in MovesNoSprite either.
      moved_by(pair.first, e);
      moved_by(pair.second, e);
    }
  }
  for (const TimeEffectDef& te : game.time_effects) moved_by(te.itype, te.effect);
  for (size_t t = 0; t < game.eos_effects.size(); ++t) {
    for (EffectId e : game.eos_effects[t]) moved_by(static_cast<TypeId>(t), e);
  }
  return still;
}

}  // namespace vgdl
