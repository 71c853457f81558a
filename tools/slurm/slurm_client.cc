#include "tools/slurm/slurm_client.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <sstream>

extern char** environ;

namespace vgdl::tools::slurm {

ProgramOutput RunProgram(const std::vector<std::string>& argv) {
  ProgramOutput result;
  int pipe_fds[2];
  if (argv.empty() || pipe(pipe_fds) != 0) return result;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[1]);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  if (spawned != 0) {
    close(pipe_fds[0]);
    result.output = "cannot run '" + argv[0] + "': " + std::strerror(spawned);
    return result;
  }
  std::array<char, 4096> buffer;
  for (;;) {
    const ssize_t n = read(pipe_fds[0], buffer.data(), buffer.size());
    if (n > 0) {
      result.output.append(buffer.data(), static_cast<size_t>(n));
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  close(pipe_fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

namespace {

std::string Trimmed(std::string text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())) != 0) {
    text.pop_back();
  }
  return text;
}

}  // namespace

std::optional<std::string> SubmitBatch(const std::vector<std::string>& args,
                                       const std::string& script, std::string* error) {
  std::vector<std::string> argv = {"sbatch"};
  argv.insert(argv.end(), args.begin(), args.end());
  argv.push_back(script);
  const ProgramOutput out = RunProgram(argv);
  // --parsable prints "JOBID" or "JOBID;CLUSTER".
  const std::string text = Trimmed(out.output);
  const std::string id = text.substr(0, text.find(';'));
  const bool numeric = !id.empty() && id.find_first_not_of("0123456789") == std::string::npos;
  if (out.status != 0 || !numeric) {
    *error = "sbatch failed" + (text.empty() ? std::string() : ": " + text);
    return std::nullopt;
  }
  return id;
}

std::optional<std::map<std::string, std::string>> QueuedJobs(const std::string& job_name,
                                                             std::string* error) {
  // -r: one line per array task, pending ones included; %i is "ARRAYJOB_TASK" for those.
  const ProgramOutput out =
      RunProgram({"squeue", "-h", "-r", "--name=" + job_name, "--format=%i %T"});
  if (out.status != 0) {
    *error = "squeue failed" + (out.output.empty() ? std::string() : ": " + Trimmed(out.output));
    return std::nullopt;
  }
  std::map<std::string, std::string> jobs;
  std::istringstream lines(out.output);
  std::string id;
  std::string state;
  while (lines >> id >> state) jobs[id] = state;
  return jobs;
}

}  // namespace vgdl::tools::slurm
