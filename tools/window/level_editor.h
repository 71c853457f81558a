// The model behind `vgdl edit`, without SFML so that it is tested without a display: a level as
// a grid of level characters, the palette of the game's LevelMapping, painting, erasing and
// resizing, the level's text, its check (the real loader reads the text in memory, then
// `vgdl check`'s level lint) and saving.
//
// A cell holds one level character as UTF-8 text ("w", "é"), so characters outside ASCII stay
// what the file has. A character outside the Basic Multilingual Plane is one cell here, where
// GVGAI reads it as two (its surrogates); no LevelMapping key can name such a character whole,
// so the palette never paints one.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vgdl/diagnostic.h"
#include "vgdl/game_def.h"

namespace vgdl::window {

// One LevelMapping character of the game: what the palette offers.
struct PaletteEntry {
  std::string text;             // the character as UTF-8
  std::vector<TypeId> sprites;  // what a cell of it places, in the mapping's order
  std::string sprite_names;     // "floor avatar"
};

// What the level's check found: the loader's diagnostics for the text, then, when the level
// loads, `vgdl check`'s lint of the level (LintLevel: no avatar).
struct LevelCheck {
  Diagnostics diagnostics;
  std::optional<LevelDef> level;               // the level as loaded; empty when it has errors
  std::shared_ptr<const GameDef> played_with;  // the game the level plays with

  int errors() const { return diagnostics.ErrorCount(); }
  int warnings() const { return diagnostics.WarningCount(); }
  // "no problems", or "1 error, 2 warnings; first: FILE:LINE:COL: error: MESSAGE".
  std::string Summary() const;
};

// The erase character of a game: the LevelMapping character that is the level's floor, the one
// sprite that the most other entries place under theirs ('.' for "floor" when 'A > floor
// avatar' and 'w > floor wall'), '.' first among equals. A game where no single-sprite entry is
// under another erases to a space, which GVGAI reads as an empty cell.
std::string EraseCharOf(const std::vector<PaletteEntry>& palette);

// The game's LevelMapping characters, in code order (ASCII first); the halves of surrogate
// pairs, which have no text of their own, are left out.
std::vector<PaletteEntry> PaletteOf(const GameDef& game);

// A level's lines split into cells (one character each, an invalid UTF-8 byte one cell), the
// rows padded with spaces to the widest, as GVGAI pads rows shorter than the first.
std::vector<std::vector<std::string>> CellsOf(std::string_view text);

class LevelEditor {
 public:
  // `file_name` names the level in diagnostics.
  LevelEditor(std::shared_ptr<const GameDef> game, std::string file_name);

  // Replaces the grid by the level `text`; false, with `error` set, when it holds no cell or
  // brings its own LevelMapping (GVGAI's level-generation format, which the editor does not
  // write).
  bool SetText(std::string_view text, std::string* error);
  // A grid of `width` x `height` erase characters.
  void Clear(int width, int height);
  // The level file's text: the rows, each ending with "\n".
  std::string Text() const;

  int width() const { return rows_.empty() ? 0 : static_cast<int>(rows_.front().size()); }
  int height() const { return static_cast<int>(rows_.size()); }
  bool Contains(int x, int y) const { return x >= 0 && y >= 0 && x < width() && y < height(); }
  const std::string& Cell(int x, int y) const;

  // Sets a cell; false when it is outside the grid or holds `text` already.
  bool Paint(int x, int y, const std::string& text);
  bool Erase(int x, int y) { return Paint(x, y, erase_char_); }
  // The grid made `width` x `height` (at least 1 x 1): what fits stays in place, from the top
  // left; new cells hold the erase character.
  void Resize(int width, int height);

  // Remembers the grid as it is, for Undo: the window calls it before each stroke of the mouse
  // and each resize, so that one undo takes back a whole drag. The last 200 are kept.
  void Remember();
  // Back to the last remembered grid that differs from the present one; false when none does.
  bool Undo();

  const std::vector<PaletteEntry>& palette() const { return palette_; }
  const std::string& erase_char() const { return erase_char_; }
  const GameDef& game() const { return *game_; }
  std::shared_ptr<const GameDef> game_ptr() const { return game_; }
  const std::string& file_name() const { return file_name_; }
  void set_file_name(std::string name);

  // The check of the grid as it is now, redone after each change.
  const LevelCheck& Check();
  // Writes Text() to `path`; false, with `error` set, when it cannot.
  bool Save(const std::filesystem::path& path, std::string* error);
  // Whether the grid changed since it was set or saved.
  bool modified() const { return modified_; }
  // Counts every change, for views that redraw when it moves.
  int version() const { return version_; }

 private:
  void Changed();

  std::shared_ptr<const GameDef> game_;
  std::string file_name_;
  std::vector<PaletteEntry> palette_;
  std::string erase_char_;
  std::vector<std::vector<std::string>> rows_;
  std::vector<std::vector<std::vector<std::string>>> undo_;
  std::optional<LevelCheck> check_;
  bool modified_ = false;
  int version_ = 0;
};

}  // namespace vgdl::window
