// The level editor's model.
#include "tools/window/level_editor.h"

#include <algorithm>
#include <fstream>
#include <map>

#include "vgdl/generated_level.h"
#include "vgdl/level_chars.h"
#include "vgdl/lint.h"
#include "vgdl/loader.h"
#include "vgdl/text.h"

namespace vgdl::window {

namespace {

// The first line of a formatted diagnostic: "FILE:LINE:COL: error: MESSAGE".
std::string OneLine(const Diagnostic& d) {
  const std::string text = Format(d);
  return text.substr(0, text.find('\n'));
}

}  // namespace

std::string LevelCheck::Summary() const {
  if (diagnostics.items().empty()) return "no problems";
  const auto count = [](int n, const char* what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
  };
  std::string out = count(errors(), "error") + ", " + count(warnings(), "warning");
  // The first error, else the first warning, is the one to fix first.
  const auto& items = diagnostics.items();
  auto first = std::find_if(items.begin(), items.end(),
                            [](const Diagnostic& d) { return d.severity == Severity::kError; });
  if (first == items.end()) first = items.begin();
  return out + "; first: " + OneLine(*first);
}

std::vector<PaletteEntry> PaletteOf(const GameDef& game) {
  std::vector<PaletteEntry> palette;
  for (unsigned code = 0; code < game.char_mapping.size(); ++code) {
    const std::vector<TypeId>& sprites = game.char_mapping[code];
    if (sprites.empty()) continue;
    const auto c = static_cast<unsigned char>(code);
    std::string text = LevelCharText(c, game.wide_chars);
    // Half a surrogate pair ("U+D83D") or a control character cannot be typed into a cell.
    if (text.rfind("U+", 0) == 0 && text.size() > 2) continue;
    if (text.size() == 1 && (c < 0x20 || c == 0x7F)) continue;
    PaletteEntry entry{std::move(text), sprites, ""};
    for (const TypeId t : sprites) {
      if (!entry.sprite_names.empty()) entry.sprite_names += ' ';
      entry.sprite_names += game.type(t).name;
    }
    palette.push_back(std::move(entry));
  }
  return palette;
}

std::string EraseCharOf(const std::vector<PaletteEntry>& palette) {
  // How many entries place each sprite type together with something else.
  std::map<TypeId, int> under;
  for (const PaletteEntry& e : palette) {
    if (e.sprites.size() < 2) continue;
    for (const TypeId t : e.sprites) ++under[t];
  }
  const PaletteEntry* best = nullptr;
  int best_count = 0;
  for (const PaletteEntry& e : palette) {
    if (e.sprites.size() != 1) continue;
    const auto it = under.find(e.sprites.front());
    const int count = it == under.end() ? 0 : it->second;
    if (count == 0) continue;
    if (count > best_count || (count == best_count && e.text == ".")) {
      best = &e;
      best_count = count;
    }
  }
  return best != nullptr ? best->text : " ";
}

std::vector<std::vector<std::string>> CellsOf(std::string_view text) {
  std::vector<std::vector<std::string>> rows;
  size_t width = 0;
  for (const std::string_view line : lang::SplitLines(text)) {
    std::vector<std::string> cells;
    for (size_t at = 0; at < line.size();) {
      // One character; a byte that starts no well-formed one is a cell of its own, as the
      // loader counts it.
      const size_t n = lang::ByteOffsetOfChar(line.substr(at), 1);
      cells.emplace_back(line.substr(at, n));
      at += n;
    }
    width = std::max(width, cells.size());
    rows.push_back(std::move(cells));
  }
  for (auto& row : rows) row.resize(width, " ");
  return rows;
}

LevelEditor::LevelEditor(std::shared_ptr<const GameDef> game, std::string file_name)
    : game_(std::move(game)), file_name_(std::move(file_name)), palette_(PaletteOf(*game_)) {
  erase_char_ = EraseCharOf(palette_);
  Clear(1, 1);
  modified_ = false;
}

bool LevelEditor::SetText(std::string_view text, std::string* error) {
  if (lang::IsGeneratedLevel(lang::SplitLines(text))) {
    *error = file_name_ +
             ": the level brings its own LevelMapping (GVGAI's level-generation format), "
             "which the editor does not write; edit its LevelDescription as a plain level";
    return false;
  }
  auto rows = CellsOf(text);
  if (rows.empty() || rows.front().empty()) {
    *error = file_name_ + ": the level has no cell";
    return false;
  }
  rows_ = std::move(rows);
  Changed();
  modified_ = false;
  return true;
}

void LevelEditor::Clear(int width, int height) {
  rows_.assign(static_cast<size_t>(std::max(height, 1)),
               std::vector<std::string>(static_cast<size_t>(std::max(width, 1)), erase_char_));
  Changed();
}

std::string LevelEditor::Text() const {
  std::string text;
  for (const auto& row : rows_) {
    for (const std::string& cell : row) text += cell;
    text += '\n';
  }
  return text;
}

const std::string& LevelEditor::Cell(int x, int y) const {
  return rows_[static_cast<size_t>(y)][static_cast<size_t>(x)];
}

bool LevelEditor::Paint(int x, int y, const std::string& text) {
  if (!Contains(x, y) || text.empty()) return false;
  std::string& cell = rows_[static_cast<size_t>(y)][static_cast<size_t>(x)];
  if (cell == text) return false;
  cell = text;
  Changed();
  return true;
}

void LevelEditor::Resize(int width, int height) {
  width = std::max(width, 1);
  height = std::max(height, 1);
  if (width == this->width() && height == this->height()) return;
  rows_.resize(static_cast<size_t>(height));
  for (auto& row : rows_) row.resize(static_cast<size_t>(width), erase_char_);
  Changed();
}

void LevelEditor::Remember() {
  constexpr size_t kMaxUndo = 200;
  if (!undo_.empty() && undo_.back() == rows_) return;
  if (undo_.size() == kMaxUndo) undo_.erase(undo_.begin());
  undo_.push_back(rows_);
}

bool LevelEditor::Undo() {
  // A stroke that changed nothing left the present grid on the stack.
  while (!undo_.empty() && undo_.back() == rows_) undo_.pop_back();
  if (undo_.empty()) return false;
  rows_ = std::move(undo_.back());
  undo_.pop_back();
  Changed();
  return true;
}

void LevelEditor::set_file_name(std::string name) {
  file_name_ = std::move(name);
  check_.reset();
}

const LevelCheck& LevelEditor::Check() {
  if (check_) return *check_;
  check_.emplace();
  LevelLoad load = LoadLevelFromText(*game_, Text(), file_name_);
  check_->diagnostics = std::move(load.diagnostics);
  check_->played_with = load.PlayedWith(game_);
  if (load.level) {
    check_->diagnostics.Append(LintLevel(*check_->played_with, *load.level, file_name_));
    check_->level = std::move(load.level);
  }
  return *check_;
}

bool LevelEditor::Save(const std::filesystem::path& path, std::string* error) {
  const std::string text = Text();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  if (!out) {
    *error = "cannot write '" + path.string() + "'";
    return false;
  }
  modified_ = false;
  return true;
}

void LevelEditor::Changed() {
  check_.reset();
  modified_ = true;
  ++version_;
}

}  // namespace vgdl::window
