#include "engine/static_types.h"

#include <algorithm>

#include "engine/collision.h"
#include "engine/effects/motion.h"
#include "engine/sprites/sprite_util.h"
#include "vgdl/effect_catalog.h"
#include "vgdl/sprite_catalog.h"

namespace vgdl {

namespace {

// Classes whose update moves the sprite by no means other than passive movement (checked
// below): a different list from the classes that run only the base update
// (vgdl/sprite_catalog.h).
bool ClassStandsStill(SpriteClass c) {
  return lang::TraitsOf(c).stands_still;
}

bool ChangesSpeeds(EffectKind k) {
  return k == EffectKind::kIncreaseSpeedToAll || k == EffectKind::kDecreaseSpeedToAll ||
         k == EffectKind::kSetSpeedForAll || k == EffectKind::kHalfSpeed ||
         k == EffectKind::kWaterPhysics;
}

// stepBack and undoAll only restore lastrect, which equals rect for a sprite that nothing
// else moves, unless the sprite was made by a transformation: those take over the old
// sprite's lastrect.
bool RestoresLastRect(EffectKind k) {
  return k == EffectKind::kStepBack || k == EffectKind::kUndoAll;
}

// The wall bounces move s1 and put every wall they hit back at its lastrect: for s2 they are
// a restore like undoAll (engine/effects/walls.cc).
bool RestoresSecondsLastRect(EffectKind k) {
  return k == EffectKind::kWallBounce || k == EffectKind::kWallReverse;
}

// The effect itself, or an addTimer's delegate.
const EffectDef& Acting(const GameDef& game, EffectId e) {
  const EffectDef& def = game.effects[static_cast<size_t>(e)];
  if (def.kind == EffectKind::kAddTimer && def.timer_delegate >= 0) {
    return game.effects[static_cast<size_t>(def.timer_delegate)];
  }
  return def;
}

}  // namespace

// Exactly the types the transformations' parameters name (vgdl/effect_catalog.h;
// transformIfCount: both branches' types), and for transformToRandomChild the named type and
// its descendants.
std::vector<bool> FindTransformTargets(const GameDef& game) {
  std::vector<bool> made(static_cast<size_t>(game.type_count()), false);
  const auto valid = [&](TypeId t) { return t >= 0 && t < game.type_count(); };
  const auto mark = [&](TypeId t) {
    if (valid(t)) made[static_cast<size_t>(t)] = true;
  };
  const auto mark_descendants = [&](TypeId group) {
    if (!valid(group)) return;
    const SpriteDef& g = game.type(group);
    for (TypeId t : g.subtypes) {
      // subtypes also lists the ancestors (GVGAI's iSubTypes); a child is never one of them.
      if (std::find(g.itypes.begin(), g.itypes.end(), t) == g.itypes.end() || t == group) mark(t);
    }
  };
  for (const EffectDef& e : game.effects) {
    const lang::EffectTraits& traits = lang::TraitsOf(e.kind);
    if (traits.makes == lang::EffectMakes::kTransformsToChild) {
      mark_descendants(e.*traits.made);
    } else if (traits.makes == lang::EffectMakes::kTransforms) {
      mark(e.*traits.made);
      if (traits.also_made != nullptr) mark(e.*traits.also_made);
    }
  }
  return made;
}

std::vector<bool> FindTypesBornWithOtherLastRect(const GameDef& game) {
  std::vector<bool> other = FindTransformTargets(game);
  for (const SpriteDef& d : game.types) {
    if (d.scaled()) other[static_cast<size_t>(d.id)] = true;
  }
  return other;
}

namespace {

// `may_turn_oriented`: transformToSingleton's takeOrientation can make the type's sprites
// oriented at run time.
bool PassiveMovementCannotMove(const SpriteDef& d, bool speeds_change, bool may_turn_oriented) {
  if (!PassiveMovementCanMove(d, may_turn_oriented)) return true;
  // Grid passive movement steps by the speed, which stays 0 unless an effect changes speeds.
  return d.physics == PhysicsType::kGrid && d.speed == 0.0 && !speeds_change;
}

}  // namespace

std::vector<bool> FindTypesThatMayTurnOriented(const GameDef& game) {
  const auto n = static_cast<size_t>(game.type_count());
  std::vector<bool> turns(n, false);
  for (const EffectDef& e : game.effects) {
    if (e.kind == EffectKind::kTransformToSingleton && e.take_orientation && e.stype >= 0 &&
        static_cast<size_t>(e.stype) < n) {
      turns[static_cast<size_t>(e.stype)] = true;
    }
  }
  return turns;
}

std::vector<bool> FindStaticTypes(const GameDef& game, const std::vector<bool>& other_lastrect,
                                  const std::vector<bool>& may_turn_oriented) {
  const auto n = static_cast<size_t>(game.type_count());
  bool speeds_change = false;
  bool undoes_all = false;
  for (const EffectDef& e : game.effects) {
    speeds_change = speeds_change || ChangesSpeeds(e.kind);
    undoes_all = undoes_all || e.kind == EffectKind::kUndoAll;
  }
  std::vector<bool> still(n, false);
  for (size_t i = 0; i < n; ++i) {
    const SpriteDef& d = game.type(static_cast<TypeId>(i));
    still[i] = !d.is_avatar && ClassStandsStill(d.cls) &&
               PassiveMovementCannotMove(d, speeds_change, may_turn_oriented[i]) &&
               !(undoes_all && other_lastrect[i]);
  }
  // `as_first`: the effect is given the group's sprites as s1 (pairs, TIME, EOS).
  const auto apply = [&](TypeId group, EffectId e, bool as_first) {
    const EffectKind k = Acting(game, e).kind;
    if (MovesNoSprite(k)) return;
    if (!as_first && MovesAtMostFirstSprite(k)) return;
    const bool restores = RestoresLastRect(k) || (!as_first && RestoresSecondsLastRect(k));
    for (TypeId t : game.type(group).subtypes) {
      const auto i = static_cast<size_t>(t);
      if (!restores || other_lastrect[i]) still[i] = false;
    }
  };
  for (const InteractionPair& pair : game.pairs) {
    for (EffectId e : pair.effects) {
      apply(pair.first, e, true);
      apply(pair.second, e, false);
    }
  }
  for (const TimeEffectDef& te : game.time_effects) apply(te.itype, te.effect, true);
  for (size_t t = 0; t < game.eos_effects.size(); ++t) {
    for (EffectId e : game.eos_effects[t]) apply(static_cast<TypeId>(t), e, true);
  }
  return still;
}

namespace {

// Every type a sprite or effect parameter names, with the subtypes of each when
// `with_subtypes` (a parameter naming a group reaches all of them). Defaults count too:
// harmless, and simpler to trust.
std::vector<bool> TypesNamedByParameters(const GameDef& game, bool with_subtypes) {
  std::vector<bool> named(static_cast<size_t>(game.type_count()), false);
  const auto name = [&](TypeId t) {
    if (t < 0 || t >= game.type_count()) return;
    if (!with_subtypes) {
      named[static_cast<size_t>(t)] = true;
      return;
    }
    for (TypeId st : game.type(t).subtypes) named[static_cast<size_t>(st)] = true;
  };
  const auto name_all = [&](const std::vector<TypeId>& ts) {
    for (TypeId t : ts) name(t);
  };
  for (const SpriteDef& d : game.types) {
    name(d.stype);
    name(d.spawn_behind);
    name_all(d.stypes);
    name_all(d.stypes2);
    name_all(d.ammo);
  }
  for (const EffectDef& e : game.effects) {
    for (TypeId t : {e.stype, e.stype_to, e.stype_other, e.estype, e.stype_count, e.spawn_point,
                     e.resource, e.held_resource}) {
      name(t);
    }
    name_all(e.not_stype);
  }
  return named;
}

// Per type id: whether a sprite of exactly that type can ever exist. The LevelMapping creates
// the types it lists, and spawns, transformations and the like create exactly the type their
// parameter names; no other way makes sprites. Abstract parents (`moving` over avatar, bee and
// zombie) have none.
std::vector<bool> TypesThatCanExist(const GameDef& game) {
  std::vector<bool> exist = TypesNamedByParameters(game, /*with_subtypes=*/false);
  for (const auto& created : game.char_mapping) {
    for (const TypeId t : created) exist[static_cast<size_t>(t)] = true;
  }
  return exist;
}

}  // namespace

std::vector<bool> FindFrozenTypes(const GameDef& game, const std::vector<bool>& update_free) {
  std::vector<bool> frozen = update_free;
  frozen.resize(static_cast<size_t>(game.type_count()), false);
  const auto exclude_group = [&](TypeId group) {
    if (group < 0 || group >= game.type_count()) return;
    for (TypeId t : game.type(group).subtypes) frozen[static_cast<size_t>(t)] = false;
  };
  for (const InteractionPair& pair : game.pairs) {
    exclude_group(pair.first);
    exclude_group(pair.second);
  }
  for (TypeId t : game.eos_types) exclude_group(t);
  for (const TimeEffectDef& te : game.time_effects) exclude_group(te.itype);
  const std::vector<bool> named = TypesNamedByParameters(game, /*with_subtypes=*/true);
  for (size_t t = 0; t < frozen.size(); ++t) {
    const SpriteDef& d = game.type(static_cast<TypeId>(t));
    if (named[t] || d.is_avatar || IsAvatarClass(d.cls)) frozen[t] = false;
    // A singleton may be refused at creation, and a frozen sprite's slot is fixed in advance.
    for (TypeId anc : d.itypes) {
      if (game.type(anc).singleton) frozen[t] = false;
    }
  }
  return frozen;
}

std::vector<State::PairTraits> FindPairTraits(const GameDef& game,
                                              const std::vector<bool>& static_type) {
  std::vector<State::PairTraits> traits;
  const std::vector<bool> can_exist = TypesThatCanExist(game);
  for (const InteractionPair& pair : game.pairs) {
    const auto& firsts = game.type(pair.first).subtypes;
    const auto& seconds = game.type(pair.second).subtypes;
    const auto is_static = [&](TypeId t) { return static_type[static_cast<size_t>(t)]; };
    State::PairTraits p;
    p.first_static = std::all_of(firsts.begin(), firsts.end(), is_static);
    p.first_has_static = std::any_of(firsts.begin(), firsts.end(), is_static);
    p.second_static = std::all_of(seconds.begin(), seconds.end(), is_static);
    p.ground_possible = std::any_of(firsts.begin(), firsts.end(), [&](TypeId t) {
      return UsesGroundIntersects(game.type(t).cls);
    });
    // Groups share their abstract parents (`bee zombie`: both hold `moving`), which have no
    // sprites to share.
    p.types_overlap = std::any_of(seconds.begin(), seconds.end(), [&](TypeId t) {
      return can_exist[static_cast<size_t>(t)] &&
             std::find(firsts.begin(), firsts.end(), t) != firsts.end();
    });
    traits.push_back(p);
  }
  return traits;
}

}  // namespace vgdl
