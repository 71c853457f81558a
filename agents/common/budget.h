// Budgets are objects (DESIGN.md): an agent receives one and only asks it whether to go on.
//
// Two kinds exist. A CPU-time budget measures the agent thread's CPU clock, as GVGAI does,
// against a deadline shortened by a safety margin. A forward-model-call budget counts calls
// to Advance (the hardware-independent setting of the RHEA literature); with it, runs are
// reproducible bit for bit on any machine.
//
// Time discipline (docs/agents.md, "Time discipline", has the measurements):
//   1. The margin. A time budget answers "no more room" once the CPU time used reaches
//      `limit - margin` (35 ms of GVGAI's 40, 995 of its 1000 at Init). The margin pays for
//      what an agent still does after its last check: the rest of one forward-model step, the
//      back-up, choosing the action, returning. Agents keep that tail short (a check before
//      every forward-model call; no step that allocates or frees megabytes), so the margin
//      covers it many times over; it is not meant to absorb long steps, which are fixed in
//      the agent instead.
//   2. The pacing. Searches start an iteration only while twice the average iteration fits in
//      what is left (GVGAI's rule, pacer.h), and check the budget before each forward-model
//      call inside it, so a deadline also ends an iteration in flight.
//   3. The clock. CPU time is read with clock_gettime(CLOCK_THREAD_CPUTIME_ID), paired with a
//      monotonic wall-clock reading taken just before. A thread cannot run longer than the
//      wall time that passes, so any advance of its CPU clock beyond the wall time between two
//      readings is a clock artefact, not work: it is discarded (clock_excess_ns). On the
//      2-core reference VM the thread CPU clock jumps now and then by 5 to 42 ms within a few
//      microseconds of wall time (also for a thread pinned to one core, and for a loop of
//      fixed work), which no margin could absorb. Readings are at most kSampleIntervalNs of
//      wall time apart while the agent asks, so a jump is caught within that much; between
//      readings, HasRoom bounds the CPU time by the wall time elapsed, without a system call.
//      What no budget can discard: a stall of the whole vCPU (tens of ms of wall time) of which
//      the guest charges part to the running thread; that time passed on the wall clock too.
//   The runner judges an action by the same corrected measure (runner/episode.cc) and records
//   the raw clock beside it.
#pragma once

#include <cstdint>

namespace vgdl {

// CPU time consumed by the calling thread so far, in nanoseconds (the raw clock).
int64_t ThreadCpuNanos();
// The monotonic wall clock, in nanoseconds.
int64_t WallClockNanos();

// The clocks a time budget reads: the thread's CPU clock and the wall clock, or stand-ins in
// tests.
struct BudgetClocks {
  int64_t (*cpu_ns)() = ThreadCpuNanos;
  int64_t (*wall_ns)() = WallClockNanos;
};

class Budget {
 public:
  // At most this much wall time passes between two readings of the CPU clock while an agent
  // asks HasRoom: a clock jump inside a longer interval could hide behind the time the thread
  // spent waiting for a core. A reading costs 1-2 us: under 1% of the thread's time.
  static constexpr int64_t kSampleIntervalNs = 200'000;
  // CPU-clock advance beyond the wall time of an interval that is still counted: the two
  // clocks are read one after the other, so their intervals differ by a few hundred ns.
  static constexpr int64_t kClockSlackNs = 20'000;

  // `limit_ns` of the thread's CPU time from now; the agent should stop `margin_ns` early.
  static Budget CpuTime(int64_t limit_ns, int64_t margin_ns, BudgetClocks clocks = {});
  // At most `calls` forward-model calls.
  static Budget ForwardModelCalls(int64_t calls);

  // Agents call this before each forward-model Advance they make on a simulation state.
  void CountCall() { ++calls_; }
  int64_t calls() const { return calls_; }

  // Whether there is room for `reserve_ns` more work (time budgets) or `reserve_calls` more
  // calls (call budgets).
  bool HasRoom(int64_t reserve_ns = 0, int64_t reserve_calls = 1);
  // Remaining time (ns) before the margin for time budgets, remaining calls for call budgets.
  int64_t Remaining();
  // CPU time used since the budget was made, clock jumps discarded (also for call budgets,
  // for information). Reads the clock.
  int64_t ElapsedNanos();
  // CPU-clock advance discarded so far because it exceeded the wall time in which it
  // happened.
  int64_t clock_excess_ns() const { return excess_ns_; }
  // Time budgets: the most CPU time (corrected) between two readings of the CPU clock. A
  // question that comes kSampleIntervalNs of wall time or more after the last reading reads
  // the clock again, as do Remaining and ElapsedNanos (which the runner asks when the act
  // returns), so this is the longest CPU stretch in which the agent did not ask its budget, to
  // within one sample interval. A stretch longer than the margin is where an act can run past
  // its limit: a step of the agent that does not check, or a stall charged to the thread. 0 for
  // call budgets, which do not watch the clock.
  int64_t longest_unchecked_ns() const { return longest_unchecked_ns_; }
  // The wall time of that stretch: about its CPU time for a step of the agent's, much longer
  // for a stall of the machine (docs/agents.md, "Time discipline").
  int64_t longest_unchecked_wall_ns() const { return longest_unchecked_wall_ns_; }
  bool counts_calls() const { return max_calls_ >= 0; }

 private:
  explicit Budget(BudgetClocks clocks);
  // Reads the CPU clock (`wall_ns` having been read just before) and adds the interval since
  // the last reading to used_ns_, less what exceeds the wall time.
  void Sample(int64_t wall_ns);

  BudgetClocks clocks_;
  int64_t allowance_ns_ = 0;  // limit - margin: no room once used_ns_ reaches it
  int64_t max_calls_ = -1;    // >= 0 for call budgets
  int64_t calls_ = 0;
  int64_t used_ns_ = 0;         // corrected CPU time at the last reading
  int64_t excess_ns_ = 0;       // discarded clock advance
  int64_t cpu_anchor_ns_ = 0;   // the raw CPU clock at the last reading
  int64_t wall_anchor_ns_ = 0;  // the wall clock just before it
  int64_t longest_unchecked_ns_ = 0;
  int64_t longest_unchecked_wall_ns_ = 0;
};

}  // namespace vgdl
