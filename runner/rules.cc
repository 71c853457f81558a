// GVGAI's competition timing rules.
#include "runner/rules.h"

namespace vgdl {

namespace {

// GVGAI's INITIALIZATION_TIME / ACTION_TIME: the init budget in actions.
constexpr int64_t kInitActions = 25;
// GVGAI's ACTION_TIME_DISQ - ACTION_TIME.
constexpr int64_t kDisqualifySlackNs = 10 * kNanosPerMilli;

}  // namespace

Rules Rules::CpuTimeMs(int64_t ms) {
  Rules r;
  r.act_ns = ms * kNanosPerMilli;
  r.disqualify_ns = r.act_ns + kDisqualifySlackNs;
  return r;
}

Rules Rules::ForwardModelCalls(int64_t calls) {
  Rules r;
  r.kind = BudgetKind::kForwardModelCalls;
  r.act_calls = calls;
  r.init_calls = calls * kInitActions;
  return r;
}

Budget Rules::ActBudget() const {
  return enforces_time() ? Budget::CpuTime(act_ns, margin_ns)
                         : Budget::ForwardModelCalls(act_calls);
}

Budget Rules::InitBudget() const {
  return enforces_time() ? Budget::CpuTime(init_ns, margin_ns)
                         : Budget::ForwardModelCalls(init_calls);
}

std::string Rules::Describe() const {
  if (!enforces_time()) return std::to_string(act_calls) + "calls";
  if (act_ns % kNanosPerMilli == 0) return std::to_string(act_ns / kNanosPerMilli) + "ms";
  return std::to_string(act_ns) + "ns";
}

ActVerdict JudgeAct(const Rules& rules, int64_t elapsed_ns) {
  if (!rules.enforces_time() || elapsed_ns <= rules.act_ns) return ActVerdict::kInTime;
  if (elapsed_ns / kNanosPerMilli > rules.disqualify_ns / kNanosPerMilli) {
    return ActVerdict::kDisqualified;
  }
  return ActVerdict::kOverspent;
}

bool InitTooLong(const Rules& rules, int64_t elapsed_ns) {
  return rules.enforces_time() && elapsed_ns > rules.init_ns;
}

bool TeardownTooLong(const Rules& rules, int64_t elapsed_ns) {
  return rules.enforces_time() && elapsed_ns > rules.teardown_ns;
}

}  // namespace vgdl
