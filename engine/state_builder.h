// Builds what every state of a level shares and no tick changes: the level's constants.
//
// Which types are static, still and frozen, how the tick updates each type, the pair-effect
// loop's steps, GVGAI's path cache. The State constructor asks for them in two parts, as it
// needs them: laying the level's sprites out needs the rules' part, and the path cache is built
// from the level as loaded. Kept out of state.cc, so that the state itself needs none of the
// sprites, effects and path finder these facts are read from.
#pragma once

#include <memory>

#include "engine/state.h"
#include "vgdl/game_def.h"

namespace vgdl {

// Static functions of the class that State befriends, as the constants are State's own.
class StateBuilder {
 public:
  using LevelConstants = State::LevelConstants;

  // The part that depends on the rules alone and on the level's size (`level_cells`, its width
  // times its height): everything but `frozen` and `path_finder`. Laying the level's sprites
  // out then settles `frozen_type` and fills `frozen` in (State::CreateLevelSprites).
  static std::shared_ptr<LevelConstants> CompileRules(const GameDef& def, int level_cells);

  // The part that depends on the level as loaded, once `state` holds its sprites: GVGAI builds
  // the path cache once, from the level as loaded (§6.1), and copies share it.
  static void CompileLoadedLevel(const State& state, LevelConstants& constants);
};

}  // namespace vgdl
