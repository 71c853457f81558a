// Plays the games the loader accepts: arbitrary bytes as a game file, on a level of its own
// (after a line "#LEVEL", which VGDL reads as a comment) or one built from the game's level
// characters, for a few hundred ticks of actions drawn from the input for every player, under
// AddressSanitizer and UndefinedBehaviorSanitizer. Besides crashes and hangs, it traps when two
// copies of one state, given the same actions, part ways, or when advancing them changes the
// state they were copied from: the forward model must be deterministic and its copies
// independent.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/observation.h"
#include "fuzz/check.h"
#include "fuzz/game_input.h"

namespace {

using vgdl::fuzz::Check;

constexpr int kTicks = 300;
constexpr int kCopyEvery = 50;     // ticks between forward-model checks
constexpr int kCopyAdvances = 10;  // ticks each copy is advanced

// What agents read of a state every step, so that it runs on every state the game reaches.
void Observe(const vgdl::State& state) {
  (void)vgdl::AvailableActions(state, 0, true);
  (void)vgdl::Score(state);
  (void)vgdl::StateHash(state);
  if (vgdl::HasAvatar(state)) (void)vgdl::AvatarResources(state);
}

// Two copies advanced with the same actions must stay the same game state.
void CheckCopiesAgree(const vgdl::State& state, vgdl::trace::SplitMix64& rng) {
  vgdl::State a(state);
  vgdl::State b(state);
  for (int t = 0; t < kCopyAdvances && !a.ended(); ++t) {
    if (a.sprite_count() > vgdl::fuzz::kMaxPlayedSprites) break;
    const std::vector<vgdl::Action> actions = vgdl::fuzz::DrawActions(a, rng);
    vgdl::Advance(a, actions, vgdl::StepMode::kForwardModel);
    vgdl::Advance(b, actions, vgdl::StepMode::kForwardModel);
  }
  Check(vgdl::SameGameState(a, b));
  Check(vgdl::StateHash(a) == vgdl::StateHash(b));
}

void Play(vgdl::State& state, uint64_t seed) {
  vgdl::trace::SplitMix64 rng(seed);
  for (int tick = 0; tick < kTicks && !state.ended(); ++tick) {
    if (state.sprite_count() > vgdl::fuzz::kMaxPlayedSprites) break;
    if (tick % kCopyEvery == 0) {
      // ... and leave the state they were copied from as it was.
      const uint64_t before = vgdl::StateHash(state);
      CheckCopiesAgree(state, rng);
      Check(vgdl::StateHash(state) == before);
    }
    vgdl::Advance(state, vgdl::fuzz::DrawActions(state, rng), vgdl::StepMode::kRealGame);
    Observe(state);
  }
  (void)vgdl::BuildObservationGrid(state);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  vgdl::fuzz::GameInput input =
      vgdl::fuzz::LoadGameInput(std::string_view(reinterpret_cast<const char*>(data), size));
  if (input.state) Play(*input.state, input.seed);
  return 0;
}
