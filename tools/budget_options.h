// The budget of each action, as every command that lets an agent play takes it (run, tune,
// slurm, playtest, play, render): --budget-ms or --budget-calls, and the agents' margin.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string_view>

#include "runner/rules.h"

namespace vgdl::tools {

struct BudgetOptions {
  std::optional<int64_t> budget_ms;     // CPU ms per action instead of GVGAI's 40
  std::optional<int64_t> budget_calls;  // forward-model calls per action instead of time
  double margin_ms = static_cast<double>(kDefaultMarginNs) / static_cast<double>(kNanosPerMilli);

  // Adds --budget-ms, --budget-calls and --margin-ms to `cmd`.
  void AddTo(CLI::App* cmd);
  // GVGAI's competition rules with this budget; a value out of range is a user error of
  // `command`.
  Rules ToRules(std::string_view command) const;
};

}  // namespace vgdl::tools
