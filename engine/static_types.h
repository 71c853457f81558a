// Sprite types whose sprites never move (spec §4.4 optimisation, no GVGAI counterpart).
//
// The pair-effect loop tests every first sprite against every second sprite. Walls, dirt and
// other scenery are most of those tests, and their rectangles never change: such a type's
// sprites can be indexed once in a spatial grid and the index reused for as long as the type's
// sprite list is unchanged (State::type_version). This file decides, from the game's rules
// alone, which types are that still.
#pragma once

#include <vector>

#include "engine/state.h"
#include "vgdl/game_def.h"

namespace vgdl {

// Per type id: true when no sprite of that type can ever change its rectangle: its class never
// moves on its own, passive movement cannot move it, and no effect the game can run on it (as
// first or second sprite, TIME or EOS) moves it. Conservative: any doubt answers false, and in
// a game with undoAll no type whose sprites may be born with another lastrect is static.
// `other_lastrect`: FindTypesBornWithOtherLastRect(game); `may_turn_oriented`:
// FindTypesThatMayTurnOriented(game).
std::vector<bool> FindStaticTypes(const GameDef& game, const std::vector<bool>& other_lastrect,
                                  const std::vector<bool>& may_turn_oriented);

// Per type id: true when a transformation can create sprites of that type. Such a sprite takes
// over the old sprite's lastrect, so its lastrect may differ from its rect until its next
// update.
std::vector<bool> FindTransformTargets(const GameDef& game);

// Per type id: true when a sprite of that type may be born with a lastrect other than its
// rect, which a restore (stepBack, undoAll, the wall bounces) would then put it at: the
// transformation targets, and the types that wMult or hMult scale, whose first sprite GVGAI
// makes at the block's size and scales afterwards, its lastrect left at the block's size
// (State::GiveFirstScaledSpriteABlockLastRect).
std::vector<bool> FindTypesBornWithOtherLastRect(const GameDef& game);

// Per type id: true when a sprite of that type can become oriented at run time, though its type
// is not: it is made by a transformToSingleton with takeOrientation (GVGAI keeps is_oriented
// per sprite, and grid passive movement moves oriented sprites only).
std::vector<bool> FindTypesThatMayTurnOriented(const GameDef& game);

// Per type id: true when a sprite of that type, once created by the level, never changes and
// is never looked at by the rules: `update_free` (State::TypeUpdate::kNone in engine/state.h:
// still, not made by a transformation, an update that does nothing), not an avatar, not in any
// InteractionSet, EOS or TIME line (through any group), and not named by any sprite or effect
// parameter (so no spawn, kill, transformation or chase can reach it), and neither it nor an
// ancestor a singleton. Typical: `background`, `floor`, `grass`. States keep such sprites in one
// block shared by all copies (State::LevelConstants). Terminations and observations may still count
// and read them.
std::vector<bool> FindFrozenTypes(const GameDef& game, const std::vector<bool>& update_free);

// Per InteractionSet pair: which sides are static (from `static_type`, FindStaticTypes),
// whether groundIntersects can be involved and whether the two sides share a type.
std::vector<State::PairTraits> FindPairTraits(const GameDef& game,
                                              const std::vector<bool>& static_type);

}  // namespace vgdl
