// Flicker, OrientedFlicker and Spreader (spec §6): short-lived sprites counting their age.
#include "engine/sprites/families.h"
#include "engine/sprites/update.h"

namespace vgdl {

namespace {

// Inline in the per-type loop (UpdateFlickers), which calls it for every flicker a tick.
[[gnu::always_inline]] inline void UpdateFlicker(State& state, SpriteRef s, Sprite& sp,
                                                 const SpriteDef& d) {
  BaseUpdate(state, s, sp, d);
  // The age is tested before it grows, so a Flicker lives limit + 2 updates (§15.24).
  if (sp.counter > d.limit) state.KillSprite(s, /*transformed=*/false);
  ++sp.counter;
}

}  // namespace

void UpdateFlicker(State& state, SpriteRef s) {
  Sprite& sp = state.sprite(s);
  UpdateFlicker(state, s, sp, state.type_def(sp.type));
}

void UpdateFlickers(State& state, TypeId t) {
  const SpriteDef& d = state.type_def(t);
  ForEachUpdatedSprite(state, t, [&](SpriteRef s, Sprite& sp) { UpdateFlicker(state, s, sp, d); });
}

void UpdateSpreader(State& state, SpriteRef s) {
  UpdateFlicker(state, s);
  if (state.sprite(s).counter != 2) return;
  const SpriteDef& d = state.def_of(s);
  const TypeId product = d.stype == kNoType ? d.id : d.stype;
  for (const Vec2 u : dir::kBase) {
    // One draw per direction, whether or not the spawn succeeds.
    if (!(state.rng().NextDouble() < d.spreadprob)) continue;
    // Re-read the rect each time: AddSprite may grow the pool.
    const Rect last = state.sprite(s).lastrect;
    // GVGAI computes the position in doubles and casts it to int (saturating).
    state.AddSprite(product, JavaIntCast(static_cast<double>(last.x) + u.x * last.w),
                    JavaIntCast(static_cast<double>(last.y) + u.y * last.h));
  }
}

}  // namespace vgdl
