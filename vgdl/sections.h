// The readers of the game line and of the four sections of a game file (spec §2.3-§2.8). Each
// fills its part of the GameDef in the LoadContext and reports problems there.
#pragma once

#include <string>
#include <vector>

#include "vgdl/load_context.h"
#include "vgdl/syntax_tree.h"

namespace vgdl::lang {

// The game line: "BasicGame key=value ...". Its parameters are applied before the SpriteSet
// (no_players shapes per-player lists) except `obs`, which names sprites and is resolved after.
struct GameLine {
  std::vector<Param> params;
};
GameLine ReadGameLine(LoadContext& ctx, const Line& line);
void ApplyGameLine(LoadContext& ctx, const GameLine& game_line);
void ResolveObstacles(LoadContext& ctx, const GameLine& game_line);

// SpriteSet: registers type ids, resolves classes and parameters, and fills game.types,
// sprite_order and resource_limit. Without a SpriteSet (section_node < 0) only the default
// wall and avatar exist.
void ReadSpriteSet(LoadContext& ctx, const SyntaxTree& tree, int section_node);

void ReadInteractionSet(LoadContext& ctx, const SyntaxTree& tree, int section_node);
void ReadTerminationSet(LoadContext& ctx, const SyntaxTree& tree, int section_node);
void ReadLevelMapping(LoadContext& ctx, const SyntaxTree& tree, int section_node);

// The ParameterSets of a GameSpace (§2.9, parameter_set.cc), read before the other sections
// as GVGAI reads them: game.parameters, the values `settings` ("NAME=VALUE", from
// LoadOptions::parameter_settings) choose, and ctx.parameter_text for SubstituteParameters.
void ReadParameterSets(LoadContext& ctx, const SyntaxTree& tree, const std::vector<int>& sections,
                       const std::vector<std::string>& settings);

// Section lines must not have children (only SpriteSet nests); reports them.
void RejectNestedLines(LoadContext& ctx, const SyntaxTree& tree, int entry_node);

// False (and reported) when a line nested in `expected` comes textually after another section
// keyword, so that GVGAI would read it with the other section's syntax.
bool CheckLineSection(LoadContext& ctx, const SyntaxTree& tree, int node, Section expected);

}  // namespace vgdl::lang
