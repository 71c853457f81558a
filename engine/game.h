// Playing a game: GVGAI's tick (spec §4) on a State.
#pragma once

#include <span>

#include "engine/state.h"

namespace vgdl {

enum class StepMode {
  // The competition's real game loop: an action the avatar does not have is played as NIL
  // (§4.1). Reported results adjust a winner's score to at least 1 (see ReportedScore).
  kRealGame,
  // GVGAI's ForwardModel.advance: actions are not validated (§4.2).
  kForwardModel,
};

// Processes one tick: avatars, NPCs in reverse sprite order, timed effects, EOS effects,
// collision effects in pair order, removal of killed sprites, terminations, the 2000-tick
// limit. `actions` has one entry per player. Does nothing once the game has ended.
void Advance(State& state, std::span<const Action> actions, StepMode mode);
void Advance(State& state, Action action, StepMode mode = StepMode::kForwardModel);

// GVGAI's MAX_TIMESTEPS: the game ends after processing this tick (§4.1 step 7).
inline constexpr int kMaxTicks = 2000;

// The score GVGAI reports for a finished game: a winner with score <= 0 gets 1 (§4.1).
double ReportedScore(const State& state, int player);

}  // namespace vgdl
