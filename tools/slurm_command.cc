// `vgdl slurm`: a `vgdl run` submitted to a Slurm cluster as one array job, each task playing
// one shard into its own file of the run's folder, and a merge job after it that writes the
// merged results and the report; `vgdl slurm status DIR` says where each shard stands and
// `vgdl slurm resume DIR` submits again what is unfinished (tools/slurm/).
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "runner/plan.h"
#include "runner/progress.h"
#include "runner/seeds.h"
#include "tools/commands.h"
#include "tools/run_args.h"
#include "tools/slurm/batch_scripts.h"
#include "tools/slurm/run_folder.h"
#include "tools/slurm/shard_status.h"
#include "tools/slurm/slurm_client.h"
#include "tools/version.h"

namespace vgdl::tools {
namespace slurm {
namespace {

namespace fs = std::filesystem;

// Episodes per array task when --tasks is not given: at 40 ms an episode takes up to 80 s, so
// a task of 25 plays for about half an hour, short enough to be scheduled soon and to lose
// little when it is killed.
constexpr size_t kDefaultEpisodesPerTask = 25;
constexpr int kMaxTasks = 10000;

struct SubmitArgs {
  RunSelection selection;
  std::string dir;
  SlurmRequest request;
  std::optional<int> tasks;
  std::optional<int> cpus_per_task;
  bool watch_host_stalls = false;  // each task's `vgdl run --watch-host-stalls`
  bool dry_run = false;
};

struct FolderArgs {
  std::string dir;
  bool require_done = false;
  bool no_queue = false;
  bool dry_run = false;
};

// --- the run record ------------------------------------------------------------------------

std::string FormatNumber(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

// `vgdl run`'s flags for what `selection` plays, everything that depends on the submitting
// shell (the games folder, the seed) made explicit, so that every task plays the same plan.
std::vector<std::string> TaskRunArguments(const RunSelection& selection,
                                          const std::vector<std::string>& agents, uint64_t seed,
                                          int jobs) {
  std::vector<std::string> args;
  for (const auto& a : agents) args.insert(args.end(), {"--agent", a});
  for (const auto& g : SplitCommas(selection.games)) args.insert(args.end(), {"--game", g});
  args.insert(args.end(),
              {"--games-dir", fs::weakly_canonical(SelectionGamesDir(selection)).string()});
  if (selection.gvgai_subset) args.push_back("--gvgai-subset");
  for (const auto& s : selection.settings) args.insert(args.end(), {"--set", s});
  if (!selection.levels.empty()) args.insert(args.end(), {"--levels", selection.levels});
  args.insert(args.end(), {"--reps", std::to_string(selection.reps)});
  args.insert(args.end(), {"--seed", std::to_string(seed)});
  if (selection.budget.budget_ms) {
    args.insert(args.end(), {"--budget-ms", std::to_string(*selection.budget.budget_ms)});
  }
  if (selection.budget.budget_calls) {
    args.insert(args.end(), {"--budget-calls", std::to_string(*selection.budget.budget_calls)});
  }
  args.insert(args.end(), {"--margin-ms", FormatNumber(selection.budget.margin_ms)});
  args.insert(args.end(), {"-j", std::to_string(jobs)});
  return args;
}

int CpusPerTask(const SubmitArgs& args, bool jobs_given) {
  if (args.cpus_per_task && *args.cpus_per_task < 1) {
    FailWithUserError("slurm", "--cpus-per-task must be at least 1");
  }
  if (args.cpus_per_task && jobs_given && *args.cpus_per_task != args.selection.jobs) {
    FailWithUserError("slurm", "--cpus-per-task " + std::to_string(*args.cpus_per_task) +
                                   " and -j " + std::to_string(args.selection.jobs) +
                                   " differ: each task plays -j episodes at once on as many "
                                   "CPUs; give one of them");
  }
  return args.cpus_per_task.value_or(args.selection.jobs);
}

int TaskCount(const SubmitArgs& args, size_t episodes) {
  const int tasks = args.tasks.value_or(static_cast<int>(std::min<size_t>(
      (episodes + kDefaultEpisodesPerTask - 1) / kDefaultEpisodesPerTask, kMaxTasks)));
  if (tasks < 1 || tasks > kMaxTasks) {
    FailWithUserError("slurm", "--tasks must be in [1, " + std::to_string(kMaxTasks) + "]");
  }
  if (static_cast<size_t>(tasks) > episodes) {
    FailWithUserError("slurm", "--tasks " + std::to_string(tasks) + " is more than the run's " +
                                   std::to_string(episodes) + " episodes");
  }
  return tasks;
}

fs::path ThisBinary() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) FailWithUserError("slurm", "cannot tell where this vgdl binary is: " + ec.message());
  return self;
}

RunRecord MakeRecord(const SubmitArgs& args, bool jobs_given) {
  args.selection.Check("slurm");
  RunRecord record;
  record.agents = CanonicalAgents("slurm", args.selection.agents);
  const Rules rules = args.selection.budget.ToRules("slurm");
  record.budget = rules.Describe();
  // Refused here, before the games load, rather than by every task once the array runs.
  if (args.watch_host_stalls) CheckWatchHostStalls("slurm", rules);
  std::vector<RunGame> games;
  LoadSelectedGames("slurm", args.selection, games, record.levels);
  for (const auto& g : games) record.games.push_back(g.name);
  record.reps = args.selection.reps;
  // Drawn here, not by each task: every shard must be part of one plan.
  record.seed = args.selection.seed ? *args.selection.seed : std::random_device{}() & kSeedMask;
  PlanInput whole = record.ShardPlan(1);
  whole.shard = Shard{};
  record.episodes = PlanEpisodes(whole).size();
  if (args.request.max_running < 0) {
    FailWithUserError("slurm", "--max-running must be at least 1 (0, the default: no cap)");
  }
  record.slurm = args.request;
  record.slurm.cpus_per_task = CpusPerTask(args, jobs_given);
  record.slurm.shards = TaskCount(args, record.episodes);
  record.command = InvokedCommandLine();
  record.version = VersionText();
  record.vgdl = ThisBinary().string();
  record.working_dir = fs::current_path().string();
  record.job_name = "vgdl-" + fs::absolute(args.dir).lexically_normal().filename().string();
  record.run_arguments =
      TaskRunArguments(args.selection, record.agents, record.seed, record.slurm.cpus_per_task);
  if (args.watch_host_stalls) record.run_arguments.push_back("--watch-host-stalls");
  return record;
}

// --- submitting ----------------------------------------------------------------------------

std::string CommandText(const std::vector<std::string>& args, const fs::path& script) {
  std::string out = "sbatch";
  for (const auto& a : args) out += " " + ShellWord(a);
  return out + " " + ShellWord(script.string());
}

void WriteScript(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
  out.close();
  if (!out) FailWithUserError("slurm", "cannot write '" + file.string() + "'");
  std::error_code ec;
  fs::permissions(file, fs::perms::owner_exec | fs::perms::group_exec, fs::perm_options::add, ec);
}

void CreateRunFolder(const fs::path& dir, const RunRecord& record) {
  std::error_code ec;
  if (fs::exists(RecordFile(dir), ec)) {
    FailWithUserError("slurm", "'" + dir.string() + "' already holds a run: `vgdl slurm status " +
                                   dir.string() + "` says where it stands, `vgdl slurm resume " +
                                   dir.string() + "` continues it");
  }
  if (fs::exists(dir, ec) && !fs::is_empty(dir, ec)) {
    FailWithUserError("slurm", "'" + dir.string() + "' is not empty: give a new folder (--dir)");
  }
  fs::create_directories(dir / "shards", ec);
  fs::create_directories(dir / "logs", ec);
  if (ec) FailWithUserError("slurm", "cannot create '" + dir.string() + "': " + ec.message());
  WriteScript(ArrayScriptFile(dir), ArrayScript(dir, record));
  WriteScript(MergeScriptFile(dir), MergeScript(dir, record));
  std::string error;
  if (!WriteRunRecord(dir, record, &error)) FailWithUserError("slurm", error);
}

std::string UtcNow() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// Submits the array of `shards` and a merge job after it (and after the still active arrays
// `also_after`), and records the submission in run.json.
void SubmitShards(const fs::path& dir, RunRecord& record, const std::vector<int>& shards,
                  const std::vector<std::string>& also_after, size_t episodes_done) {
  Submission submission;
  submission.shards = shards;
  submission.submitted_at = UtcNow();
  submission.submitted_unix = static_cast<int64_t>(std::time(nullptr));
  submission.episodes_done = episodes_done;
  std::string error;
  std::vector<std::string> after = also_after;
  if (!shards.empty()) {
    const auto array = SubmitBatch(ArraySubmitArguments(dir, record, shards),
                                   ArrayScriptFile(dir).string(), &error);
    if (!array) FailWithUserError("slurm", error);
    submission.array_job = *array;
    after.push_back(*array);
  }
  const auto merge =
      SubmitBatch(MergeSubmitArguments(dir, record, after), MergeScriptFile(dir).string(), &error);
  if (merge) submission.merge_job = *merge;
  record.submissions.push_back(submission);
  std::string write_error;
  if (!WriteRunRecord(dir, record, &write_error)) FailWithUserError("slurm", write_error);
  if (!shards.empty()) {
    std::cout << "submitted array job " << submission.array_job << ": shard"
              << (shards.size() == 1 ? " " : "s ") << CompactRanges(shards) << " of "
              << record.slurm.shards << "\n";
  }
  if (!merge) {
    FailWithUserError("slurm", "the merge job was not submitted (" + error +
                                   "); `vgdl slurm resume " + dir.string() +
                                   "` submits it once the shards are done");
  }
  std::cout << "submitted merge job " << submission.merge_job << ": writes "
            << ReportPageFile(dir).string() << " when every shard is done\n"
            << "`vgdl slurm status " << dir.string() << "` says where the run stands\n";
}

void PrintDryRun(const fs::path& dir, const RunRecord& record, const std::vector<int>& shards,
                 const std::vector<std::string>& after) {
  std::vector<std::string> merge_after = after;
  if (!shards.empty()) {
    std::cout << "# " << ArrayScriptFile(dir).string() << "\n" << ArrayScript(dir, record) << "\n";
    merge_after.push_back("ARRAY_JOB_ID");
  }
  std::cout << "# " << MergeScriptFile(dir).string() << "\n"
            << MergeScript(dir, record) << "\n# the submissions (--dry-run: nothing submitted)\n";
  if (!shards.empty()) {
    std::cout << CommandText(ArraySubmitArguments(dir, record, shards), ArrayScriptFile(dir))
              << "\n";
  }
  std::cout << CommandText(MergeSubmitArguments(dir, record, merge_after), MergeScriptFile(dir))
            << "\n";
}

void Submit(const SubmitArgs& args, bool jobs_given) {
  if (args.dir.empty()) FailWithUserError("slurm", "--dir DIR names the run's folder");
  const fs::path dir = fs::absolute(args.dir).lexically_normal();
  RunRecord record = MakeRecord(args, jobs_given);
  std::vector<int> all(static_cast<size_t>(record.slurm.shards));
  std::iota(all.begin(), all.end(), 1);
  std::cout << "vgdl slurm: " << record.episodes << " episodes (seed " << record.seed << ", budget "
            << record.budget << ") in " << record.slurm.shards << " task"
            << (record.slurm.shards == 1 ? "" : "s") << " of " << record.slurm.cpus_per_task
            << " CPU" << (record.slurm.cpus_per_task == 1 ? "" : "s") << "\n";
  if (args.dry_run) {
    PrintDryRun(dir, record, all, {});
    return;
  }
  CreateRunFolder(dir, record);
  SubmitShards(dir, record, all, {}, 0);
}

// --- status --------------------------------------------------------------------------------

RunRecord LoadRecord(const fs::path& dir) {
  std::string error;
  auto record = ReadRunRecord(dir, &error);
  if (!record) FailWithUserError("slurm", error);
  return *std::move(record);
}

// squeue's view of the run, or nothing with a warning when Slurm cannot be asked.
std::map<std::string, std::string> QueueOf(const RunRecord& record, bool ask, bool required) {
  if (!ask) return {};
  std::string error;
  auto queued = QueuedJobs(record.job_name, &error);
  if (queued) return *std::move(queued);
  if (required) FailWithUserError("slurm", error);
  std::cerr << "vgdl slurm: warning: " << error
            << "; states from the run's files only (a running shard shows as failed)\n";
  return {};
}

void PrintShardLines(const RunStatus& status, ShardState state) {
  const std::vector<int> shards = status.ShardsIn(state);
  std::printf("  %-8s %4zu  %s\n", ShardStateName(state), shards.size(),
              CompactRanges(shards).c_str());
  if (state == ShardState::kDone || state == ShardState::kMissing) return;
  for (const auto& s : status.shards) {
    if (s.state != state) continue;
    std::printf("    shard %d: %zu/%zu episodes%s%s\n", s.shard, s.done, s.total,
                s.detail.empty() ? "" : "; ", s.detail.c_str());
  }
}

// done / total, the rate since the latest submission and the time left.
void PrintProgress(const RunRecord& record, const RunStatus& status) {
  RunProgress progress;
  progress.done = status.done;
  progress.total = status.total;
  progress.wins = status.wins;
  if (!record.submissions.empty()) {
    const Submission& last = record.submissions.back();
    progress.done_before = std::min(last.episodes_done, status.done);
    progress.elapsed_s = static_cast<double>(std::time(nullptr) - last.submitted_unix);
  }
  if (isatty(fileno(stdout)) != 0) {
    std::cout << FormatProgressBar(progress) << "\n";
  } else {
    std::cout << FormatProgressLine(progress) << "\n";
  }
}

void PrintReportState(const fs::path& dir, const RunRecord& record,
                      const std::map<std::string, std::string>& queued) {
  std::error_code ec;
  if (fs::exists(ReportPageFile(dir), ec)) {
    std::cout << "report: " << ReportPageFile(dir).string() << "\n";
    return;
  }
  if (record.submissions.empty()) return;
  const std::string& merge = record.submissions.back().merge_job;
  const auto it = queued.find(merge);
  std::cout << "report: not yet; merge job " << (merge.empty() ? "none" : merge)
            << (it == queued.end() ? "" : " (" + it->second + ")") << "\n";
}

int Status(const FolderArgs& args) {
  const fs::path dir = fs::absolute(args.dir).lexically_normal();
  const RunRecord record = LoadRecord(dir);
  const auto queued = QueueOf(record, !args.no_queue, false);
  const RunStatus status = ReadRunStatus(dir, record, queued);
  for (const auto& w : status.warnings) std::cerr << "vgdl slurm: warning: " << w << "\n";
  std::cout << "run " << dir.string() << ": " << record.slurm.shards << " shards, "
            << record.episodes << " episodes (seed " << record.seed << ", budget " << record.budget
            << "), " << record.submissions.size() << " submission"
            << (record.submissions.size() == 1 ? "" : "s") << "\n";
  for (const ShardState state : {ShardState::kDone, ShardState::kRunning, ShardState::kQueued,
                                 ShardState::kFailed, ShardState::kMissing}) {
    PrintShardLines(status, state);
  }
  PrintProgress(record, status);
  PrintReportState(dir, record, queued);
  if (args.require_done && status.Count(ShardState::kDone) != status.shards.size()) {
    std::vector<int> unfinished;
    for (const auto& s : status.shards) {
      if (s.state != ShardState::kDone) unfinished.push_back(s.shard);
    }
    FailWithUserError("slurm", "shards " + CompactRanges(unfinished) +
                                   " are unfinished: `vgdl slurm resume " + dir.string() +
                                   "` plays what they miss");
  }
  return 0;
}

// --- resume --------------------------------------------------------------------------------

// The array jobs of the shards Slurm still runs or holds.
std::vector<std::string> ActiveArrays(const RunRecord& record,
                                      const std::map<std::string, std::string>& queued) {
  std::set<std::string> active;
  for (const auto& s : record.submissions) {
    for (const int k : s.shards) {
      if (queued.count(s.array_job + "_" + std::to_string(k)) != 0) active.insert(s.array_job);
    }
  }
  return {active.begin(), active.end()};
}

// Earlier merge jobs still waiting would run before the new shards end and fail: cancelled.
void CancelWaitingMerges(const RunRecord& record,
                         const std::map<std::string, std::string>& queued) {
  for (const auto& s : record.submissions) {
    if (!s.merge_job.empty() && queued.count(s.merge_job) != 0) {
      RunProgram({"scancel", s.merge_job});
    }
  }
}

void Resume(const FolderArgs& args) {
  const fs::path dir = fs::absolute(args.dir).lexically_normal();
  RunRecord record = LoadRecord(dir);
  const auto queued = QueueOf(record, true, true);
  const RunStatus status = ReadRunStatus(dir, record, queued);
  std::vector<int> todo = status.ShardsIn(ShardState::kFailed);
  const std::vector<int> missing = status.ShardsIn(ShardState::kMissing);
  todo.insert(todo.end(), missing.begin(), missing.end());
  std::sort(todo.begin(), todo.end());
  const std::vector<std::string> active = ActiveArrays(record, queued);
  std::error_code ec;
  if (todo.empty() && !active.empty()) {
    std::cout << "nothing to submit: shards "
              << CompactRanges(status.ShardsIn(ShardState::kRunning))
              << (status.Count(ShardState::kQueued) > 0
                      ? " running, " + CompactRanges(status.ShardsIn(ShardState::kQueued)) +
                            " queued"
                      : " running")
              << "; their merge job follows them\n";
    return;
  }
  if (todo.empty() && fs::exists(ReportPageFile(dir), ec)) {
    std::cout << "every shard is done; report: " << ReportPageFile(dir).string() << "\n";
    return;
  }
  if (args.dry_run) {
    PrintDryRun(dir, record, todo, active);
    return;
  }
  CancelWaitingMerges(record, queued);
  if (todo.empty()) std::cout << "every shard is done; submitting the merge\n";
  SubmitShards(dir, record, todo, active, status.done);
}

}  // namespace
}  // namespace slurm

void AddSlurmCommand(CLI::App& app) {
  auto args = std::make_shared<slurm::SubmitArgs>();
  auto folder = std::make_shared<slurm::FolderArgs>();
  CLI::App* cmd = app.add_subcommand(
      "slurm",
      "Submit a `vgdl run` (same flags) to Slurm as one array job, a shard per task, and a "
      "merge job that writes DIR/report.html; `slurm status DIR`, `slurm resume DIR`");
  args->selection.AddTo(cmd, false);
  cmd->add_option("--dir", args->dir,
                  "The run's folder: scripts, record (run.json), shards' results and logs, "
                  "report");
  cmd->add_option("--tasks", args->tasks,
                  "Array tasks = shards of the run (default: one per 25 episodes)");
  cmd->add_option("--cpus-per-task", args->cpus_per_task,
                  "CPUs of each task, = its -j (episodes at once; default 1)");
  cmd->add_option("--partition", args->request.partition, "Slurm partition (sbatch -p)");
  cmd->add_option("--account", args->request.account, "Slurm account (sbatch -A)");
  cmd->add_option("--time", args->request.time_limit,
                  "Time limit of each task, as sbatch --time takes it (e.g. 02:00:00)");
  cmd->add_option("--max-running", args->request.max_running,
                  "At most this many tasks at once (sbatch --array=...%N)");
  cmd->add_option("--sbatch-arg", args->request.sbatch_args,
                  "A further sbatch option for every job, e.g. --sbatch-arg=--mem=4G "
                  "(repeatable)");
  cmd->add_flag("--watch-host-stalls", args->watch_host_stalls,
                "Each task runs `vgdl run --watch-host-stalls`: the results say how long the "
                "longest act's core ran nothing (needs --budget-ms)");
  cmd->add_flag("--dry-run", args->dry_run,
                "Print the batch scripts and the sbatch commands; submit and write nothing");

  CLI::App* status = cmd->add_subcommand("status", "Where each shard of a run folder stands");
  status->add_option("dir", folder->dir, "The run's folder (--dir of the submission)")->required();
  status->add_flag("--require-done", folder->require_done,
                   "Exit with status 1 unless every shard is done (the merge job's check)");
  status->add_flag("--no-queue", folder->no_queue,
                   "Do not ask squeue: states from the run's files only");
  status->callback([folder] { slurm::Status(*folder); });

  CLI::App* resume = cmd->add_subcommand(
      "resume", "Submit again the shards that failed or never ran, and a merge job after them");
  resume->add_option("dir", folder->dir, "The run's folder")->required();
  resume->add_flag("--dry-run", folder->dry_run, "Print what would be submitted");
  resume->callback([folder] { slurm::Resume(*folder); });

  cmd->callback([cmd, args] {
    if (!cmd->get_subcommands().empty()) {
      if (!args->selection.agents.empty() || !args->selection.games.empty()) {
        FailWithUserError("slurm", "a run's flags go to `vgdl slurm` alone, not to " +
                                       cmd->get_subcommands().front()->get_name());
      }
      return;
    }
    slurm::Submit(*args, cmd->count("--jobs") > 0);
  });
}

}  // namespace vgdl::tools
