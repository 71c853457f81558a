// `vgdl tune`: NTBEA (runner/tuning/ntbea.h; Gaina's thesis §6.1, ../shared/spec/RHEA.md §2.14)
// over any agent's options, each evaluation a game played under the competition rules
// (runner/), one JSON line per evaluation, `--resume` continuing a run bit for bit.
//
// Parallelism: NTBEA is sequential (the next candidate depends on the model after the last
// evaluation), so -j plays the --repeats episodes of one evaluation at once; the run does not
// depend on -j. Fitness of an episode: win (1/0) + w * the score normalised to [0, 1] by the
// range of scores seen so far on that game (this episode's included; 0.5 while the range is a
// single value); an evaluation's fitness is the mean over its episodes (the thesis averages
// the wins of 5 runs, one per level: --repeats 5 --levels 0-4 --score-weight 0).
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "runner/plan.h"
#include "runner/rules.h"
#include "runner/seeds.h"
#include "runner/tuning/ntbea.h"
#include "runner/tuning/search_space.h"
#include "tools/budget_options.h"
#include "tools/commands.h"
#include "tools/jobs_flag.h"
#include "tools/run_args.h"
#include "tools/tune/arena.h"
#include "tools/tune/progress.h"
#include "tools/tune/shard_files.h"
#include "tools/tune/tune_args.h"
#include "tools/tune/tune_records.h"
#include "tools/tune/tuner.h"

// The commands build as one unit (tools/CMakeLists.txt): a namespace of its own keeps these
// helpers apart from `vgdl run`'s.
namespace vgdl::tools::tune_command {
namespace {

void CheckArgs(const TuneArgs& args) {
  if (args.ntbea.evaluations < 1) Fail("--evaluations must be at least 1");
  if (args.ntbea.neighbours < 1) Fail("--neighbours must be at least 1");
  if (args.ntbea.k < 0.0) Fail("--k must not be negative");
  if (args.ntbea.epsilon <= 0.0) Fail("--epsilon must be positive");
  if (args.repeats < 1) Fail("--repeats must be at least 1");
  if (args.score_weight < 0.0 || args.score_weight >= 1.0)
    Fail("--score-weight must be in [0, 1): a win must outweigh any score");
  CheckJobs(kName, args.jobs, JobsZero::kRefused);
  if (args.top < 0) Fail("--top must not be negative");
  CheckResumeHasOut(kName, args.out, args.resume);
  if (args.merge.empty() && args.games.empty()) Fail("--game is required (unless --merge)");
  if (!args.merge.empty() && (!args.out.empty() || !args.shard_text.empty()))
    Fail("--merge reports on finished files: it takes neither --out nor --shard");
  if (args.seed && *args.seed > kSeedMask) Fail("--seed must be below 2^53");
}

// The --space of --agent; its notes (values left out of an option's declared domain) are
// warned of.
std::optional<SearchSpace> ParseSpace(const TuneArgs& args) {
  std::string error;
  auto space = SearchSpace::Parse(args.agent, args.space, &error);
  if (!space) Fail(error);
  for (const std::string& note : space->notes()) spdlog::warn("{}", note);
  return space;
}

// --shard K/N, or the whole run (1/1) without it.
Shard ParseShardFlag(const std::string& text) {
  if (text.empty()) return Shard{};
  std::string error;
  const auto shard = ParseShard(text, &error);
  if (!shard) Fail("--shard: " + error);
  return *shard;
}

void WarnOfIdleThreads(const TuneArgs& args) {
  if (args.jobs <= args.repeats) return;
  spdlog::warn("-j {} plays the {} episode{} of one evaluation at once: {} thread{} idle",
               args.jobs, args.repeats, args.repeats == 1 ? "" : "s", args.jobs - args.repeats,
               args.jobs - args.repeats == 1 ? " stays" : "s stay");
}

// Opens --out (OpenOut) and settles the run seed: --seed, the one the continued file records,
// or drawn. Returns the lines to replay, checked to be of this run.
std::vector<Json> OpenRun(const TuneArgs& args, const SearchSpace& space, const Rules& rules,
                          std::ofstream& out, uint64_t& run_seed) {
  std::optional<uint64_t> seed = args.seed;
  std::vector<Json> replay = OpenOut(args, out, seed);
  if (!seed) seed = std::random_device{}() & kSeedMask;
  CheckRecords(replay, args.out, RunSettings(args, space, rules), *seed);
  if (replay.size() > static_cast<size_t>(args.ntbea.evaluations)) {
    spdlog::warn("'{}' holds {} evaluations, more than --evaluations {}: the first {} count",
                 args.out, replay.size(), args.ntbea.evaluations, args.ntbea.evaluations);
  }
  run_seed = *seed;
  return replay;
}

// Shard 1 starts from the defaults, the others from a point of their own, so that the
// searches spread over the space.
TuningPoint StartPoint(const TuneArgs& args, const SearchSpace& space, Ntbea& ntbea) {
  TuningPoint start = space.DefaultPoint();
  if (args.shard.index > 1 || !space.Accepts(start)) {
    const auto random = ntbea.RandomValidPoint();
    if (!random) Fail("the agent refuses every point of the space that was tried");
    start = *random;
  }
  return start;
}

void PrintRunLine(const TuneArgs& args, const SearchSpace& space, const Rules& rules, uint64_t seed,
                  size_t resumed, const Arena& arena) {
  std::fprintf(stderr,
               "vgdl tune: seed %llu, budget %s, %s, %d evaluations of %d episode%s (%zu "
               "resumed), %zu (game, level) pairs, %d thread%s\n",
               static_cast<unsigned long long>(seed), rules.Describe().c_str(),
               space.Describe().c_str(), args.ntbea.evaluations, args.repeats,
               args.repeats == 1 ? "" : "s", resumed, arena.slots.size(), args.jobs,
               args.jobs == 1 ? "" : "s");
}

// Plays the run: NTBEA from its start point, the progress on stderr, the report on stdout.
void Tune(TuneArgs args) {
  CheckArgs(args);
  args.ntbea.full_tuple = !args.no_full_tuple;
  const auto space = ParseSpace(args);
  if (!args.merge.empty()) return Merge(args, *space);
  args.shard = ParseShardFlag(args.shard_text);
  const Rules rules = args.budget.ToRules(kName);
  const Arena arena = LoadArena(args);
  WarnOfIdleThreads(args);
  std::ofstream out;
  uint64_t seed = 0;
  std::vector<Json> replay = OpenRun(args, *space, rules, out, seed);

  NtbeaSettings settings = args.ntbea;
  settings.seed = SearchSeed(seed, args.shard);
  Ntbea ntbea(space->Dimensions(), settings,
              [&space](const TuningPoint& p) { return space->Accepts(p); });
  const TuningPoint start = StartPoint(args, *space, ntbea);

  const bool quiet = spdlog::get_level() >= spdlog::level::err;
  const bool bar = !quiet && !args.no_progress && isatty(fileno(stderr)) != 0;
  const size_t resumed = std::min(replay.size(), static_cast<size_t>(args.ntbea.evaluations));
  if (!quiet) PrintRunLine(args, *space, rules, seed, resumed, arena);
  TuneProgress progress(
      (static_cast<size_t>(args.ntbea.evaluations) - resumed) * static_cast<size_t>(args.repeats),
      bar, !quiet);
  Tuner tuner(args, *space, arena, rules, seed, std::move(replay), out.is_open() ? &out : nullptr);
  const TuningPoint best = tuner.Run(ntbea, start, progress);
  progress.Finish();
  tuner.Report(ntbea, best);
  if (tuner.write_failed()) Fail("writing '" + args.out + "' failed");
  if (progress.errors() > 0) {
    std::cerr << "vgdl tune: " << progress.errors()
              << " episode(s) ended with an error (see the log)\n";
    throw CommandExit{kExitInternalError};
  }
}

}  // namespace
}  // namespace vgdl::tools::tune_command

namespace vgdl::tools {

void AddTuneCommand(CLI::App& app) {
  auto args = std::make_shared<tune_command::TuneArgs>();
  CLI::App* cmd = app.add_subcommand(
      "tune",
      "Tune an agent's options with NTBEA (Lucas et al. 2018; Gaina's thesis §6.1): each "
      "evaluation plays the candidate on a game of --game under the chosen budget; prints the "
      "best configuration, its estimated win rate and its best neighbours.");
  cmd->add_option("-a,--agent", args->agent,
                  "Agent spec; its options stay fixed, e.g. rhea or rhea:shift")
      ->required();
  cmd->add_option("--space", args->space,
                  "Options to tune and their values: \"p=4,6,10,20;l=8..20;shift;init\" (a range "
                  "low..high[/count] gives evenly or ratio-spaced values; a key alone takes "
                  "what the option declares: a bool's false,true, a string's choices, a "
                  "number's range)")
      ->required();
  // --game is checked by CheckArgs: required unless --merge.
  AddGameSelectionFlags(cmd, args->games, args->games_dir, args->gvgai_subset, args->settings,
                        args->levels);
  cmd->add_option("-n,--evaluations", args->ntbea.evaluations,
                  "NTBEA evaluations (default 1500, the thesis's)");
  cmd->add_option("--neighbours", args->ntbea.neighbours, "Neighbours per iteration (50)");
  cmd->add_option("--k", args->ntbea.k, "UCB exploration weight (2)");
  cmd->add_option("--epsilon", args->ntbea.epsilon,
                  "Added to a combination's count in the exploration term (0.5)");
  cmd->add_flag("--no-full-tuple", args->no_full_tuple,
                "Model 1- and 2-tuples only, without the tuple of all parameters");
  cmd->add_option("--repeats", args->repeats,
                  "Episodes per evaluation, on successive (game, level) pairs; fitness = their "
                  "mean (default 1)");
  cmd->add_option("--score-weight", args->score_weight,
                  "Fitness = win + W * score normalised per game to [0, 1] (default 0.1)");
  AddRunSeedOption(cmd, args->seed, ": the search and every episode derive from it");
  args->budget.AddTo(cmd);
  AddJobsOption(cmd, args->jobs, "Episodes of one evaluation in parallel", JobsZero::kRefused);
  AddResultsFileFlags(cmd, args->out, args->resume, args->overwrite,
                      "Write one JSON line per evaluation to FILE",
                      "Rebuild the model from --out and continue the run (its seed unless --seed)");
  AddNoProgressFlag(cmd, args->no_progress);
  cmd->add_option("--top", args->top, "Neighbours of the best to list (10)");
  AddShardOption(cmd, args->shard_text,
                 "Run shard K of N independent searches (its own search seed, start and "
                 "episodes); --merge reports on the shards' files together");
  cmd->add_option("--merge", args->merge,
                  "Report on the --out files of a sharded run (or of one run) as one model: the "
                  "best configuration and its neighbours; plays nothing")
      ->expected(1, -1);
  cmd->callback([args] { tune_command::Tune(*args); });
}

}  // namespace vgdl::tools
