// Progress of a run: a one-line bar with counts, rate and remaining time for terminals; in a
// log (no terminal), the line per finished episode and, every kProgressLogInterval, a line
// with the same counts, rate and remaining time.
#pragma once

#include <cstddef>
#include <string>

#include "runner/episode.h"

namespace vgdl {

struct RunProgress {
  size_t done = 0;
  size_t total = 0;
  size_t wins = 0;
  size_t disqualified = 0;
  size_t errors = 0;
  double elapsed_s = 0.0;  // wall time since the run started
  // Of `done`, those finished before elapsed_s began (a resumed run's): counted as done, not
  // in the rate.
  size_t done_before = 0;

  size_t Measured() const { return done > done_before ? done - done_before : 0; }
};

// Seconds between the progress lines of a log: a line a minute or so is what a batch log
// (a Slurm task's) can take over thousands of episodes; more would drown the episode lines.
inline constexpr double kProgressLogInterval = 30.0;

// "1m05s", "42s", "2h03m".
std::string FormatDuration(double seconds);
// "3.2/s", "12.5/min" or "0.8/h": episodes per unit of time, the unit that gives at least
// one; "-" before anything is done.
std::string FormatRate(size_t done, double elapsed_s);
// "[#######.........]  12/50  wins 5  disq 0  errors 0  7.2/min  elapsed 1m40s  left ~5m17s"
std::string FormatProgressBar(const RunProgress& p, int bar_width = 30);
// "progress: 12/50 episodes (24%), 7.2/min, elapsed 1m40s, left ~5m17s"
std::string FormatProgressLine(const RunProgress& p);
// "[12/50] osla:... aliens level 0 rep 1 seed 123: win score 34 ticks 512 (1.2 ms/act)"
std::string FormatEpisodeLine(const EpisodeResult& r, size_t done, size_t total);

}  // namespace vgdl
