// Designer checks for `vgdl check`: problems GVGAI does not report because the game still
// runs, such as sprite types that can never exist, interactions that can never happen and
// terminations that can never fire (or fire at once).
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "vgdl/diagnostic.h"
#include "vgdl/game_def.h"

namespace vgdl {

// Visits the sprites `level` places, in the order GVGAI creates them (cells in reading order,
// each cell's sprites in mapping order), with whether GVGAI makes each: a `singleton` type (or
// ancestor) that already has a sprite refuses another. Avatars beyond no_players are made, and
// removed only once the whole level is built, so they count here.
void ForEachPlacedSprite(const GameDef& game, const LevelDef& level,
                         const std::function<void(TypeId type, int x, int y, bool made)>& visit);

// Sprites per type id that building `level` creates, as GVGAI builds it: cells in reading
// order, each cell's sprites in mapping order, the singleton rule, and avatars beyond
// no_players removed.
std::vector<int> CountInitialSprites(const GameDef& game, const LevelDef& level);

// The types whose sprites can ever exist, starting from those the levels place and following
// every way the game creates sprites (spawners, shooting avatars, spawn and transform effects
// whose interaction can happen). Indexed by type id.
std::vector<bool> ReachableTypes(const GameDef& game, const std::vector<const LevelDef*>& levels);

// A warning when `level` (read from `file`) has no avatar: it places none, and nothing that
// can happen in it creates one, so no player can act. (Every game has an avatar class: GVGAI
// adds a MovingAvatar named `avatar` when the SpriteSet defines none.)
Diagnostics LintLevel(const GameDef& game, const LevelDef& level, const std::string& file);

// Warnings about `game` played on `levels`. `source` is the game file's text (for the caret
// display; may be empty). Without levels only the checks that do not depend on them run.
Diagnostics LintGame(const GameDef& game, const std::vector<const LevelDef*>& levels,
                     std::string_view source);

}  // namespace vgdl
