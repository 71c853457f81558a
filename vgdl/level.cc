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
#include "vgdl/lint.h"
#include "vgdl/loader.h"
#include "vgdl/text.h"

namespace vgdl {

namespace {

// GVGAI's CompetitionParameters.MAX_WINDOW_SIZE, the window size block sizes are fitted to.
constexpr int kMaxWindowSize = 800;

std::string CharName(unsigned char c) {
  if (c < 0x20 || c == 0x7F)
    return lang::Quote(std::string_view(reinterpret_cast<const char*>(&c), 1));
  return "'" + std::string(1, static_cast<char>(c)) + "'";
}

// Reports the first byte GVGAI would not read as one level character; returns false if any.
bool CheckAscii(const std::vector<std::string_view>& lines, lang::DiagSink& sink) {
  for (size_t y = 0; y < lines.size(); ++y) {
    const std::string_view row = lines[y];
    for (size_t x = 0; x < row.size(); ++x) {
      if (static_cast<unsigned char>(row[x]) >= 0x80) {
        sink.Report(Severity::kError, static_cast<int>(y) + 1, lang::CharCount(row, x) + 1, 1, row,
                    "non-ASCII character in the level",
                    "level characters are single ASCII characters mapped in the LevelMapping");
        return false;
      }
    }
  }
  return true;
}

struct CellProblem {
  int count = 0;
  int row = 0;  // index into the level's rows
  int column = 0;
};

// The level's rows as the file has them: `lines[y]` is row y, on line `line_numbers[y]`.
struct RowSource {
  const std::vector<std::string_view>& lines;
  const std::vector<int>& line_numbers;
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
        if (p.count++ == 0) p = {1, y, x + 1};
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
      if (refused_avatar.count++ == 0) refused_avatar = {1, y, x + 1};
      return;
    }
    // GVGAI removes the avatars it made beyond no_players, not those it refused.
    if (++avatars_made == game.no_players + 1) extra_avatar = {0, y, x + 1};
  });
  const auto report = [&](Severity severity, const CellProblem& p, std::string message) {
    const auto y = static_cast<size_t>(p.row);
    sink.Report(severity, source.line_numbers[y], p.column, 1, source.lines[y], std::move(message));
  };
  for (const auto& [c, p] : unbuildable) {
    report(Severity::kError, p,
           "GVGAI cannot build " + CharName(c) + ": its LevelMapping entry " +
               game.unbuildable_chars.at(static_cast<char>(c)));
  }
  // Reported in reading order of their first cell.
  std::vector<std::pair<unsigned char, CellProblem>> by_position(unmapped.begin(), unmapped.end());
  std::sort(by_position.begin(), by_position.end(), [](const auto& a, const auto& b) {
    return std::pair(a.second.row, a.second.column) < std::pair(b.second.row, b.second.column);
  });
  for (const auto& [c, p] : by_position) {
    const std::string cells = p.count == 1 ? "1 cell" : std::to_string(p.count) + " cells";
    report(Severity::kWarning, p,
           CharName(c) + " is not defined in the LevelMapping (" + cells +
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
                                   std::string file_name, lang::DiagSink& sink) {
  const std::vector<std::string_view>& lines = source.lines;
  if (lines.front().empty()) {
    sink.Report(Severity::kError, source.line_numbers.front(), 1, 0, "",
                "the first line of the level is empty; GVGAI takes the level width from it");
    return std::nullopt;
  }
  LevelDef level;
  level.path = std::move(file_name);
  level.width = static_cast<int>(lines.front().size());
  level.height = static_cast<int>(lines.size());
  const auto width = static_cast<size_t>(level.width);
  for (size_t y = 0; y < lines.size(); ++y) {
    std::string row(lines[y].substr(0, width));
    if (lines[y].size() > width) {
      sink.Report(Severity::kWarning, source.line_numbers[y], level.width + 1,
                  static_cast<int>(lines[y].size() - width), lines[y],
                  "row " + std::to_string(y + 1) + " has " + std::to_string(lines[y].size()) +
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
  if (!CheckAscii(lines, sink)) return result;
  if (lang::IsGeneratedLevel(lines)) {
    std::optional<lang::GeneratedLevel> generated = lang::ReadGeneratedLevel(game, lines, sink);
    if (!generated) return result;
    auto mapping = std::make_shared<const CharMapping>(std::move(generated->char_mapping));
    auto remapped = std::make_shared<GameDef>(game);
    remapped->char_mapping = *mapping;
    remapped->unbuildable_chars.clear();
    result.level =
        BuildLevel(*remapped, {generated->rows, generated->row_lines}, std::move(file_name), sink);
    if (!result.level) return result;
    result.level->char_mapping = std::move(mapping);
    result.remapped_game = std::move(remapped);
    return result;
  }
  std::vector<int> line_numbers(lines.size());
  for (size_t y = 0; y < lines.size(); ++y) line_numbers[y] = static_cast<int>(y) + 1;
  result.level = BuildLevel(game, {lines, line_numbers}, std::move(file_name), sink);
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
