// The per-tick update of non-avatar sprites (spec §6), one file per sprite family under
// engine/sprites/. The tick loop updates one type at a time (UpdateSpritesOfType).
#pragma once

#include "engine/physics/physics.h"
#include "engine/sprites/sprite_util.h"
#include "engine/state.h"

namespace vgdl {

// The tick's update of every sprite of type t that exists when it starts, in creation order:
// PreMovement, then the class's update. Sprites created meanwhile into t wait for the next
// tick (GVGAI would throw there, §15.13). The type's parameters are read once per type, not
// once per sprite: games with dozens of spawn points or missiles spend most of a tick here.
void UpdateSpritesOfType(State& state, TypeId t);

// The update of one sprite, after its PreMovement.
void UpdateSprite(State& state, SpriteRef s);

// GVGAI's VGDLSprite.update: passive movement (unless static or only_active) and the
// timeToLive countdown. Shared by the classes that call the base update; `sp` is sprite s
// and `d` its type.
[[gnu::always_inline]] inline void BaseUpdate(State& state, SpriteRef s, Sprite& sp,
                                              const SpriteDef& d) {
  UpdatePassive(state, sp, d);
  if (d.time_to_live <= -1) return;
  // GVGAI counts timeToLive down to 0 and kills on the update after (§3.1).
  if (sp.ttl_elapsed < d.time_to_live) {
    ++sp.ttl_elapsed;
  } else {
    state.KillSprite(s, /*transformed=*/false);
  }
}
inline void BaseUpdate(State& state, SpriteRef s) {
  Sprite& sp = state.sprite(s);
  BaseUpdate(state, s, sp, state.type_def(sp.type));
}

// Whether UpdateSprite does nothing for sprites of this type: a class that only runs the base
// update, with neither a passive movement that can move them nor a timeToLive. The tick loop
// then only does the PreMovement bookkeeping.
bool UpdateIsBookkeepingOnly(const SpriteDef& d, bool passive_moves);

// Calls update(s, sprite) after PreMovement (where it matters, State::needs_pre_movement) for
// every enabled sprite of exactly type t that exists when the loop starts, in creation order.
// The list is read again for each sprite: an update that creates sprites may move it.
template <class Update>
void ForEachUpdatedSprite(State& state, TypeId t, const Update& update) {
  const int n = state.count_of(t);
  const bool pre_movement = state.needs_pre_movement(t);
  for (int i = 0; i < n; ++i) {
    const SpriteRef s = state.sprites_of(t)[static_cast<size_t>(i)];
    Sprite& sp = state.sprite(s);
    if (sp.disabled()) continue;
    if (pre_movement) PreMovement(sp);
    update(s, sp);
  }
}

}  // namespace vgdl
