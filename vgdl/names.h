// VGDL names of sprite classes, effects and terminations, both ways. The names are GVGAI's
// registered names (VGDLFactory), case-sensitive as GVGAI compares them.
#pragma once

#include <optional>
#include <string_view>

#include "vgdl/game_def.h"

namespace vgdl {

std::string_view SpriteClassName(SpriteClass c);
std::optional<SpriteClass> FindSpriteClass(std::string_view name);

std::string_view EffectKindName(EffectKind k);
std::optional<EffectKind> FindEffectKind(std::string_view name);

std::string_view TerminationKindName(TerminationKind k);
std::optional<TerminationKind> FindTerminationKind(std::string_view name);

}  // namespace vgdl
