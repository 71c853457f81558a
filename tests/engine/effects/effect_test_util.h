// Shared helpers of the effect tests: tiny inline games, sprite lookup by type name, direct
// effect execution.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/effects/effect.h"
#include "engine/game.h"
#include "engine/state.h"
#include "vgdl/loader.h"

namespace vgdl::testing {

inline std::string Problems(const Diagnostics& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics.items()) {
    if (d.severity != Severity::kNote) out += Format(d) + "\n";
  }
  return out;
}

// Loads a game and a level from text and builds the state; throws (a test failure) when the
// text has errors or warnings (a dropped parameter would silently change what a test checks).
inline State MakeState(std::string_view game_text, std::string_view level_text, int64_t seed = 0) {
  GameLoad game = LoadGameFromText(game_text, "test_game.txt");
  if (!game.game || !Problems(game.diagnostics).empty()) {
    throw std::runtime_error("game does not load cleanly:\n" + Problems(game.diagnostics));
  }
  LevelLoad level = LoadLevelFromText(*game.game, level_text, "test_lvl0.txt");
  if (!level.level || !Problems(level.diagnostics).empty()) {
    throw std::runtime_error("level does not load cleanly:\n" + Problems(level.diagnostics));
  }
  return State(game.game, *level.level, seed);
}

// `text` with its first "%s" replaced by `value` (one game text, several effect lines).
inline std::string Fill(std::string_view text, std::string_view value) {
  std::string out(text);
  const size_t at = out.find("%s");
  if (at == std::string::npos) throw std::runtime_error("no %s in the text");
  out.replace(at, 2, value);
  return out;
}

inline TypeId Type(const State& state, std::string_view name) {
  const TypeId t = state.def().FindType(name);
  if (t == kNoType) throw std::runtime_error("no sprite type " + std::string(name));
  return t;
}

// The sprites of exactly this type, in creation order.
inline std::vector<SpriteRef> Sprites(const State& state, std::string_view name) {
  const auto span = state.sprites_of(Type(state, name));
  return {span.begin(), span.end()};
}

inline SpriteRef First(const State& state, std::string_view name) {
  const auto all = Sprites(state, name);
  if (all.empty()) throw std::runtime_error("no sprite of type " + std::string(name));
  return all.front();
}

inline int Count(const State& state, std::string_view name) {
  return state.count_of(Type(state, name));
}

// Sprites of this type not waiting in the kill list.
inline int Alive(const State& state, std::string_view name) {
  int n = 0;
  for (SpriteRef s : Sprites(state, name)) n += state.in_kill_list(s) ? 0 : 1;
  return n;
}

// The nth (0-based) effect of this kind in the game's effect table, in InteractionSet order.
inline const EffectDef& FindEffect(const State& state, EffectKind kind, int nth = 0) {
  for (const EffectDef& e : state.def().effects) {
    if (e.kind == kind && nth-- == 0) return e;
  }
  throw std::runtime_error("no such effect in the game");
}

inline Rect RectOf(const State& state, SpriteRef s) {
  return state.sprite(s).rect;
}

inline void Step(State& state, Action action = Action::kNil) {
  Advance(state, action, StepMode::kForwardModel);
}

// Places a sprite as if it had moved from `from` to `to` this tick.
inline void Move(State& state, SpriteRef s, Rect from, Rect to) {
  state.sprite(s).lastrect = from;
  state.sprite(s).rect = to;
}

}  // namespace vgdl::testing
