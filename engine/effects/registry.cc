// EffectKind -> effect function, one table in EffectKind order.
#include <array>

#include "engine/effects/families.h"

namespace vgdl {

namespace {

constexpr std::array<EffectFn, kEffectKindCount> kEffects = {
    // Movement and position.
    &ApplyStepBack,
    &ApplyUndoAll,
    &ApplyBounceForward,
    &ApplyPullWithIt,
    &ApplyWrapAround,
    &ApplyTeleportToExit,
    &ApplyTurnAround,
    &ApplyReverseDirection,
    &ApplyFlipDirection,
    &ApplyAttractGaze,
    &ApplyAlign,
    &ApplyWallStop,
    &ApplyWallBounce,
    &ApplyWallReverse,
    &ApplyBounceDirection,
    &ApplyHalfSpeed,
    &ApplyWaterPhysics,
    &ApplyIncreaseSpeedToAll,
    &ApplyDecreaseSpeedToAll,
    &ApplySetSpeedForAll,
    // Killing.
    &ApplyKillSprite,
    &ApplyKillBoth,
    &ApplyKillAll,
    &ApplyKillIfHasMore,
    &ApplyKillIfHasLess,
    &ApplyKillIfOtherHasMore,
    &ApplyKillIfFromAbove,
    &ApplyKillIfFrontal,
    &ApplyKillIfNotFrontal,
    &ApplyKillIfSlow,
    &ApplyKillIfFast,
    &ApplyKillIfAlive,
    &ApplyKillIfNotUpright,
    &ApplySubtractHealthPoints,
    &ApplyRemoveScore,
    // Creation and transformation.
    &ApplySpawn,
    &ApplySpawnIfHasMore,
    &ApplySpawnIfHasLess,
    &ApplySpawnBehind,
    &ApplySpawnAbove,
    &ApplySpawnBelow,
    &ApplySpawnLeft,
    &ApplySpawnRight,
    &ApplyCloneSprite,
    &ApplyTransformTo,
    &ApplyTransformToAll,
    &ApplyTransformIfCount,
    &ApplyTransformToSingleton,
    &ApplyTransformToRandomChild,
    &ApplyUpdateSpawnType,
    &ApplySpawnIfCounterSubTypes,
    // Resources and health.
    &ApplyCollectResource,
    &ApplyCollectResourceIfHeld,
    &ApplyChangeResource,
    &ApplyAddHealthPoints,
    &ApplyAddHealthPointsToMax,
    // Meta.
    &ApplyShieldFrom,
    &ApplyAddTimer,
};

// The table must follow EffectKind exactly; spot-check both ends and each family's start.
static_assert(kEffects[static_cast<size_t>(EffectKind::kStepBack)] == &ApplyStepBack);
static_assert(kEffects[static_cast<size_t>(EffectKind::kSetSpeedForAll)] == &ApplySetSpeedForAll);
static_assert(kEffects[static_cast<size_t>(EffectKind::kKillSprite)] == &ApplyKillSprite);
static_assert(kEffects[static_cast<size_t>(EffectKind::kRemoveScore)] == &ApplyRemoveScore);
static_assert(kEffects[static_cast<size_t>(EffectKind::kSpawn)] == &ApplySpawn);
static_assert(kEffects[static_cast<size_t>(EffectKind::kSpawnIfCounterSubTypes)] ==
              &ApplySpawnIfCounterSubTypes);
static_assert(kEffects[static_cast<size_t>(EffectKind::kCollectResource)] == &ApplyCollectResource);
static_assert(kEffects[static_cast<size_t>(EffectKind::kAddTimer)] == &ApplyAddTimer);

}  // namespace

void ApplyEffect(EffectCall& call) {
  const auto k = static_cast<size_t>(call.def.kind);
  if (k < kEffects.size()) kEffects[k](call);
}

}  // namespace vgdl
