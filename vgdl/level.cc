// Level files (spec §2.10): the first row gives the width, other rows are padded or cut to it;
// GVGAI warns about characters the LevelMapping does not define and removes avatars beyond
// no_players. A file of the level-generation track brings its own LevelMapping
// (generated_level.h).
#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "vgdl/diag_sink.h"
#include "vgdl/generated_level.h"
#include "vgdl/level_chars.h"
#include "vgdl/lint.h"
#include "vgdl/loader.h"
#include "vgdl/text.h"

namespace vgdl {

namespace {

// GVGAI's CompetitionParameters.MAX_WINDOW_SIZE, the window size block sizes are fitted to.
constexpr int kMaxWindowSize = 800;

// Each line as the codes of its Java chars, one a cell (vgdl/level_chars.h), and the column of
// each cell in its line, in characters as diagnostics count them.
struct CodedRows {
  std::vector<std::string> codes;
  std::vector<std::vector<int>> columns;
};

// Reads `lines` as GVGAI does (UTF-8 into Java chars), taking codes from `wide` and adding the
// chars no mapping names; false, with an error, when `wide` is full.
bool EncodeRows(const std::vector<std::string_view>& lines, const std::vector<int>& line_numbers,
                std::vector<char16_t>& wide, CodedRows& out, lang::DiagSink& sink) {
  std::vector<size_t> offsets;
  for (size_t y = 0; y < lines.size(); ++y) {
    const std::string_view line = lines[y];
    const std::u16string units = lang::DecodeUtf8AsJava(line, &offsets);
    std::string codes;
    std::vector<int> columns;
    int column = 1;
    size_t counted = 0;  // bytes of `line` counted into `column`
    for (size_t i = 0; i < units.size(); ++i) {
      column += lang::CharCount(line.substr(counted, offsets[i] - counted));
      counted = offsets[i];
      const std::optional<unsigned char> code = LevelCharCode(units[i], wide);
      if (!code) {
        sink.Report(Severity::kError, line_numbers[y], column, 1, line,
                    "more than " + std::to_string(kMaxWideChars) +
                        " different level characters outside ASCII");
        return false;
      }
      codes += static_cast<char>(*code);
      columns.push_back(column);
    }
    out.codes.push_back(std::move(codes));
    out.columns.push_back(std::move(columns));
  }
  return true;
}

struct CellProblem {
  int count = 0;
  int row = 0;  // index into the level's rows
  int column = 0;
};

// The level's rows as the file has them: `lines[y]` is row y, on line `line_numbers[y]`, and
// `coded` the same rows as codes.
struct RowSource {
  const std::vector<std::string_view>& lines;
  const std::vector<int>& line_numbers;
  const CodedRows& coded;
};

void CheckCells(const GameDef& game, const RowSource& source, const LevelDef& level,
                lang::DiagSink& sink) {
  std::map<unsigned char, CellProblem> unmapped;
  std::map<unsigned char, CellProblem> unbuildable;
  for (int y = 0; y < level.height; ++y) {
    const std::string& row = level.rows[static_cast<size_t>(y)];
    for (int x = 0; x < level.width; ++x) {
      const auto c = static_cast<unsigned char>(row[static_cast<size_t>(x)]);
      const std::vector<TypeId>& sprites = game.char_mapping[c];
      if (sprites.empty()) {
        if (c == ' ' && !game.unbuildable_chars.count(' ')) continue;
        auto& problems =
            game.unbuildable_chars.count(static_cast<char>(c)) ? unbuildable : unmapped;
        CellProblem& p = problems[c];
        if (p.count++ == 0) p = {1, y, x};
      }
    }
  }
  int avatars = 0;
  int avatars_made = 0;
  CellProblem extra_avatar;
  CellProblem refused_avatar;
  ForEachPlacedSprite(game, level, [&](TypeId t, int x, int y, bool made) {
    if (!game.type(t).is_avatar) return;
    ++avatars;
    if (!made) {
      if (refused_avatar.count++ == 0) refused_avatar = {1, y, x};
      return;
    }
    // GVGAI removes the avatars it made beyond no_players, not those it refused.
    if (++avatars_made == game.no_players + 1) extra_avatar = {0, y, x};
  });
  const auto report = [&](Severity severity, const CellProblem& p, std::string message) {
    const auto y = static_cast<size_t>(p.row);
    const std::vector<int>& columns = source.coded.columns[y];
    // A cell the row pads with spaces lies past the line's end.
    const int column =
        static_cast<size_t>(p.column) < columns.size()
            ? columns[static_cast<size_t>(p.column)]
            : lang::CharCount(source.lines[y]) + 1 + p.column - static_cast<int>(columns.size());
    sink.Report(severity, source.line_numbers[y], column, 1, source.lines[y], std::move(message));
  };
  for (const auto& [c, p] : unbuildable) {
    report(Severity::kError, p,
           "GVGAI cannot build " + LevelCharName(c, level.wide_chars) +
               ": its LevelMapping entry " + game.unbuildable_chars.at(static_cast<char>(c)));
  }
  // Reported in reading order of their first cell.
  std::vector<std::pair<unsigned char, CellProblem>> by_position(unmapped.begin(), unmapped.end());
  std::sort(by_position.begin(), by_position.end(), [](const auto& a, const auto& b) {
    return std::pair(a.second.row, a.second.column) < std::pair(b.second.row, b.second.column);
  });
  for (const auto& [c, p] : by_position) {
    const std::string cells = p.count == 1 ? "1 cell" : std::to_string(p.count) + " cells";
    report(Severity::kWarning, p,
           LevelCharName(c, level.wide_chars) + " is not defined in the LevelMapping (" + cells +
               "); GVGAI logs a warning and leaves those cells empty");
  }
  // "the level places 3 avatars[, of which a singleton type lets 2 be made,]"
  const std::string placed =
      "the level places " + std::to_string(avatars) + " avatar" + (avatars == 1 ? "" : "s");
  const std::string made = avatars_made == avatars ? placed
                                                   : placed + ", of which a singleton type lets " +
                                                         std::to_string(avatars_made) + " be made,";
  if (avatars_made > game.no_players) {
    report(Severity::kWarning, extra_avatar,
           made + " but the game has no_players=" + std::to_string(game.no_players) +
               "; GVGAI removes the extra ones (this one and later ones in reading order)");
  }
  // None at all is LintLevel's warning, which knows whether something creates one.
  if (avatars_made > 0 && avatars_made < game.no_players) {
    const std::string message =
        made + " but the game has no_players=" + std::to_string(game.no_players) +
        ": a player without one gets no result, and GVGAI stops with an exception at the "
        "first effect that runs (each adds its score change to every player's avatar) or at "
        "the 2000-tick limit";
    if (refused_avatar.count > 0) {
      report(Severity::kWarning, refused_avatar, message);
    } else {
      sink.Report(Severity::kWarning, source.line_numbers.front(), 1, 0, "", message);
    }
  }
}

// GVGAI's buildStringLevel: the first row gives the width, other rows are padded with spaces
// or cut to it.
std::optional<LevelDef> BuildLevel(const GameDef& game, const RowSource& source,
                                   std::vector<char16_t> wide_chars, std::string file_name,
                                   lang::DiagSink& sink) {
  const std::vector<std::string_view>& lines = source.lines;
  const std::vector<std::string>& codes = source.coded.codes;
  if (codes.front().empty()) {
    sink.Report(Severity::kError, source.line_numbers.front(), 1, 0, "",
                "the first line of the level is empty; GVGAI takes the level width from it");
    return std::nullopt;
  }
  LevelDef level;
  level.path = std::move(file_name);
  level.wide_chars = std::move(wide_chars);
  level.width = static_cast<int>(codes.front().size());
  level.height = static_cast<int>(codes.size());
  const auto width = static_cast<size_t>(level.width);
  for (size_t y = 0; y < codes.size(); ++y) {
    std::string row = codes[y].substr(0, width);
    if (codes[y].size() > width) {
      const int column = source.coded.columns[y][width];
      sink.Report(Severity::kWarning, source.line_numbers[y], column,
                  lang::CharCount(lines[y]) - column + 1, lines[y],
                  "row " + std::to_string(y + 1) + " has " + std::to_string(codes[y].size()) +
                      " characters, more than the first row's " + std::to_string(level.width) +
                      "; GVGAI ignores the extra ones");
    }
    row.resize(width, ' ');
    level.rows.push_back(std::move(row));
  }
  level.block_size = game.square_size != -1
                         ? game.square_size
                         : std::max(2, kMaxWindowSize / std::max(level.width, level.height));
  CheckCells(game, source, level, sink);
  if (sink.has_errors()) return std::nullopt;
  return level;
}

}  // namespace

LevelLoad LoadLevelFromText(const GameDef& game, std::string_view text, std::string file_name) {
  LevelLoad result;
  lang::DiagSink sink(file_name, &result.diagnostics);
  if (text.size() > lang::kMaxFileBytes) {
    sink.AtFile(Severity::kError,
                "file is larger than " + std::to_string(lang::kMaxFileBytes >> 20) + " MiB");
    return result;
  }
  const std::vector<std::string_view> lines = lang::SplitLines(text);
  if (lines.empty()) {
    sink.AtFile(Severity::kError, "the level file is empty");
    return result;
  }
  if (lang::IsGeneratedLevel(lines)) {
    std::optional<lang::GeneratedLevel> generated = lang::ReadGeneratedLevel(game, lines, sink);
    if (!generated) return result;
    CodedRows coded;
    if (!EncodeRows(generated->rows, generated->row_lines, generated->wide_chars, coded, sink)) {
      return result;
    }
    auto mapping = std::make_shared<const CharMapping>(std::move(generated->char_mapping));
    auto remapped = std::make_shared<GameDef>(game);
    remapped->char_mapping = *mapping;
    remapped->wide_chars = generated->wide_chars;
    remapped->unbuildable_chars.clear();
    result.level = BuildLevel(*remapped, {generated->rows, generated->row_lines, coded},
                              std::move(generated->wide_chars), std::move(file_name), sink);
    if (!result.level) return result;
    result.level->char_mapping = std::move(mapping);
    result.remapped_game = std::move(remapped);
    return result;
  }
  std::vector<int> line_numbers(lines.size());
  for (size_t y = 0; y < lines.size(); ++y) line_numbers[y] = static_cast<int>(y) + 1;
  std::vector<char16_t> wide_chars = game.wide_chars;
  CodedRows coded;
  if (!EncodeRows(lines, line_numbers, wide_chars, coded, sink)) return result;
  result.level = BuildLevel(game, {lines, line_numbers, coded}, std::move(wide_chars),
                            std::move(file_name), sink);
  return result;
}

LevelLoad LoadLevelFromFile(const GameDef& game, const std::filesystem::path& path) {
  const lang::FileRead file = lang::ReadFileCapped(path);
  if (!file.error.empty()) {
    LevelLoad result;
    result.diagnostics.Add(FileError(path.string(), file.error));
    return result;
  }
  return LoadLevelFromText(game, file.bytes, path.string());
}

}  // namespace vgdl
