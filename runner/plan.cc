// Run plans.
#include "runner/plan.h"

#include <algorithm>
#include <charconv>

#include "runner/seeds.h"
#include "vgdl/loader.h"

namespace vgdl {

namespace {

std::optional<int> ParseNonNegative(std::string_view s) {
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size() || v < 0) return std::nullopt;
  return v;
}

// GVGAI levels are numbered 0-4; a few hundred leaves room for generated levels while keeping
// a typo like "0-40000" from planning an absurd run.
constexpr int kMaxLevel = 999;

}  // namespace

std::optional<std::vector<int>> ParseLevels(std::string_view text, std::string* error) {
  std::vector<int> levels;
  size_t pos = 0;
  while (pos <= text.size()) {
    const size_t comma = std::min(text.find(',', pos), text.size());
    const std::string_view item = text.substr(pos, comma - pos);
    const size_t dash = item.find('-');
    const auto first = ParseNonNegative(item.substr(0, dash));
    const auto last =
        dash == std::string_view::npos ? first : ParseNonNegative(item.substr(dash + 1));
    if (!first || !last || *first > *last || *last > kMaxLevel) {
      *error = "bad level list '" + std::string(text) + "' (expected e.g. 0-4 or 0,2,4)";
      return std::nullopt;
    }
    for (int l = *first; l <= *last; ++l) levels.push_back(l);
    pos = comma + 1;
  }
  std::sort(levels.begin(), levels.end());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  return levels;
}

std::optional<Shard> ParseShard(std::string_view text, std::string* error) {
  const size_t slash = text.find('/');
  const auto k =
      slash == std::string_view::npos ? std::nullopt : ParseNonNegative(text.substr(0, slash));
  const auto n =
      slash == std::string_view::npos ? std::nullopt : ParseNonNegative(text.substr(slash + 1));
  if (!k || !n || *k < 1 || *k > *n) {
    *error = "bad shard '" + std::string(text) + "' (expected K/N with 1 <= K <= N, e.g. 2/4)";
    return std::nullopt;
  }
  return Shard{*k, *n};
}

std::optional<RunGame> LoadRunGame(std::string_view name, const std::filesystem::path& games_dir,
                                   std::string* error, const LoadOptions& options) {
  const auto location = ResolveGame(name, games_dir, error);
  if (!location) return std::nullopt;
  GameLoad load = LoadGameFromFile(location->game_file, options);
  if (!load.game) {
    *error = "'" + location->game_file.string() + "' does not load";
    for (const auto& d : load.diagnostics.items()) {
      if (d.severity == Severity::kError) {
        *error += "\n" + Format(d);
        break;
      }
    }
    return std::nullopt;
  }
  RunGame game;
  game.name = location->game_file.stem().string();
  game.def = load.game;
  if (const Diagnostic* stop = GvgaiStopWarning(load)) game.gvgai_stop_warning = Format(*stop);
  for (const auto& file : location->level_files) {
    if (file.empty()) {
      game.levels.emplace_back();
      game.level_errors.emplace_back(RunGame::kNoLevelFile);
      continue;
    }
    LevelLoad level = LoadLevelFromFile(*game.def, file);
    std::string level_error;
    for (const auto& d : level.diagnostics.items()) {
      if (d.severity == Severity::kError && level_error.empty()) level_error = Format(d);
    }
    if (!level.level && level_error.empty()) level_error = "'" + file.string() + "' does not load";
    // Printed inside a sentence: its source line and caret stay, its last line break goes.
    while (!level_error.empty() && level_error.back() == '\n') level_error.pop_back();
    game.levels.push_back(std::move(level.level));
    game.level_errors.push_back(game.levels.back() ? "" : level_error);
    game.level_games.push_back(level.remapped_game);
  }
  return game;
}

std::vector<EpisodeTask> PlanEpisodes(const PlanInput& input) {
  std::vector<EpisodeTask> tasks;
  size_t index = 0;
  const auto shard_index = static_cast<size_t>(std::max(0, input.shard.index - 1));
  const auto shard_count = static_cast<size_t>(std::max(1, input.shard.count));
  for (size_t a = 0; a < input.agents.size(); ++a) {
    for (size_t g = 0; g < input.games.size(); ++g) {
      const std::vector<int> none;
      const auto& levels = g < input.levels.size() ? input.levels[g] : none;
      for (const int level : levels) {
        for (int rep = 0; rep < input.reps; ++rep, ++index) {
          if (index % shard_count != shard_index) continue;
          EpisodeTask t;
          t.agent_index = static_cast<int>(a);
          t.agent = input.agents[a];
          t.game_index = static_cast<int>(g);
          t.game = input.games[g];
          t.level = level;
          t.rep = rep;
          // Every agent plays the same seeds: agents are compared on the same episodes
          // (paired), whatever their order on the command line.
          t.seed = DeriveEpisodeSeed(input.seed, /*agent_index=*/0, t.game, level, rep);
          t.run_seed = input.seed;
          tasks.push_back(std::move(t));
        }
      }
    }
  }
  return tasks;
}

}  // namespace vgdl
