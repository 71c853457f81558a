// GVGAI's competition rules for one agent in one game (spec §12, CompetitionParameters).
//
// Timing is the CPU time of the agent's thread, as GVGAI measures it (ThreadMXBean), from
// before the observation copy is made until the agent returns: the copy counts against the
// agent. It is read through the agent's Budget, which discards any advance of the CPU clock
// beyond the wall time that passed (a clock artefact of the VM, budget.h); the raw clock is
// recorded beside it. With a forward-model-call budget the clock decides nothing (runs must
// replay bit for bit); times are still recorded for information.
#pragma once

#include <cstdint>
#include <string>

#include "agents/common/budget.h"

namespace vgdl {

inline constexpr int64_t kNanosPerMilli = 1'000'000;

// The safety margin subtracted from the agent's time (Stockfish's "move overhead"): the
// agent's Budget says "stop" this much before the limit, leaving room for what the agent still
// does after its last check (the rest of one forward-model step, choosing the action,
// returning). 5 ms is GVGAI's own sample agents' rule (stop when <= 5 ms remain, spec §12).
// It is the same for Init (995 of 1000 ms). The margin only has to cover an agent's tail
// because the agents keep every step short and the budget discards the jumps of the VM's CPU
// clock (budget.h; measurements in docs/agents.md). `vgdl run --margin-ms` changes it.
inline constexpr int64_t kDefaultMarginNs = 5 * kNanosPerMilli;

enum class BudgetKind { kCpuTime, kForwardModelCalls };

struct Rules {
  BudgetKind kind = BudgetKind::kCpuTime;
  int64_t act_ns = 40 * kNanosPerMilli;         // ACTION_TIME: over it the action becomes NIL
  int64_t disqualify_ns = 50 * kNanosPerMilli;  // ACTION_TIME_DISQ: over it, disqualified
  int64_t init_ns = 1000 * kNanosPerMilli;      // INITIALIZATION_TIME
  int64_t teardown_ns = 100 * kNanosPerMilli;   // TEAR_DOWN_TIME, for Agent::Result
  int64_t margin_ns = kDefaultMarginNs;         // the agent's Budget ends this much earlier
  int64_t act_calls = 0;                        // forward-model calls per action
  int64_t init_calls = 0;                       // forward-model calls for Init

  // GVGAI's rules: 40 ms per action, 50 ms disqualification, 1 s init, 100 ms tear-down.
  static Rules Competition() { return {}; }
  // `ms` per action instead of 40; disqualification keeps GVGAI's 10 ms of slack above it.
  static Rules CpuTimeMs(int64_t ms);
  // `calls` forward-model calls per action and 25 times as many for Init (GVGAI's 1 s : 40 ms).
  static Rules ForwardModelCalls(int64_t calls);

  bool enforces_time() const { return kind == BudgetKind::kCpuTime; }
  Budget ActBudget() const;
  Budget InitBudget() const;
  // "40ms" or "1000calls": stored with each result so that runs under different budgets are
  // not mixed by accident.
  std::string Describe() const;
};

enum class ActVerdict { kInTime, kOverspent, kDisqualified };

// GVGAI's check after act(): over the action time the action is replaced by NIL; if the
// elapsed whole milliseconds also exceed the disqualification time, the agent is
// disqualified (Java compares elapsedMillis(), truncated, with ACTION_TIME_DISQ: 50.9 ms is
// still only overspent). Always kInTime when the rules do not enforce time.
ActVerdict JudgeAct(const Rules& rules, int64_t elapsed_ns);
// Whether Init (agent construction included) or Result took too long: disqualification.
bool InitTooLong(const Rules& rules, int64_t elapsed_ns);
bool TeardownTooLong(const Rules& rules, int64_t elapsed_ns);

}  // namespace vgdl
