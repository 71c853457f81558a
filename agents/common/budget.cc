// Budgets: the thread's CPU clock (as GVGAI's ElapsedCpuTimer) or a count of forward-model calls.
//
// Reading CLOCK_THREAD_CPUTIME_ID is a system call (0.1-1 us), more than a tick of a small
// game, so HasRoom avoids it: one thread's CPU time grows no faster than wall time, and the
// monotonic wall clock is read through the vDSO for a few ns. After each CPU reading at
// (cpu, wall), the CPU time at a later wall time w is at most cpu + (w - wall); while that bound
// is short of the deadline, HasRoom answers yes without the system call. Once it is not, the
// CPU clock is read and the bound re-anchored. So the answer is exact to within one call (never
// a stale "yes" past the deadline), and the CPU clock is read a few dozen times per decision:
// on an idle machine only near the deadline; when the thread shares its core, each reading
// re-anchors and the remaining slack shrinks geometrically. (A Stockfish-style countdown of N
// calls was tried first: an agent whose iterations turn 100 times dearer mid-search, as MCTS
// iterations do when play-outs stop ending at once, overshot by tens of milliseconds.)
#include "agents/common/budget.h"

#include <time.h>

#include <algorithm>

namespace vgdl {

namespace {

int64_t ClockNanos(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000 + static_cast<int64_t>(ts.tv_nsec);
}

int64_t WallNanos() {
  return ClockNanos(CLOCK_MONOTONIC);
}

}  // namespace

int64_t ThreadCpuNanos() {
  return ClockNanos(CLOCK_THREAD_CPUTIME_ID);
}

Budget Budget::CpuTime(int64_t limit_ns, int64_t margin_ns) {
  Budget b;
  b.last_wall_ns_ = WallNanos();
  b.start_ns_ = ThreadCpuNanos();
  b.deadline_ns_ = b.start_ns_ + std::max<int64_t>(0, limit_ns - std::max<int64_t>(0, margin_ns));
  b.last_read_ns_ = b.start_ns_;
  return b;
}

Budget Budget::ForwardModelCalls(int64_t calls) {
  Budget b;
  b.last_wall_ns_ = WallNanos();
  b.start_ns_ = ThreadCpuNanos();
  b.max_calls_ = std::max<int64_t>(0, calls);
  b.last_read_ns_ = b.start_ns_;
  return b;
}

bool Budget::HasRoom(int64_t reserve_ns, int64_t reserve_calls) {
  if (counts_calls()) return calls_ + std::max<int64_t>(0, reserve_calls) <= max_calls_;
  const int64_t reserve = std::max<int64_t>(0, reserve_ns);
  // An upper bound of the CPU clock now, without a system call.
  const int64_t bound = last_read_ns_ + (WallNanos() - last_wall_ns_);
  if (bound + reserve < deadline_ns_) return true;
  // The wall reading comes first so that the next bound errs on the safe side.
  last_wall_ns_ = WallNanos();
  last_read_ns_ = ThreadCpuNanos();
  return last_read_ns_ + reserve < deadline_ns_;
}

int64_t Budget::Remaining() const {
  if (counts_calls()) return std::max<int64_t>(0, max_calls_ - calls_);
  return std::max<int64_t>(0, deadline_ns_ - ThreadCpuNanos());
}

int64_t Budget::ElapsedNanos() const {
  return ThreadCpuNanos() - start_ns_;
}

}  // namespace vgdl
