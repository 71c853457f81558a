// GVGAI's effects (spec §8, class_defaults.txt): the public fields of each effect class (its
// own and Effect's), of the TimeEffect wrapper that TIME lines and addTimer add, the defaults
// the constructors set, and the sprite parameters without which GVGAI cannot build them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "vgdl/enum_table.h"
#include "vgdl/field_setters.h"
#include "vgdl/game_def.h"

namespace vgdl::lang {

using EffectField = Field<EffectDef>;

// Which sprites running an effect can move: the pair-effect loop and the static analysis
// (engine/effects/motion.h) rely on these answers to stay exact.
enum class EffectMoves : uint8_t {
  kAny,        // any sprite, as far as the engine knows
  kFirstOnly,  // at most s1's rectangle
  kNone,       // no rectangle: the effect kills, creates, transforms, scores, counts, or
               // changes only orientations and speeds
};

// The sprites an effect makes, of the types its parameters name.
enum class EffectMakes : uint8_t {
  kNothing,
  kSpawns,             // new sprites
  kTransforms,         // s1, or every sprite of a type, turned into one
  kTransformsToChild,  // s1 turned into one of the subtypes of the type `made` names
};

// What the engine's analysis and the linter need to know of an effect, one row per kind in
// EffectKind order.
struct EffectTraits {
  EffectKind kind;
  EffectMoves moves;
  EffectMakes makes = EffectMakes::kNothing;
  // The parameters naming the made types (nullptr: none).
  TypeId EffectDef::*made = nullptr;
  TypeId EffectDef::*also_made = nullptr;
};

inline constexpr std::array<EffectTraits, kEffectKindCount> kEffectTraits = {{
    // Movement and position.
    {EffectKind::kStepBack, EffectMoves::kFirstOnly},
    {EffectKind::kUndoAll, EffectMoves::kAny},
    {EffectKind::kBounceForward, EffectMoves::kFirstOnly},
    {EffectKind::kPullWithIt, EffectMoves::kAny},
    {EffectKind::kWrapAround, EffectMoves::kFirstOnly},
    {EffectKind::kTeleportToExit, EffectMoves::kFirstOnly},
    {EffectKind::kTurnAround, EffectMoves::kFirstOnly},
    {EffectKind::kReverseDirection, EffectMoves::kFirstOnly},
    {EffectKind::kFlipDirection, EffectMoves::kNone},  // orientation only
    {EffectKind::kAttractGaze, EffectMoves::kFirstOnly},
    {EffectKind::kAlign, EffectMoves::kFirstOnly},
    {EffectKind::kWallStop, EffectMoves::kFirstOnly},
    {EffectKind::kWallBounce, EffectMoves::kAny},
    {EffectKind::kWallReverse, EffectMoves::kAny},
    {EffectKind::kBounceDirection, EffectMoves::kAny},
    // Speed and gravity only: the rectangle moves no earlier than the next update (the static
    // analysis treats speed changes on its own, engine/static_types.cc).
    {EffectKind::kHalfSpeed, EffectMoves::kNone},
    {EffectKind::kWaterPhysics, EffectMoves::kNone},
    {EffectKind::kIncreaseSpeedToAll, EffectMoves::kNone},
    {EffectKind::kDecreaseSpeedToAll, EffectMoves::kNone},
    {EffectKind::kSetSpeedForAll, EffectMoves::kNone},
    // Killing, scores and health.
    {EffectKind::kKillSprite, EffectMoves::kNone},
    {EffectKind::kKillBoth, EffectMoves::kNone},
    {EffectKind::kKillAll, EffectMoves::kNone},
    {EffectKind::kKillIfHasMore, EffectMoves::kNone},
    {EffectKind::kKillIfHasLess, EffectMoves::kNone},
    {EffectKind::kKillIfOtherHasMore, EffectMoves::kNone},
    {EffectKind::kKillIfFromAbove, EffectMoves::kNone},
    {EffectKind::kKillIfFrontal, EffectMoves::kNone},
    {EffectKind::kKillIfNotFrontal, EffectMoves::kNone},
    {EffectKind::kKillIfSlow, EffectMoves::kNone},
    {EffectKind::kKillIfFast, EffectMoves::kNone},
    {EffectKind::kKillIfAlive, EffectMoves::kNone},
    {EffectKind::kKillIfNotUpright, EffectMoves::kNone},
    {EffectKind::kSubtractHealthPoints, EffectMoves::kNone},
    {EffectKind::kRemoveScore, EffectMoves::kNone},
    // Creation and transformation.
    {EffectKind::kSpawn, EffectMoves::kNone, EffectMakes::kSpawns, &EffectDef::stype},
    {EffectKind::kSpawnIfHasMore, EffectMoves::kNone, EffectMakes::kSpawns, &EffectDef::stype},
    {EffectKind::kSpawnIfHasLess, EffectMoves::kNone, EffectMakes::kSpawns, &EffectDef::stype},
    {EffectKind::kSpawnBehind, EffectMoves::kNone, EffectMakes::kSpawns, &EffectDef::stype},
    {EffectKind::kSpawnAbove, EffectMoves::kNone, EffectMakes::kSpawns, &EffectDef::stype},
    {EffectKind::kSpawnBelow, EffectMoves::kNone, EffectMakes::kSpawns, &EffectDef::stype},
    {EffectKind::kSpawnLeft, EffectMoves::kNone, EffectMakes::kSpawns, &EffectDef::stype},
    {EffectKind::kSpawnRight, EffectMoves::kNone, EffectMakes::kSpawns, &EffectDef::stype},
    // A copy of s1, of a type that exists already.
    {EffectKind::kCloneSprite, EffectMoves::kNone, EffectMakes::kSpawns},
    {EffectKind::kTransformTo, EffectMoves::kNone, EffectMakes::kTransforms, &EffectDef::stype},
    {EffectKind::kTransformToAll, EffectMoves::kNone, EffectMakes::kTransforms,
     &EffectDef::stype_to},
    {EffectKind::kTransformIfCount, EffectMoves::kNone, EffectMakes::kTransforms, &EffectDef::stype,
     &EffectDef::estype},
    {EffectKind::kTransformToSingleton, EffectMoves::kNone, EffectMakes::kTransforms,
     &EffectDef::stype, &EffectDef::stype_other},
    {EffectKind::kTransformToRandomChild, EffectMoves::kNone, EffectMakes::kTransformsToChild,
     &EffectDef::stype},
    // The spawn point s2 makes `stype` from then on.
    {EffectKind::kUpdateSpawnType, EffectMoves::kNone, EffectMakes::kSpawns, &EffectDef::stype},
    {EffectKind::kSpawnIfCounterSubTypes, EffectMoves::kNone, EffectMakes::kSpawns,
     &EffectDef::stype, &EffectDef::estype},
    // Resources and health.
    {EffectKind::kCollectResource, EffectMoves::kNone},
    {EffectKind::kCollectResourceIfHeld, EffectMoves::kNone},
    {EffectKind::kChangeResource, EffectMoves::kNone},
    {EffectKind::kAddHealthPoints, EffectMoves::kNone},
    {EffectKind::kAddHealthPointsToMax, EffectMoves::kNone},
    // Bookkeeping: a shield for this tick, a timer for later (its delegate is judged where it
    // runs).
    {EffectKind::kShieldFrom, EffectMoves::kNone},
    {EffectKind::kAddTimer, EffectMoves::kNone},
}};

constexpr const EffectTraits& TraitsOf(EffectKind kind) {
  return kEffectTraits[static_cast<size_t>(kind)];
}

static_assert(RowsInEnumOrder(kEffectTraits, &EffectTraits::kind),
              "one row per EffectKind, in enum order");

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
