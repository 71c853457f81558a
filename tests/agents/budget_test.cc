// Budgets: forward-model calls and the thread's CPU clock.
#include "agents/common/budget.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace vgdl {
namespace {

constexpr int64_t kMs = 1'000'000;

TEST(Budget, CallBudgetCountsCalls) {
  Budget b = Budget::ForwardModelCalls(3);
  EXPECT_TRUE(b.counts_calls());
  int made = 0;
  while (b.HasRoom()) {
    b.CountCall();
    ++made;
  }
  EXPECT_EQ(made, 3);
  EXPECT_EQ(b.calls(), 3);
  EXPECT_EQ(b.Remaining(), 0);
}

TEST(Budget, CallBudgetHonoursReservedCalls) {
  Budget b = Budget::ForwardModelCalls(10);
  for (int i = 0; i < 6; ++i) b.CountCall();
  EXPECT_TRUE(b.HasRoom(0, 4));
  EXPECT_FALSE(b.HasRoom(0, 5));
  EXPECT_EQ(b.Remaining(), 4);
}

TEST(Budget, NegativeCallBudgetIsEmpty) {
  Budget b = Budget::ForwardModelCalls(-5);
  EXPECT_FALSE(b.HasRoom());
}

TEST(Budget, ThreadCpuClockIgnoresSleeping) {
  const int64_t before = ThreadCpuNanos();
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  EXPECT_LT(ThreadCpuNanos() - before, 10 * kMs);
}

// Spins, asking HasRoom once per `work_ns` of CPU, until the budget says stop.
int64_t SpinUntilStopped(Budget& b, int64_t work_ns, int64_t reserve_ns = 0) {
  volatile uint64_t sink = 0;
  while (b.HasRoom(reserve_ns)) {
    const int64_t until = ThreadCpuNanos() + work_ns;
    while (ThreadCpuNanos() < until) sink = sink + 1;
  }
  return b.ElapsedNanos();
}

TEST(Budget, HardLimitStopsWithinTheMarginWithCheapIterations) {
  Budget b = Budget::CpuTime(20 * kMs, 5 * kMs);
  const int64_t elapsed = SpinUntilStopped(b, 2'000);  // 2 us per iteration
  EXPECT_GE(elapsed, 15 * kMs);
  EXPECT_LT(elapsed, 16 * kMs);  // exact to within one call: well under 1 ms over
  EXPECT_EQ(b.Remaining(), 0);
}

TEST(Budget, HardLimitStopsWithinTheMarginWithSlowIterations) {
  Budget b = Budget::CpuTime(20 * kMs, 5 * kMs);
  const int64_t elapsed = SpinUntilStopped(b, 500'000);  // 0.5 ms per iteration
  EXPECT_GE(elapsed, 15 * kMs);
  EXPECT_LT(elapsed, 16 * kMs);
}

TEST(Budget, ReserveStopsEarlier) {
  Budget b = Budget::CpuTime(20 * kMs, 0);
  const int64_t elapsed = SpinUntilStopped(b, 10'000, 8 * kMs);
  EXPECT_GE(elapsed, 12 * kMs);
  EXPECT_LT(elapsed, 13 * kMs);
}

// Stand-in clocks: the test moves them by hand, and counts the CPU clock's readings.
struct FakeClocks {
  static inline int64_t cpu = 0;
  static inline int64_t wall = 0;
  static inline int cpu_reads = 0;

  static int64_t Cpu() {
    ++cpu_reads;
    return cpu;
  }
  static int64_t Wall() { return wall; }
  static BudgetClocks Make() {
    cpu = 1'000 * kMs;
    wall = 5'000 * kMs;
    cpu_reads = 0;
    return BudgetClocks{&Cpu, &Wall};
  }
  // The thread runs for `ns`: both clocks move.
  static void Run(int64_t ns) {
    cpu += ns;
    wall += ns;
  }
};

TEST(Budget, CpuTimeUpToTheWallTimeCounts) {
  Budget b = Budget::CpuTime(40 * kMs, 5 * kMs, FakeClocks::Make());
  FakeClocks::Run(10 * kMs);
  FakeClocks::wall += 30 * kMs;  // waiting for a core: wall time only
  EXPECT_EQ(b.ElapsedNanos(), 10 * kMs);
  EXPECT_EQ(b.Remaining(), 25 * kMs);
  EXPECT_EQ(b.clock_excess_ns(), 0);
}

// The reference VM's thread CPU clock jumps by up to tens of ms within microseconds of wall
// time: that advance is no work of the agent's and is discarded.
TEST(Budget, CpuClockJumpBeyondTheWallTimeIsDiscarded) {
  Budget b = Budget::CpuTime(40 * kMs, 5 * kMs, FakeClocks::Make());
  FakeClocks::Run(10 * kMs);
  EXPECT_EQ(b.ElapsedNanos(), 10 * kMs);
  FakeClocks::cpu += 24 * kMs;  // the jump
  FakeClocks::Run(5'000);       // within 5 us of wall time
  EXPECT_TRUE(b.HasRoom());
  // What is kept of the interval: its wall time plus the reading slack.
  const int64_t kept = 5'000 + Budget::kClockSlackNs;
  EXPECT_EQ(b.ElapsedNanos(), 10 * kMs + kept);
  EXPECT_EQ(b.clock_excess_ns(), 24 * kMs + 5'000 - kept);
  FakeClocks::Run(25 * kMs);
  EXPECT_FALSE(b.HasRoom());  // 35 ms of work: the margin is reached
}

TEST(Budget, ReadsTheCpuClockOnlyWhenTheWallBoundNeedsIt) {
  Budget b = Budget::CpuTime(40 * kMs, 5 * kMs, FakeClocks::Make());
  const int reads_at_start = FakeClocks::cpu_reads;
  FakeClocks::Run(Budget::kSampleIntervalNs / 2);
  EXPECT_TRUE(b.HasRoom());
  EXPECT_EQ(FakeClocks::cpu_reads, reads_at_start);  // recent reading, far from the deadline
  FakeClocks::Run(Budget::kSampleIntervalNs);
  EXPECT_TRUE(b.HasRoom());
  EXPECT_EQ(FakeClocks::cpu_reads, reads_at_start + 1);  // the reading is too old
  // Near the deadline the bound no longer suffices and the clock decides: here the thread
  // waited for a core, so the CPU time is short of the bound and there is still room.
  FakeClocks::Run(35 * kMs - 2 * Budget::kSampleIntervalNs);
  EXPECT_TRUE(b.HasRoom());
  EXPECT_EQ(FakeClocks::cpu_reads, reads_at_start + 2);
  FakeClocks::Run(60'000);
  EXPECT_TRUE(b.HasRoom());  // 40 us short of the deadline even if all of it was work
  EXPECT_EQ(FakeClocks::cpu_reads, reads_at_start + 2);
  FakeClocks::wall += 60'000;
  EXPECT_TRUE(b.HasRoom());
  EXPECT_EQ(FakeClocks::cpu_reads, reads_at_start + 3);
}

TEST(Budget, WallBoundNeverAnswersYesPastTheDeadline) {
  Budget b = Budget::CpuTime(40 * kMs, 5 * kMs, FakeClocks::Make());
  FakeClocks::Run(35 * kMs - 1'000);
  EXPECT_TRUE(b.HasRoom());
  FakeClocks::Run(1'000);
  EXPECT_FALSE(b.HasRoom());
  EXPECT_FALSE(b.HasRoom(0));
  EXPECT_EQ(b.Remaining(), 0);
}

// The longest stretch without a question is where an act can overrun: here a 20 ms step
// between two checks, found again when the act ends (the runner's ElapsedNanos). Frequent
// questions read the clock once per sample interval: that is the resolution.
TEST(Budget, RemembersTheLongestStretchWithoutACheck) {
  Budget b = Budget::CpuTime(40 * kMs, 5 * kMs, FakeClocks::Make());
  for (int i = 0; i < 10; ++i) {
    FakeClocks::Run(Budget::kSampleIntervalNs / 2);
    EXPECT_TRUE(b.HasRoom());
  }
  EXPECT_EQ(b.longest_unchecked_ns(), Budget::kSampleIntervalNs);
  FakeClocks::Run(5 * kMs);
  FakeClocks::wall += 30 * kMs;  // waiting for a core is not a stretch of the agent's
  EXPECT_TRUE(b.HasRoom());
  EXPECT_EQ(b.longest_unchecked_ns(), 5 * kMs);
  EXPECT_EQ(b.longest_unchecked_wall_ns(), 35 * kMs);
  FakeClocks::Run(20 * kMs);
  EXPECT_TRUE(b.HasRoom());
  EXPECT_EQ(b.longest_unchecked_ns(), 20 * kMs);
  FakeClocks::Run(1 * kMs);
  EXPECT_EQ(b.Remaining(), 40 * kMs - 5 * kMs - 27 * kMs);
  FakeClocks::Run(30 * kMs);  // the tail: after the last check, up to the end of the act
  b.ElapsedNanos();
  EXPECT_EQ(b.longest_unchecked_ns(), 30 * kMs);
}

TEST(Budget, CallBudgetsDoNotWatchTheClock) {
  Budget b = Budget::ForwardModelCalls(3);
  while (b.HasRoom()) b.CountCall();
  b.ElapsedNanos();
  EXPECT_EQ(b.longest_unchecked_ns(), 0);
}

TEST(Budget, MarginLargerThanLimitLeavesNoTime) {
  Budget b = Budget::CpuTime(1 * kMs, 5 * kMs);
  EXPECT_FALSE(b.HasRoom());
  EXPECT_EQ(b.Remaining(), 0);
  EXPECT_FALSE(b.counts_calls());
}

}  // namespace
}  // namespace vgdl
