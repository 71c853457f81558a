// Loading a game file: the syntax tree, the game line, then the sections in GVGAI's order.
#include "vgdl/loader.h"

#include <algorithm>
#include <filesystem>
#include <string>

#include "vgdl/sections.h"
#include "vgdl/syntax_tree.h"
#include "vgdl/text.h"

namespace vgdl {

namespace lang {
namespace {

// The root's children, sorted by section, in file order.
struct SectionNodes {
  int sprite_set = -1;
  std::vector<int> interaction_sets;
  std::vector<int> termination_sets;
  std::vector<int> level_mappings;
  std::vector<int> parameter_sets;
};

std::string SectionHint(const Node& node) {
  if (node.section == Section::kGame) {
    return "a game file continues with the sections SpriteSet, InteractionSet, LevelMapping "
           "and TerminationSet";
  }
  return "indent it under its section (" + std::string(SectionName(node.section)) +
         "); as it is, GVGAI silently ignores it";
}

// Files the section block `node` (a root child naming `keyword`) into `sections`.
void AddSection(LoadContext& ctx, const SyntaxTree& tree, int node, Section keyword,
                bool has_sprite_set, SectionNodes& sections) {
  DiagSink& sink = ctx.sink();
  const Line& line = tree.line_of(node);
  const Token& word = line.tokens.front();
  switch (keyword) {
    case Section::kSpriteSet:
      if (sections.sprite_set >= 0) {
        sink.Error(line, word,
                   "a second SpriteSet (the first is at line " +
                       std::to_string(tree.line_of(sections.sprite_set).number) + ")");
      } else {
        sections.sprite_set = node;
      }
      break;
    case Section::kInteractionSet:
    case Section::kTerminationSet:
      if (sections.sprite_set < 0 && has_sprite_set) {
        sink.Error(line, word, std::string(SectionName(keyword)) + " must come after the SpriteSet",
                   "GVGAI looks up sprite names while it reads this section");
      } else if (keyword == Section::kInteractionSet) {
        sections.interaction_sets.push_back(node);
      } else {
        sections.termination_sets.push_back(node);
      }
      break;
    case Section::kLevelMapping:
      sections.level_mappings.push_back(node);
      break;
    case Section::kParameterSet:
      if (!ctx.game().game_space) {
        // GVGAI casts the game to a GameSpace to store the parameters, and throws.
        sink.Error(line, word, "a ParameterSet needs a GameSpace",
                   "start the file with GameSpace instead of BasicGame");
      } else {
        sections.parameter_sets.push_back(node);
      }
      break;
    case Section::kGame:
      break;
  }
}

// A section keyword anywhere but under the game line still switches GVGAI's section, but its
// block is lost.
void RejectMisplacedKeywords(LoadContext& ctx, const SyntaxTree& tree) {
  for (size_t i = 1; i < tree.nodes.size(); ++i) {
    const Node& node = tree.nodes[i];
    const Line& line = tree.lines[static_cast<size_t>(node.line)];
    if (node.parent != 0 && SectionKeyword(line)) {
      ctx.sink().Error(line, line.tokens.front(),
                       "section keyword " + Quote(line.tokens.front().text) +
                           " must be indented like the other sections, one level under the "
                           "game line");
    }
  }
}

SectionNodes FindSections(LoadContext& ctx, const SyntaxTree& tree) {
  DiagSink& sink = ctx.sink();
  SectionNodes sections;
  bool has_sprite_set = false;
  for (int child : tree.node(0).children) {
    if (SectionKeyword(tree.line_of(child)) == Section::kSpriteSet) has_sprite_set = true;
  }
  for (int child : tree.node(0).children) {
    const Line& line = tree.line_of(child);
    const std::optional<Section> keyword = SectionKeyword(line);
    if (!keyword) {
      sink.AtLine(Severity::kError, line,
                  "expected a section name (SpriteSet, InteractionSet, LevelMapping or "
                  "TerminationSet)",
                  SectionHint(tree.node(child)));
      continue;
    }
    const std::string_view name = SectionName(*keyword);
    if (line.tokens.front().text != name) {
      // Reported, then read as intended so that its lines are still checked.
      sink.Error(line, line.tokens.front(),
                 "write " + Quote(name) + " exactly: GVGAI recognises " +
                     Quote(line.tokens.front().text) +
                     " as the start of the section but then ignores all its lines");
    }
    AddSection(ctx, tree, child, *keyword, has_sprite_set, sections);
  }
  RejectMisplacedKeywords(ctx, tree);
  return sections;
}

// Whether reading goes on to the section at `node`: not past a line GVGAI stops at
// (LoadContext::GvgaiStopsAt), as GVGAI reads the sections in file order.
bool ReadsSection(const LoadContext& ctx, const SyntaxTree& tree, int node) {
  return !ctx.stopped() || tree.line_of(node).number < ctx.stop_line();
}

// The InteractionSets and TerminationSets, in file order: a line GVGAI stops at in one leaves
// out those below it.
void ReadRuleSections(LoadContext& ctx, const SyntaxTree& tree, const SectionNodes& sections) {
  std::vector<int> nodes = sections.interaction_sets;
  nodes.insert(nodes.end(), sections.termination_sets.begin(), sections.termination_sets.end());
  std::sort(nodes.begin(), nodes.end(),
            [&](int a, int b) { return tree.line_of(a).number < tree.line_of(b).number; });
  for (int node : nodes) {
    if (!ReadsSection(ctx, tree, node)) break;
    if (SectionKeyword(tree.line_of(node)) == Section::kInteractionSet) {
      ReadInteractionSet(ctx, tree, node);
    } else {
      ReadTerminationSet(ctx, tree, node);
    }
  }
}

void LoadSections(LoadContext& ctx, const SyntaxTree& tree, const LoadOptions& options) {
  GameDef& game = ctx.game();
  DiagSink& sink = ctx.sink();
  const Line& root = tree.line_of(0);
  if (SectionKeyword(root)) {
    // Without a game line the section is the root and nothing below reads as GVGAI would.
    sink.AtLine(Severity::kError, root, "expected the game line before any section",
                "a game file starts with: BasicGame key=value ...");
    return;
  }
  const GameLine game_line = ReadGameLine(ctx, root);
  ApplyGameLine(ctx, game_line);
  const SectionNodes sections = FindSections(ctx, tree);
  ReadParameterSets(ctx, tree, sections.parameter_sets, options.parameter_settings);
  if (sections.sprite_set < 0) {
    sink.AtLine(Severity::kError, root, "the game has no SpriteSet",
                "GVGAI needs the sprites before it can read interactions and levels");
    return;
  }
  ReadSpriteSet(ctx, tree, sections.sprite_set);
  ResolveObstacles(ctx, game_line);
  game.eos_effects.resize(game.types.size());
  ReadRuleSections(ctx, tree, sections);
  game.char_mapping['w'] = {kWallType};
  game.char_mapping['A'] = {kAvatarType};
  for (int node : sections.level_mappings) {
    if (!ReadsSection(ctx, tree, node)) break;
    ReadLevelMapping(ctx, tree, node);
  }
}

GameLoad LoadGame(std::string_view text, std::string file_name, std::string path,
                  const LoadOptions& options) {
  GameLoad result;
  lang::DiagSink sink(file_name, &result.diagnostics);
  auto game = std::make_shared<GameDef>();
  game->name = std::filesystem::path(file_name).stem().string();
  game->path = std::move(path);
  if (text.size() > kMaxFileBytes) {
    sink.AtFile(Severity::kError,
                "file is larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB");
    return result;
  }
  if (text.substr(0, 3) == "\xEF\xBB\xBF") {
    sink.Report(Severity::kError, 1, 1, 1, SplitLines(text).front(),
                "the file starts with a UTF-8 byte-order mark",
                "GVGAI reads it as part of the first word; save the file without BOM");
    return result;
  }
  const SyntaxTree tree = ParseSyntaxTree(text, sink);
  if (tree.nodes.empty()) {
    if (!sink.full()) {
      sink.AtFile(Severity::kError, "the file has no game definition",
                  "a game file starts with: BasicGame key=value ...");
    }
    return result;
  }
  LoadContext ctx(*game, sink, options.gvgai_subset);
  ctx.RegisterType("wall");
  ctx.RegisterType("avatar");
  if (!sink.full()) LoadSections(ctx, tree, options);
  game->gvgai_stop_line = ctx.stop_line();
  if (!result.diagnostics.HasErrors()) result.game = std::move(game);
  return result;
}

}  // namespace
}  // namespace lang

GameLoad LoadGameFromText(std::string_view text, std::string file_name,
                          const LoadOptions& options) {
  return lang::LoadGame(text, std::move(file_name), "", options);
}

const Diagnostic* GvgaiStopWarning(const GameLoad& load) {
  if (!load.game || load.game->gvgai_stop_line == 0) return nullptr;
  for (const Diagnostic& d : load.diagnostics.items()) {
    if (d.severity == Severity::kWarning && d.line == load.game->gvgai_stop_line) return &d;
  }
  return nullptr;
}

GameLoad LoadGameFromFile(const std::filesystem::path& path, const LoadOptions& options) {
  const lang::FileRead file = lang::ReadFileCapped(path);
  if (!file.error.empty()) {
    GameLoad result;
    result.diagnostics.Add(FileError(path.string(), file.error));
    return result;
  }
  return lang::LoadGame(file.bytes, path.string(), path.string(), options);
}

}  // namespace vgdl
