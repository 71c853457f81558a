// What a tuning run shows while it goes: a progress bar of the episodes on a terminal, a line
// now and then otherwise (a log file or a batch job's output), and every episode's error.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "runner/episode.h"
#include "runner/progress.h"

namespace vgdl::tools::tune_command {

class TuneProgress {
 public:
  // `total`: the episodes to play.
  TuneProgress(size_t total, bool bar, bool log) : bar_(bar), log_(log) { progress_.total = total; }

  // `line` makes the line to log (it asks the model for the best so far: made only when shown).
  void Evaluated(const std::vector<EpisodeResult>& episodes,
                 const std::function<std::string()>& line);
  void Finish();
  size_t errors() const { return progress_.errors; }

 private:
  void Print(const std::string& text);

  using Clock = std::chrono::steady_clock;
  bool bar_;
  bool log_;
  RunProgress progress_;
  size_t evaluations_ = 0;
  double last_log_s_ = 0.0;
  Clock::time_point start_ = Clock::now();
};

}  // namespace vgdl::tools::tune_command
