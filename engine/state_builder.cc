#include "engine/state_builder.h"

#include <vector>

#include "engine/collision.h"
#include "engine/effects/motion.h"
#include "engine/path_finder.h"
#include "engine/sprites/update.h"
#include "engine/static_types.h"

namespace vgdl {

namespace {

// Levels of at most this many cells are tiny: two sprites a cell in size overlap at random
// positions about once in eight tries or more (painter's 4x3 level: one in three).
constexpr int kTinyLevelCells = 32;

std::vector<State::PairStep> LayOutPairSteps(const GameDef& def,
                                             const std::vector<State::PairTraits>& traits,
                                             int level_cells) {
  const bool tiny_level = level_cells <= kTinyLevelCells;
  std::vector<State::PairStep> steps;
  for (size_t p = 0; p < def.pairs.size(); ++p) {
    const InteractionPair& pair = def.pairs[p];
    bool starts_pair = true;
    for (const EffectId e : pair.effects) {
      const EffectDef& effect = def.effects[static_cast<size_t>(e)];
      if (!effect.enabled) continue;
      steps.push_back(State::PairStep{
          .pair = &pair,
          .effect = &effect,
          .first = pair.first,
          .second = pair.second,
          .starts_pair = starts_pair,
          .tests_set_flags = traits[p].ground_possible,
          .seconds_static = traits[p].second_static,
          .tests_without_branches = tiny_level && MovesNoSprite(effect.kind) && !effect.in_batch &&
                                    !traits[p].ground_possible,
          .batched = effect.in_batch,
      });
      starts_pair = false;
    }
  }
  return steps;
}

// By type t: the types whose iSubTypes hold t (t itself and its ancestors).
std::vector<std::vector<TypeId>> FindGroupsContaining(const GameDef& def) {
  std::vector<std::vector<TypeId>> groups(def.types.size());
  for (const SpriteDef& g : def.types) {
    for (const TypeId t : g.subtypes) groups[static_cast<size_t>(t)].push_back(g.id);
  }
  return groups;
}

}  // namespace

std::shared_ptr<StateBuilder::LevelConstants> StateBuilder::CompileRules(const GameDef& def,
                                                                         int level_cells) {
  auto constants = std::make_shared<LevelConstants>();
  const std::vector<bool> other_lastrect = FindTypesBornWithOtherLastRect(def);
  const std::vector<bool> may_turn_oriented = FindTypesThatMayTurnOriented(def);
  constants->static_type = FindStaticTypes(def, other_lastrect, may_turn_oriented);
  constants->groups_containing = FindGroupsContaining(def);
  std::vector<bool> update_free;  // see type_update's kNone
  for (const SpriteDef& d : def.types) {
    const auto t = static_cast<size_t>(d.id);
    constants->ground_intersects.push_back(UsesGroundIntersects(d.cls));
    const bool passive_moves = PassiveMovementCanMove(d, may_turn_oriented[t]);
    constants->passive_moves.push_back(passive_moves ? 1 : 0);
    const bool bookkeeping_only = UpdateIsBookkeepingOnly(d, passive_moves);
    constants->still_type.push_back(constants->static_type[t] && !other_lastrect[t] ? 1 : 0);
    update_free.push_back(constants->still_type[t] != 0 && bookkeeping_only);
    constants->type_update.push_back(IsAvatarClass(d.cls) || update_free[t]
                                         ? State::TypeUpdate::kNone
                                     : bookkeeping_only ? State::TypeUpdate::kBookkeeping
                                                        : State::TypeUpdate::kFull);
  }
  constants->frozen_type = FindFrozenTypes(def, update_free);
  constants->pair_traits = FindPairTraits(def, constants->static_type);
  constants->pair_steps = LayOutPairSteps(def, constants->pair_traits, level_cells);
  return constants;
}

void StateBuilder::CompileLoadedLevel(const State& state, LevelConstants& constants) {
  constants.path_finder = PathFinder::Build(state);
}

}  // namespace vgdl
