// GVGAI's sprite classes (spec §6, §7, class_defaults.txt): each class's Java parent, its
// public fields, the defaults its constructor loads and the part of postProcess that does not
// depend on other sprites.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "vgdl/enum_table.h"
#include "vgdl/field_setters.h"
#include "vgdl/game_def.h"

namespace vgdl::lang {

using SpriteField = Field<SpriteDef>;

// Where a class's parameters name the types its sprites create.
enum class SpriteMakes : uint8_t {
  kNothing,
  kStype,           // SpriteDef::stype
  kStypeOrOwnType,  // SpriteDef::stype, else the sprite's own type (Spreader)
  kStypes,          // SpriteDef::stypes
  kSpawnBehind,     // SpriteDef::spawn_behind
};

// What the engine's tick, its static analysis and the linter need to know of a class, one row
// per class in SpriteClass order. The first two columns are different facts and disagree on
// six classes: Flicker, OrientedFlicker, SpawnPoint and SpawnPointMultiSprite have an update of
// their own that leaves the sprite in place; Missile and ErraticMissile have none, but exist to
// fly.
struct SpriteClassTraits {
  SpriteClass cls;
  // GVGAI runs VGDLSprite.update alone (passive movement, timeToLive): the class adds nothing
  // to it (engine/sprites/update.cc gives these classes the base update).
  bool base_update_only;
  // The static analysis may count the class's sprites as never moving, once passive movement
  // cannot move them (engine/static_types.cc): the class's update moves them by no other
  // means. Classes made to move are left out although passive movement is their only motion
  // (Missile, ErraticMissile, Bomber), and so is Spreader, whose update spreads copies.
  bool stands_still;
  // The types a live sprite of the class creates by itself, named by its parameters (the
  // linter's reach, vgdl/lint.cc).
  SpriteMakes makes = SpriteMakes::kNothing;
  // The parameter GVGAI's constructor dereferences unconditionally: without it the sprite is
  // never created (vgdl/sprite_set.cc). Empty: none.
  std::string_view required_param = {};
};

inline constexpr std::array<SpriteClassTraits, kSpriteClassCount> kSpriteClassTraits = {{
    {SpriteClass::kImmovable, true, true},
    {SpriteClass::kDoor, true, true},
    {SpriteClass::kConveyor, true, true},
    {SpriteClass::kPassive, true, true},
    {SpriteClass::kResource, true, true},
    {SpriteClass::kResourcePack, true, true},
    {SpriteClass::kFlicker, false, true},          // ages, and dies at `limit`
    {SpriteClass::kOrientedFlicker, false, true},  // as Flicker
    {SpriteClass::kSpreader, false, false, SpriteMakes::kStypeOrOwnType},
    {SpriteClass::kMissile, true, false},  // flies by passive movement
    {SpriteClass::kRandomMissile, false, false},
    {SpriteClass::kErraticMissile, true, false},  // as Missile
    {SpriteClass::kWalker, false, false},
    {SpriteClass::kWalkerJumper, false, false},
    {SpriteClass::kRandomNPC, false, false},
    {SpriteClass::kRandomInertial, false, false},
    {SpriteClass::kChaser, false, false, SpriteMakes::kNothing, "stype"},
    {SpriteClass::kFleeing, false, false, SpriteMakes::kNothing, "stype"},
    {SpriteClass::kLOSChaser, false, false, SpriteMakes::kNothing, "stype"},
    {SpriteClass::kAlternateChaser, false, false, SpriteMakes::kNothing, "stype1"},
    {SpriteClass::kRandomAltChaser, false, false, SpriteMakes::kNothing, "stype1"},
    {SpriteClass::kPathChaser, false, false, SpriteMakes::kNothing, "stype"},
    {SpriteClass::kPathAltChaser, false, false, SpriteMakes::kNothing, "stype1"},
    {SpriteClass::kRandomPathAltChaser, false, false, SpriteMakes::kNothing, "stype1"},
    {SpriteClass::kSpriteProducer, true, true},
    {SpriteClass::kSpawnPoint, false, true, SpriteMakes::kStype},  // spawns in place
    {SpriteClass::kBomber, false, false, SpriteMakes::kStype},     // SpawnPoint's update, flying
    {SpriteClass::kRandomBomber, false, false, SpriteMakes::kStype},
    {SpriteClass::kBomberRandomMissile, false, false, SpriteMakes::kStypes},
    {SpriteClass::kSpawnPointMultiSprite, false, true, SpriteMakes::kStypes},  // as SpawnPoint
    {SpriteClass::kPortal, true, true, SpriteMakes::kNothing, "stype"},
    // Avatars: updated apart, at the start of the tick (spec §7.1).
    {SpriteClass::kMovingAvatar, false, false},
    {SpriteClass::kHorizontalAvatar, false, false},
    {SpriteClass::kVerticalAvatar, false, false},
    {SpriteClass::kNullAvatar, false, false},
    {SpriteClass::kFlakAvatar, false, false, SpriteMakes::kStype, "stype"},
    {SpriteClass::kOrientedAvatar, false, false},
    {SpriteClass::kShootAvatar, false, false, SpriteMakes::kStypes, "stype"},
    {SpriteClass::kOngoingAvatar, false, false},
    {SpriteClass::kOngoingShootAvatar, false, false, SpriteMakes::kStypes, "stype"},
    {SpriteClass::kOngoingTurningAvatar, false, false, SpriteMakes::kSpawnBehind},
    {SpriteClass::kMissileAvatar, false, false},
    {SpriteClass::kShootOnlyAvatar, false, false, SpriteMakes::kStypes, "stype"},
    {SpriteClass::kAimedAvatar, false, false, SpriteMakes::kStypes, "stype"},
    {SpriteClass::kSpaceshipAvatar, false, false, SpriteMakes::kStypes, "stype"},
    {SpriteClass::kLanderAvatar, false, false},
    {SpriteClass::kCarAvatar, false, false},
    {SpriteClass::kBirdAvatar, false, false},
    {SpriteClass::kPlatformerAvatar, false, false},
    {SpriteClass::kWizardAvatar, false, false, SpriteMakes::kStypes, "stype"},
}};

constexpr const SpriteClassTraits& TraitsOf(SpriteClass cls) {
  return kSpriteClassTraits[static_cast<size_t>(cls)];
}

static_assert(RowsInEnumOrder(kSpriteClassTraits, &SpriteClassTraits::cls),
              "one row per SpriteClass, in enum order");

// Every public field of a `cls` object (its own and inherited ones, VGDLSprite's included),
// or nullptr when GVGAI would log "Unknown field".
const SpriteField* FindSpriteField(SpriteClass cls, std::string_view name);
std::vector<std::string_view> SpriteFieldNames(SpriteClass cls);

// The class chain from VGDLSprite's first subclass down to `cls`.
std::vector<SpriteClass> SpriteClassChain(SpriteClass cls);

// The constructor's loadDefaults() chain and field initialisers, applied to `def`.
void ApplySpriteClassDefaults(SpriteClass cls, SpriteDef& def);

// postProcess(): orientation implies is_oriented, maxHealthPoints, the cooldown floor, and
// the classes whose stochastic flag depends on parameters.
void PostProcessSprite(SpriteClass cls, SpriteDef& def);

// Every registered class name, for suggestions.
std::vector<std::string_view> SpriteClassNames();

}  // namespace vgdl::lang
