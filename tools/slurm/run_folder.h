// The folder of a run submitted to Slurm (`vgdl slurm --dir DIR`): what was asked for, in
// enough detail to play it again, and what has been submitted so far.
//
//   DIR/run.json              this record: the command, the version, the plan, the submissions
//   DIR/array.sh, merge.sh    the batch scripts (the shards' array job; the merge after it)
//   DIR/shards/shard-K.jsonl  shard K's results, written by `vgdl run --shard K/N --resume`
//   DIR/shards/shard-K.exit   shard K's exit status, written when its `vgdl run` ends
//   DIR/logs/shard-K.log      shard K's log (every try appended), logs/merge-JOB.log the merge's
//   DIR/results.jsonl, report.txt, report.html   the merged results and the report
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "runner/plan.h"

namespace vgdl::tools::slurm {

// What the user asked Slurm for; empty strings are left to the cluster's defaults.
struct SlurmRequest {
  std::string partition;
  std::string account;
  std::string time_limit;  // sbatch --time, e.g. "02:00:00"
  int shards = 1;          // array tasks, one shard of the run each
  int cpus_per_task = 1;   // = the tasks' -j
  int max_running = 0;     // at most this many tasks at once (sbatch --array=...%M); 0: no cap
  std::vector<std::string> sbatch_args;  // further sbatch options, each an #SBATCH line
};

// One sbatch of the array script (the first, or a `vgdl slurm resume`) and its merge job.
struct Submission {
  std::string array_job;    // Slurm's job id of the array
  std::vector<int> shards;  // the array's task ids = shard numbers
  std::string merge_job;
  std::string submitted_at;    // UTC, ISO 8601
  int64_t submitted_unix = 0;  // the same, for rates
  size_t episodes_done = 0;    // finished episodes when it was submitted
};

struct RunRecord {
  std::vector<std::string> command;        // the `vgdl slurm` command line, as given
  std::string version;                     // VersionText() of the binary that submitted
  std::string vgdl;                        // absolute path of the binary the tasks run
  std::string working_dir;                 // where the tasks run (relative paths of the command)
  std::string job_name;                    // of every job of the run: "vgdl-" and the folder's name
  std::vector<std::string> run_arguments;  // `vgdl run`'s flags, without shard and output
  // The plan, as PlanEpisodes takes it (agents canonical: every option spelled out).
  std::vector<std::string> agents;
  std::vector<std::string> games;
  std::vector<std::vector<int>> levels;
  int reps = 1;
  uint64_t seed = 0;
  std::string budget;  // Rules::Describe()
  size_t episodes = 0;
  SlurmRequest slurm;
  std::vector<Submission> submissions;

  // The plan of shard `index` (1-based) of slurm.shards.
  PlanInput ShardPlan(int index) const;
};

std::filesystem::path RecordFile(const std::filesystem::path& dir);
std::filesystem::path ArrayScriptFile(const std::filesystem::path& dir);
std::filesystem::path MergeScriptFile(const std::filesystem::path& dir);
std::filesystem::path ShardResultsFile(const std::filesystem::path& dir, int shard);
std::filesystem::path ShardExitFile(const std::filesystem::path& dir, int shard);
std::filesystem::path ShardLogFile(const std::filesystem::path& dir, int shard);
std::filesystem::path MergedResultsFile(const std::filesystem::path& dir);
std::filesystem::path ReportTextFile(const std::filesystem::path& dir);
std::filesystem::path ReportPageFile(const std::filesystem::path& dir);

// Writes DIR/run.json (through a temporary file, so that a reader never sees half of it).
bool WriteRunRecord(const std::filesystem::path& dir, const RunRecord& record, std::string* error);
// Reads DIR/run.json; nullopt with `error` when it is missing or not a run record.
std::optional<RunRecord> ReadRunRecord(const std::filesystem::path& dir, std::string* error);

// "1-3,5,7-8" for {1, 2, 3, 5, 7, 8} (sorted), as sbatch --array takes a task list.
std::string CompactRanges(const std::vector<int>& numbers);

}  // namespace vgdl::tools::slurm
