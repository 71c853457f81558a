// Health point effects (spec §3.5, §8.2).
#include "engine/effects/effect_util.h"
#include "engine/effects/families.h"

namespace vgdl {

namespace {

// subtractHealthPoints' target: s1, or with stype the first sprite of the LAST non-empty
// group among stype's subtypes (GVGAI's loop keeps overwriting its pick).
SpriteRef HealthTarget(const EffectCall& call) {
  const State& state = call.state;
  const TypeId t = call.def.stype;
  if (t < 0 || t >= state.def().type_count()) return call.s1;  // no stype given: kNoType
  SpriteRef target = call.s1;
  for (TypeId st : state.type_def(t).subtypes) {
    const auto group = state.sprites_of(st);
    if (!group.empty()) target = group.front();
  }
  return target;
}

void RaiseMax(Sprite& s) {
  if (s.health > s.max_health) s.max_health = s.health;
}

}  // namespace

// A kill scores scoreChangeIfKilled instead of scoreChange.
void ApplySubtractHealthPoints(EffectCall& call) {
  const SpriteRef target = HealthTarget(call);
  if (target == kNoSprite) {
    call.apply_score = false;  // GVGAI would fail here; nothing happens
    return;
  }
  Sprite& s = call.state.sprite(target);
  // Java's int arithmetic throughout: a sum past the int range wraps, as in GVGAI.
  s.health = JavaIntAdd(s.health, -static_cast<int32_t>(call.def.value));
  if (s.health <= call.def.limit) {
    call.state.KillSprite(target, false);
    call.score_override = &call.def.score_change_if_killed;
  }
}

// Only if the result stays strictly below limitHealthPoints; otherwise nothing, no score.
void ApplyAddHealthPoints(EffectCall& call) {
  if (call.s1 == kNoSprite) {
    call.apply_score = false;
    return;
  }
  Sprite& s = call.state.sprite(call.s1);
  const int value = static_cast<int>(call.def.value);
  const int limit = call.state.def_of(call.s1).limit_health_points;
  const int32_t sum = JavaIntAdd(s.health, value);
  call.apply_score = sum < limit;
  if (!call.apply_score) return;
  s.health = sum;
  RaiseMax(s);
  if (call.def.kill_second && call.s2 != kNoSprite) call.state.KillSprite(call.s2, false);
}

// Caps at limitHealthPoints and always scores.
void ApplyAddHealthPointsToMax(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  Sprite& s = call.state.sprite(call.s1);
  const int value = static_cast<int>(call.def.value);
  const int limit = call.state.def_of(call.s1).limit_health_points;
  const int32_t sum = JavaIntAdd(s.health, value);
  s.health = sum < limit ? sum : limit;
  RaiseMax(s);
  if (call.def.kill_second && call.s2 != kNoSprite) call.state.KillSprite(call.s2, false);
}

}  // namespace vgdl
