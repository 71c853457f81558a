// The batch scripts of a run folder (run_folder.h): the array job whose task K plays shard K
// with `vgdl run --shard K/N --resume`, and the merge job that checks every shard is complete
// and writes the merged results and the report with `vgdl report`. The array range and the
// dependency are sbatch arguments, not lines of the scripts, so that `vgdl slurm resume`
// submits the same scripts for the unfinished shards only.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "tools/slurm/run_folder.h"

namespace vgdl::tools::slurm {

// `text` as one word for bash: single-quoted where it holds anything but [A-Za-z0-9_./=:,+-].
std::string ShellWord(std::string_view text);

std::string ArrayScript(const std::filesystem::path& dir, const RunRecord& record);
std::string MergeScript(const std::filesystem::path& dir, const RunRecord& record);

// sbatch's arguments (before the script) for the array of `shards`, and for the merge job
// that runs after every job of `after` has ended, whatever its end.
std::vector<std::string> ArraySubmitArguments(const std::filesystem::path& dir,
                                              const RunRecord& record,
                                              const std::vector<int>& shards);
std::vector<std::string> MergeSubmitArguments(const std::filesystem::path& dir,
                                              const RunRecord& record,
                                              const std::vector<std::string>& after);

}  // namespace vgdl::tools::slurm
