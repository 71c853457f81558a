// Deterministic Game Detection's classification (Soemers 2016, §4.2.5; see the header).
#include "agents/mcts/deterministic_detection.h"

#include <stdexcept>
#include <string>

#include "agents/common/action_list.h"
#include "engine/observation.h"

namespace vgdl {

namespace {

void RequireInRange(const char* name, int value, int low, int high) {
  if (value < low || value > high) {
    throw std::invalid_argument(std::string(name) + " must be in [" + std::to_string(low) + ", " +
                                std::to_string(high) + "], not " + std::to_string(value));
  }
}

enum class PlayEnd : uint8_t { kPlayed, kNpc, kOutOfBudget };

// Plays one action sequence on a fresh copy of `s0` in `sim`. The sequence is drawn from a copy
// of `sequence_rng`, so that every play of it draws the same actions without storing them.
PlayEnd PlaySequence(const State& s0, const ActionList& actions, AgentRandom sequence_rng,
                     int length, Budget& budget, AgentRandom& rng, SimState& sim) {
  State& state = sim.CopyFrom(s0, rng);
  for (int step = 0; step < length && !state.ended(); ++step) {
    const Action action =
        actions.empty() ? Action::kNil : actions[sequence_rng.NextInt(actions.size())];
    if (!SimulateStepWithin(state, action, budget)) return PlayEnd::kOutOfBudget;
    if (ShowsNpc(state)) return PlayEnd::kNpc;
  }
  return PlayEnd::kPlayed;
}

Determinism Verdict(PlayEnd end) {
  return end == PlayEnd::kNpc ? Determinism::kNpc : Determinism::kOutOfBudget;
}

}  // namespace

void ValidateDeterminismOptions(const DeterminismOptions& options) {
  RequireInRange("sequences", options.sequences, 1, 1000);
  RequireInRange("length", options.length, 1, 1000);
  RequireInRange("repeats", options.repeats, 2, 1000);
}

std::string_view DeterminismName(Determinism d) {
  switch (d) {
    case Determinism::kDeterministic:
      return "deterministic";
    case Determinism::kDiffers:
      return "differs";
    case Determinism::kNpc:
      return "npc";
    case Determinism::kOutOfBudget:
      return "out of budget";
  }
  return "?";
}

bool ShowsNpc(const State& state) {
  for (TypeId t = 0; t < state.def().type_count(); ++t) {
    const auto sprites = state.sprites_of(t);
    // Whether a sprite is an NPC and whether it is hidden depend on its type alone (only the
    // categories after kNpc look at the sprite), so one sprite of the type answers for all.
    if (sprites.empty() || IsTypeHiddenFrom(state, t)) continue;
    if (CategoryOf(state, sprites.front()) == ObsCategory::kNpc) return true;
  }
  return false;
}

Determinism ClassifyDeterminism(const State& s0, const DeterminismOptions& options, Budget& budget,
                                AgentRandom& rng, SimState& a, SimState& b) {
  if (ShowsNpc(s0)) return Determinism::kNpc;
  const ActionList actions = ActionList::Of(s0, /*with_nil=*/false);
  for (int sequence = 0; sequence < options.sequences; ++sequence) {
    const AgentRandom sequence_rng(rng.NextU64());
    // The first play's final state stays in `a`; every later play, in `b`, is compared with it.
    const PlayEnd first = PlaySequence(s0, actions, sequence_rng, options.length, budget, rng, a);
    if (first != PlayEnd::kPlayed) return Verdict(first);
    for (int repeat = 1; repeat < options.repeats; ++repeat) {
      const PlayEnd end = PlaySequence(s0, actions, sequence_rng, options.length, budget, rng, b);
      if (end != PlayEnd::kPlayed) return Verdict(end);
      if (!SameGameState(a.get(), b.get())) return Determinism::kDiffers;
    }
  }
  return Determinism::kDeterministic;
}

}  // namespace vgdl
