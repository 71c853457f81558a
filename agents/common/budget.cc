// Budgets: the thread's CPU clock (as GVGAI's ElapsedCpuTimer), corrected for clock jumps, or a
// count of forward-model calls. The margin and the correction are explained in budget.h.
//
// Reading CLOCK_THREAD_CPUTIME_ID is a system call (about 1 us here), more than a tick of a
// small game, while the monotonic wall clock is read through the vDSO for a few ns. The
// corrected CPU time grows no faster than wall time, so between readings HasRoom answers yes
// from the bound `used + wall elapsed since the reading` while that is short of the deadline
// and the reading is recent; otherwise it reads the CPU clock. The answer is exact to within
// one call: never a stale "yes" past the deadline. (A Stockfish-style countdown of N calls
// between readings was tried first: an agent whose iterations turn 100 times dearer
// mid-search, as MCTS iterations do when play-outs stop ending at once, overshot by tens of
// milliseconds.)
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

}  // namespace

int64_t ThreadCpuNanos() {
  return ClockNanos(CLOCK_THREAD_CPUTIME_ID);
}

int64_t WallClockNanos() {
  return ClockNanos(CLOCK_MONOTONIC);
}

// The wall clock is read before the CPU clock, here and in every Sample, so that each wall
// interval covers the CPU interval it bounds (up to kClockSlackNs).
Budget::Budget(BudgetClocks clocks) : clocks_(clocks) {
  wall_anchor_ns_ = clocks_.wall_ns();
  cpu_anchor_ns_ = clocks_.cpu_ns();
}

Budget Budget::CpuTime(int64_t limit_ns, int64_t margin_ns, BudgetClocks clocks) {
  Budget b(clocks);
  b.allowance_ns_ = std::max<int64_t>(0, limit_ns - std::max<int64_t>(0, margin_ns));
  return b;
}

Budget Budget::ForwardModelCalls(int64_t calls) {
  Budget b(BudgetClocks{});
  b.max_calls_ = std::max<int64_t>(0, calls);
  return b;
}

void Budget::Sample(int64_t wall_ns) {
  const int64_t cpu = clocks_.cpu_ns();
  const int64_t cpu_delta = cpu - cpu_anchor_ns_;
  const int64_t wall_delta = wall_ns - wall_anchor_ns_;
  const int64_t excess = std::max<int64_t>(0, cpu_delta - wall_delta - kClockSlackNs);
  excess_ns_ += excess;
  used_ns_ += cpu_delta - excess;
  // A call budget reads the clock only when asked for the elapsed time: no stretch to watch.
  if (!counts_calls() && cpu_delta - excess > longest_unchecked_ns_) {
    longest_unchecked_ns_ = cpu_delta - excess;
    longest_unchecked_wall_ns_ = wall_delta;
  }
  cpu_anchor_ns_ = cpu;
  wall_anchor_ns_ = wall_ns;
}

bool Budget::HasRoom(int64_t reserve_ns, int64_t reserve_calls) {
  if (counts_calls()) return calls_ + std::max<int64_t>(0, reserve_calls) <= max_calls_;
  const int64_t reserve = std::max<int64_t>(0, reserve_ns);
  const int64_t wall = clocks_.wall_ns();
  const int64_t since = wall - wall_anchor_ns_;
  // An upper bound of the CPU time used now, without a system call.
  if (since < kSampleIntervalNs && used_ns_ + since + reserve < allowance_ns_) return true;
  Sample(wall);
  return used_ns_ + reserve < allowance_ns_;
}

int64_t Budget::Remaining() {
  if (counts_calls()) return std::max<int64_t>(0, max_calls_ - calls_);
  Sample(clocks_.wall_ns());
  return std::max<int64_t>(0, allowance_ns_ - used_ns_);
}

int64_t Budget::ElapsedNanos() {
  Sample(clocks_.wall_ns());
  return used_ns_;
}

}  // namespace vgdl
