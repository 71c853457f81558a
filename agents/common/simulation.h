// Simulation copies and forward-model steps, as every search agent makes them.
//
// GVGAI gives each copy of a state a fresh random generator (spec §4.3), so repeated
// simulations of a stochastic game differ. Agents here do the same without allocating: a copy
// reuses the target's buffers (State is a value whose vectors keep their capacity), and its game
// generator is reseeded from the agent's own generator (GVGAI's `setNewSeed` on a copy), which
// keeps a whole run reproducible from the agent's seed.
#pragma once

#include <optional>

#include "agents/common/budget.h"
#include "agents/common/random.h"
#include "engine/game.h"
#include "engine/state.h"

namespace vgdl {

// `sim` becomes a copy of `from` with a new random stream drawn from `rng`.
inline void CopyForSimulation(const State& from, State& sim, AgentRandom& rng) {
  sim = from;
  sim.rng().SetSeed(rng.NextSeed());
}

// A reusable simulation state. State has no empty form, so the first copy constructs it;
// later copies assign into it and reuse its memory.
class SimState {
 public:
  State& CopyFrom(const State& from, AgentRandom& rng) {
    if (state_) {
      *state_ = from;
    } else {
      state_.emplace(from);
    }
    state_->rng().SetSeed(rng.NextSeed());
    return *state_;
  }
  bool has_value() const { return state_.has_value(); }
  State& get() { return *state_; }
  const State& get() const { return *state_; }

 private:
  std::optional<State> state_;
};

// One forward-model tick of `sim`, counted against `budget`. Does nothing (and counts nothing)
// once the game is over, as GVGAI's advance does nothing then.
inline void SimulateStep(State& sim, Action action, Budget& budget) {
  if (sim.ended()) return;
  budget.CountCall();
  Advance(sim, action, StepMode::kForwardModel);
}

// SimulateStep, made only while `budget` has room for one more call; false (and `sim`
// unchanged) when it has not. Searches step this way inside an iteration, so that a call
// budget is never exceeded and a deadline ends even an iteration in progress.
inline bool SimulateStepWithin(State& sim, Action action, Budget& budget) {
  if (sim.ended()) return true;
  if (!budget.HasRoom()) return false;
  SimulateStep(sim, action, budget);
  return true;
}

}  // namespace vgdl
