// GVGAI's effects (spec §8, class_defaults.txt): the public fields of each effect class (its
// own and Effect's), of the TimeEffect wrapper that TIME lines and addTimer add, the defaults
// the constructors set, and the sprite parameters without which GVGAI cannot build them.
#pragma once

#include <string_view>
#include <vector>

#include "vgdl/field_setters.h"
#include "vgdl/game_def.h"

namespace vgdl::lang {

using EffectField = Field<EffectDef>;

// Public fields of the effect class of `kind` (Effect's included; for addTimer, TimeEffect's
// and AddTimer's too), or nullptr when GVGAI would log "Unknown field".
const EffectField* FindEffectField(EffectKind kind, std::string_view name);
// Fields of the TimeEffect that wraps a TIME line's effect (timer, repeating, nextExecution,
// and Effect's).
const EffectField* FindTimeEffectField(std::string_view name);
std::vector<std::string_view> EffectFieldNames(EffectKind kind, bool timed);

// The constructor's defaults for `kind` (where they differ from EffectDef's).
void ApplyEffectDefaults(EffectKind kind, EffectDef& def);

// Parameters the effect cannot do without. For most of them GVGAI's constructor throws when
// they are missing (GvgaiThrowsWithout) and GVGAI stops reading the game; for the others it
// builds an effect that looks up sprite type -1 when it runs.
std::vector<std::string_view> RequiredEffectParams(EffectKind kind);

// Whether GVGAI's constructor of `kind` throws when the parameter `field` is missing or, for a
// sprite name, names no sprite ("Undefined sprite ..."; addTimer's ftype: no such effect):
// GVGAI's parser then stops reading the game at that line (LoadContext::GvgaiStopsAt).
bool GvgaiThrowsWithout(EffectKind kind, std::string_view field);

std::vector<std::string_view> EffectNames();

// The sprites GVGAI's effect checks for before it acts. An EOS or TIME line runs its effect
// with no second sprite and an addTimer delegate with neither; where a needed one is missing,
// GVGAI logs a warning and does nothing, each time (and ends the game once its logger holds
// more than 25 messages, spec quirk 11). The engine does nothing there too.
struct SpritesNeeded {
  bool first = false;
  bool second = false;
};
SpritesNeeded SpritesGvgaiNeeds(EffectKind kind);

}  // namespace vgdl::lang
