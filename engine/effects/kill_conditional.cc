// Conditional killing effects (spec §8.2). Except killIfSlow/killIfFast, they score only when
// they kill; a misused call (no sprite) scores nothing (GVGAI's stale flag, §15.38b).
#include "engine/effects/effect_util.h"
#include "engine/effects/families.h"

namespace vgdl {

namespace {

bool NeedsS1(EffectCall& call) {
  if (call.s1 != kNoSprite) return true;
  call.apply_score = false;
  return false;
}

bool NeedsBoth(EffectCall& call) {
  if (call.s1 != kNoSprite && call.s2 != kNoSprite) return true;
  call.apply_score = false;
  return false;
}

void KillIf(EffectCall& call, bool condition) {
  call.apply_score = condition;
  if (condition) call.state.KillSprite(call.s1, false);
}

// Exact comparisons, as GVGAI's Direction.equals.
bool IsNone(Vec2 v) {
  return v.x == 0.0 && v.y == 0.0;
}

// Relative speed of killIfSlow/Fast: the other's speed if one is static, else the length of
// the difference of the unit orientations (not of the velocities, §15.37).
double RelativeSpeed(const State& state, SpriteRef a, SpriteRef b) {
  if (state.def_of(a).is_static) return state.sprite(b).speed;
  if (state.def_of(b).is_static) return state.sprite(a).speed;
  return (state.sprite(a).orientation - state.sprite(b).orientation).length();
}

}  // namespace

// Inclusive: kills at exactly `limit`.
void ApplyKillIfHasMore(EffectCall& call) {
  if (!NeedsS1(call)) return;
  KillIf(call, call.state.resource(call.s1, call.def.resource) >= call.def.limit);
}

// Inclusive: kills at exactly `limit` (0 by default: when the resource is absent).
void ApplyKillIfHasLess(EffectCall& call) {
  if (!NeedsS1(call)) return;
  KillIf(call, call.state.resource(call.s1, call.def.resource) <= call.def.limit);
}

// The condition is on s2's resource; `subtract` then takes `limit` from s2 (clamped at 0).
void ApplyKillIfOtherHasMore(EffectCall& call) {
  if (!NeedsBoth(call)) return;
  State& state = call.state;
  const bool kill = state.resource(call.s2, call.def.resource) >= call.def.limit;
  KillIf(call, kill);
  if (kill && call.def.subtract) state.ModifyResource(call.s2, call.def.resource, -call.def.limit);
}

// s1 started the tick more than half of s2's height below s2's top, and s2 moved down.
void ApplyKillIfFromAbove(EffectCall& call) {
  if (!NeedsBoth(call)) return;
  const Sprite& s1 = call.state.sprite(call.s1);
  const Sprite& s2 = call.state.sprite(call.s2);
  // GVGAI adds the int half height to s2's getMinY() double: no int overflow (in 64 bits the
  // sum is as exact).
  const bool other_higher = int64_t{s1.lastrect.y} > int64_t{s2.lastrect.y} + s2.rect.h / 2;
  const bool going_down = s2.rect.y > s2.lastrect.y;
  KillIf(call, other_higher && going_down);
}

// Kills when s1 did not move or the two unit displacements cancel exactly (head-on).
void ApplyKillIfFrontal(EffectCall& call) {
  if (!NeedsBoth(call)) return;
  const Vec2 a = Normalise(LastDirection(call.state.sprite(call.s1)));
  const Vec2 b = Normalise(LastDirection(call.state.sprite(call.s2)));
  KillIf(call, IsNone(a) || IsNone(a + b));
}

void ApplyKillIfNotFrontal(EffectCall& call) {
  if (!NeedsBoth(call)) return;
  const Vec2 a = Normalise(LastDirection(call.state.sprite(call.s1)));
  const Vec2 b = Normalise(LastDirection(call.state.sprite(call.s2)));
  KillIf(call, IsNone(a) || !IsNone(a + b));
}

// These two score on every execution, kill or not.
void ApplyKillIfSlow(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  if (RelativeSpeed(call.state, call.s1, call.s2) < call.def.limspeed) {
    call.state.KillSprite(call.s1, false);
  }
}

void ApplyKillIfFast(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  if (RelativeSpeed(call.state, call.s1, call.s2) > call.def.limspeed) {
    call.state.KillSprite(call.s1, false);
  }
}

}  // namespace vgdl
