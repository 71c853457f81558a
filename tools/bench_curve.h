// `vgdl bench --curve`: advances per second against the tick, over whole random episodes, so
// that a cost which grows as a game goes on (sprites made and killed every tick, lists that
// are never compacted) shows where the start-of-game figures cannot see it.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/state.h"

namespace vgdl::tools {

// The advances of one window of ticks, summed over every episode that reached it.
struct CurveWindow {
  int first_tick = 0;  // the window's advances start from states at ticks first_tick ..
  int ticks = 0;       // .. first_tick + ticks - 1
  int episodes = 0;    // episodes that played at least one advance of the window
  uint64_t advances = 0;
  double cpu_seconds = 0.0;
  uint64_t sprites_at_end = 0;  // summed over the episodes, at the last advance of the window
  uint64_t created = 0;         // sprites made during the window's advances
  uint64_t removed = 0;         // sprites that left the game during them

  double per_second() const {
    return cpu_seconds > 0 ? static_cast<double>(advances) / cpu_seconds : 0;
  }
};

struct Curve {
  std::vector<CurveWindow> windows;
  int episodes = 0;
  uint64_t checksum = 0;
};

// Plays random episodes from `initial` (to the end, or kMaxTicks), timing every `window` ticks
// apart: `episodes` of them, or when that is 0, until `seconds` of CPU time have passed and at
// least one episode ended. A fixed count plays the same episodes on every build, for a
// before-and-after comparison.
Curve MeasureCurve(const State& initial, int window, double seconds, int episodes, uint64_t seed);

}  // namespace vgdl::tools
