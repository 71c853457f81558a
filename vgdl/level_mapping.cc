// The LevelMapping (spec §2.6): "c > sprite1 sprite2 ...". GVGAI pre-maps 'w' to wall and 'A'
// to avatar; a file's mapping overrides them. GVGAI resolves the names only when it builds a
// level, so an entry it cannot build is noted here and refused by the level loader.
#include <array>
#include <string>

#include "vgdl/level_chars.h"
#include "vgdl/sections.h"
#include "vgdl/text.h"

namespace vgdl::lang {

namespace {

class MappingReader {
 public:
  explicit MappingReader(LoadContext& ctx) : ctx_(ctx) {}

  void Read(const Line& line) {
    DiagSink& sink = ctx_.sink();
    const Token& key = line.tokens.front();
    if (line.tokens.size() < 2 || line.tokens[1].text != ">") {
      sink.Error(line, line.tokens.size() < 2 ? key : line.tokens[1],
                 "expected '>' after the level character " + Quote(key.text),
                 "write: c > sprite1 sprite2 ...");
      return;
    }
    GameDef& game = ctx_.game();
    const MappingKey read = ReadMappingKey(key.text, game.wide_chars);
    if (!read.code) {
      sink.Error(line, key,
                 "more than " + std::to_string(kMaxWideChars) +
                     " different level characters outside ASCII");
      return;
    }
    const unsigned char c = *read.code;
    const std::string char_name = LevelCharName(c, game.wide_chars);
    if (read.has_more) {
      sink.Warning(line, key,
                   "only the first character " + char_name + " of " + Quote(key.text) +
                       " is used; GVGAI ignores the rest");
    }
    if (line.tokens.size() < 3) {
      sink.Error(line, line.tokens[1], "expected at least one sprite name after '>'");
      return;
    }
    const char ch = static_cast<char>(c);
    std::vector<TypeId> sprites;
    std::string problem;
    for (size_t i = 2; i < line.tokens.size() && problem.empty(); ++i) {
      const Token& name = line.tokens[i];
      const TypeId id = ctx_.FindType(name.text);
      if (id == kNoType) {
        problem = "it names the unknown sprite " + Quote(name.text);
        sink.At(Severity::kNote, line, name,
                "unknown sprite " + Quote(name.text) + "; GVGAI fails on any level that uses " +
                    char_name,
                DidYouMean(name.text, ctx_.TypeNameViews()));
      } else if (const std::string& why = ctx_.uncreatable[static_cast<size_t>(id)]; !why.empty()) {
        problem = "GVGAI cannot create " + Quote(name.text) + ": " + why;
        sink.At(Severity::kNote, line, name,
                "GVGAI cannot create sprites of type " + Quote(name.text) + ": " + why +
                    "; it fails on any level that uses " + char_name);
      } else {
        sprites.push_back(id);
      }
    }
    if (first_line_[c] != 0) {
      sink.At(Severity::kNote, line, key,
              "level character " + char_name + " is mapped again (first at line " +
                  std::to_string(first_line_[c]) + "); GVGAI uses this last mapping");
    } else {
      first_line_[c] = line.number;
    }
    if (problem.empty()) {
      game.unbuildable_chars.erase(ch);
      game.char_mapping[c] = std::move(sprites);
    } else {
      game.unbuildable_chars[ch] = problem;
      game.char_mapping[c].clear();
    }
  }

 private:
  LoadContext& ctx_;
  std::array<int, 256> first_line_{};
};

}  // namespace

void ReadLevelMapping(LoadContext& ctx, const SyntaxTree& tree, int section_node) {
  MappingReader reader(ctx);
  for (int child : tree.node(section_node).children) {
    if (ctx.sink().full()) return;
    RejectNestedLines(ctx, tree, child);
    if (CheckLineSection(ctx, tree, child, Section::kLevelMapping))
      reader.Read(tree.line_of(child));
  }
}

}  // namespace vgdl::lang
