// Every effect function, by family file (internal to engine/effects/; registry.cc maps
// EffectKind to them). Each acts on an EffectCall as GVGAI's Effect.execute does.
#pragma once

#include <span>

#include "engine/effects/effect.h"

namespace vgdl {

// movement.cc
void ApplyStepBack(EffectCall& call);
void ApplyUndoAll(EffectCall& call);
void ApplyBounceForward(EffectCall& call);
void ApplyPullWithIt(EffectCall& call);
void ApplyWrapAround(EffectCall& call);
void ApplyTeleportToExit(EffectCall& call);
void ApplyTurnAround(EffectCall& call);
void ApplyReverseDirection(EffectCall& call);
void ApplyFlipDirection(EffectCall& call);
void ApplyAttractGaze(EffectCall& call);
void ApplyAlign(EffectCall& call);

// walls.cc
void ApplyWallStop(EffectCall& call);
void ApplyWallBounce(EffectCall& call);
void ApplyWallReverse(EffectCall& call);
void ApplyBounceDirection(EffectCall& call);
// The batch forms (all of s1's current hits at once); return GVGAI's collision count.
int ApplyWallBounceBatch(State& state, SpriteRef s1, std::span<const SpriteRef> hits);
int ApplyWallReverseBatch(State& state, SpriteRef s1, std::span<const SpriteRef> hits);

// speed.cc
void ApplyHalfSpeed(EffectCall& call);
void ApplyWaterPhysics(EffectCall& call);
void ApplyIncreaseSpeedToAll(EffectCall& call);
void ApplyDecreaseSpeedToAll(EffectCall& call);
void ApplySetSpeedForAll(EffectCall& call);

// kill.cc
void ApplyKillSprite(EffectCall& call);
void ApplyKillBoth(EffectCall& call);
void ApplyKillAll(EffectCall& call);
void ApplyKillIfAlive(EffectCall& call);
void ApplyKillIfNotUpright(EffectCall& call);
void ApplyRemoveScore(EffectCall& call);

// kill_conditional.cc
void ApplyKillIfHasMore(EffectCall& call);
void ApplyKillIfHasLess(EffectCall& call);
void ApplyKillIfOtherHasMore(EffectCall& call);
void ApplyKillIfFromAbove(EffectCall& call);
void ApplyKillIfFrontal(EffectCall& call);
void ApplyKillIfNotFrontal(EffectCall& call);
void ApplyKillIfSlow(EffectCall& call);
void ApplyKillIfFast(EffectCall& call);

// health.cc
void ApplySubtractHealthPoints(EffectCall& call);
void ApplyAddHealthPoints(EffectCall& call);
void ApplyAddHealthPointsToMax(EffectCall& call);

// spawn.cc
void ApplySpawn(EffectCall& call);
void ApplySpawnIfHasMore(EffectCall& call);
void ApplySpawnIfHasLess(EffectCall& call);
void ApplySpawnBehind(EffectCall& call);
void ApplySpawnAbove(EffectCall& call);
void ApplySpawnBelow(EffectCall& call);
void ApplySpawnLeft(EffectCall& call);
void ApplySpawnRight(EffectCall& call);
void ApplyCloneSprite(EffectCall& call);
void ApplySpawnIfCounterSubTypes(EffectCall& call);
void ApplyUpdateSpawnType(EffectCall& call);

// transform.cc
void ApplyTransformTo(EffectCall& call);
void ApplyTransformToAll(EffectCall& call);
void ApplyTransformIfCount(EffectCall& call);
void ApplyTransformToSingleton(EffectCall& call);
void ApplyTransformToRandomChild(EffectCall& call);

// resources.cc
void ApplyCollectResource(EffectCall& call);
void ApplyCollectResourceIfHeld(EffectCall& call);
void ApplyChangeResource(EffectCall& call);

// meta.cc
void ApplyShieldFrom(EffectCall& call);
void ApplyAddTimer(EffectCall& call);

}  // namespace vgdl
