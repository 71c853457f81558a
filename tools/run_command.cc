// `vgdl run`: agents x games x levels x repetitions under GVGAI's competition rules (spec §12),
// with results as JSON lines, a summary table and the competition ranking.
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "agents/registry.h"
#include "runner/episode.h"
#include "runner/host_stall_watch.h"
#include "runner/parallel.h"
#include "runner/plan.h"
#include "runner/progress.h"
#include "runner/results.h"
#include "runner/rules.h"
#include "runner/seeds.h"
#include "runner/summary.h"
#include "tools/commands.h"
#include "tools/run_args.h"

namespace vgdl::tools {
namespace {

namespace fs = std::filesystem;

// `vgdl run`'s flags: what it plays (run_args.h) and where its results go.
struct RunArgs {
  RunSelection selection;
  std::optional<uint64_t> episode_seed;
  std::string out;
  bool resume = false;
  bool overwrite = false;
  std::string shard;
  bool no_progress = false;
  bool watch_host_stalls = false;
};

// Whether --out already holds results.
bool HasResults(const fs::path& out) {
  std::error_code ec;
  return fs::exists(out, ec) && fs::file_size(out, ec) > 0;
}

// The run seed that `--resume` without `--seed` continues: the one recorded in `file`, read
// from `out` (none when a version that did not record it wrote the file).
std::optional<uint64_t> RecordedRunSeed(const ResultsFile& file, const fs::path& out) {
  std::set<uint64_t> seeds;
  for (const auto& r : file.results) {
    if (r.run_seed) seeds.insert(*r.run_seed);
  }
  if (seeds.size() > 1) {
    FailWithUserError("run",
                      "'" + out.string() + "' holds episodes of runs with different seeds (" +
                          std::to_string(*seeds.begin()) + ", " + std::to_string(*seeds.rbegin()) +
                          "): give the --seed of the run to continue");
  }
  if (seeds.empty()) return std::nullopt;
  return *seeds.begin();
}

// The values --set chose for each game's parameters (ChosenParameters), by game name.
using GameParameters = std::map<std::string, std::map<std::string, std::string>>;

// Results already in --out (read as `file`) that belong to this run; refuses files from
// another run: another seed, budget or choice of parameter values.
std::vector<EpisodeResult> Resumable(ResultsFile& file, const fs::path& out,
                                     const std::vector<EpisodeTask>& plan, const Rules& rules,
                                     const GameParameters& parameters) {
  for (const auto& w : file.warnings) spdlog::warn("{}", w);
  std::map<std::string, const EpisodeTask*> planned;
  for (const auto& t : plan) planned[EpisodeKey(t.agent, t.game, t.level, t.rep)] = &t;
  std::vector<EpisodeResult> kept;
  for (auto& r : file.results) {
    const auto it = planned.find(EpisodeKey(r));
    if (it == planned.end()) continue;  // another shard's or another plan's episode
    if (it->second->seed != r.seed) {
      FailWithUserError(
          "run", "'" + out.string() + "' holds episodes of a run with another --seed (" + r.agent +
                     " " + r.game + " level " + std::to_string(r.level) + " rep " +
                     std::to_string(r.rep) + ": seed " + std::to_string(r.seed) + ", this run " +
                     std::to_string(it->second->seed) +
                     "); give that run's --seed (its first line says 'vgdl run: seed N')");
    }
    if (!r.budget.empty() && r.budget != rules.Describe()) {
      FailWithUserError("run", "'" + out.string() + "' holds episodes run with budget " + r.budget +
                                   ", this run uses " + rules.Describe());
    }
    if (const auto chosen = parameters.find(r.game);
        chosen != parameters.end() && chosen->second != r.parameters) {
      FailWithUserError("run", "'" + out.string() + "' holds episodes of " + r.game +
                                   " played with other --set values than this run's");
    }
    kept.push_back(std::move(r));
  }
  return kept;
}

// Serialises what the episodes report: the results file, the log lines and the progress bar.
class Reporter {
 public:
  Reporter(size_t total, bool bar, bool log) : total_(total), bar_(bar), log_(log) {
    progress_.total = total;
  }

  void Done(const EpisodeResult& r, ResultsWriter* writer) {
    std::lock_guard lock(mutex_);
    if (writer != nullptr && !writer->Write(r)) write_failed_ = true;
    ++progress_.done;
    progress_.wins += r.win ? 1u : 0u;
    progress_.disqualified += r.disqualified ? 1u : 0u;
    progress_.errors += r.error.empty() ? 0u : 1u;
    results_.push_back(r);
    if (log_ || !r.error.empty() || r.disqualified || r.overspent > 0) {
      ClearBar();
      std::fprintf(stderr, "%s\n", FormatEpisodeLine(r, progress_.done, total_).c_str());
    }
    LogProgress();
    DrawBar();
    finished_.notify_all();
  }

  // Redraws the bar every second until every episode is done (terminal only).
  void TickUntilDone() {
    std::unique_lock lock(mutex_);
    while (progress_.done < total_) {
      finished_.wait_for(lock, std::chrono::seconds(1));
      DrawBar();
    }
    ClearBar();
  }

  std::vector<EpisodeResult>& results() { return results_; }
  bool write_failed() const { return write_failed_; }

 private:
  void ClearBar() {
    if (bar_) std::fputs("\r\033[K", stderr);
  }
  // Without a bar, a log (a batch job's) gets the bar's counts, rate and time left as a line
  // every kProgressLogInterval, and after the last episode.
  void LogProgress() {
    if (bar_ || !log_) return;
    const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
    if (progress_.done < total_ && elapsed - last_log_s_ < kProgressLogInterval) return;
    last_log_s_ = elapsed;
    progress_.elapsed_s = elapsed;
    std::fprintf(stderr, "%s\n", FormatProgressLine(progress_).c_str());
  }
  void DrawBar() {
    if (!bar_) return;
    progress_.elapsed_s = std::chrono::duration<double>(Clock::now() - start_).count();
    std::fprintf(stderr, "\r\033[K%s", FormatProgressBar(progress_).c_str());
    std::fflush(stderr);
  }

  using Clock = std::chrono::steady_clock;
  std::mutex mutex_;
  std::condition_variable finished_;
  size_t total_;
  bool bar_;
  bool log_;
  bool write_failed_ = false;
  double last_log_s_ = 0.0;
  RunProgress progress_;
  std::vector<EpisodeResult> results_;
  Clock::time_point start_ = Clock::now();
};

// More episodes at once than cores means acts wait for a core. CPU time should not count the
// wait, but on virtual machines part of it can be charged to the waiting thread. Even as many
// episodes as cores costs something there: on a 16-core VM, sample-rhea overspent 5 of 82811
// acts (one disqualification) at -j 16, where the runner's thread and the system shared the
// cores, and none of 47146 at -j 8 (docs/agents.md, "Time discipline"). Only the clear case
// is warned about: -j as many as the cores is what a run on a machine of its own asks for.
void WarnIfJobsShareCores(int jobs, const Rules& rules) {
  const int cores = UsableCores();
  if (!rules.enforces_time() || jobs <= cores) return;
  spdlog::warn(
      "-j {} runs more episodes at once than the {} core{} this process may use: their acts "
      "will wait for a core, and a virtual machine may charge part of that wait as CPU time "
      "(overspent acts, disqualifications); -j {} or fewer gives each episode a core",
      jobs, cores, cores == 1 ? "" : "s", cores);
}

// Results in the order of the plan (agents, games as --game gives them, levels, repetitions)
// rather than the order they ended in, which the threads and a --resume decide: the tables
// list games and agents in the order of their first result, and must not change from run to
// run.
void InPlanOrder(const std::vector<EpisodeTask>& plan, std::vector<EpisodeResult>& results) {
  std::map<std::string, size_t> position;
  for (size_t i = 0; i < plan.size(); ++i) {
    position.emplace(EpisodeKey(plan[i].agent, plan[i].game, plan[i].level, plan[i].rep), i);
  }
  const auto rank = [&](const EpisodeResult& r) {
    const auto it = position.find(EpisodeKey(r));
    return it == position.end() ? plan.size() : it->second;
  };
  std::stable_sort(
      results.begin(), results.end(),
      [&](const EpisodeResult& a, const EpisodeResult& b) { return rank(a) < rank(b); });
}

void CheckRunArgs(const RunArgs& args) {
  args.selection.Check("run");
  CheckResumeHasOut("run", args.out, args.resume);
}

// The episodes to play: agents x games x levels x repetitions under the run's seed (given,
// recorded in the file a --resume continues, or drawn), cut to a --shard; or the one episode
// of --episode-seed. Sets `seed` to the run's seed.
std::vector<EpisodeTask> PlanRun(const RunArgs& args, const std::vector<std::string>& agents,
                                 const std::vector<RunGame>& games,
                                 const std::vector<std::vector<int>>& levels,
                                 const std::optional<ResultsFile>& resumed, uint64_t& seed) {
  PlanInput input;
  input.agents = agents;
  for (const auto& g : games) input.games.push_back(g.name);
  input.levels = levels;
  input.reps = args.selection.reps;
  std::optional<uint64_t> run_seed = args.selection.seed;
  if (!run_seed && resumed && !args.episode_seed) run_seed = RecordedRunSeed(*resumed, args.out);
  input.seed = seed = run_seed ? *run_seed : std::random_device{}() & kSeedMask;
  if (!args.shard.empty()) {
    std::string error;
    const auto shard = ParseShard(args.shard, &error);
    if (!shard) FailWithUserError("run", error);
    input.shard = *shard;
  }
  std::vector<EpisodeTask> plan = PlanEpisodes(input);
  if (!args.episode_seed) return plan;
  if (agents.size() != 1 || games.size() != 1 || levels[0].size() != 1 ||
      args.selection.reps != 1) {
    FailWithUserError(
        "run", "--episode-seed replays one episode: give one --agent, one --game, one level");
  }
  if (*args.episode_seed > kSeedMask) FailWithUserError("run", "--episode-seed must be below 2^53");
  plan.resize(1);
  plan[0].seed = *args.episode_seed;
  plan[0].run_seed.reset();
  return plan;
}

// Opens --out, if given, for this run's results: a new file, the one a --resume continues or
// one --overwrite replaces. Returns the episodes of the plan that the continued file holds,
// moved out of `resumed`.
std::vector<EpisodeResult> OpenResults(const RunArgs& args, bool out_exists,
                                       std::optional<ResultsFile>& resumed,
                                       const std::vector<EpisodeTask>& plan, const Rules& rules,
                                       const GameParameters& parameters, ResultsWriter& writer) {
  if (args.out.empty()) return {};
  CheckOutReplaceable("run", args.out, out_exists, args.resume, args.overwrite);
  std::vector<EpisodeResult> previous;
  if (resumed) previous = Resumable(*resumed, args.out, plan, rules, parameters);
  std::string error;
  if (!writer.Open(args.out, args.resume, &error)) FailWithUserError("run", error);
  return previous;
}

std::vector<EpisodeTask> Unfinished(const std::vector<EpisodeTask>& plan,
                                    const std::vector<EpisodeResult>& finished) {
  std::set<std::string> done;
  for (const auto& r : finished) done.insert(EpisodeKey(r));
  std::vector<EpisodeTask> todo;
  for (const auto& t : plan) {
    if (done.count(EpisodeKey(t.agent, t.game, t.level, t.rep)) == 0) todo.push_back(t);
  }
  return todo;
}

void PrintRunStart(const RunArgs& args, uint64_t seed, const Rules& rules, size_t todo,
                   size_t resumed) {
  std::fprintf(stderr,
               "vgdl run: %s %llu, budget %s (margin %.1f ms), %zu episodes to play%s%s, "
               "%d thread%s\n",
               args.episode_seed ? "episode seed" : "seed",
               static_cast<unsigned long long>(args.episode_seed ? *args.episode_seed : seed),
               rules.Describe().c_str(), args.selection.budget.margin_ms, todo,
               resumed == 0 ? "" : (", " + std::to_string(resumed) + " resumed").c_str(),
               args.shard.empty() ? "" : (" (shard " + args.shard + ")").c_str(),
               args.selection.jobs, args.selection.jobs == 1 ? "" : "s");
}

void PrintWatchStart(const HostStallWatch& watch) {
  std::fprintf(stderr, "vgdl run: watching %d core%s for host stalls, %s\n", watch.cores(),
               watch.cores() == 1 ? "" : "s",
               watch.realtime() ? "sleepers at real-time priority"
                                : "sleepers at normal priority (real-time refused): on a busy "
                                  "core, up to a scheduler tick (~4 ms) is ordinary lateness");
}

// Plays `todo` on `jobs` threads, each result reported (and written) as it ends.
void PlayEpisodes(const std::vector<EpisodeTask>& todo, const std::vector<RunGame>& games,
                  const Rules& rules, int jobs, bool bar, Reporter& reporter,
                  ResultsWriter& writer) {
  const auto play = [&](size_t i) {
    const EpisodeTask& task = todo[i];
    const AgentFactory factory = [&task](uint64_t seed) {
      std::string error;
      auto agent = CreateAgent(task.agent, seed, &error);
      if (agent == nullptr) throw std::runtime_error(error);
      return agent;
    };
    const EpisodeResult r =
        RunEpisode(games[static_cast<size_t>(task.game_index)], task, factory, rules);
    reporter.Done(r, writer.is_open() ? &writer : nullptr);
  };
  if (bar) {
    std::jthread worker([&] { RunParallel(todo.size(), jobs, play); });
    reporter.TickUntilDone();
  } else {
    RunParallel(todo.size(), jobs, play);
  }
}

// Prints the summary and ranking of every result, the resumed ones included. Returns how many
// episodes ended with an error.
size_t PrintTables(const std::vector<EpisodeTask>& plan, std::vector<EpisodeResult> all) {
  InPlanOrder(plan, all);
  const auto rows = Summarize(all);
  std::cout << FormatSummary(rows) << "\n" << FormatRanking(RankAgents(rows));
  size_t errors = 0;
  for (const auto& r : all) errors += r.error.empty() ? 0u : 1u;
  return errors;
}

void Run(const RunArgs& args) {
  CheckRunArgs(args);
  const std::vector<std::string> agents = CanonicalAgents("run", args.selection.agents);
  const Rules rules = args.selection.budget.ToRules("run");
  if (args.watch_host_stalls) CheckWatchHostStalls("run", rules);
  WarnIfJobsShareCores(args.selection.jobs, rules);
  std::vector<RunGame> games;
  std::vector<std::vector<int>> levels;
  LoadSelectedGames("run", args.selection, games, levels);

  const bool out_exists = !args.out.empty() && HasResults(args.out);
  // The file a --resume continues, read once: it may give the seed and gives the finished
  // episodes.
  std::optional<ResultsFile> resumed;
  if (out_exists && args.resume) resumed = ReadResultsFile(args.out);
  uint64_t seed = 0;
  const std::vector<EpisodeTask> plan = PlanRun(args, agents, games, levels, resumed, seed);
  ResultsWriter writer;
  GameParameters parameters;
  for (const RunGame& game : games) parameters[game.name] = ChosenParameters(*game.def);
  std::vector<EpisodeResult> all =
      OpenResults(args, out_exists, resumed, plan, rules, parameters, writer);
  const std::vector<EpisodeTask> todo = Unfinished(plan, all);

  const bool quiet = spdlog::get_level() >= spdlog::level::err;
  const bool bar = !quiet && !args.no_progress && isatty(fileno(stderr)) != 0;
  if (!quiet) PrintRunStart(args, seed, rules, todo.size(), all.size());
  std::optional<HostStallWatch> watch;
  if (args.watch_host_stalls) {
    watch.emplace();
    if (!quiet) PrintWatchStart(*watch);
  }
  Reporter reporter(todo.size(), bar, !quiet);  // seeds are printed in both modes
  PlayEpisodes(todo, games, rules, args.selection.jobs, bar, reporter, writer);
  for (auto& r : reporter.results()) all.push_back(std::move(r));
  const size_t errors = PrintTables(plan, std::move(all));
  if (reporter.write_failed()) FailWithUserError("run", "writing '" + args.out + "' failed");
  if (errors > 0) {
    std::cerr << "vgdl run: " << errors << " episode(s) ended with an error (see the log)\n";
    throw CommandExit{kExitInternalError};
  }
}

}  // namespace

void AddRunCommand(CLI::App& app) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* cmd = app.add_subcommand(
      "run",
      "Play agents x games x levels x repetitions under GVGAI's rules: 1 s init, 40 ms per "
      "action (over 40 ms: NIL; over 50 ms: disqualified), 2000 ticks. Exit status 2 if an "
      "episode ended with an error.");
  args->selection.AddTo(cmd);
  cmd->add_option("--episode-seed", args->episode_seed,
                  "Replay one episode with this seed (from a results line)");
  AddResultsFileFlags(
      cmd, args->out, args->resume, args->overwrite,
      "Write one JSON line per episode to FILE as they end",
      "Skip the episodes already in --out; without --seed, continue the seed it records");
  AddShardOption(cmd, args->shard, "Play part K of N of the run (K/N, 1-based)");
  AddNoProgressFlag(cmd, args->no_progress);
  cmd->add_flag("--watch-host-stalls", args->watch_host_stalls,
                "Record how long the longest act's core ran nothing (a VM's host took it): a "
                "sleeper per core, waking every 1 ms; max_act_host_stall_ms in the results");
  cmd->callback([args] { Run(*args); });
}

}  // namespace vgdl::tools
