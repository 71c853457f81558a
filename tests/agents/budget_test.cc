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
  EXPECT_LT(elapsed, 16 * kMs);  // the adaptive countdown overshoots by well under 1 ms
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

TEST(Budget, MarginLargerThanLimitLeavesNoTime) {
  Budget b = Budget::CpuTime(1 * kMs, 5 * kMs);
  EXPECT_FALSE(b.HasRoom());
  EXPECT_EQ(b.Remaining(), 0);
  EXPECT_FALSE(b.counts_calls());
}

}  // namespace
}  // namespace vgdl
