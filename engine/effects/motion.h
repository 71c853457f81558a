// Which sprites an effect can move (spec §8.2), as the effect catalogue's `moves` column says
// (vgdl/effect_catalog.h). The pair-effect loop and the static-type analysis rely on these
// answers to stay exact.
#pragma once

#include "vgdl/game_def.h"

namespace vgdl {

// Effects that never change any sprite's rectangle (they kill, create, transform, score,
// count, or change only orientations and speeds).
bool MovesNoSprite(EffectKind kind);

// Effects that change at most s1's rectangle: MovesNoSprite's, and those that move s1 alone.
bool MovesAtMostFirstSprite(EffectKind kind);

}  // namespace vgdl
