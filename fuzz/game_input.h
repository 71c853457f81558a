// What the fuzzers that play games share: the fuzz input read as a game file with an optional
// level after a line "#LEVEL" (a comment to VGDL), else a level built from the game's own
// characters, and actions drawn for every player.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/observation.h"
#include "engine/state.h"
#include "gvgai/trace/random_policy.h"
#include "vgdl/loader.h"

namespace vgdl::fuzz {

// Beyond this many sprites a fuzzer stops playing a game. A game may legitimately pile up
// thousands of sprites on a few cells (a transformToAll run once per sprite), and a tick then
// costs the square of that in collisions, as it does in GVGAI: slow, not wrong. The fuzzers
// look for crashes, hangs and divergence, which show long before.
inline constexpr int kMaxPlayedSprites = 1000;

// The level after the "#LEVEL" line, if the input has one.
inline std::string_view EmbeddedLevel(std::string_view text) {
  constexpr std::string_view kMarker = "\n#LEVEL\n";
  const size_t at = text.find(kMarker);
  return at == std::string_view::npos ? std::string_view() : text.substr(at + kMarker.size());
}

// A 9x6 level showing every character the game maps, a few times each, row by row.
inline std::string BuiltLevel(const GameDef& game) {
  std::string chars;
  for (int c = 33; c < 127; ++c) {
    if (!game.char_mapping[static_cast<size_t>(c)].empty()) chars.push_back(static_cast<char>(c));
  }
  if (chars.empty()) return {};
  constexpr int kWidth = 9;
  constexpr int kHeight = 6;
  std::string level;
  for (int i = 0; i < kWidth * kHeight; ++i) {
    level.push_back(chars[static_cast<size_t>(i) % chars.size()]);
    if (i % kWidth == kWidth - 1) level.push_back('\n');
  }
  return level;
}

inline uint64_t Fnv1a(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

// The first state of the game's level, when both load (the state holds the game); the seed
// comes from the input.
struct GameInput {
  std::optional<State> state;
  uint64_t seed = 0;
};

inline GameInput LoadGameInput(std::string_view text) {
  GameInput input;
  // As GVGAI reads it: a game cut short at a line GVGAI's parser stops at plays too.
  const GameLoad load = LoadGameFromText(
      text, "fuzz.txt", LoadOptions{.gvgai_subset = true, .parameter_settings = {}});
  if (!load.game) return input;
  input.seed = Fnv1a(text);
  const std::string_view embedded = EmbeddedLevel(text);
  const std::string built = embedded.empty() ? BuiltLevel(*load.game) : std::string();
  const LevelLoad level = LoadLevelFromText(
      *load.game, embedded.empty() ? std::string_view(built) : embedded, "fuzz_lvl.txt");
  if (level.level) {
    input.state.emplace(level.PlayedWith(load.game), *level.level,
                        static_cast<int64_t>(input.seed & 0xffff));
  }
  return input;
}

// An action for every player (NIL for one without an avatar), drawn from what each is offered.
inline std::vector<Action> DrawActions(const State& state, trace::SplitMix64& rng) {
  std::vector<Action> actions;
  for (int p = 0; p < state.player_count(); ++p) {
    const std::vector<Action> offered = AvailableActions(state, p, /*with_nil=*/true);
    actions.push_back(offered.empty() ? Action::kNil
                                      : offered[rng.Below(static_cast<uint32_t>(offered.size()))]);
  }
  return actions;
}

}  // namespace vgdl::fuzz
