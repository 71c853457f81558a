// GVGAI's terminations (spec §9): the public fields of each termination class and its
// defaults.
#pragma once

#include <string_view>
#include <vector>

#include "vgdl/field_setters.h"
#include "vgdl/game_def.h"

namespace vgdl::lang {

using TerminationField = Field<TerminationDef>;

// Public fields of the termination class (Termination's included), or nullptr when GVGAI
// would log "Unknown field".
const TerminationField* FindTerminationField(TerminationKind kind, std::string_view name);
std::vector<std::string_view> TerminationFieldNames(TerminationKind kind);

void ApplyTerminationDefaults(TerminationKind kind, TerminationDef& def);

// Parameters without which GVGAI cannot build the termination (a null name is looked up).
std::vector<std::string_view> RequiredTerminationParams(TerminationKind kind);

// Whether GVGAI's constructor of `kind` throws when the sprite parameter `field` names no
// sprite (every sprite name a termination has: "Undefined sprite ..."); GVGAI's parser then
// stops reading the game at that line (LoadContext::GvgaiStopsAt).
bool GvgaiThrowsWithout(TerminationKind kind, std::string_view field);

std::vector<std::string_view> TerminationNames();

}  // namespace vgdl::lang
