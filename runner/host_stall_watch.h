// The host-stall watch (`vgdl run --watch-host-stalls`): tells whether a core ran nothing of
// this machine's during an act, because the hypervisor took the virtual CPU away.
//
// Inside a VM the guest's thread CPU clock keeps running through such a stall, so the agent
// that held the core is charged for it: session 37 caught a 23 ms stall of the whole VM charged
// to one act, which was then disqualified (docs/agents.md, "Measurements"). An agent cannot
// tell that from a step of its own that forgot to check its budget; the watch can. It puts a
// sleeper on every core the process may use; each wakes every millisecond and records the
// stretches by which it woke late. A sleeper asks for real-time priority, so that it preempts
// an agent on its core at once: then a late wake-up means the core itself did not run.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace vgdl {

// The late wake-ups of one core's sleeper: stretches [deadline, woke] of the steady clock, in
// a ring of the latest kCapacity. One thread records, any thread reads.
class StallLog {
 public:
  static constexpr size_t kCapacity = 4096;
  // Shorter lateness is the ordinary jitter of a timer and is not recorded.
  static constexpr int64_t kMinLateNs = 1'000'000;

  // A wake-up at `woke_ns` of a sleep meant to end at `deadline_ns`.
  void Record(int64_t deadline_ns, int64_t woke_ns);
  // When the sleeper last woke (0 before its first wake-up).
  int64_t last_wake_ns() const { return last_wake_ns_.load(std::memory_order_acquire); }
  // The longest recorded stretch within [from_ns, to_ns], clipped to it; nullopt when the ring
  // no longer reaches back to from_ns.
  std::optional<int64_t> LongestWithin(int64_t from_ns, int64_t to_ns) const;

 private:
  struct Stretch {
    std::atomic<int64_t> begin{0};
    std::atomic<int64_t> end{0};
  };
  std::array<Stretch, kCapacity> ring_;
  std::atomic<uint64_t> count_{0};
  std::atomic<int64_t> last_wake_ns_{0};
};

class HostStallWatch {
 public:
  // Starts one sleeper pinned to each core of the process's affinity (`taskset` narrows it).
  HostStallWatch();
  ~HostStallWatch();  // stops and joins the sleepers
  HostStallWatch(const HostStallWatch&) = delete;
  HostStallWatch& operator=(const HostStallWatch&) = delete;

  // The watch that episodes consult while one exists, else null.
  static const HostStallWatch* Active();

  int cores() const { return static_cast<int>(sleepers_.size()); }
  // Whether every sleeper got real-time priority (SCHED_FIFO). Without it, a sleeper on a core
  // busy with an agent may be late by a scheduler tick (about 4 ms) with no stall at all.
  bool realtime() const;

  // How long `cpu` (as sched_getcpu() names it) ran nothing during [from_ns, to_ns] of the
  // steady clock: the longest late wake-up of its sleeper there, clipped to the window. Waits
  // (50 ms at most) until that sleeper has woken after to_ns, so that a stall which ended just
  // before is already recorded. nullopt for a core not watched or a window the log no longer
  // reaches.
  std::optional<int64_t> StallNs(int cpu, int64_t from_ns, int64_t to_ns) const;

  // The steady clock as the sleepers read it (std::chrono::steady_clock, in ns).
  static int64_t NowNs();

 private:
  struct Sleeper;
  std::vector<std::unique_ptr<Sleeper>> sleepers_;
  std::atomic<bool> stop_{false};
};

}  // namespace vgdl
