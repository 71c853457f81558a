// Terminations (spec §4.5, §9): checked in declaration order after the kill list is cleared.
#pragma once

#include "engine/state.h"

namespace vgdl {

// Evaluates the TerminationSet; the first termination that fires ends the game and sets
// every player's win state. Returns whether the game ended.
bool CheckTerminations(State& state);

}  // namespace vgdl
