// `osla`: one-step lookahead (GVGAI's sampleonesteplookahead).
//
// For each action the avatar offers, fork the observation, advance one tick with that action
// and evaluate the result: a win is worth +1e7, a loss -1e7, otherwise the game score. The best
// action wins; ties are broken by a tiny random noise (GVGAI adds epsilon noise the same way).
// In stochastic games one sample per action is noisy, so `samples` repeats the sweep and
// averages; samples=0 repeats it for as long as the budget lasts.
//
// Budget: one forward-model call per evaluation; the agent stops when the budget has no room
// for another call and answers with the best action found so far.
#pragma once

#include "agents/common/agent_spec.h"

namespace vgdl {

AgentSpec OslaSpec();

}  // namespace vgdl
