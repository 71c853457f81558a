// The `vgdl` subcommands. Each lives in its own file (tools/<name>_command.cc) and registers
// itself on the application; its callback throws CommandExit to set a non-zero exit code.
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "vgdl/loader.h"

namespace vgdl::tools {

// Exit codes of the `vgdl` command (listed in the README). Answers a designer's build script
// branches on have codes of their own: `check` with warnings only, and `solve`'s two answers
// that are not a solution.
inline constexpr int kExitOk = 0;                // success; check: clean; solve: solved
inline constexpr int kExitUserError = 1;         // bad file, bad option; check: errors found
inline constexpr int kExitInternalError = 2;     // a bug
inline constexpr int kExitWarningsOnly = 3;      // check: warnings, no error
inline constexpr int kExitProvenUnwinnable = 4;  // solve: every reachable position explored
inline constexpr int kExitNoWinFound = 5;        // solve: no win within the limits

// Thrown by a command to end with `code`; main() turns it into the process exit code.
struct CommandExit {
  int code = kExitOk;
};

// The items of repeatable comma-separated options ("--game a,b --game c"), empty ones dropped.
inline std::vector<std::string> SplitCommas(const std::vector<std::string>& items) {
  std::vector<std::string> out;
  for (const auto& item : items) {
    size_t pos = 0;
    while (pos <= item.size()) {
      const size_t comma = std::min(item.find(',', pos), item.size());
      if (comma > pos) out.push_back(item.substr(pos, comma - pos));
      pos = comma + 1;
    }
  }
  return out;
}

// The command line `vgdl` was started with (main() sets it), for records of how results were
// made (`vgdl slurm`'s run folders).
inline std::vector<std::string>& InvokedCommandLine() {
  static std::vector<std::string> line;
  return line;
}

// Prints "vgdl <command>: <message>" on standard error and ends the command with
// kExitUserError.
[[noreturn]] inline void FailWithUserError(std::string_view command, const std::string& message) {
  std::cerr << "vgdl " << command << ": " << message << "\n";
  throw CommandExit{kExitUserError};
}

// For a folder named where a game is expected (`vgdl check FOLDER`, `vgdl run --game
// FOLDER`): every game file under it, or a user error when it holds none. nullopt when
// `name` names one game: not a folder, or a bare word that is also a game's name (ResolveGame
// in `games_dir`). An output folder named after its game is common, and must not turn `--game
// aliens` into "every game under ./aliens"; `./aliens` or `aliens/` names the folder.
inline std::optional<std::vector<std::filesystem::path>> GamesInFolder(
    std::string_view command, const std::string& name, const std::filesystem::path& games_dir) {
  std::error_code ec;
  if (!std::filesystem::is_directory(name, ec)) return std::nullopt;
  if (!std::filesystem::path(name).has_parent_path()) {
    std::string not_a_game;
    if (const auto game = ResolveGame(name, games_dir, &not_a_game)) {
      std::cerr << "vgdl " << command << ": note: '" << name << "' is the game "
                << game->game_file.string() << "; for the folder here, write ./" << name << "\n";
      return std::nullopt;
    }
  }
  std::vector<std::filesystem::path> files = GameFilesIn(name);
  if (files.empty()) FailWithUserError(command, "folder '" + name + "' holds no game file");
  return files;
}

void AddCheckCommand(CLI::App& app);
void AddVerifyTracesCommand(CLI::App& app);
void AddBenchCommand(CLI::App& app);
void AddRunCommand(CLI::App& app);
void AddReportCommand(CLI::App& app);
void AddAgentsCommand(CLI::App& app);
void AddReplayCommand(CLI::App& app);  // --headless in every build, the window with SFML
void AddSolveCommand(CLI::App& app);
void AddTuneCommand(CLI::App& app);
void AddSlurmCommand(CLI::App& app);
void AddLspCommand(CLI::App& app);
void AddPlaytestCommand(CLI::App& app);
#ifdef VGDL_HAS_WINDOW
void AddPlayCommand(CLI::App& app);
void AddEditCommand(CLI::App& app);
void AddRenderCommand(CLI::App& app);
#endif

}  // namespace vgdl::tools
