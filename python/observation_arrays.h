// The observation as arrays: what the Python module returns as NumPy arrays and what the
// environments observe. Both follow GVGAI's observation grid (engine/observation.h,
// BuildObservationGrid): the player's visible sprites, each in the cell of its top-left corner
// and, when it is not aligned to the grid, the next cells right and below.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/state.h"

namespace vgdl::python {

// How many visible sprites of each type lie in each cell: type_count x height x width bytes,
// row-major, saturating at 255. Allocation-free: the environments call it every step.
void FillTypeCounts(const State& state, std::span<uint8_t> out, int player = 0);

// The type ids in each cell, in the grid's order (ascending type id, then creation order):
// depth x height x width, -1 where a cell has fewer sprites. `depth` < 0 means the deepest
// cell's count (at least 1).
std::vector<int16_t> TypeGrid(const State& state, int& depth, int player = 0);

}  // namespace vgdl::python
