// Effects about other effects (spec §8.2 Meta).
#include "engine/effects/effect_util.h"
#include "engine/effects/families.h"

namespace vgdl {

// For the rest of the tick, effects of kind ftype on the pair (s1's own type, stype) are
// skipped. Keyed on s1's leaf type, so a pair written with a parent type is not protected.
void ApplyShieldFrom(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  call.state.shields().push_back(
      Shield{call.state.sprite(call.s1).type, call.def.stype, call.def.ftype});
}

// Queues a sprite-less one-shot (or repeating) run of the delegate at tick + timer, on every
// execution. The line's score applies now and again when the timer fires (§15.16).
void ApplyAddTimer(EffectCall& call) {
  State& state = call.state;
  const EffectId delegate = call.def.timer_delegate;
  if (delegate < 0 || static_cast<size_t>(delegate) >= state.def().effects.size()) return;
  // GVGAI queues a copy of the addTimer itself (its timer, repeating, score and enabled
  // flag) around the delegate, so the queued timer names the addTimer effect.
  state.timers().Add(state.tick() + call.def.timer, -1, EffectIdOf(call));
}

}  // namespace vgdl
