// An RGB frame of a state, drawn by the software painter `vgdl render` uses
// (tools/window/painter.h) with the default sprite set (docs/sprites.md), without a display.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/state.h"

namespace vgdl::python {

struct RgbFrame {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgb;  // height x width x 3, rows top to bottom
};

// `sprites`: the default sprite set's pictures (shapes where it has none, or when false);
// `scale`: a whole enlargement factor, 1 to 16.
RgbFrame RenderFrame(const State& state, int scale, bool sprites, int player = 0);

}  // namespace vgdl::python
