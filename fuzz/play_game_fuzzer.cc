// Plays the games the loader accepts: arbitrary bytes as a game file, on a level of its own
// (after a line "#LEVEL", which VGDL reads as a comment) or one built from the game's level
// characters, for a few hundred ticks of actions drawn from the input for every player, under
// AddressSanitizer and UndefinedBehaviorSanitizer. Besides crashes and hangs, it traps when two
// copies of one state, given the same actions, part ways, or when advancing them changes the
// state they were copied from: the forward model must be deterministic and its copies
// independent.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/observation.h"
#include "engine/trace/random_policy.h"
#include "vgdl/loader.h"

namespace {

constexpr int kTicks = 300;
constexpr int kCopyEvery = 50;     // ticks between forward-model checks
constexpr int kCopyAdvances = 10;  // ticks each copy is advanced

void Check(bool ok) {
  if (!ok) __builtin_trap();
}

// The level after the "#LEVEL" line, if the input has one.
std::string_view EmbeddedLevel(std::string_view text) {
  constexpr std::string_view kMarker = "\n#LEVEL\n";
  const size_t at = text.find(kMarker);
  return at == std::string_view::npos ? std::string_view() : text.substr(at + kMarker.size());
}

// A 9x6 level showing every character the game maps, a few times each, row by row.
std::string BuiltLevel(const vgdl::GameDef& game) {
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

uint64_t Fnv1a(std::string_view text) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : text) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  return h;
}

// What agents read of a state every step, so that it runs on every state the game reaches.
void Observe(const vgdl::State& state) {
  (void)vgdl::AvailableActions(state, 0, true);
  (void)vgdl::Score(state);
  (void)vgdl::StateHash(state);
  if (vgdl::HasAvatar(state)) (void)vgdl::AvatarResources(state);
}

// An action for every player (NIL for one without an avatar), drawn from what each is offered.
std::vector<vgdl::Action> DrawActions(const vgdl::State& state, vgdl::trace::SplitMix64& rng) {
  std::vector<vgdl::Action> actions;
  for (int p = 0; p < state.player_count(); ++p) {
    const std::vector<vgdl::Action> offered = vgdl::AvailableActions(state, p, /*with_nil=*/true);
    actions.push_back(offered.empty() ? vgdl::Action::kNil
                                      : offered[rng.Below(static_cast<uint32_t>(offered.size()))]);
  }
  return actions;
}

// Two copies advanced with the same actions must stay the same game state.
void CheckCopiesAgree(const vgdl::State& state, vgdl::trace::SplitMix64& rng) {
  vgdl::State a(state);
  vgdl::State b(state);
  for (int t = 0; t < kCopyAdvances && !a.ended(); ++t) {
    const std::vector<vgdl::Action> actions = DrawActions(a, rng);
    vgdl::Advance(a, actions, vgdl::StepMode::kForwardModel);
    vgdl::Advance(b, actions, vgdl::StepMode::kForwardModel);
  }
  Check(vgdl::SameGameState(a, b));
  Check(vgdl::StateHash(a) == vgdl::StateHash(b));
}

void Play(const vgdl::GameDef& game, const std::shared_ptr<const vgdl::GameDef>& shared,
          std::string_view level_text, uint64_t seed) {
  const vgdl::LevelLoad level = vgdl::LoadLevelFromText(game, level_text, "fuzz_lvl.txt");
  if (!level.level) return;
  vgdl::State state(shared, *level.level, static_cast<int64_t>(seed & 0xffff));
  vgdl::trace::SplitMix64 rng(seed);
  for (int tick = 0; tick < kTicks && !state.ended(); ++tick) {
    if (tick % kCopyEvery == 0) {
      // ... and leave the state they were copied from as it was.
      const uint64_t before = vgdl::StateHash(state);
      CheckCopiesAgree(state, rng);
      Check(vgdl::StateHash(state) == before);
    }
    vgdl::Advance(state, DrawActions(state, rng), vgdl::StepMode::kRealGame);
    Observe(state);
  }
  (void)vgdl::BuildObservationGrid(state);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const vgdl::GameLoad load = vgdl::LoadGameFromText(text, "fuzz.txt");
  if (!load.game) return 0;
  const std::string_view embedded = EmbeddedLevel(text);
  const std::string built = embedded.empty() ? BuiltLevel(*load.game) : std::string();
  Play(*load.game, load.game, embedded.empty() ? std::string_view(built) : embedded, Fnv1a(text));
  return 0;
}
