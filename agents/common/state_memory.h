// How much memory a copy of a state holds: searches that keep copies of states (IW(1)'s cache,
// the hybrid agent's heuristic search) size their tables from it at Init, so that a memory
// budget, not a count, bounds what they keep.
#pragma once

#include <cstddef>

#include "engine/state.h"

namespace vgdl {

// An estimate of the bytes one copy of `s` holds: its sprite pool and lists, resources, event
// history and timers.
size_t ApproxStateBytes(const State& s);

}  // namespace vgdl
