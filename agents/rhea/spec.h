// The registry rows of `rhea` and its presets (Gaina 2021; spec/RHEA.md):
//   rhea           every option of Table 3.1 at its default (the thesis's vanilla RHEA)
//   rhea-vanilla   the same, named as the thesis names it
//   ea-shift, ea-roll, ea-shift-roll, ea-tree
//                  CIG'17 (Ch. 4.3): P = 10, L = 14, breeding P - E = 9 times, with the shift
//                  buffer, Monte Carlo rollouts of L / 2 repeated R = 5, or the statistical tree
//   rhea-sota      the single configuration closest to Table 9.1's per-game "RHEA SotA"
//                  (docs/agents.md says how close)
#pragma once

#include <vector>

#include "agents/common/agent_spec.h"
#include "agents/rhea/options.h"

namespace vgdl {

// `rhea` first, then its presets.
std::vector<AgentSpec> RheaSpecs();

namespace rhea {

// The options of a preset, by name ("rhea", "ea-shift", ...); the defaults for an unknown name.
Options PresetOptions(const char* name);

}  // namespace rhea

}  // namespace vgdl
