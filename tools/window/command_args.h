// Arguments shared by `vgdl play`, `vgdl replay` and `vgdl render` (the games folder's flags
// are tools/game_flags.h's). Header-only and free of
// SFML: `vgdl replay --headless` uses it in builds without the window.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "tools/game_flags.h"

namespace vgdl::window {

// --sprites, else $VGDL_SPRITES_DIR; empty when neither is given. nullopt when the folder
// does not exist (a typo must not silently give shapes).
inline std::optional<std::filesystem::path> SpritesDirFor(const std::string& option) {
  std::string dir = option;
  if (dir.empty()) {
    if (const char* env = std::getenv("VGDL_SPRITES_DIR"); env != nullptr) dir = env;
  }
  if (dir.empty()) return std::filesystem::path();
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return std::nullopt;
  return std::filesystem::path(dir);
}

// The folder `vgdl play --screenshots DIR` saves F12's screenshots in, made with its parents at
// start when it does not exist: the first F12 would otherwise fail with SFML's bare "Failed to
// save image". False, with `error` saying why, when DIR is something else than a folder or
// cannot be made. An empty DIR is the current folder.
inline bool PrepareScreenshotFolder(const std::filesystem::path& dir, std::string* error) {
  if (dir.empty()) return true;
  std::error_code ec;
  if (std::filesystem::is_directory(dir, ec)) return true;
  if (std::filesystem::exists(dir, ec)) {
    *error = "--screenshots '" + dir.string() + "' is not a folder";
    return false;
  }
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    *error = "--screenshots: cannot make the folder '" + dir.string() + "': " + ec.message();
    return false;
  }
  return true;
}

// The game a command opens and its level: by name or file, the level by number or by file.
struct GameChoice {
  std::string game;
  int level = 0;
  std::optional<int> positional_level;  // `vgdl play GAME 3`, as docs/games.md writes it
  std::string level_file;
  std::string games_dir;
  bool gvgai_subset = false;
  std::vector<std::string> settings;  // --set NAME=VALUE (LoadOptions::parameter_settings)

  // Adds GAME and LEVEL as positional arguments (`vgdl play GAME 3`), then -l/--level,
  // --level-file, --games-dir, --gvgai-subset and --set.
  void AddPositionalOptions(CLI::App* cmd) {
    cmd->add_option("game", game, "Game name or file")->required();
    cmd->add_option("level", positional_level, "Level number (same as --level)");
    AddLevelOptions(cmd);
  }
  // Adds -g/--game, for a command whose positional argument is something else, then the rest.
  void AddGameOption(CLI::App* cmd) {
    cmd->add_option("-g,--game", game, "Game name or file")->required();
    AddLevelOptions(cmd);
  }

  // The level number asked for; nullopt, with `error` set, when the two forms differ or the
  // number is negative.
  std::optional<int> Level(std::string* error) const {
    if (positional_level && level != 0 && level != *positional_level) {
      *error = "two different levels given";
      return std::nullopt;
    }
    const int chosen = positional_level.value_or(level);
    if (chosen < 0) {
      *error = "--level must not be negative";
      return std::nullopt;
    }
    return chosen;
  }

 private:
  void AddLevelOptions(CLI::App* cmd) {
    cmd->add_option("-l,--level", level, "Level number");
    cmd->add_option("--level-file", level_file, "Level file (instead of --level)")
        ->check(CLI::ExistingFile);
    tools::AddGamesDirOption(cmd, games_dir);
    tools::AddGvgaiSubsetFlag(cmd, gvgai_subset);
    tools::AddSetOption(cmd, settings);
  }
};

// --sprites DIR and --shapes, as play, edit and render declare them.
inline void AddSpriteOptions(CLI::App* cmd, std::string& sprites, bool& shapes) {
  cmd->add_option("--sprites", sprites,
                  "GVGAI sprites folder (holding oryx/, newset/): draw img= images, before the "
                  "default sprite set (default $VGDL_SPRITES_DIR)");
  cmd->add_flag("--shapes", shapes,
                "Without the default sprite set: names --sprites lacks are drawn as GVGAI's "
                "shapes and colours (docs/sprites.md)");
}

// --screenshots DIR, as play and edit declare it (PrepareScreenshotFolder checks it).
inline void AddScreenshotsOption(CLI::App* cmd, std::string& dir) {
  cmd->add_option("--screenshots", dir, "Folder for F12 screenshots (made if it does not exist)");
}

}  // namespace vgdl::window
