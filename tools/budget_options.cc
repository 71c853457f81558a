#include "tools/budget_options.h"

#include "tools/commands.h"

namespace vgdl::tools {

void BudgetOptions::AddTo(CLI::App* cmd) {
  cmd->add_option("--budget-ms", budget_ms, "CPU ms per action (default 40)");
  cmd->add_option("--budget-calls", budget_calls,
                  "Forward-model calls per action instead of time: reproducible runs");
  cmd->add_option("--margin-ms", margin_ms,
                  "Safety margin: agents are told to stop this much before the time limit");
}

Rules BudgetOptions::ToRules(std::string_view command) const {
  if (budget_ms && budget_calls) {
    FailWithUserError(command, "--budget-ms and --budget-calls exclude each other");
  }
  Rules rules = Rules::Competition();
  if (budget_calls) {
    if (*budget_calls < 1) {
      FailWithUserError(
          command, "--budget-calls must be at least 1 (got " + std::to_string(*budget_calls) + ")");
    }
    rules = Rules::ForwardModelCalls(*budget_calls);
  } else if (budget_ms) {
    if (*budget_ms < 1) {
      FailWithUserError(command,
                        "--budget-ms must be at least 1 (got " + std::to_string(*budget_ms) + ")");
    }
    rules = Rules::CpuTimeMs(*budget_ms);
  }
  if (margin_ms < 0.0) FailWithUserError(command, "--margin-ms must not be negative");
  rules.margin_ns = static_cast<int64_t>(margin_ms * static_cast<double>(kNanosPerMilli));
  return rules;
}

}  // namespace vgdl::tools
