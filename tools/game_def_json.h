// What the loader resolved of a game (GameDef) as JSON: its types with their classes, parents
// and parameters, the sprite order, the interactions in execution order, the time and EOS
// effects, the terminations and the level mapping. `vgdl check --json` prints it, with the
// levels and diagnostics beside it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "vgdl/game_def.h"

namespace vgdl::tools {

nlohmann::json GameDefJson(const GameDef& game);

// A type's name, or "?" for an id out of range.
std::string TypeName(const GameDef& game, TypeId t);

}  // namespace vgdl::tools
