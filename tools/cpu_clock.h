// This thread's CPU time, the clock every `vgdl bench` figure is read on.
#pragma once

#include <ctime>

namespace vgdl::tools {

// This thread's CPU time in seconds. Rates are per CPU second, as GVGAI times its agents, so
// that other processes on a shared machine do not distort them.
inline double ThreadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

}  // namespace vgdl::tools
