// The host-stall watch: the log of a sleeper's late wake-ups, and an episode whose act lost its
// core for 20 ms.
#include "runner/host_stall_watch.h"

#include <gtest/gtest.h>
#include <pthread.h>
#include <sched.h>

#include <thread>

#include "runner/parallel.h"
#include "tests/runner/test_support.h"

namespace vgdl {
namespace {

constexpr int64_t kMs = 1'000'000;

TEST(StallLog, KeepsOnlyWakeUpsAMillisecondLateOrMore) {
  StallLog log;
  log.Record(10 * kMs, 10 * kMs + kMs / 2);
  EXPECT_EQ(log.last_wake_ns(), 10 * kMs + kMs / 2);
  EXPECT_EQ(log.LongestWithin(0, 100 * kMs), 0);
  log.Record(20 * kMs, 23 * kMs);
  EXPECT_EQ(log.LongestWithin(0, 100 * kMs), 3 * kMs);
}

TEST(StallLog, ClipsTheLongestStretchToTheWindow) {
  StallLog log;
  log.Record(10 * kMs, 30 * kMs);  // 20 ms
  log.Record(40 * kMs, 45 * kMs);  // 5 ms
  EXPECT_EQ(log.LongestWithin(0, 100 * kMs), 20 * kMs);
  EXPECT_EQ(log.LongestWithin(26 * kMs, 100 * kMs), 5 * kMs);  // 26-30 is shorter than 40-45
  EXPECT_EQ(log.LongestWithin(12 * kMs, 18 * kMs), 6 * kMs);
  EXPECT_EQ(log.LongestWithin(31 * kMs, 39 * kMs), 0);
}

TEST(StallLog, SaysSoWhenItNoLongerReachesTheWindow) {
  StallLog log;
  for (size_t i = 0; i <= StallLog::kCapacity; ++i) {
    const auto t = static_cast<int64_t>(i) * 10 * kMs;
    log.Record(t, t + 2 * kMs);
  }
  EXPECT_FALSE(log.LongestWithin(0, 5 * kMs));  // the first stretch was overwritten
  const auto last = static_cast<int64_t>(StallLog::kCapacity) * 10 * kMs;
  EXPECT_EQ(log.LongestWithin(last - kMs, last + 5 * kMs), 2 * kMs);
}

TEST(HostStallWatch, WatchesEveryCoreOfTheAffinityWhileItExists) {
  EXPECT_EQ(HostStallWatch::Active(), nullptr);
  {
    HostStallWatch watch;
    EXPECT_EQ(HostStallWatch::Active(), &watch);
    EXPECT_EQ(watch.cores(), UsableCores());
    EXPECT_FALSE(watch.StallNs(-1, 0, HostStallWatch::NowNs()));
  }
  EXPECT_EQ(HostStallWatch::Active(), nullptr);
}

// Keeps the calling thread on the core it is on until the end of the scope, so that an act's
// core is one core.
class PinnedHere {
 public:
  PinnedHere() {
    pthread_getaffinity_np(pthread_self(), sizeof(saved_), &saved_);
    cpu_ = sched_getcpu();
    PinCallingThreadTo(cpu_);
  }
  ~PinnedHere() { pthread_setaffinity_np(pthread_self(), sizeof(saved_), &saved_); }
  int cpu() const { return cpu_; }

 private:
  cpu_set_t saved_;
  int cpu_ = 0;
};

// Holds `cpu` for `ms` of wall time at a real-time priority above the watch's sleepers, as a
// hypervisor holds a virtual CPU; false when real-time priority is refused.
bool HoldCore(int cpu, int64_t ms) {
  bool held = false;
  std::thread holder([&] {
    PinCallingThreadTo(cpu);
    sched_param param{};
    param.sched_priority = sched_get_priority_min(SCHED_FIFO) + 1;
    if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &param) != 0) return;
    held = true;
    const int64_t until = HostStallWatch::NowNs() + ms * kMs;
    while (HostStallWatch::NowNs() < until) {
    }
  });
  holder.join();
  return held;
}

// The act (onestep: RIGHT wins at once) loses its core for 20 ms: the result says so. Without
// the watch the key is absent.
TEST(HostStallWatch, AnActThatLostItsCoreReportsTheStall) {
  const RunGame game = testing::LoadTestGame("onestep");
  PinnedHere pinned;
  testing::ScriptedAgent agent;
  agent.script = {Action::kRight};
  bool held = false;
  agent.on_act = [&](int) { held = HoldCore(pinned.cpu(), 20); };
  const EpisodeResult unwatched =
      RunEpisode(game, testing::TaskFor("onestep"), testing::Scripted(agent), Rules::Competition());
  EXPECT_FALSE(unwatched.max_act_host_stall_ms);
  EXPECT_FALSE(unwatched.max_unchecked_host_stall_ms);

  HostStallWatch watch;
  if (!watch.realtime()) GTEST_SKIP() << "real-time priority refused: no core can be held";
  const EpisodeResult r =
      RunEpisode(game, testing::TaskFor("onestep"), testing::Scripted(agent), Rules::Competition());
  ASSERT_TRUE(held);
  ASSERT_TRUE(r.max_act_host_stall_ms);
  // The sleeper's deadline falls within 1 ms of the hold's start and it wakes at its end.
  EXPECT_GE(*r.max_act_host_stall_ms, 18.0);
  // The one act is also the one with the longest unchecked stretch.
  ASSERT_TRUE(r.max_unchecked_host_stall_ms);
  EXPECT_EQ(*r.max_unchecked_host_stall_ms, *r.max_act_host_stall_ms);
  EXPECT_TRUE(r.win);
}

}  // namespace
}  // namespace vgdl
