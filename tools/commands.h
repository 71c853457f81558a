// The `vgdl` subcommands. Each lives in its own file (tools/<name>_command.cc) and registers
// itself on the application; its callback throws CommandExit to set a non-zero exit code.
#pragma once

#include <CLI/CLI.hpp>

namespace vgdl::tools {

// Exit codes of the `vgdl` command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitUserError = 1;      // bad file, bad option
inline constexpr int kExitInternalError = 2;  // a bug

// Thrown by a command to end with `code`; main() turns it into the process exit code.
struct CommandExit {
  int code = kExitOk;
};

void AddCheckCommand(CLI::App& app);
void AddVerifyTracesCommand(CLI::App& app);
void AddBenchCommand(CLI::App& app);
void AddRunCommand(CLI::App& app);
void AddReportCommand(CLI::App& app);
void AddAgentsCommand(CLI::App& app);
void AddReplayCommand(CLI::App& app);  // --headless in every build, the window with SFML
#ifdef VGDL_HAS_WINDOW
void AddPlayCommand(CLI::App& app);
void AddRenderCommand(CLI::App& app);
#endif

}  // namespace vgdl::tools
