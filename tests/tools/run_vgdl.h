// Runs the built `vgdl` binary (path from the VGDL_BINARY compile definition) and captures
// its output and exit code.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace vgdl::testing {

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

namespace detail {
inline CommandResult RunShell(const std::string& command) {
  CommandResult r;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buf;
  size_t n = 0;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.output.append(buf.data(), n);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}
}  // namespace detail

// `environment` is prepended as "env <environment>" (e.g. "VGDL_GAMES_DIR=/x").
inline CommandResult RunVgdl(const std::string& arguments, const std::string& environment = "") {
  return detail::RunShell((environment.empty() ? "" : "env " + environment + " ") + "'" +
                          VGDL_BINARY + "' " + arguments + " 2>&1");
}

// RunVgdl with `directory` as the working directory.
inline CommandResult RunVgdlIn(const std::string& directory, const std::string& arguments) {
  return detail::RunShell("cd '" + directory + "' && '" + std::string(VGDL_BINARY) + "' " +
                          arguments + " 2>&1");
}

}  // namespace vgdl::testing
