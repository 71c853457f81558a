// `vgdl verify-traces`: replays GVGAI reference traces and reports, per trace, PASS or the
// first difference (../shared/gvgai/TRACES.md).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "gvgai/trace/batch.h"
#include "tools/commands.h"
#include "tools/game_flags.h"
#include "tools/jobs_flag.h"

namespace vgdl::tools {
namespace {

namespace fs = std::filesystem;

struct VerifyTracesArgs {
  std::vector<std::string> inputs;
  std::string games_dir;
  bool stats = false;
  int jobs = 1;
  bool in_process = false;
  int timeout_seconds = 600;
  uint64_t policy_seed = 1;
};

std::string_view VerdictWord(trace::Verdict v) {
  switch (v) {
    case trace::Verdict::kPass:
      return "PASS";
    case trace::Verdict::kSkip:
      return "SKIP";
    case trace::Verdict::kFail:
      break;
  }
  return "FAIL";
}

void Run(const VerifyTracesArgs& args) {
  CheckJobs("verify-traces", args.jobs, JobsZero::kEveryCore);
  trace::VerifyOptions options;
  options.games_dir = GamesDirFor(args.games_dir, VGDL_SOURCE_DIR);
  options.stats = args.stats;
  options.policy_seed = args.policy_seed;
  std::error_code ec;
  if (!fs::is_directory(options.games_dir, ec)) {
    FailWithUserError("verify-traces", "games directory not found: " + options.games_dir.string() +
                                           " (use --games-dir or VGDL_GAMES_DIR)");
  }
  std::string error;
  const auto files = trace::CollectTraceFiles({args.inputs.begin(), args.inputs.end()}, &error);
  if (!error.empty()) {
    FailWithUserError("verify-traces", error);
  }
  if (files.empty()) {
    FailWithUserError("verify-traces", "no trace files found");
  }
  trace::BatchOptions batch;
  batch.jobs = ThreadsFor(args.jobs);
  batch.isolate = !args.in_process;
  batch.timeout_seconds = args.timeout_seconds;
  int passed = 0;
  int failed = 0;
  int skipped = 0;
  trace::VerifyBatch(files, options, batch, [&](const trace::BatchResult& r) {
    switch (r.outcome.verdict) {
      case trace::Verdict::kPass:
        ++passed;
        break;
      case trace::Verdict::kFail:
        ++failed;
        break;
      case trace::Verdict::kSkip:
        ++skipped;
        break;
    }
    std::cout << VerdictWord(r.outcome.verdict) << ' ' << r.name;
    if (!r.outcome.detail.empty()) std::cout << ' ' << r.outcome.detail;
    std::cout << std::endl;  // one line at a time: long runs show progress
  });
  std::cout << "traces: " << passed << " passed, " << failed << " failed, " << skipped << " skipped"
            << std::endl;
  if (failed > 0) throw CommandExit{kExitUserError};
}

}  // namespace

void AddVerifyTracesCommand(CLI::App& app) {
  auto args = std::make_shared<VerifyTracesArgs>();
  CLI::App* cmd = app.add_subcommand(
      "verify-traces",
      "Replay GVGAI reference traces (files, or directories of *.trace.gz) and report the first "
      "difference of each; statistics tables (<game>_lvl<N>.tsv) are compared by random play, "
      "and observation records (*.obs.gz) by what agents are shown each tick");
  cmd->add_option("traces", args->inputs,
                  "Trace files, observation records, directories or stats tables")
      ->required();
  AddGamesDirOption(cmd, args->games_dir,
                    "; GVGAI's folder holds <folder>/<game>.txt, this project's own games have "
                    "levels/ beside games/");
  cmd->add_flag("--stats", args->stats,
                "Compare 'exact no' traces' random-play statistics with stats/ instead of "
                "skipping them");
  AddJobsOption(cmd, args->jobs, "Replays to run at the same time", JobsZero::kEveryCore);
  cmd->add_flag("--in-process", args->in_process,
                "Replay in this process (threads) instead of one process per trace; a crash "
                "then ends the whole run, but debuggers can follow it");
  cmd->add_option("--timeout", args->timeout_seconds,
                  "Seconds before an isolated replay is killed and reported as failed")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--policy-seed", args->policy_seed, "Seed of the random policy of --stats runs");
  cmd->callback([args] { Run(*args); });
}

}  // namespace vgdl::tools
