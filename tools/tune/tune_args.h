// The arguments of `vgdl tune` as its flags give them (tools/tune_command.cc declares the flags),
// read by every part of the run: the records it writes, the Tuner, --merge.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "runner/plan.h"
#include "runner/tuning/ntbea.h"
#include "tools/budget_options.h"
#include "tools/commands.h"

namespace vgdl::tools::tune_command {

constexpr const char* kName = "tune";

// A user error of `vgdl tune`.
[[noreturn]] inline void Fail(const std::string& message) {
  FailWithUserError(kName, message);
}

struct TuneArgs {
  std::string agent;
  std::string space;
  std::vector<std::string> games;
  std::string games_dir;
  std::string levels;
  bool gvgai_subset = false;
  std::vector<std::string> settings;  // --set NAME=VALUE
  NtbeaSettings ntbea;
  bool no_full_tuple = false;
  int repeats = 1;
  double score_weight = 0.1;
  std::optional<uint64_t> seed;
  BudgetOptions budget;
  int jobs = 1;
  std::string out;
  bool resume = false;
  bool overwrite = false;
  bool no_progress = false;
  int top = 10;
  std::string shard_text;          // --shard K/N
  Shard shard;                     // parsed
  std::vector<std::string> merge;  // --merge: shards' --out files to report on together
};

}  // namespace vgdl::tools::tune_command
