// Slurm's own commands, run as programs (no shell): sbatch to submit, squeue to see what is
// queued or running. Which cluster they talk to is Slurm's business ($SLURM_CONF,
// /etc/slurm/slurm.conf).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace vgdl::tools::slurm {

struct ProgramOutput {
  int status = -1;     // exit status; -1 when it could not be started or was killed
  std::string output;  // standard output and standard error together
};
ProgramOutput RunProgram(const std::vector<std::string>& argv);

// `sbatch ARGS SCRIPT` with --parsable among ARGS; the job id, or nullopt with `error` (what
// sbatch said).
std::optional<std::string> SubmitBatch(const std::vector<std::string>& args,
                                       const std::string& script, std::string* error);

// The tasks squeue still lists under `job_name`: "ARRAYJOB_TASK" (or the job id of a job that
// is no array) -> Slurm's state ("PENDING", "RUNNING", ...). nullopt with `error` when squeue
// fails.
std::optional<std::map<std::string, std::string>> QueuedJobs(const std::string& job_name,
                                                             std::string* error);

}  // namespace vgdl::tools::slurm
