// What `vgdl run` plays, as its flags give it: agents, games, levels, repetitions, seed,
// budget and threads. `vgdl slurm` takes the same flags and hands them on to the `vgdl run`
// of each of its tasks, so both declare, check and load them here.
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

namespace vgdl::tools {

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

  // Adds --agent, --game, --games-dir, --gvgai-subset, --levels, --reps, --seed, the budget's
  // flags and -j to `cmd`; --agent and --game required unless `required` is false (a command
  // with subcommands of its own checks them itself).
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
// every game file under it) from `games_dir`, and picks its levels: `levels_text` (--levels),
// or every level the game has. Any game or level that does not load is a user error of
// `command`. `levels` gets one list per game.
void LoadGames(std::string_view command, const std::vector<std::string>& game_items,
               const std::filesystem::path& games_dir, const std::string& levels_text,
               bool gvgai_subset, std::vector<RunGame>& games,
               std::vector<std::vector<int>>& levels);

// LoadGames with the selection's --game, games folder, --levels and --gvgai-subset.
void LoadSelectedGames(std::string_view command, const RunSelection& selection,
                       std::vector<RunGame>& games, std::vector<std::vector<int>>& levels);

}  // namespace vgdl::tools
