// GVGAI's LevelGenMachine.loadGeneratedFile: lines switch between the mapping (the start) and
// the description at the exact lines "LevelMapping" and "LevelDescription"; a mapping line is
// split at '>' into its character and its space-separated sprite names; the description's
// lines are joined with "\n" and split again, which drops empty lines at the end. Where GVGAI
// would throw (no '>', no character, a name it cannot place) this is an error.
#include "vgdl/generated_level.h"

#include <string>

#include "vgdl/level_chars.h"
#include "vgdl/suggest.h"
#include "vgdl/text.h"

namespace vgdl::lang {

namespace {

constexpr std::string_view kMappingHeader = "LevelMapping";
constexpr std::string_view kDescriptionHeader = "LevelDescription";

// Java's String.trim(): every character up to ' ' goes at both ends.
std::string_view JavaTrim(std::string_view s) {
  size_t b = 0;
  size_t e = s.size();
  while (b < e && static_cast<unsigned char>(s[b]) <= ' ') ++b;
  while (e > b && static_cast<unsigned char>(s[e - 1]) <= ' ') --e;
  return s.substr(b, e - b);
}

// Column (1-based, in characters) of `part`, a view into `line`.
int ColumnOf(std::string_view line, std::string_view part) {
  return CharCount(line, static_cast<size_t>(part.data() - line.data())) + 1;
}

class MappingLineReader {
 public:
  MappingLineReader(const GameDef& game, DiagSink& sink, GeneratedLevel& out)
      : game_(game), sink_(sink), out_(out) {}

  void Read(int number, std::string_view line) {
    const auto report = [&](Severity severity, std::string_view at, std::string message,
                            std::string hint = {}) {
      sink_.Report(severity, number, ColumnOf(line, at), std::max(1, CharCount(at)), line,
                   std::move(message), std::move(hint));
    };
    const size_t arrow = line.find('>');
    if (arrow == std::string_view::npos || line.find('>', arrow + 1) != std::string_view::npos) {
      report(Severity::kError, JavaTrim(line), "expected one '>' in a LevelMapping line",
             "write: c > sprite1 sprite2 ...");
      return;
    }
    const std::string_view key = JavaTrim(line.substr(0, arrow));
    if (key.empty()) {
      report(Severity::kError, line.substr(arrow, 1), "expected a level character before '>'");
      return;
    }
    const MappingKey read = ReadMappingKey(key, out_.wide_chars);
    if (!read.code) {
      report(Severity::kError, key,
             "more than " + std::to_string(kMaxWideChars) +
                 " different level characters outside ASCII");
      return;
    }
    const unsigned char c = *read.code;
    const std::string char_name = LevelCharName(c, out_.wide_chars);
    if (read.has_more) {
      report(Severity::kWarning, key,
             "only the first character " + char_name + " of " + Quote(key) +
                 " is used; GVGAI ignores the rest");
    }
    std::vector<TypeId> sprites;
    bool ok = true;
    std::string_view names = JavaTrim(line.substr(arrow + 1));
    while (!names.empty()) {
      const size_t space = names.find(' ');
      const std::string_view name = names.substr(0, space);
      names = space == std::string_view::npos ? std::string_view{} : names.substr(space + 1);
      if (name.empty()) continue;
      const TypeId id = game_.FindType(name);
      if (id == kNoType) {
        report(Severity::kError, name, "unknown sprite " + Quote(name),
               DidYouMean(name, TypeNames()));
        ok = false;
      }
      sprites.push_back(id);
    }
    if (sprites.empty()) {
      report(Severity::kError, line.substr(arrow, 1),
             "expected at least one sprite name after '>'");
      return;
    }
    if (first_line_[c] != 0) {
      report(Severity::kNote, key,
             "level character " + char_name + " is mapped again (first at line " +
                 std::to_string(first_line_[c]) + "); GVGAI uses this last mapping");
    } else {
      first_line_[c] = number;
    }
    if (ok) out_.char_mapping[c] = std::move(sprites);
  }

 private:
  std::vector<std::string_view> TypeNames() const {
    std::vector<std::string_view> names;
    for (const SpriteDef& def : game_.types) names.push_back(def.name);
    return names;
  }

  const GameDef& game_;
  DiagSink& sink_;
  GeneratedLevel& out_;
  std::array<int, 256> first_line_{};
};

}  // namespace

bool IsGeneratedLevel(const std::vector<std::string_view>& lines) {
  for (const std::string_view line : lines) {
    if (line == kMappingHeader || line == kDescriptionHeader) return true;
  }
  return false;
}

std::optional<GeneratedLevel> ReadGeneratedLevel(const GameDef& game,
                                                 const std::vector<std::string_view>& lines,
                                                 DiagSink& sink) {
  GeneratedLevel out;
  MappingLineReader mapping(game, sink, out);
  bool in_description = false;
  bool has_description = false;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    const int number = static_cast<int>(i) + 1;
    if (line == kMappingHeader) {
      in_description = false;
    } else if (line == kDescriptionHeader) {
      in_description = has_description = true;
    } else if (in_description) {
      out.rows.push_back(line);
      out.row_lines.push_back(number);
    } else if (!JavaTrim(line).empty()) {
      mapping.Read(number, line);
    }
  }
  // Java's split drops the empty strings at the end.
  while (!out.rows.empty() && out.rows.back().empty()) {
    out.rows.pop_back();
    out.row_lines.pop_back();
  }
  if (!has_description) {
    sink.AtFile(Severity::kError, "a level with its own LevelMapping needs a LevelDescription",
                "write the level's rows after a line 'LevelDescription'");
  } else if (out.rows.empty()) {
    sink.AtFile(Severity::kError, "the LevelDescription has no rows");
  }
  if (sink.has_errors()) return std::nullopt;
  return out;
}

}  // namespace vgdl::lang
