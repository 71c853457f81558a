// Arguments shared by `vgdl play`, `vgdl replay` and `vgdl render`. Header-only and free of
// SFML: `vgdl replay --headless` uses it in builds without the window.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

namespace vgdl::window {

// --games-dir, else $VGDL_GAMES_DIR, else $VGDL_GVGAI_DIR/games, else the GVGAI games beside
// the source tree (games bundled in the project's games/ are found by name first).
inline std::filesystem::path GamesDirFor(const std::string& option,
                                         const std::filesystem::path& source_dir) {
  if (!option.empty()) return option;
  if (const char* env = std::getenv("VGDL_GAMES_DIR"); env != nullptr && *env != '\0') return env;
  if (const char* env = std::getenv("VGDL_GVGAI_DIR"); env != nullptr && *env != '\0') {
    return std::filesystem::path(env) / "games";
  }
  return source_dir / ".." / "shared" / "gvgai" / "games";
}

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

// --gvgai-subset, for every command that loads a game (vgdl::LoadOptions::gvgai_subset).
inline void AddGvgaiSubsetFlag(CLI::App* cmd, bool& flag) {
  cmd->add_flag("--gvgai-subset", flag,
                "Load a game with a line GVGAI's parser stops at (an unknown effect, "
                "termination or pair sprite, a sprite an effect's constructor cannot find) as "
                "GVGAI does: without that line and everything after it, with a warning");
}

// The game a command opens and its level: by name or file, the level by number or by file.
struct GameChoice {
  std::string game;
  int level = 0;
  std::optional<int> positional_level;  // `vgdl play GAME 3`, as docs/games.md writes it
  std::string level_file;
  std::string games_dir;
  bool gvgai_subset = false;

  // Adds GAME and LEVEL as positional arguments (`vgdl play GAME 3`), then -l/--level,
  // --level-file and --games-dir.
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
    cmd->add_option("--games-dir", games_dir, "Where game names are looked up");
    AddGvgaiSubsetFlag(cmd, gvgai_subset);
  }
};

}  // namespace vgdl::window
