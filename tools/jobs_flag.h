// -j/--jobs, declared once for every command that plays or replays in parallel: run (and slurm,
// through run's flags), tune, playtest and verify-traces. Whether 0 means "every usable core"
// is the command's choice: a run's parallelism is part of how its timings were taken, so run
// and tune ask for a number; playtest and verify-traces, which report no timings, default to
// every core.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

#include "runner/parallel.h"
#include "tools/commands.h"

namespace vgdl::tools {

enum class JobsZero { kRefused, kEveryCore };

// -j/--jobs into `jobs`; `what` says what runs in parallel ("Episodes in parallel").
inline CLI::Option* AddJobsOption(CLI::App* cmd, int& jobs, const std::string& what,
                                  JobsZero zero) {
  return cmd->add_option("-j,--jobs", jobs,
                         zero == JobsZero::kEveryCore ? what + "; 0: every usable core" : what);
}

// Refuses a count below what `zero` allows, naming the value given.
inline void CheckJobs(std::string_view command, int jobs, JobsZero zero) {
  if (zero == JobsZero::kEveryCore && jobs < 0) {
    FailWithUserError(
        command, "-j must be 0 (every usable core) or more (got " + std::to_string(jobs) + ")");
  }
  if (zero == JobsZero::kRefused && jobs < 1) {
    FailWithUserError(command, "-j must be at least 1 (got " + std::to_string(jobs) + ")");
  }
}

// The number of threads to use: `jobs`, or every usable core for 0.
inline int ThreadsFor(int jobs) {
  return jobs == 0 ? UsableCores() : jobs;
}

}  // namespace vgdl::tools
