// The `vgdl` subcommands. Each lives in its own file (tools/<name>_command.cc) and registers
// itself on the application; its callback throws CommandExit to set a non-zero exit code.
#pragma once

#include <CLI/CLI.hpp>
#include <iostream>
#include <string>
#include <string_view>

namespace vgdl::tools {

// Exit codes of the `vgdl` command.
inline constexpr int kExitOk = 0;
inline constexpr int kExitUserError = 1;      // bad file, bad option
inline constexpr int kExitInternalError = 2;  // a bug

// Thrown by a command to end with `code`; main() turns it into the process exit code.
struct CommandExit {
  int code = kExitOk;
};

// Prints "vgdl <command>: <message>" on standard error and ends the command with
// kExitUserError.
[[noreturn]] inline void FailWithUserError(std::string_view command, const std::string& message) {
  std::cerr << "vgdl " << command << ": " << message << "\n";
  throw CommandExit{kExitUserError};
}

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
