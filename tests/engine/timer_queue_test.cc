// The timed effects' queue: GVGAI's TreeSet order (earliest tick first, newest first on a
// tie), also while timers are added between takes, and for queues of any length.
#include "engine/timer_queue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace vgdl {
namespace {

TEST(TimerQueueTest, EarliestTickFirstAndNewestFirstOnATie) {
  TimerQueue q;
  q.Add(5, -1, 10);
  q.Add(3, -1, 11);
  q.Add(5, -1, 12);
  q.Add(3, -1, 13);
  ASSERT_EQ(q.size(), 4u);
  std::vector<EffectId> order;
  while (!q.empty()) order.push_back(q.TakeNext().effect);
  EXPECT_EQ(order, (std::vector<EffectId>{13, 11, 12, 10}));
}

TEST(TimerQueueTest, TimersAddedBetweenTakesKeepTheOrder) {
  TimerQueue q;
  q.Add(2, 0, 1);
  q.Add(2, 1, 2);
  EXPECT_EQ(q.TakeNext().time_effect, 1);
  // Queued after the one still waiting for tick 2: runs before it.
  q.Add(2, 2, 3);
  q.Add(1, 3, 4);
  EXPECT_EQ(q.Next().time_effect, 3);
  EXPECT_EQ(q.TakeNext().time_effect, 3);
  EXPECT_EQ(q.TakeNext().time_effect, 2);
  EXPECT_EQ(q.TakeNext().time_effect, 0);
  EXPECT_TRUE(q.empty());
}

// Checked against a full sort by the same rule, on a queue as long as an addTimer on a
// frequent collision makes (a random game queued 430,000 in a hundred ticks).
TEST(TimerQueueTest, ManyTimersComeOutInTreeSetOrder) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int32_t> tick(0, 300);
  TimerQueue q;
  std::vector<QueuedTimer> expected;
  for (uint32_t i = 0; i < 200000; ++i) {
    const int32_t t = tick(rng);
    q.Add(t, -1, static_cast<EffectId>(i % 1000));
    expected.push_back(QueuedTimer{t, i, -1, static_cast<EffectId>(i % 1000)});
  }
  EXPECT_EQ(q.entries().size(), expected.size());
  std::sort(expected.begin(), expected.end(), [](const QueuedTimer& a, const QueuedTimer& b) {
    if (a.next_execution != b.next_execution) return a.next_execution < b.next_execution;
    return a.insertion > b.insertion;
  });
  for (const QueuedTimer& e : expected) {
    const QueuedTimer got = q.TakeNext();
    ASSERT_EQ(got.next_execution, e.next_execution);
    ASSERT_EQ(got.insertion, e.insertion);
    ASSERT_EQ(got.effect, e.effect);
  }
  EXPECT_TRUE(q.empty());
}

}  // namespace
}  // namespace vgdl
