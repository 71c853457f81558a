// Episodes in parallel: one thread per job slot, each episode entirely on one thread, so that
// CPU-time budgets (the thread's own CPU clock) stay per episode.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

namespace vgdl {

// Calls work(i) for every i in [0, count) on `threads` threads (the calling thread when
// threads <= 1), handing out indices in increasing order. `work` must not throw and does its
// own locking for anything it shares. Returns when every call has returned.
void RunParallel(size_t count, int threads, const std::function<void(size_t)>& work);

// The cores this process may run on (its CPU affinity, which `taskset` and container limits
// narrow), at least 1.
int UsableCores();
// Those cores by number, as sched_getcpu() names them (empty if the affinity cannot be read).
std::vector<int> UsableCpus();
// Keeps the calling thread on `cpu` alone.
void PinCallingThreadTo(int cpu);

}  // namespace vgdl
