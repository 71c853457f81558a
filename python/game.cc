// Loading games for the Python module (game.h), with the loaders the commands use.
#include "python/game.h"

#include <stdexcept>

#include "runner/plan.h"
#include "tools/game_flags.h"
#include "vgdl/loader.h"

namespace vgdl::python {

namespace {

// The first error of `diagnostics`, formatted as the commands print it.
std::string FirstError(const Diagnostics& diagnostics) {
  for (const Diagnostic& d : diagnostics.items()) {
    if (d.severity == Severity::kError) return Format(d);
  }
  return "";
}

}  // namespace

std::shared_ptr<const RunGame> LoadNamedGame(const std::string& name, const std::string& games_dir,
                                             bool gvgai_subset,
                                             const std::vector<std::string>& settings) {
  std::string error;
  auto game =
      LoadRunGame(name, tools::GamesDirFor(games_dir, VGDL_SOURCE_DIR), &error,
                  LoadOptions{.gvgai_subset = gvgai_subset, .parameter_settings = settings});
  if (!game) throw LoadFailure(error.empty() ? "game '" + name + "' not found" : error);
  return std::make_shared<const RunGame>(*std::move(game));
}

std::shared_ptr<const RunGame> LoadGameText(const std::string& text,
                                            const std::vector<std::string>& levels,
                                            const std::string& name) {
  GameLoad load = LoadGameFromText(text, name + ".txt");
  if (!load.game) throw LoadFailure("the game does not load\n" + FirstError(load.diagnostics));
  auto game = std::make_shared<RunGame>();
  game->name = name;
  game->def = load.game;
  for (size_t i = 0; i < levels.size(); ++i) {
    const std::string file = name + "_lvl" + std::to_string(i) + ".txt";
    LevelLoad level = LoadLevelFromText(*game->def, levels[i], file);
    if (!level.level) {
      throw LoadFailure("level " + std::to_string(i) + " does not load\n" +
                        FirstError(level.diagnostics));
    }
    game->levels.push_back(std::move(level.level));
    game->level_errors.emplace_back();
    game->level_games.push_back(level.remapped_game);
  }
  return game;
}

State StartLevel(const RunGame& game, int level, int64_t seed) {
  if (level < 0 || static_cast<size_t>(level) >= game.levels.size()) {
    throw std::out_of_range("game '" + game.name + "' has levels 0-" +
                            std::to_string(static_cast<int>(game.levels.size()) - 1) +
                            ", not level " + std::to_string(level));
  }
  const auto index = static_cast<size_t>(level);
  if (!game.levels[index]) {
    throw LoadFailure("level " + std::to_string(level) + " of '" + game.name +
                      "' does not load: " + game.level_errors[index]);
  }
  return State(game.GameOfLevel(index), *game.levels[index], seed);
}

State StartLevelText(const RunGame& game, const std::string& level_text, int64_t seed) {
  LevelLoad level = LoadLevelFromText(*game.def, level_text, game.name + "_lvl.txt");
  if (!level.level) {
    throw LoadFailure("the level does not load\n" + FirstError(level.diagnostics));
  }
  return State(level.PlayedWith(game.def), *level.level, seed);
}

}  // namespace vgdl::python
