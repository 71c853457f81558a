// Budgets are objects (DESIGN.md): an agent receives one and only asks it whether to go on.
//
// Two kinds exist. A CPU-time budget measures the agent thread's CPU clock, as GVGAI does,
// against a deadline shortened by a safety margin. A forward-model-call budget counts calls
// to Advance (the hardware-independent setting of the RHEA literature); with it, runs are
// reproducible bit for bit on any machine.
#pragma once

#include <cstdint>

namespace vgdl {

// CPU time consumed by the calling thread so far, in nanoseconds.
int64_t ThreadCpuNanos();

class Budget {
 public:
  // `limit_ns` of the thread's CPU time from now; the agent should stop `margin_ns` early.
  static Budget CpuTime(int64_t limit_ns, int64_t margin_ns);
  // At most `calls` forward-model calls.
  static Budget ForwardModelCalls(int64_t calls);

  // Agents call this before each forward-model Advance they make on a simulation state.
  void CountCall() { ++calls_; }
  int64_t calls() const { return calls_; }

  // Whether there is room for `reserve_ns` more work (time budgets) or `reserve_calls` more
  // calls (call budgets). The clock is read at most every few calls: reading it costs more
  // than a small game's tick.
  bool HasRoom(int64_t reserve_ns = 0, int64_t reserve_calls = 1);
  // Remaining time (ns) for time budgets, remaining calls for call budgets.
  int64_t Remaining() const;
  int64_t ElapsedNanos() const;
  bool counts_calls() const { return max_calls_ >= 0; }

 private:
  int64_t start_ns_ = 0;
  int64_t deadline_ns_ = 0;  // thread CPU clock value at which the agent must have returned
  int64_t max_calls_ = -1;   // >= 0 for call budgets
  int64_t calls_ = 0;
  // HasRoom's last reading of the thread CPU clock and the wall clock just before it: CPU time
  // grows no faster than wall time, which bounds it without a system call (budget.cc).
  int64_t last_read_ns_ = 0;
  int64_t last_wall_ns_ = 0;
};

}  // namespace vgdl
