// Unconditional killing effects and removeScore (spec §8.2). "Kill" is State::KillSprite with
// transformed=false: an avatar is only disabled. "Remove" (transformed=true) takes even an
// avatar out of the game, which counts as its death (§15.10).
#include <cmath>
#include <numbers>

#include "engine/effects/effect_util.h"
#include "engine/effects/families.h"

namespace vgdl {

// prob is ignored (GVGAI honours it only for spawns and attractGaze).
void ApplyKillSprite(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  call.state.KillSprite(call.s1, false);
}

// Both are killed, not removed: an avatar on either side is only disabled.
void ApplyKillBoth(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  call.state.KillSprite(call.s1, false);
  call.state.KillSprite(call.s2, false);
}

// The exact type only: subtypes of stype are spared.
void ApplyKillAll(EffectCall& call) {
  State& state = call.state;
  const TypeId t = call.def.stype;
  if (t < 0 || t >= state.def().type_count()) return;
  for (SpriteRef s : state.sprites_of(t)) state.KillSprite(s, false);
}

// s2 may already be dead this tick (kill-listed sprites still collide as second party).
void ApplyKillIfAlive(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  if (!call.state.in_kill_list(call.s2)) call.state.KillSprite(call.s1, false);
}

// Upright means a rotation (mod 2*pi) strictly between 4.4 and 5.0 radians.
void ApplyKillIfNotUpright(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  constexpr double kTwoPi = 2 * std::numbers::pi;
  const double r = std::fmod(call.state.sprite(call.s1).rotation + kTwoPi, kTwoPi);
  if (!(r < 5.0 && r > 4.4)) call.state.KillSprite(call.s1, false);
}

namespace {

// Sets the score of the player whose avatar `s` is; avatars of no player have no score.
void ZeroScoreOf(State& state, SpriteRef s) {
  const int p = state.player_of(s);
  if (p >= 0) state.player(p).score = 0.0;
}

}  // namespace

// Without stype: s1's score if s1 is an avatar. With stype: every avatar of that exact type.
// killSecond removes s2 once per zeroed avatar.
void ApplyRemoveScore(EffectCall& call) {
  State& state = call.state;
  if (call.s1 == kNoSprite) return;
  const TypeId t = call.def.stype;
  // The loader leaves stype at kNoType when the line does not give one.
  const bool has_stype = t >= 0 && t < state.def().type_count();
  if (!has_stype) {
    if (!state.def_of(call.s1).is_avatar) return;
    ZeroScoreOf(state, call.s1);
    if (call.def.kill_second && call.s2 != kNoSprite) state.KillSprite(call.s2, true);
    return;
  }
  for (SpriteRef s : state.sprites_of(t)) {
    if (!state.def_of(s).is_avatar) continue;
    ZeroScoreOf(state, s);
    if (call.def.kill_second && call.s2 != kNoSprite) state.KillSprite(call.s2, true);
  }
}

}  // namespace vgdl
