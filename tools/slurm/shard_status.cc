#include "tools/slurm/shard_status.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>
#include <string_view>
#include <system_error>

#include "runner/plan.h"
#include "runner/results.h"

namespace vgdl::tools::slurm {

namespace fs = std::filesystem;

const char* ShardStateName(ShardState state) {
  switch (state) {
    case ShardState::kDone:
      return "done";
    case ShardState::kRunning:
      return "running";
    case ShardState::kQueued:
      return "queued";
    case ShardState::kFailed:
      return "failed";
    case ShardState::kMissing:
      return "missing";
  }
  return "?";
}

size_t RunStatus::Count(ShardState state) const {
  size_t n = 0;
  for (const auto& s : shards) n += s.state == state ? 1u : 0u;
  return n;
}

std::vector<int> RunStatus::ShardsIn(ShardState state) const {
  std::vector<int> out;
  for (const auto& s : shards) {
    if (s.state == state) out.push_back(s.shard);
  }
  return out;
}

namespace {

// Slurm's state of the newest task that played `shard`, when squeue still lists it.
std::string QueueState(const RunRecord& record, int shard,
                       const std::map<std::string, std::string>& queued) {
  for (auto it = record.submissions.rbegin(); it != record.submissions.rend(); ++it) {
    const auto found = queued.find(it->array_job + "_" + std::to_string(shard));
    if (found != queued.end()) return found->second;
  }
  return "";
}

// Whether Slurm's state of a job it still lists says the job is over (squeue shows ended
// jobs for a while).
bool HasEnded(std::string_view state) {
  static constexpr std::string_view kEnded[] = {"COMPLETED", "FAILED",    "CANCELLED",
                                                "TIMEOUT",   "NODE_FAIL", "OUT_OF_MEMORY",
                                                "PREEMPTED", "BOOT_FAIL", "DEADLINE"};
  return std::find(std::begin(kEnded), std::end(kEnded), state) != std::end(kEnded);
}

// Counts the episodes of the shard's plan that its results file holds (with the plan's
// seeds: a file of another run counts nothing).
void CountResults(const fs::path& dir, const RunRecord& record, ShardStatus& status,
                  std::vector<std::string>& warnings) {
  const std::vector<EpisodeTask> plan = PlanEpisodes(record.ShardPlan(status.shard));
  status.total = plan.size();
  std::map<std::string, uint64_t> seeds;
  for (const auto& t : plan) seeds[EpisodeKey(t.agent, t.game, t.level, t.rep)] = t.seed;
  const fs::path file = ShardResultsFile(dir, status.shard);
  std::error_code ec;
  if (!fs::exists(file, ec)) return;
  const ResultsFile results = ReadResultsFile(file);
  warnings.insert(warnings.end(), results.warnings.begin(), results.warnings.end());
  std::set<std::string> seen;
  for (const auto& r : results.results) {
    const std::string key = EpisodeKey(r);
    const auto it = seeds.find(key);
    if (it == seeds.end() || it->second != r.seed || !seen.insert(key).second) continue;
    ++status.done;
    status.wins += r.win ? 1u : 0u;
  }
}

// Why a task that is gone left its shard incomplete: the exit status its script wrote, or
// none (killed: cancelled, out of time, its node lost).
std::string FailureDetail(const fs::path& dir, int shard) {
  const fs::path log = ShardLogFile(dir, shard);
  std::ifstream exit_file(ShardExitFile(dir, shard));
  int code = 0;
  if (exit_file >> code) {
    return "vgdl run ended with exit status " + std::to_string(code) + ": see " + log.string();
  }
  return "ended without an exit status (cancelled, out of time or its node lost): see " +
         log.string();
}

ShardStatus ShardStatusOf(const fs::path& dir, const RunRecord& record, int shard,
                          const std::map<std::string, std::string>& queued,
                          std::vector<std::string>& warnings) {
  ShardStatus status;
  status.shard = shard;
  CountResults(dir, record, status, warnings);
  const std::string queue_state = QueueState(record, shard, queued);
  std::error_code ec;
  if (status.done == status.total) {
    status.state = ShardState::kDone;
  } else if (queue_state == "RUNNING" || queue_state == "COMPLETING") {
    status.state = ShardState::kRunning;
  } else if (!queue_state.empty() && !HasEnded(queue_state)) {
    status.state = ShardState::kQueued;  // PENDING, REQUEUED, SUSPENDED, ...
    if (queue_state != "PENDING") status.detail = "Slurm state " + queue_state;
  } else if (status.done > 0 || fs::exists(ShardLogFile(dir, shard), ec) ||
             fs::exists(ShardExitFile(dir, shard), ec)) {
    status.state = ShardState::kFailed;
    status.detail = FailureDetail(dir, shard);
  } else {
    status.state = ShardState::kMissing;
  }
  return status;
}

}  // namespace

RunStatus ReadRunStatus(const fs::path& dir, const RunRecord& record,
                        const std::map<std::string, std::string>& queued) {
  RunStatus run;
  for (int k = 1; k <= record.slurm.shards; ++k) {
    ShardStatus s = ShardStatusOf(dir, record, k, queued, run.warnings);
    run.done += s.done;
    run.total += s.total;
    run.wins += s.wins;
    run.shards.push_back(std::move(s));
  }
  return run;
}

}  // namespace vgdl::tools::slurm
