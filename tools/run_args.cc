#include "tools/run_args.h"

#include <spdlog/spdlog.h>

#include <set>

#include "agents/registry.h"
#include "runner/plan.h"
#include "tools/commands.h"
#include "tools/game_flags.h"
#include "tools/jobs_flag.h"

namespace vgdl::tools {

namespace fs = std::filesystem;

CLI::Option* AddGameSelectionFlags(CLI::App* cmd, std::vector<std::string>& games,
                                   std::string& games_dir, bool& gvgai_subset,
                                   std::vector<std::string>& settings, std::string& levels) {
  CLI::Option* game = cmd->add_option(
      "-g,--game", games,
      "Games, comma separated (repeatable); a folder means every game file under it");
  AddGamesDirOption(cmd, games_dir);
  AddGvgaiSubsetFlag(cmd, gvgai_subset);
  AddSetOption(cmd, settings);
  cmd->add_option("--levels", levels, "Levels, e.g. 0-4 or 0,2 (default: all)");
  return game;
}

CLI::Option* AddRunSeedOption(CLI::App* cmd, std::optional<uint64_t>& seed,
                              const std::string& derived) {
  return cmd->add_option("--seed", seed, "Run seed" + derived);
}

void AddResultsFileFlags(CLI::App* cmd, std::string& out, bool& resume, bool& overwrite,
                         const std::string& written, const std::string& resumed) {
  cmd->add_option("-o,--out", out, written);
  cmd->add_flag("--resume", resume, resumed);
  cmd->add_flag("--overwrite", overwrite, "Replace an existing --out file");
}

void CheckResumeHasOut(std::string_view command, const std::string& out, bool resume) {
  if (resume && out.empty()) FailWithUserError(command, "--resume needs --out FILE");
}

void CheckOutReplaceable(std::string_view command, const std::string& out, bool exists, bool resume,
                         bool overwrite) {
  if (!exists || resume || overwrite) return;
  FailWithUserError(command,
                    "'" + out + "' exists: --resume continues that run, --overwrite replaces it");
}

CLI::Option* AddShardOption(CLI::App* cmd, std::string& shard, const std::string& part) {
  return cmd->add_option("--shard", shard, part);
}

void AddNoProgressFlag(CLI::App* cmd, bool& no_progress) {
  cmd->add_flag("--no-progress", no_progress, "Log lines instead of a progress bar");
}

void RunSelection::AddTo(CLI::App* cmd, bool required) {
  cmd->add_option("-a,--agent", agents, "Agent spec, e.g. mcts:c=0.6 (repeatable)")
      ->required(required);
  AddGameSelectionFlags(cmd, games, games_dir, gvgai_subset, settings, levels)->required(required);
  cmd->add_option("--reps", reps, "Repetitions of each (agent, game, level)");
  AddRunSeedOption(cmd, seed, "; every episode's seed derives from it");
  budget.AddTo(cmd);
  AddJobsOption(cmd, jobs, "Episodes in parallel, one thread each", JobsZero::kRefused);
}

void RunSelection::Check(std::string_view command) const {
  if (agents.empty()) FailWithUserError(command, "no agent given (--agent)");
  if (games.empty()) FailWithUserError(command, "no game given (--game)");
  if (reps < 1) FailWithUserError(command, "--reps must be at least 1");
  CheckJobs(command, jobs, JobsZero::kRefused);
}

void CheckWatchHostStalls(std::string_view command, const Rules& rules) {
  if (rules.enforces_time()) return;
  FailWithUserError(command,
                    "--watch-host-stalls needs a time budget (--budget-ms): with "
                    "--budget-calls the clock decides nothing");
}

std::vector<std::string> CanonicalAgents(std::string_view command,
                                         const std::vector<std::string>& specs) {
  std::vector<std::string> out;
  for (const auto& spec : specs) {
    std::string error;
    const std::string canonical = CanonicalAgentSpec(spec, &error);
    if (canonical.empty() || CreateAgent(spec, 0, &error) == nullptr)
      FailWithUserError(command, error);
    out.push_back(canonical);
  }
  return out;
}

fs::path SelectionGamesDir(const RunSelection& selection) {
  return GamesDirFor(selection.games_dir, VGDL_SOURCE_DIR);
}

namespace {

// The games of --game: a folder stands for every game file under it (`--game
// ../shared/gvgai/games`: every GVGAI game), anything else for one game.
std::vector<std::string> GameNames(std::string_view command, const std::vector<std::string>& items,
                                   const fs::path& games_dir) {
  std::vector<std::string> names;
  for (const auto& item : SplitCommas(items)) {
    const auto files = GamesInFolder(command, item, games_dir);
    if (!files) {
      names.push_back(item);
      continue;
    }
    for (const fs::path& f : *files) names.push_back(f.string());
  }
  return names;
}

// The levels --levels names, each checked to load; or every level file the game has.
std::vector<int> GameLevels(std::string_view command, const RunGame& game,
                            const std::optional<std::vector<int>>& wanted) {
  std::vector<int> game_levels;
  if (wanted) {
    for (const int l : *wanted) {
      const auto i = static_cast<size_t>(l);
      if (i >= game.levels.size()) {
        FailWithUserError(command, "game '" + game.name + "' has no level " + std::to_string(l));
      }
      if (!game.levels[i]) {
        FailWithUserError(command, "level " + std::to_string(l) + " of '" + game.name +
                                       "' does not load: " + game.level_errors[i]);
      }
    }
    return *wanted;
  }
  for (size_t i = 0; i < game.levels.size(); ++i) {
    if (game.level_errors[i] == RunGame::kNoLevelFile) continue;  // a gap in the numbers
    if (!game.levels[i]) {
      FailWithUserError(command, "level " + std::to_string(i) + " of '" + game.name +
                                     "' does not load (choose the levels to play with "
                                     "--levels): " +
                                     game.level_errors[i]);
    }
    game_levels.push_back(static_cast<int>(i));
  }
  if (game_levels.empty())
    FailWithUserError(command, "game '" + game.name + "' has no level files");
  return game_levels;
}

}  // namespace

void LoadGames(std::string_view command, const std::vector<std::string>& game_items,
               const fs::path& games_dir, const std::string& levels_text,
               const LoadOptions& options, std::vector<RunGame>& games,
               std::vector<std::vector<int>>& levels) {
  std::optional<std::vector<int>> wanted;
  if (!levels_text.empty()) {
    std::string error;
    wanted = ParseLevels(levels_text, &error);
    if (!wanted) FailWithUserError(command, error);
  }
  std::set<std::string> names;
  for (const auto& name : GameNames(command, game_items, games_dir)) {
    std::string error;
    auto game = LoadRunGame(name, games_dir, &error, options);
    if (!game) FailWithUserError(command, error.empty() ? "game '" + name + "' not found" : error);
    if (!game->gvgai_stop_warning.empty()) spdlog::warn("{}", game->gvgai_stop_warning);
    if (game->def->no_players > 1) {
      // The agents are single-player (GVGAI's planning track): said, so that a two-player
      // game's results are not read as a match.
      spdlog::warn(
          "'{}' has {} players: the agent plays the first, the others do nothing "
          "(ACTION_NIL)",
          game->name, game->def->no_players);
    }
    if (!names.insert(game->name).second)
      FailWithUserError(command, "game '" + game->name + "' named twice");
    levels.push_back(GameLevels(command, *game, wanted));
    games.push_back(*std::move(game));
  }
  if (games.empty()) FailWithUserError(command, "no game given (--game)");
}

void LoadSelectedGames(std::string_view command, const RunSelection& selection,
                       std::vector<RunGame>& games, std::vector<std::vector<int>>& levels) {
  LoadGames(
      command, selection.games, SelectionGamesDir(selection), selection.levels,
      LoadOptions{.gvgai_subset = selection.gvgai_subset, .parameter_settings = selection.settings},
      games, levels);
}

}  // namespace vgdl::tools
