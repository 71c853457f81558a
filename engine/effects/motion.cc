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
      return true;
    default:
      return MovesNoSprite(kind);
  }
}

}  // namespace vgdl
