#include "engine/effects/motion.h"

namespace vgdl {

bool MovesNoSprite(EffectKind kind) {
  switch (kind) {
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
    // Orientation, speed or gravity only: the rectangle moves no earlier than the next update
    // (the static-type analysis treats speed changes on its own, ChangesSpeeds).
    case EffectKind::kFlipDirection:
    case EffectKind::kHalfSpeed:
    case EffectKind::kWaterPhysics:
    case EffectKind::kIncreaseSpeedToAll:
    case EffectKind::kDecreaseSpeedToAll:
    case EffectKind::kSetSpeedForAll:
    // Kill, create or transform only.
    case EffectKind::kKillIfSlow:
    case EffectKind::kKillIfFast:
    case EffectKind::kKillIfNotUpright:
    case EffectKind::kSpawnIfHasMore:
    case EffectKind::kSpawnIfHasLess:
    case EffectKind::kSpawnBehind:
    case EffectKind::kSpawnAbove:
    case EffectKind::kSpawnBelow:
    case EffectKind::kSpawnLeft:
    case EffectKind::kSpawnRight:
    case EffectKind::kSpawnIfCounterSubTypes:
    case EffectKind::kTransformIfCount:
    case EffectKind::kTransformToSingleton:
    case EffectKind::kTransformToRandomChild:
    case EffectKind::kUpdateSpawnType:
    case EffectKind::kCollectResourceIfHeld:
    // Bookkeeping: a shield for this tick, a timer for later (its delegate is judged where it
    // runs).
    case EffectKind::kShieldFrom:
    case EffectKind::kAddTimer:
      return true;
    default:
      return false;
  }
}

bool MovesAtMostFirstSprite(EffectKind kind) {
  switch (kind) {
    case EffectKind::kStepBack:
    case EffectKind::kReverseDirection:
    case EffectKind::kTurnAround:
    case EffectKind::kBounceForward:
    case EffectKind::kTeleportToExit:
    case EffectKind::kWrapAround:
    case EffectKind::kWallStop:
    case EffectKind::kAlign:
    case EffectKind::kAttractGaze:
      return true;
    default:
      return MovesNoSprite(kind);
  }
}

}  // namespace vgdl
