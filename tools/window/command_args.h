// Arguments shared by `vgdl play`, `vgdl replay` and `vgdl render`. Header-only and free of
// SFML: `vgdl replay --headless` uses it in builds without the window.
#pragma once

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

}  // namespace vgdl::window
