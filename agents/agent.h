// The agent interface (GVGAI's AbstractPlayer, spec §11.1), in C++.
//
// An agent is created, then initialised once with the game's first observation and a 1 s
// budget, then asked for an action with an observation and a 40 ms budget every tick. The
// observation is the agent's own copy of the game state; it may Fork() and Advance it freely
// (each Advance should be counted with Budget::CountCall) but never sees the real game.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "agents/common/budget.h"
#include "engine/state.h"

namespace vgdl {

// Statistics an agent reports about its last decision (shown by the window and the runner).
struct AgentStats {
  int64_t iterations = 0;  // e.g. MCTS iterations, RHEA generations, IW nodes expanded
  int64_t fm_calls = 0;    // forward-model calls made for the last decision
};

class Agent {
 public:
  virtual ~Agent() = default;

  // Called once before the first tick; may use the budget to think (e.g. grow a tree).
  virtual void Init(const State& observation, Budget& budget) = 0;
  // The action for the current tick.
  virtual Action Act(const State& observation, Budget& budget) = 0;
  // Called once when the game is over.
  virtual void Result(const State& /*final_observation*/) {}
  virtual AgentStats LastStats() const { return {}; }
  // The agent's name with its options, e.g. "mcts:c=0.6,depth=10".
  virtual std::string Name() const = 0;
};

}  // namespace vgdl
