// Macro actions (Frydenberg et al. 2015, §V-B; see macro_actions.h).
#include "agents/mcts/macro_actions.h"

#include <stdexcept>
#include <string>

namespace vgdl {

void ValidateMacroRepeat(int repeat) {
  if (repeat < 1 || repeat > kMaxMacroRepeat) {
    throw std::invalid_argument("the macro action repeat must be in [1, " +
                                std::to_string(kMaxMacroRepeat) + "], not " +
                                std::to_string(repeat));
  }
}

MacroStepResult StepMacro(State& state, Action action, int repeat, Budget& budget) {
  return StepMacro(state, repeat,
                   [&state, action, &budget] { return SimulateStepWithin(state, action, budget); });
}

void MacroCommitment::Start(int action, int tick, int repeat) {
  action_ = action;
  last_tick_ = tick;
  remaining_ = repeat - 1;
}

std::optional<int> MacroCommitment::Next(int tick) {
  if (remaining_ <= 0 || tick != last_tick_ + 1) {
    remaining_ = 0;
    return std::nullopt;
  }
  --remaining_;
  last_tick_ = tick;
  return action_;
}

}  // namespace vgdl
