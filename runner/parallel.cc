// A minimal work queue: an atomic counter handing out episode indices.
#include "runner/parallel.h"

#include <pthread.h>
#include <sched.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace vgdl {

void RunParallel(size_t count, int threads, const std::function<void(size_t)>& work) {
  if (threads <= 1 || count <= 1) {
    for (size_t i = 0; i < count; ++i) work(i);
    return;
  }
  std::atomic<size_t> next{0};
  const auto worker = [&] {
    for (size_t i = next.fetch_add(1); i < count; i = next.fetch_add(1)) work(i);
  };
  std::vector<std::jthread> pool;
  const auto n = std::min(static_cast<size_t>(threads), count);
  pool.reserve(n);
  for (size_t t = 0; t < n; ++t) pool.emplace_back(worker);
}  // the jthreads join here

int UsableCores() {
  const auto cpus = UsableCpus();
  if (!cpus.empty()) return static_cast<int>(cpus.size());
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

std::vector<int> UsableCpus() {
  std::vector<int> cpus;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return cpus;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (CPU_ISSET(static_cast<size_t>(cpu), &set)) cpus.push_back(cpu);
  }
  return cpus;
}

void PinCallingThreadTo(int cpu) {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(static_cast<size_t>(cpu), &set);
  pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

}  // namespace vgdl
