// Loading VGDL game and level files into the immutable definitions of game_def.h.
//
// Loading never throws and never crashes on bad input: every problem becomes a Diagnostic
// with file, line and column. A game loads when there is no error; warnings (GVGAI's silent
// drops, unknown fields, ...) are reported but the game is still returned.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vgdl/diagnostic.h"
#include "vgdl/game_def.h"

namespace vgdl {

struct GameLoad {
  std::shared_ptr<const GameDef> game;  // null when there are errors
  Diagnostics diagnostics;
};

struct LoadOptions {
  // Load what GVGAI loads from a game with lines its parser throws on (an unknown effect,
  // termination or pair sprite; a missing or unknown sprite where a constructor looks one up,
  // lang::GvgaiThrowsWithout; spec §15.5): GVGAI logs the first such line and reads nothing
  // after it, so the game plays without the rest of that section and without the sections
  // below it. Such a line is then a warning, and the game loads without what follows it.
  // Other errors still refuse the game.
  bool gvgai_subset = false;
  // "NAME=VALUE" (--set): the value a GameSpace's parameter is played with (GameParameter).
  // A name the game does not declare, or a value outside the parameter's values, is an error.
  std::vector<std::string> parameter_settings;
};

GameLoad LoadGameFromText(std::string_view text, std::string file_name,
                          const LoadOptions& options = {});
GameLoad LoadGameFromFile(const std::filesystem::path& path, const LoadOptions& options = {});

struct LevelLoad {
  std::optional<LevelDef> level;  // empty when there are errors
  Diagnostics diagnostics;
  // Set when the level file brings its own LevelMapping (GVGAI's level-generation track,
  // LevelGenMachine; LevelDef::char_mapping): the game with that mapping in place of its own,
  // which is how GVGAI plays such a level, and what the engine's analyses of the game must
  // see. PlayedWith says which game to play the level with.
  std::shared_ptr<const GameDef> remapped_game;

  std::shared_ptr<const GameDef> PlayedWith(std::shared_ptr<const GameDef> game) const {
    return remapped_game ? remapped_game : std::move(game);
  }
};

// "values=0.1:0.1:1.0 (0.1, 0.2, ..., 0.9)": what a GameSpace's parameter takes, for messages.
std::string ParameterValuesText(const GameParameter& param);

// With LoadOptions::gvgai_subset, the warning at the line GVGAI's parser stops at, for the
// commands to print; null when every line was read.
const Diagnostic* GvgaiStopWarning(const GameLoad& load);

LevelLoad LoadLevelFromText(const GameDef& game, std::string_view text, std::string file_name);
LevelLoad LoadLevelFromFile(const GameDef& game, const std::filesystem::path& path);

// Where a game named on the command line lives. A game is named by a path to a GVGAI-style
// game file (levels "<name>_lvl<N>.txt" beside it), by the name of a game bundled in the
// project's games/ and levels/, or by a name inside `games_dir` (searched recursively, so
// GVGAI's gridphysics/ and contphysics/ folders work).
struct GameLocation {
  std::filesystem::path game_file;
  // Index = level number; a number without a file (levels 0, 1 and 3 only) has an empty path.
  std::vector<std::filesystem::path> level_files;
};
std::optional<GameLocation> ResolveGame(std::string_view name,
                                        const std::filesystem::path& games_dir, std::string* error);

// Every game file under `folder`, at any depth, sorted: the *.txt files that are not levels
// ("<name>_lvl<N>.txt"). Empty when `folder` is not a folder.
std::vector<std::filesystem::path> GameFilesIn(const std::filesystem::path& folder);

}  // namespace vgdl
