// When to stop searching: GVGAI's sample agents start another iteration only while the
// remaining time exceeds twice the average iteration time (spec §12). The pacer applies that
// rule to time budgets, and with call budgets starts an iteration only while an average
// iteration's calls still fit, so that runs stay reproducible (no clock decides then).
#pragma once

#include <cstdint>

#include "agents/common/budget.h"

namespace vgdl {

class IterationPacer {
 public:
  // `reserve_factor`: how many average iterations must fit in what is left (2 in GVGAI).
  // `min_calls`: calls the next iteration needs at least (1 for most searches).
  explicit IterationPacer(Budget& budget, double reserve_factor = 2.0, int64_t min_calls = 1);

  // Whether another iteration may start. Call before each one.
  bool HasRoom();
  // Call after each iteration.
  void Done() { ++iterations_; }

  int64_t iterations() const { return iterations_; }

 private:
  bool HasRoomForCalls();
  bool HasRoomForTime();

  // Reading the CPU clock costs about as much as a small game's tick, so with short iterations
  // the pacer reads it only about every kReadIntervalNs of average iteration time (and on every
  // iteration once the end is near). It keeps its own count rather than relying on the
  // budget's adaptive one, whose first interval is a guess that long iterations can overrun.
  static constexpr int64_t kReadIntervalNs = 50'000;
  static constexpr int32_t kMaxReadEvery = 64;

  Budget& budget_;
  double reserve_factor_;
  int64_t min_calls_;
  int64_t start_calls_;
  // Time budgets only.
  int64_t start_ns_ = 0;    // budget time used before the first iteration
  int64_t total_ns_ = 0;    // budget time used + remaining: the whole allowance
  int64_t reserve_ns_ = 0;  // reserve_factor x the average iteration time
  int32_t countdown_ = 0;   // iterations before the next clock read
  bool out_of_time_ = false;
  int64_t iterations_ = 0;
};

}  // namespace vgdl
