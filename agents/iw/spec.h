// `iw` and its presets as registry specs: `iw` (every option, IW(1)'s defaults), `iw1`, `iw32`
// (width 3/2: a spec name cannot hold '/', which marks a plugin's path), `iw2`, `brfs` and `2bfs`.
#pragma once

#include <vector>

#include "agents/common/agent_spec.h"

namespace vgdl {

std::vector<AgentSpec> IwSpecs();

}  // namespace vgdl
