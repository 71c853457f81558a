// Speed effects (spec §8.2). The *ForAll effects act on stype and all its subtypes.
#include "engine/effects/effect_util.h"
#include "engine/effects/families.h"

namespace vgdl {

namespace {

template <typename Fn>
void ForAllOfStype(State& state, TypeId stype, Fn fn) {
  if (stype < 0 || stype >= state.def().type_count()) return;
  for (TypeId t : state.type_def(stype).subtypes) {
    for (SpriteRef s : state.sprites_of(t)) fn(state.sprite(s));
  }
}

}  // namespace

// The sprite's run-time speed, not its type's.
void ApplyHalfSpeed(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  call.state.sprite(call.s1).speed *= 0.5;
}

// A fixed gravity of 0.2, whatever the sprite's mass.
void ApplyWaterPhysics(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  call.state.sprite(call.s1).gravity = 0.2;
}

// Every sprite of stype's subtype list (ancestors included, as GVGAI's iSubTypes).
void ApplyIncreaseSpeedToAll(EffectCall& call) {
  const double v = call.def.value;
  ForAllOfStype(call.state, call.def.stype, [v](Sprite& s) { s.speed += v; });
}

// Clamped at 0 only when the decrease would go below it.
void ApplyDecreaseSpeedToAll(EffectCall& call) {
  const double v = call.def.value;
  ForAllOfStype(call.state, call.def.stype, [v](Sprite& s) {
    if (s.speed - v < 0) {
      s.speed = 0;
    } else {
      s.speed -= v;
    }
  });
}

// Also the dead and disabled ones: GVGAI walks the whole groups.
void ApplySetSpeedForAll(EffectCall& call) {
  const double v = call.def.value;
  ForAllOfStype(call.state, call.def.stype, [v](Sprite& s) { s.speed = v; });
}

}  // namespace vgdl
