#include "agents/common/pacer.h"

#include <algorithm>
#include <cmath>

namespace vgdl {

IterationPacer::IterationPacer(Budget& budget, double reserve_factor, int64_t min_calls)
    : budget_(budget),
      reserve_factor_(reserve_factor),
      min_calls_(std::max<int64_t>(1, min_calls)),
      start_calls_(budget.calls()) {
  if (!budget_.counts_calls()) {
    start_ns_ = budget_.ElapsedNanos();
    total_ns_ = start_ns_ + budget_.Remaining();
  }
}

bool IterationPacer::HasRoom() {
  return budget_.counts_calls() ? HasRoomForCalls() : HasRoomForTime();
}

bool IterationPacer::HasRoomForCalls() {
  if (iterations_ == 0) return budget_.HasRoom(0, min_calls_);
  // One average iteration must fit: a call budget is a hard count, not a clock with jitter.
  const double avg_calls =
      static_cast<double>(budget_.calls() - start_calls_) / static_cast<double>(iterations_);
  const auto reserve = static_cast<int64_t>(std::ceil(avg_calls));
  return budget_.HasRoom(0, std::max(min_calls_, reserve));
}

bool IterationPacer::HasRoomForTime() {
  if (out_of_time_) return false;
  if (countdown_ > 0) {
    --countdown_;
    return budget_.HasRoom(reserve_ns_, min_calls_);
  }
  const int64_t elapsed = budget_.ElapsedNanos();
  const int64_t left = total_ns_ - elapsed;
  if (iterations_ > 0) {
    const int64_t avg_ns = (elapsed - start_ns_) / iterations_;
    reserve_ns_ = static_cast<int64_t>(reserve_factor_ * static_cast<double>(avg_ns));
    // Skip reads while many iterations fit before the next one is due; read every iteration
    // once fewer than a few intervals remain.
    const int64_t spare = left - reserve_ns_;
    if (avg_ns > 0 && spare > 4 * kReadIntervalNs) {
      countdown_ = static_cast<int32_t>(
          std::clamp<int64_t>(std::min(kReadIntervalNs, spare / 4) / avg_ns, 0, kMaxReadEvery));
    }
  }
  if (left <= reserve_ns_ || !budget_.HasRoom(reserve_ns_, min_calls_)) {
    out_of_time_ = true;
    return false;
  }
  return true;
}

}  // namespace vgdl
