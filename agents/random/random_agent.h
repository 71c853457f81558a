// `random`: a uniformly random action among those the avatar offers (GVGAI's sampleRandom).
//
// The baseline every other agent is compared with. It ignores the budget and never calls the
// forward model. Its generator is its own, seeded by the runner, so a run replays from its seed.
#pragma once

#include "agents/common/agent_spec.h"

namespace vgdl {

AgentSpec RandomSpec();

}  // namespace vgdl
