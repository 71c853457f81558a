// Sprite types whose sprites never move (spec §4.4 optimisation, no GVGAI counterpart).
//
// The pair-effect loop tests every first sprite against every second sprite. Walls, dirt and
// other scenery are most of those tests, and their rectangles never change: such a type's
// sprites can be indexed once in a spatial grid and the index reused for as long as the type's
// sprite list is unchanged (State::type_version). This file decides, from the game's rules
// alone, which types are that still.
#pragma once

#include <vector>

#include "vgdl/game_def.h"

namespace vgdl {

// Per type id: true when no sprite of that type can ever change its rectangle: its class never
// moves on its own, passive movement cannot move it, and no effect the game can run on it (as
// first or second sprite, TIME or EOS) moves it. Conservative: any doubt answers false, and a
// game with undoAll has no static types.
std::vector<bool> FindStaticTypes(const GameDef& game);

// Per type id: true when a transformation can create sprites of that type. Such a sprite takes
// over the old sprite's lastrect, so its lastrect may differ from its rect until its next
// update.
std::vector<bool> FindTransformTargets(const GameDef& game);

}  // namespace vgdl
