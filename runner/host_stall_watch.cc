// The host-stall watch: sleepers pinned one per core, and the logs of their late wake-ups.
#include "runner/host_stall_watch.h"

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "runner/parallel.h"

namespace vgdl {

namespace {

constexpr int64_t kPeriodNs = 1'000'000;  // how often a sleeper wakes
constexpr int64_t kWaitPastNs = 50'000'000;
constexpr auto kPollPause = std::chrono::microseconds(200);

std::atomic<const HostStallWatch*> g_active{nullptr};

// The lowest real-time priority is enough to preempt every normal thread; refused without
// CAP_SYS_NICE or an RLIMIT_RTPRIO, and then the sleeper stays a normal thread.
bool AskRealtime() {
  sched_param param{};
  param.sched_priority = sched_get_priority_min(SCHED_FIFO);
  return pthread_setschedparam(pthread_self(), SCHED_FIFO, &param) == 0;
}

}  // namespace

void StallLog::Record(int64_t deadline_ns, int64_t woke_ns) {
  if (woke_ns - deadline_ns >= kMinLateNs) {
    const uint64_t n = count_.load(std::memory_order_relaxed);
    Stretch& s = ring_[n % kCapacity];
    s.begin.store(deadline_ns, std::memory_order_relaxed);
    s.end.store(woke_ns, std::memory_order_relaxed);
    count_.store(n + 1, std::memory_order_release);
  }
  last_wake_ns_.store(woke_ns, std::memory_order_release);
}

std::optional<int64_t> StallLog::LongestWithin(int64_t from_ns, int64_t to_ns) const {
  const uint64_t n = count_.load(std::memory_order_acquire);
  const uint64_t kept = std::min<uint64_t>(n, kCapacity);
  int64_t longest = 0;
  // Newest first: stretches are recorded in time order, so the scan stops at the first one
  // that ended before the window.
  for (uint64_t i = 0; i < kept; ++i) {
    const Stretch& s = ring_[(n - 1 - i) % kCapacity];
    const int64_t end = s.end.load(std::memory_order_relaxed);
    if (end < from_ns) return longest;
    const int64_t begin = s.begin.load(std::memory_order_relaxed);
    longest = std::max(longest, std::min(end, to_ns) - std::max(begin, from_ns));
  }
  if (n > kCapacity) return std::nullopt;  // the ring was overwritten before reaching from_ns
  return longest;
}

struct HostStallWatch::Sleeper {
  int cpu = 0;
  bool realtime = false;
  StallLog log;
  std::thread thread;
};

HostStallWatch::HostStallWatch() {
  for (int cpu : UsableCpus()) {
    auto sleeper = std::make_unique<Sleeper>();
    sleeper->cpu = cpu;
    sleepers_.push_back(std::move(sleeper));
  }
  std::atomic<int> started{0};
  for (auto& sleeper : sleepers_) {
    Sleeper* s = sleeper.get();
    s->thread = std::thread([this, s, &started] {
      PinCallingThreadTo(s->cpu);
      s->realtime = AskRealtime();
      started.fetch_add(1, std::memory_order_release);
      int64_t deadline = NowNs() + kPeriodNs;
      while (!stop_.load(std::memory_order_relaxed)) {
        std::this_thread::sleep_until(
            std::chrono::steady_clock::time_point(std::chrono::nanoseconds(deadline)));
        const int64_t woke = NowNs();
        s->log.Record(deadline, woke);
        deadline = woke + kPeriodNs;
      }
    });
  }
  // `realtime` is read by other threads only after every sleeper has set it.
  while (started.load(std::memory_order_acquire) < cores()) std::this_thread::sleep_for(kPollPause);
  g_active.store(this, std::memory_order_release);
}

HostStallWatch::~HostStallWatch() {
  const HostStallWatch* self = this;
  g_active.compare_exchange_strong(self, nullptr);
  stop_.store(true, std::memory_order_relaxed);
  for (auto& sleeper : sleepers_) sleeper->thread.join();
}

const HostStallWatch* HostStallWatch::Active() {
  return g_active.load(std::memory_order_acquire);
}

bool HostStallWatch::realtime() const {
  return std::all_of(sleepers_.begin(), sleepers_.end(), [](const auto& s) { return s->realtime; });
}

std::optional<int64_t> HostStallWatch::StallNs(int cpu, int64_t from_ns, int64_t to_ns) const {
  const auto it = std::find_if(sleepers_.begin(), sleepers_.end(),
                               [cpu](const auto& s) { return s->cpu == cpu; });
  if (it == sleepers_.end()) return std::nullopt;
  const StallLog& log = (*it)->log;
  const int64_t give_up = NowNs() + kWaitPastNs;
  while (log.last_wake_ns() < to_ns && NowNs() < give_up) std::this_thread::sleep_for(kPollPause);
  return log.LongestWithin(from_ns, to_ns);
}

int64_t HostStallWatch::NowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace vgdl
