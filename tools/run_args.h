// What `vgdl run` plays, as its flags give it: agents, games, levels, repetitions, seed,
// budget and threads. `vgdl slurm` takes the same flags and hands them on to the `vgdl run`
// of each of its tasks, so both declare, check and load them here. The flags that `vgdl tune`
// shares with `vgdl run` (the games, the seed, the results file, the shard, the progress) are
// declared here too, one function each, so that their names, help and checks are written once.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runner/episode.h"
#include "tools/budget_options.h"
#include "vgdl/loader.h"

namespace vgdl::tools {

// --game, --games-dir, --gvgai-subset, --set and --levels: the games a command plays, the
// values of their parameters and their levels, read by LoadGames. Returns --game, which a
// command may make required.
CLI::Option* AddGameSelectionFlags(CLI::App* cmd, std::vector<std::string>& games,
                                   std::string& games_dir, bool& gvgai_subset,
                                   std::vector<std::string>& settings, std::string& levels);

// --seed, the run seed; `derived` says what derives from it.
CLI::Option* AddRunSeedOption(CLI::App* cmd, std::optional<uint64_t>& seed,
                              const std::string& derived);

// -o,--out FILE (`written`: what the command writes to it), --resume (`resumed`: what it does
// with the file) and --overwrite, for a command whose results file a rerun can continue.
void AddResultsFileFlags(CLI::App* cmd, std::string& out, bool& resume, bool& overwrite,
                         const std::string& written, const std::string& resumed);

// What AddResultsFileFlags's flags need of each other and of the file (a user error of
// `command`): --resume needs --out; an --out that `exists` needs --resume or --overwrite.
void CheckResumeHasOut(std::string_view command, const std::string& out, bool resume);
void CheckOutReplaceable(std::string_view command, const std::string& out, bool exists, bool resume,
                         bool overwrite);

// --shard K/N (`part`: what the command does with it), parsed by ParseShard (runner/plan.h).
CLI::Option* AddShardOption(CLI::App* cmd, std::string& shard, const std::string& part);

// --no-progress: log lines instead of the progress bar a terminal shows.
void AddNoProgressFlag(CLI::App* cmd, bool& no_progress);

struct RunSelection {
  std::vector<std::string> agents;
  std::vector<std::string> games;
  std::string games_dir;
  std::string levels;
  int reps = 1;
  std::optional<uint64_t> seed;
  BudgetOptions budget;
  int jobs = 1;
  bool gvgai_subset = false;
  std::vector<std::string> settings;  // --set NAME=VALUE (LoadOptions::parameter_settings)

  // Adds --agent, --game, --games-dir, --gvgai-subset, --set, --levels, --reps, --seed, the
  // budget's flags and -j to `cmd`; --agent and --game required unless `required` is false (a
  // command with subcommands of its own checks them itself).
  void AddTo(CLI::App* cmd, bool required = true);
  // Checks what one flag alone cannot (a user error of `command`).
  void Check(std::string_view command) const;
};

// `--watch-host-stalls` (host_stall_watch.h) compares acts with the clock: a user error of
// `command` under `rules` that do not enforce a time budget.
void CheckWatchHostStalls(std::string_view command, const Rules& rules);

// Every agent spec in its canonical form (every option spelled out), after creating one agent
// of each so that factories check their ranges too; a bad spec is a user error of `command`.
std::vector<std::string> CanonicalAgents(std::string_view command,
                                         const std::vector<std::string>& specs);

// The games folder the names of --game are looked up in.
std::filesystem::path SelectionGamesDir(const RunSelection& selection);

// Loads every game of `game_items` (--game: comma-separated, repeatable; a folder stands for
// every game file under it) from `games_dir` with `options`, and picks its levels: `levels_text`
// (--levels), or every level the game has. Any game or level that does not load is a user error of
// `command`. `levels` gets one list per game.
void LoadGames(std::string_view command, const std::vector<std::string>& game_items,
               const std::filesystem::path& games_dir, const std::string& levels_text,
               const LoadOptions& options, std::vector<RunGame>& games,
               std::vector<std::vector<int>>& levels);

// LoadGames with the selection's --game, games folder, --levels, --gvgai-subset and --set.
void LoadSelectedGames(std::string_view command, const RunSelection& selection,
                       std::vector<RunGame>& games, std::vector<std::vector<int>>& levels);

}  // namespace vgdl::tools
