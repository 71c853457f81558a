// Finding a game named on the command line: a path, a game bundled with the project, or a
// name inside a games directory (searched recursively, as GVGAI's examples are grouped in
// gridphysics/ and contphysics/).
#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <system_error>

#include "vgdl/loader.h"
#include "vgdl/suggest.h"

namespace vgdl {

namespace {

namespace fs = std::filesystem;

// A recursive search that a huge or cyclic tree cannot turn into a hang.
constexpr int kMaxEntriesVisited = 200000;

bool IsRegularFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

// Longer level numbers are not looked for: a file named with a huge number must not make a
// huge list (levels up to 9999).
constexpr size_t kMaxLevelDigits = 4;

// N of "<stem>_lvl<N>.txt", written as GVGAI writes it (no sign, no leading zero); nullopt for
// any other name.
std::optional<size_t> LevelNumber(const std::string& file_name, const std::string& stem) {
  const std::string prefix = stem + "_lvl";
  const std::string suffix = ".txt";
  if (file_name.size() <= prefix.size() + suffix.size() || file_name.rfind(prefix, 0) != 0 ||
      file_name.compare(file_name.size() - suffix.size(), suffix.size(), suffix) != 0) {
    return std::nullopt;
  }
  const std::string digits =
      file_name.substr(prefix.size(), file_name.size() - prefix.size() - suffix.size());
  if (digits.size() > kMaxLevelDigits || (digits.size() > 1 && digits[0] == '0') ||
      !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  return static_cast<size_t>(std::stoi(digits));
}

// Every "<stem>_lvl<N>.txt" in `dir`, at index N; numbers without a file leave an empty path
// (levels 0, 1 and 3: level 2 is missing, level 3 is still there).
// An empty `dir` is the working directory (a game named "game.txt"); its levels are then
// named as plainly ("game_lvl0.txt").
std::vector<fs::path> LevelsBeside(const fs::path& dir, const std::string& stem) {
  std::vector<fs::path> levels;
  std::error_code ec;
  fs::directory_iterator it(dir.empty() ? fs::path(".") : dir, ec);
  int visited = 0;
  for (; !ec && it != fs::directory_iterator() && visited < kMaxEntriesVisited;
       it.increment(ec), ++visited) {
    const std::optional<size_t> n = LevelNumber(it->path().filename().string(), stem);
    if (!n || !IsRegularFile(it->path())) continue;
    if (levels.size() <= *n) levels.resize(*n + 1);
    levels[*n] = dir / it->path().filename();
  }
  return levels;
}

bool IsLevelFileName(const std::string& stem) {
  const size_t pos = stem.rfind("_lvl");
  if (pos == std::string::npos || pos + 4 == stem.size()) return false;
  return std::all_of(stem.begin() + static_cast<long>(pos) + 4, stem.end(),
                     [](char c) { return c >= '0' && c <= '9'; });
}

fs::path BundledRoot() {
  if (const char* home = std::getenv("VGDL_HOME"); home != nullptr && *home != '\0') return home;
#ifdef VGDL_SOURCE_DIR
  return VGDL_SOURCE_DIR;
#else
  return {};
#endif
}

}  // namespace

std::vector<fs::path> GameFilesIn(const fs::path& dir) {
  std::vector<fs::path> games;
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return games;
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  int visited = 0;
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (++visited > kMaxEntriesVisited) break;
    const fs::path& p = it->path();
    if (p.extension() == ".txt" && !IsLevelFileName(p.stem().string()) && IsRegularFile(p)) {
      games.push_back(p);
    }
  }
  std::sort(games.begin(), games.end());
  return games;
}

namespace {

// Levels beside the game file; for a game with none there, the `levels` folder beside the
// game's folder (the project's own layout: games/ and levels/), so that a bundled game named
// by its path has the levels it has by its name.
std::optional<GameLocation> FromPath(const fs::path& game_file) {
  GameLocation location;
  location.game_file = game_file;
  const std::string stem = game_file.stem().string();
  const fs::path folder = game_file.parent_path();
  location.level_files = LevelsBeside(folder, stem);
  if (location.level_files.empty()) {
    location.level_files = LevelsBeside((folder / ".." / "levels").lexically_normal(), stem);
  }
  return location;
}

}  // namespace

std::optional<GameLocation> ResolveGame(std::string_view name, const fs::path& games_dir,
                                        std::string* error) {
  const std::string text(name);
  if (text.empty()) {
    if (error != nullptr) *error = "no game named";
    return std::nullopt;
  }
  // 1. A path to a game file. A bare word (no folder, no extension) is a game's name first: a
  // file of that name in the working directory (`vgdl run aliens > aliens` makes one before
  // the command starts) must not be read as the game.
  const fs::path as_path(text);
  const bool bare_word = !as_path.has_parent_path() && !as_path.has_extension();
  if (!bare_word && IsRegularFile(as_path)) return FromPath(as_path);

  // 2. A name inside --games-dir (any depth), then 3. a bundled game, then 4. a bare word's file.
  std::vector<fs::path> candidates = GameFilesIn(games_dir);
  for (const fs::path& p : candidates) {
    if (p.stem().string() == text) return FromPath(p);
  }
  const fs::path root = BundledRoot();
  if (!root.empty()) {
    const fs::path bundled = root / "games" / (text + ".txt");
    if (IsRegularFile(bundled)) return FromPath(bundled);
    for (const fs::path& p : GameFilesIn(root / "games")) candidates.push_back(p);
  }
  if (bare_word && IsRegularFile(as_path)) return FromPath(as_path);

  if (error != nullptr) {
    *error = "no game '" + text + "': not a file";
    if (!games_dir.empty()) *error += ", not in " + games_dir.string();
    if (!root.empty()) *error += ", not bundled in " + (root / "games").string();
    std::vector<std::string> stems;
    for (const fs::path& p : candidates) stems.push_back(p.stem().string());
    const std::vector<std::string_view> views(stems.begin(), stems.end());
    const std::string hint = lang::DidYouMean(text, views);
    if (!hint.empty()) *error += "; " + hint;
  }
  return std::nullopt;
}

}  // namespace vgdl
