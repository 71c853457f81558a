// Budgets: the thread's CPU clock (as GVGAI's ElapsedCpuTimer) or a count of forward-model calls.
//
// Reading CLOCK_THREAD_CPUTIME_ID is a system call (0.1-0.5 us), more than a tick of a small
// game, so HasRoom reads it only every `read_every_` calls, like Stockfish's callsCnt. Unlike
// Stockfish's fixed count, the interval adapts: after each read the cost of one HasRoom interval
// is measured and the count is set so that reads are about kReadIntervalNs apart. Agents may thus
// call HasRoom once per forward-model call or once per iteration; either way the decision is at
// most ~kReadIntervalNs stale (and a read costs < 0.5% of the time). Close to the deadline every
// call reads the clock.
#include "agents/common/budget.h"

#include <time.h>

#include <algorithm>

namespace vgdl {

namespace {

// Target CPU time between two clock reads: the largest staleness of a HasRoom answer.
constexpr int64_t kReadIntervalNs = 100'000;
// Upper bound on the calls between reads: a sudden rise in the cost of calls can overshoot
// the deadline by at most this many calls.
constexpr int64_t kMaxReadEvery = 1024;

}  // namespace

int64_t ThreadCpuNanos() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + static_cast<int64_t>(ts.tv_nsec);
}

Budget Budget::CpuTime(int64_t limit_ns, int64_t margin_ns) {
  Budget b;
  b.start_ns_ = ThreadCpuNanos();
  b.deadline_ns_ = b.start_ns_ + std::max<int64_t>(0, limit_ns - std::max<int64_t>(0, margin_ns));
  b.last_read_ns_ = b.start_ns_;
  return b;
}

Budget Budget::ForwardModelCalls(int64_t calls) {
  Budget b;
  b.start_ns_ = ThreadCpuNanos();
  b.max_calls_ = std::max<int64_t>(0, calls);
  b.last_read_ns_ = b.start_ns_;
  return b;
}

bool Budget::HasRoom(int64_t reserve_ns, int64_t reserve_calls) {
  if (counts_calls()) return calls_ + std::max<int64_t>(0, reserve_calls) <= max_calls_;
  if (--countdown_ > 0) return true;
  const int64_t now = ThreadCpuNanos();
  // The cost of one call over the interval that just ended (read_every_ calls), then the count
  // that spaces reads by about kReadIntervalNs. The count at most doubles per read, so that a
  // misleading cheap interval (the first call comes right after the budget was made) cannot
  // make the next interval long; it shrinks at once when calls get slower.
  const int64_t per_call = std::max<int64_t>(1, (now - last_read_ns_) / read_every_);
  const int64_t wanted = kReadIntervalNs / per_call;
  const int64_t most = std::min<int64_t>(2 * int64_t{read_every_}, kMaxReadEvery);
  const int64_t left = deadline_ns_ - now;
  // Near the deadline, read on every call so that the overshoot is one call, not an interval.
  read_every_ =
      left < 4 * kReadIntervalNs ? 1 : static_cast<int32_t>(std::clamp<int64_t>(wanted, 1, most));
  countdown_ = read_every_;
  last_read_ns_ = now;
  return left > std::max<int64_t>(0, reserve_ns);
}

int64_t Budget::Remaining() const {
  if (counts_calls()) return std::max<int64_t>(0, max_calls_ - calls_);
  return std::max<int64_t>(0, deadline_ns_ - ThreadCpuNanos());
}

int64_t Budget::ElapsedNanos() const {
  return ThreadCpuNanos() - start_ns_;
}

}  // namespace vgdl
