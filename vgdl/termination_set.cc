// The TerminationSet (spec §2.8, §9): "SpriteCounter stype=avatar limit=0 win=False".
#include <string>

#include "vgdl/names.h"
#include "vgdl/sections.h"
#include "vgdl/termination_catalog.h"
#include "vgdl/text.h"

namespace vgdl::lang {

namespace {

void ReadTermination(LoadContext& ctx, const Line& line) {
  DiagSink& sink = ctx.sink();
  const Token& name = line.tokens.front();
  const std::optional<TerminationKind> kind = FindTerminationKind(name.text);
  if (!kind) {
    ctx.GvgaiStopsAt(line, name, "unknown termination " + Quote(name.text),
                     DidYouMean(name.text, TerminationNames()));
    return;
  }
  LineParts parts = SplitParams(line, 1, sink);
  ctx.SubstituteParameters(parts);
  for (const Token& word : parts.words) {
    sink.Error(line, word, "unexpected " + Quote(word.text) + " in a termination",
               "a termination is: ClassName key=value ...; GVGAI silently skips other words");
  }
  TerminationDef def;
  def.kind = *kind;
  def.name = std::string(name.text);
  def.loc = {line.number, name.column};
  for (const Param& p : parts.params) def.raw_params[std::string(p.key)] = std::string(p.value);
  ApplyTerminationDefaults(*kind, def);
  const Building building(ctx, *kind);
  const auto assigned = ApplyParams(
      ctx, parts.params, def, [&](std::string_view n) { return FindTerminationField(*kind, n); },
      TerminationFieldNames(*kind), "termination " + std::string(name.text), UnknownParams::kWarn);
  if (ctx.stopped()) return;  // GVGAI's constructor threw: no termination
  for (std::string_view key : RequiredTerminationParams(*kind)) {
    if (assigned.count(key) == 0) {
      ctx.GvgaiStopsAt(line, name,
                       std::string(name.text) + " needs " + std::string(key) +
                           "=...; GVGAI cannot build the termination without it");
      return;
    }
  }
  ctx.game().terminations.push_back(std::move(def));
}

}  // namespace

void ReadTerminationSet(LoadContext& ctx, const SyntaxTree& tree, int section_node) {
  for (int child : tree.node(section_node).children) {
    if (ctx.sink().full() || ctx.stopped()) return;
    RejectNestedLines(ctx, tree, child);
    if (CheckLineSection(ctx, tree, child, Section::kTerminationSet)) {
      ReadTermination(ctx, tree.line_of(child));
    }
  }
}

}  // namespace vgdl::lang
