// Where each shard of a run folder stands, from what its tasks left on disk and what Slurm
// still has queued: done (every episode of the shard in its results), running or queued (its
// task is in squeue), failed (its task ended with the shard incomplete), missing (never
// started).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tools/slurm/run_folder.h"

namespace vgdl::tools::slurm {

enum class ShardState { kDone, kRunning, kQueued, kFailed, kMissing };
const char* ShardStateName(ShardState state);

struct ShardStatus {
  int shard = 1;
  ShardState state = ShardState::kMissing;
  size_t done = 0;   // episodes of the shard in its results file
  size_t total = 0;  // episodes the shard plays
  size_t wins = 0;
  std::string detail;  // why it failed, where its log is
};

struct RunStatus {
  std::vector<ShardStatus> shards;
  size_t done = 0;
  size_t total = 0;
  size_t wins = 0;
  std::vector<std::string> warnings;  // lines of the results files that were skipped

  size_t Count(ShardState state) const;
  std::vector<int> ShardsIn(ShardState state) const;
};

// `queued`: QueuedJobs of the run's job name (empty when Slurm was not asked).
RunStatus ReadRunStatus(const std::filesystem::path& dir, const RunRecord& record,
                        const std::map<std::string, std::string>& queued);

}  // namespace vgdl::tools::slurm
