// Progress of a run: a one-line bar with counts and remaining time for terminals, and the
// plain line logged per finished episode otherwise.
#pragma once

#include <cstddef>
#include <string>

#include "agents/runner/episode.h"

namespace vgdl {

struct RunProgress {
  size_t done = 0;
  size_t total = 0;
  size_t wins = 0;
  size_t disqualified = 0;
  size_t errors = 0;
  double elapsed_s = 0.0;  // wall time since the run started
};

// "1m05s", "42s", "2h03m".
std::string FormatDuration(double seconds);
// "[#######.........]  12/50  wins 5  disq 0  errors 0  elapsed 1m02s  left ~3m20s"
std::string FormatProgressBar(const RunProgress& p, int bar_width = 30);
// "[12/50] osla:... aliens level 0 rep 1 seed 123: win score 34 ticks 512 (1.2 ms/act)"
std::string FormatEpisodeLine(const EpisodeResult& r, size_t done, size_t total);

}  // namespace vgdl
