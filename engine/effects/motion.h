// Which sprites an effect can move (spec §8.2). The pair-effect loop and the static-type
// analysis rely on these answers to stay exact; an effect missing from both lists is treated
// as moving anything.
#pragma once

#include "vgdl/game_def.h"

namespace vgdl {

// Effects that never change any sprite's rectangle (they kill, create, transform, score,
// count, or change only orientations and speeds).
bool MovesNoSprite(EffectKind kind);

// Effects that change at most s1's rectangle: MovesNoSprite, plus stepBack, bounceForward,
// reverseDirection, turnAround, teleportToExit, wrapAround, wallStop, align and attractGaze.
// undoAll, wallBounce, wallReverse, pullWithIt, bounceDirection are treated as moving anything.
bool MovesAtMostFirstSprite(EffectKind kind);

}  // namespace vgdl
