// Movement and position effects (spec §8.2).
#include <algorithm>

#include "engine/effects/effect_util.h"
#include "engine/effects/families.h"
#include "engine/physics/physics.h"

namespace vgdl {

namespace {

// The exit type of teleportToExit: s2's `itype` (a SpawnPoint's current one, which
// updateSpawnType can change), kNoType when s2 has none.
TypeId ExitType(const State& state, SpriteRef s2) {
  const SpriteDef& d = state.def_of(s2);
  if (!d.has_itype_field) return kNoType;
  return IsSpawnPointClass(d.cls) ? state.sprite(s2).spawn_type : d.stype;
}

}  // namespace

// pixelPerfect only applies with a second sprite (EOS passes none).
void ApplyStepBack(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  Sprite& s1 = call.state.sprite(call.s1);
  if (call.def.pixel_perfect && call.s2 != kNoSprite) {
    s1.rect = PixelPerfectRect(s1, call.state.sprite(call.s2));
  } else {
    s1.rect = s1.lastrect;
  }
}

// Global: every sprite of every type except notStype's exact types, avatars included, dead or
// alive, goes back to its lastrect; orientations are not reverted.
void ApplyUndoAll(EffectCall& call) {
  State& state = call.state;
  const auto& skip = call.def.not_stype;
  for (TypeId t : state.def().sprite_order) {
    if (std::find(skip.begin(), skip.end(), t) != skip.end()) continue;
    // Frozen sprites never moved: their rect is their lastrect already.
    if (state.is_frozen_type(t)) continue;
    for (SpriteRef s : state.sprites_of(t)) {
      Sprite& sp = state.sprite(s);
      sp.rect = sp.lastrect;
    }
  }
}

// s1 is pushed along s2's displacement this tick, each axis flipped where it disagrees with
// s2's orientation, by s2's speed (s1's own cooldown and stationary flag still apply).
void ApplyBounceForward(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  State& state = call.state;
  const Sprite& s2 = state.sprite(call.s2);
  const Vec2 moved = LastDirection(s2);
  Vec2 d = Normalise(moved);
  if (moved.x * s2.orientation.x < 0) d.x = -d.x;
  if (moved.y * s2.orientation.y < 0) d.y = -d.y;
  ActiveMovement(state, call.s1, d, s2.speed);
  state.sprite(call.s1).orientation = d;
}

// At most once per s1 per tick and pullWithIt line, kept per state instead of on the shared
// effect object (§15.34 FIX).
void ApplyPullWithIt(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  State& state = call.state;
  const State::Pull pull{EffectIdOf(call), call.s1};
  auto& pulled = state.pulled_this_tick();
  if (std::find(pulled.begin(), pulled.end(), pull) != pulled.end()) return;
  pulled.push_back(pull);
  Sprite& s1 = state.sprite(call.s1);
  const Sprite& s2 = state.sprite(call.s2);
  const SpriteDef& d1 = state.def_of(call.s1);
  const Rect before = s1.lastrect;
  const Vec2 v = Normalise(LastDirection(s2));
  // GVGAI's continuous physics object keeps its default 10-pixel grid.
  const int gridsize = d1.physics == PhysicsType::kGrid ? state.block_size() : 10;
  UpdatePos(s1, d1, v, JavaIntCast(s2.speed * gridsize));
  if (d1.physics != PhysicsType::kGrid) {
    s1.rect.y = JavaIntSub(s2.rect.y, s2.rect.h);  // int in GVGAI: wraps
    s1.orientation.y = 0.0;
  }
  s1.lastrect = before;
  if (call.def.pixel_perfect) s1.rect = s2.rect;
}

// Only the first non-zero orientation component (x before y) decides the wrapped axis.
void ApplyWrapAround(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  State& state = call.state;
  Sprite& s = state.sprite(call.s1);
  const double offset = call.def.offset;
  if (s.orientation.x > 0) {
    s.rect.x = JavaIntCast(offset * s.rect.w);
  } else if (s.orientation.x < 0) {
    s.rect.x = JavaIntCast(state.screen_width() - s.rect.w * (1 + offset));
  } else if (s.orientation.y > 0) {
    s.rect.y = JavaIntCast(offset * s.rect.h);
  } else if (s.orientation.y < 0) {
    s.rect.y = JavaIntCast(state.screen_height() - s.rect.h * (1 + offset));
  }
  s.lastmove = 0;
}

// The exit is drawn among all sprites of the exact exit type (dead ones included); with no
// exit at all the traveller dies.
void ApplyTeleportToExit(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  State& state = call.state;
  const TypeId exit_type = ExitType(state, call.s2);
  if (exit_type < 0 || exit_type >= state.def().type_count()) return;  // GVGAI: warning only
  const auto exits = state.sprites_of(exit_type);
  if (exits.empty()) {
    state.KillSprite(call.s1, false);
    return;
  }
  const SpriteRef exit =
      exits[static_cast<size_t>(state.rng().NextInt(static_cast<int32_t>(exits.size())))];
  Sprite& s1 = state.sprite(call.s1);
  s1.rect = state.sprite(exit).rect;
  s1.lastmove = 0;
  if (IsOriented(state, exit)) s1.orientation = state.sprite(exit).orientation;
}

// Two forced steps down (lastmove reset to the cooldown before each), then reverse.
void ApplyTurnAround(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  State& state = call.state;
  Sprite& s = state.sprite(call.s1);  // ActiveMovement creates nothing: the reference holds
  const int cooldown = state.def_of(call.s1).cooldown;
  s.rect = s.lastrect;
  for (int i = 0; i < 2; ++i) {
    s.lastmove = cooldown;
    ActiveMovement(state, call.s1, dir::kDown, s.speed);
  }
  s.orientation = -s.orientation;
}

// A zero component becomes -0.0, as in GVGAI (it shows as -0.00 in printed orientations).
void ApplyReverseDirection(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  Sprite& s = call.state.sprite(call.s1);
  s.orientation = -s.orientation;
}

// One nextInt(4) over [UP, LEFT, DOWN, RIGHT].
void ApplyFlipDirection(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  const int32_t i = call.state.rng().NextInt(4);
  call.state.sprite(call.s1).orientation = dir::kBase[i];
}

// Draws only when both sprites are oriented; one of the few effects honouring `prob`.
void ApplyAttractGaze(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  State& state = call.state;
  if (!IsOriented(state, call.s1) || !IsOriented(state, call.s2)) return;
  if (state.rng().NextDouble() >= call.def.prob) return;
  Sprite& s1 = state.sprite(call.s1);
  const Sprite& s2 = state.sprite(call.s2);
  s1.orientation = s2.orientation;
  if (!call.def.align) return;
  if (s1.orientation == dir::kLeft || s1.orientation == dir::kRight) {
    s1.rect.y = s2.rect.y;
  } else {
    s1.rect.x = s2.rect.x;
  }
}

// s1 keeps its own size; only the top-left corner is copied.
void ApplyAlign(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  Sprite& s1 = call.state.sprite(call.s1);
  const Sprite& s2 = call.state.sprite(call.s2);
  if (call.def.orient) s1.orientation = s2.orientation;
  s1.rect.x = s2.rect.x;
  s1.rect.y = s2.rect.y;
}

}  // namespace vgdl
