// The flags by which a command finds a game, declared once for every command that takes them:
// --games-dir with the rule for the games folder, --gvgai-subset and --set. Header-only and free of
// SFML, for the commands, the window (tools/window/) and the Python module (python/).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

namespace vgdl::tools {

// The games folder: --games-dir, else $VGDL_GAMES_DIR, else $VGDL_GVGAI_DIR/games, else the
// GVGAI games beside the source tree. Games bundled in the project's games/ are found by name
// before any of these (vgdl/resolve_game.h).
inline std::filesystem::path GamesDirFor(const std::string& option,
                                         const std::filesystem::path& source_dir) {
  if (!option.empty()) return option;
  if (const char* env = std::getenv("VGDL_GAMES_DIR"); env != nullptr && *env != '\0') return env;
  if (const char* env = std::getenv("VGDL_GVGAI_DIR"); env != nullptr && *env != '\0') {
    return std::filesystem::path(env) / "games";
  }
  return source_dir / ".." / "shared" / "gvgai" / "games";
}

// --games-dir DIR, read by GamesDirFor; `note` adds what a command does more with it.
inline CLI::Option* AddGamesDirOption(CLI::App* cmd, std::string& dir,
                                      const std::string& note = "") {
  return cmd->add_option("--games-dir", dir,
                         "Where to look for games by name (default: $VGDL_GAMES_DIR, else "
                         "$VGDL_GVGAI_DIR/games, else ../shared/gvgai/games beside the source "
                         "tree)" +
                             note);
}

// --gvgai-subset, for every command that loads a game (vgdl::LoadOptions::gvgai_subset).
inline void AddGvgaiSubsetFlag(CLI::App* cmd, bool& flag) {
  cmd->add_flag("--gvgai-subset", flag,
                "Load a game with a line GVGAI's parser stops at (an unknown effect, "
                "termination or pair sprite, a sprite an effect's constructor cannot find) as "
                "GVGAI does: without that line and everything after it, with a warning");
}

// --set NAME=VALUE, repeatable, for every command that loads a game: the value a GameSpace's
// parameter is played with (vgdl::LoadOptions::parameter_settings), one of the values its
// ParameterSet line declares; without it a parameter plays its default.
inline CLI::Option* AddSetOption(CLI::App* cmd, std::vector<std::string>& settings) {
  return cmd
      ->add_option("--set", settings,
                   "NAME=VALUE: play a GameSpace's parameter NAME with VALUE, one of the values "
                   "its ParameterSet declares (`vgdl check GAME` lists them); repeatable")
      ->type_name("NAME=VALUE")
      ->allow_extra_args(false);
}

}  // namespace vgdl::tools
