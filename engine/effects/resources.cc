// Resource effects (spec §3.4, §8.2). Limits come from the Resource type's `limit`; types that
// are not Resource classes have limit 0.
#include "engine/effects/effect_util.h"
#include "engine/effects/families.h"

namespace vgdl {

namespace {

int ResourceLimit(const State& state, TypeId t) {
  const auto& limits = state.def().resource_limit;
  if (t < 0 || static_cast<size_t>(t) >= limits.size()) return 0;
  return limits[static_cast<size_t>(t)];
}

// A collectable resource sprite: flagged is_resource and of a Resource class. (A ResourcePack
// has no resource type in GVGAI and cannot be collected.)
bool IsCollectable(const State& state, SpriteRef s) {
  const SpriteDef& d = state.def_of(s);
  return d.is_resource && d.cls == SpriteClass::kResource;
}

}  // namespace

// s1 is the resource, s2 the collector: tops s2 up by the resource's value, up to the limit,
// and removes s1; a full collector leaves the resource where it is and scores nothing.
void ApplyCollectResource(EffectCall& call) {
  call.apply_score = false;
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  State& state = call.state;
  if (!IsCollectable(state, call.s1)) return;
  const TypeId type = state.sprite(call.s1).type;
  const int limit = ResourceLimit(state, type);
  const int held = state.resource(call.s2, type);
  if (held >= limit) return;
  const int value = state.def_of(call.s1).value;
  state.ModifyResource(call.s2, type, value < limit - held ? value : limit - held);
  call.apply_score = true;
  if (call.def.kill_resource) state.KillSprite(call.s1, true);
}

// Only a collector holding at least `value` of heldResource may take it; then the resource is
// killed (if killResource) even when it did not fit under the limit (no score then).
void ApplyCollectResourceIfHeld(EffectCall& call) {
  call.apply_score = false;
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  State& state = call.state;
  if (!IsCollectable(state, call.s1)) return;
  if (state.resource(call.s2, call.def.held_resource) < static_cast<int>(call.def.value)) return;
  const TypeId type = state.sprite(call.s1).type;
  const int value = state.def_of(call.s1).value;
  if (state.resource(call.s2, type) + value <= ResourceLimit(state, type)) {
    call.apply_score = true;
    state.ModifyResource(call.s2, type, value);
  }
  if (call.def.kill_resource) state.KillSprite(call.s1, false);
}

// Changes s1's own resource if the result stays within the limit (0 for non-Resource types,
// so only decreases work there); killResource then removes s2.
void ApplyChangeResource(EffectCall& call) {
  call.apply_score = false;
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  State& state = call.state;
  const TypeId type = call.def.resource;
  const int value = static_cast<int>(call.def.value);
  if (state.resource(call.s1, type) + value > ResourceLimit(state, type)) return;
  state.ModifyResource(call.s1, type, value);
  call.apply_score = true;
  if (call.def.kill_resource) state.KillSprite(call.s2, true);
}

}  // namespace vgdl
