// Helpers for the sprite and avatar tests: a tiny inline game and level, played tick by tick.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/state.h"
#include "vgdl/loader.h"

namespace vgdl::testing {

// Loads `game_text` and `level_text`; fails the current test on any error.
class TinyGame {
 public:
  TinyGame(std::string_view game_text, std::string_view level_text) {
    GameLoad g = LoadGameFromText(game_text, "tiny.txt");
    if (!g.game) {
      std::string why;
      for (const auto& d : g.diagnostics.items()) why += Format(d) + "\n";
      ADD_FAILURE() << "game does not load:\n" << why;
      return;
    }
    game_ = g.game;
    LevelLoad l = LoadLevelFromText(*game_, level_text, "tiny_lvl0.txt");
    if (!l.level) {
      ADD_FAILURE() << "level does not load";
      return;
    }
    level_ = *l.level;
  }

  bool ok() const { return game_ != nullptr && level_.has_value(); }
  State Start(int64_t seed = 1) const { return State(game_, *level_, seed); }
  const GameDef& def() const { return *game_; }
  TypeId Type(std::string_view name) const {
    const TypeId t = game_->FindType(name);
    EXPECT_NE(t, kNoType) << name;
    return t;
  }

 private:
  std::shared_ptr<const GameDef> game_;
  std::optional<LevelDef> level_;
};

// The sprites of exactly the named type, in creation order.
inline std::vector<SpriteRef> SpritesOf(const State& s, std::string_view type) {
  const TypeId t = s.def().FindType(type);
  if (t == kNoType) return {};
  const auto span = s.sprites_of(t);
  return {span.begin(), span.end()};
}

// The first sprite of the named type; fails the test when there is none.
inline SpriteRef Only(const State& s, std::string_view type) {
  const auto all = SpritesOf(s, type);
  EXPECT_FALSE(all.empty()) << "no sprite of type " << type;
  return all.empty() ? kNoSprite : all.front();
}

inline Rect RectOf(const State& s, std::string_view type) {
  return s.sprite(Only(s, type)).rect;
}

inline int CountOf(const State& s, std::string_view type) {
  return static_cast<int>(SpritesOf(s, type).size());
}

inline void Tick(State& s, Action a = Action::kNil) {
  Advance(s, a, StepMode::kForwardModel);
}

inline void Ticks(State& s, int n, Action a = Action::kNil) {
  for (int i = 0; i < n; ++i) Tick(s, a);
}

// `r` moved one cell of the tiny games (10 pixels) in direction d.
inline Rect Moved(Rect r, Vec2 d) {
  return r.translated(static_cast<int32_t>(d.x) * 10, static_cast<int32_t>(d.y) * 10);
}

// Ticks `s` once and checks that the only sprite of `type` moved one cell in the direction of
// `candidates` that GVGAI's uniform draw picks (a replica of the game's generator makes the
// same draw), and that the tick drew nothing else.
inline void ExpectDrawnMove(State& s, std::string_view type, std::span<const Vec2> candidates) {
  JavaRandom replica = s.rng();
  const Vec2 d =
      candidates[static_cast<size_t>(replica.NextInt(static_cast<int32_t>(candidates.size())))];
  const Rect before = RectOf(s, type);
  Tick(s);
  EXPECT_EQ(RectOf(s, type), Moved(before, d));
  EXPECT_EQ(s.rng(), replica);
}

// The base directions in GVGAI's random-choice order.
inline Vec2 BaseDir(int i) {
  return dir::kBase[i];
}

}  // namespace vgdl::testing
