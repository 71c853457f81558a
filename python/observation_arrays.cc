// Observation arrays (observation_arrays.h).
#include "python/observation_arrays.h"

#include <algorithm>

#include "engine/observation.h"

namespace vgdl::python {

void FillTypeCounts(const State& state, std::span<uint8_t> out, int player) {
  std::fill(out.begin(), out.end(), uint8_t{0});
  const int w = state.width_cells();
  const int h = state.height_cells();
  const int block = state.block_size();
  for (TypeId t = 0; t < state.def().type_count(); ++t) {
    if (state.count_of(t) == 0 || IsTypeHiddenFrom(state, t, player)) continue;
    uint8_t* layer = out.data() + static_cast<size_t>(t) * static_cast<size_t>(w * h);
    for (SpriteRef s : state.sprites_of(t)) {
      const Rect& r = state.sprite(s).rect;
      // BuildObservationGrid's cells (engine/observation.cc), without building the grid.
      const int x = r.x / block;
      const int y = r.y / block;
      if (x < 0 || x >= w || y < 0 || y >= h) continue;
      const int x_last = r.x % block > 0 && x + 1 < w ? x + 1 : x;
      const int y_last = r.y % block > 0 && y + 1 < h ? y + 1 : y;
      for (int cy = y; cy <= y_last; ++cy) {
        for (int cx = x; cx <= x_last; ++cx) {
          uint8_t& cell = layer[cy * w + cx];
          if (cell < 255) ++cell;
        }
      }
    }
  }
}

std::vector<int16_t> TypeGrid(const State& state, int& depth, int player) {
  const ObservationGrid grid = BuildObservationGrid(state, player);
  const int w = state.width_cells();
  const int h = state.height_cells();
  if (depth < 0) {
    size_t deepest = 1;
    for (const auto& column : grid) {
      for (const auto& cell : column) deepest = std::max(deepest, cell.size());
    }
    depth = static_cast<int>(deepest);
  }
  std::vector<int16_t> out(static_cast<size_t>(depth * h * w), int16_t{-1});
  for (int x = 0; x < w; ++x) {
    for (int y = 0; y < h; ++y) {
      const auto& cell = grid[static_cast<size_t>(x)][static_cast<size_t>(y)];
      for (size_t d = 0; d < cell.size() && d < static_cast<size_t>(depth); ++d) {
        out[(d * static_cast<size_t>(h) + static_cast<size_t>(y)) * static_cast<size_t>(w) +
            static_cast<size_t>(x)] = cell[d].type;
      }
    }
  }
  return out;
}

}  // namespace vgdl::python
