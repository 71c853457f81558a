#include "tools/slurm/batch_scripts.h"

#include <algorithm>

namespace vgdl::tools::slurm {

namespace fs = std::filesystem;

std::string ShellWord(std::string_view text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 ||
           std::string_view("_./=:,+-@%").find(c) != std::string_view::npos;
  });
  if (plain) return std::string(text);
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

namespace {

std::string Words(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += " " + ShellWord(w);
  return out;
}

// The #SBATCH lines both scripts share: where and how long the jobs may run.
std::string PlacementDirectives(const SlurmRequest& request) {
  std::string out;
  if (!request.partition.empty()) out += "#SBATCH --partition=" + request.partition + "\n";
  if (!request.account.empty()) out += "#SBATCH --account=" + request.account + "\n";
  if (!request.time_limit.empty()) out += "#SBATCH --time=" + request.time_limit + "\n";
  for (const auto& arg : request.sbatch_args) out += "#SBATCH " + arg + "\n";
  return out;
}

}  // namespace

std::string ArrayScript(const fs::path& dir, const RunRecord& record) {
  const std::string n = std::to_string(record.slurm.shards);
  const std::string shards = ShellWord((dir / "shards").string());
  return "#!/bin/bash\n"
         "# vgdl slurm: task K of this array job plays shard K of " +
         n + " of the run in " + dir.string() +
         "\n"
         "# (run.json says how the run was made; `vgdl slurm status` reads what the tasks left).\n"
         "#SBATCH --ntasks=1\n"
         "#SBATCH --cpus-per-task=" +
         std::to_string(record.slurm.cpus_per_task) + "\n" + PlacementDirectives(record.slurm) +
         "set -u\n"
         "shard=${SLURM_ARRAY_TASK_ID:?this script runs as a task of a Slurm array job}\n"
         // A stale status of an earlier try must not outlive this one: a try that is killed
         // leaves none, which `vgdl slurm status` reports as cancelled, timed out or lost.
         "rm -f " +
         shards + "/shard-$shard.exit\n" + "cd " + ShellWord(record.working_dir) + " || exit 1\n" +
         ShellWord(record.vgdl) + " run" + Words(record.run_arguments) + " --shard \"$shard/" + n +
         "\" --out " + shards +
         "/shard-$shard.jsonl --resume --no-progress\n"
         "status=$?\n"
         "echo \"$status\" > " +
         shards +
         "/shard-$shard.exit\n"
         "exit \"$status\"\n";
}

std::string MergeScript(const fs::path& dir, const RunRecord& record) {
  std::string shard_files;
  for (int k = 1; k <= record.slurm.shards; ++k) {
    shard_files += " \\\n  " + ShellWord(ShardResultsFile(dir, k).string());
  }
  return "#!/bin/bash\n"
         "# vgdl slurm: merges the shards of the run in " +
         dir.string() +
         " once its array job has ended:\n"
         "# every shard must be complete (else `vgdl slurm resume` plays what is missing).\n"
         "#SBATCH --ntasks=1\n"
         "#SBATCH --cpus-per-task=1\n" +
         PlacementDirectives(record.slurm) +
         "set -u\n"
         "cd " +
         ShellWord(record.working_dir) + " || exit 1\n" + ShellWord(record.vgdl) +
         " slurm status " + ShellWord(dir.string()) + " --require-done --no-queue || exit 1\n" +
         ShellWord(record.vgdl) + " report" + shard_files + " \\\n  --merged " +
         ShellWord(MergedResultsFile(dir).string()) + " --html " +
         ShellWord(ReportPageFile(dir).string()) + " > " + ShellWord(ReportTextFile(dir).string()) +
         "\n";
}

std::vector<std::string> ArraySubmitArguments(const fs::path& dir, const RunRecord& record,
                                              const std::vector<int>& shards) {
  std::string array = "--array=" + CompactRanges(shards);
  if (record.slurm.max_running > 0) array += "%" + std::to_string(record.slurm.max_running);
  return {"--parsable", "--job-name=" + record.job_name, array,
          // %a: the task id, = the shard; every try of a shard appends to its log.
          "--output=" + (dir / "logs" / "shard-%a.log").string(), "--open-mode=append"};
}

std::vector<std::string> MergeSubmitArguments(const fs::path& dir, const RunRecord& record,
                                              const std::vector<std::string>& after) {
  std::vector<std::string> args = {"--parsable", "--job-name=" + record.job_name,
                                   "--output=" + (dir / "logs" / "merge-%j.log").string()};
  if (!after.empty()) {
    std::string dependency = "--dependency=afterany";
    for (const auto& job : after) dependency += ":" + job;
    args.push_back(dependency);
    args.push_back("--kill-on-invalid-dep=yes");
  }
  return args;
}

}  // namespace vgdl::tools::slurm
