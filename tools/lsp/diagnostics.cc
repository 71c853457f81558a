// `vgdl check` on the editor's texts (diagnostics.h).
#include "tools/lsp/diagnostics.h"

#include <algorithm>
#include <memory>
#include <regex>
#include <vector>

#include "vgdl/lint.h"
#include "vgdl/loader.h"

namespace vgdl::tools::lsp {

namespace {

namespace fs = std::filesystem;

// The base name of a level file ("aliens" for "aliens_lvl3.txt"), or nullopt.
std::optional<std::string> LevelBase(const fs::path& file) {
  static const std::regex kLevel(R"((.+)_lvl[0-9]+\.txt)");
  std::smatch match;
  const std::string name = file.filename().string();
  if (!std::regex_match(name, match, kLevel)) return std::nullopt;
  return match[1].str();
}

// Every diagnostic of a check of `game_file` and its levels (those beside it on disk, and
// `extra_level` when it is not among them).
Diagnostics CheckGame(const fs::path& game_file, const std::optional<fs::path>& extra_level,
                      const TextOf& text_of) {
  Diagnostics all;
  const std::optional<std::string> text = text_of(game_file);
  if (!text) {
    all.Add(FileError(game_file.string(), "cannot read file"));
    return all;
  }
  GameLoad load = LoadGameFromText(*text, game_file.string());
  all.Append(load.diagnostics);
  if (!load.game) return all;
  // The designer checks name the game file by the game's path, which a text has not.
  auto with_path = std::make_shared<GameDef>(*load.game);
  with_path->path = game_file.string();
  load.game = std::move(with_path);
  std::vector<fs::path> level_files;
  std::string not_found;
  if (const auto location = ResolveGame(game_file.string(), {}, &not_found)) {
    for (const fs::path& level : location->level_files) {
      if (!level.empty()) level_files.push_back(level.lexically_normal());
    }
  }
  if (extra_level &&
      std::find(level_files.begin(), level_files.end(), *extra_level) == level_files.end()) {
    level_files.push_back(*extra_level);
  }
  std::vector<LevelLoad> levels;
  levels.reserve(level_files.size());
  for (const fs::path& file : level_files) {
    const std::optional<std::string> level_text = text_of(file);
    if (!level_text) continue;
    levels.push_back(LoadLevelFromText(*load.game, *level_text, file.string()));
    all.Append(levels.back().diagnostics);
    if (levels.back().level) {
      all.Append(
          LintLevel(*levels.back().PlayedWith(load.game), *levels.back().level, file.string()));
    }
  }
  std::vector<const LevelDef*> loaded;
  for (const LevelLoad& level : levels) {
    if (level.level) loaded.push_back(&*level.level);
  }
  all.Append(LintGame(*load.game, loaded, *text));
  return all;
}

Diagnostics Of(const Diagnostics& all, const fs::path& file) {
  Diagnostics out;
  for (const Diagnostic& d : all.items()) {
    if (fs::path(d.file).lexically_normal() == file) out.Add(d);
  }
  return out;
}

}  // namespace

std::optional<fs::path> GameOfLevel(const fs::path& file, const TextOf& text_of) {
  const std::optional<std::string> base = LevelBase(file);
  if (!base) return std::nullopt;
  const fs::path dir = file.parent_path();
  for (const fs::path& game :
       {dir / (*base + ".txt"), dir.parent_path() / "games" / (*base + ".txt")}) {
    if (text_of(game.lexically_normal())) return game.lexically_normal();
  }
  return std::nullopt;
}

Diagnostics CheckFile(const fs::path& path, const TextOf& text_of) {
  const fs::path file = path.lexically_normal();
  const std::optional<fs::path> game = GameOfLevel(file, text_of);
  if (!game) return Of(CheckGame(file, std::nullopt, text_of), file);
  const Diagnostics all = CheckGame(*game, file, text_of);
  Diagnostics out = Of(all, file);
  if (Of(all, *game).HasErrors()) {
    Diagnostic note = FileError(file.string(), "the game " + game->string() +
                                                   " has errors; this level is checked once it "
                                                   "loads");
    note.severity = Severity::kNote;
    out.Add(note);
  }
  return out;
}

}  // namespace vgdl::tools::lsp
