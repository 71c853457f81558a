#include "engine/sprites/update.h"

#include <array>

#include "engine/sprites/families.h"
#include "engine/sprites/sprite_util.h"
#include "vgdl/sprite_catalog.h"

namespace vgdl {

namespace {

// The classes GVGAI updates with VGDLSprite.update alone (vgdl/sprite_catalog.h).
constexpr bool RunsOnlyBaseUpdate(SpriteClass c) {
  return lang::TraitsOf(c).base_update_only;
}

}  // namespace

bool UpdateIsBookkeepingOnly(const SpriteDef& d, bool passive_moves) {
  return RunsOnlyBaseUpdate(d.cls) && !passive_moves && d.time_to_live <= -1;
}

namespace {

// What the tick does with a class's sprites: the update of one sprite, and optionally a loop
// over all sprites of a type that reads the type once (for the families that games have by
// the dozen).
struct ClassUpdate {
  void (*sprite)(State&, SpriteRef) = nullptr;
  void (*type)(State&, TypeId) = nullptr;
};

void BaseUpdateOfType(State& state, TypeId t) {
  const SpriteDef& d = state.type_def(t);
  ForEachUpdatedSprite(state, t, [&](SpriteRef s, Sprite& sp) { BaseUpdate(state, s, sp, d); });
}

void UpdateOne(State& state, SpriteRef s) {
  BaseUpdate(state, s);
}

constexpr ClassUpdate ClassUpdateOf(SpriteClass c) {
  if (RunsOnlyBaseUpdate(c)) return {UpdateOne, BaseUpdateOfType};
  switch (c) {
    case SpriteClass::kFlicker:
    case SpriteClass::kOrientedFlicker:
      return {UpdateFlicker, UpdateFlickers};
    case SpriteClass::kSpreader:
      return {UpdateSpreader};
    case SpriteClass::kRandomMissile:
      return {UpdateRandomMissile};
    case SpriteClass::kWalker:
      return {UpdateWalker};
    case SpriteClass::kWalkerJumper:
      return {UpdateWalkerJumper};
    case SpriteClass::kRandomNPC:
    case SpriteClass::kRandomInertial:
      return {UpdateRandomNpc, UpdateRandomNpcs};
    case SpriteClass::kChaser:
    case SpriteClass::kFleeing:
    case SpriteClass::kLOSChaser:
      return {UpdateChaser, UpdateChasers};
    case SpriteClass::kAlternateChaser:
      return {UpdateAlternateChaser};
    case SpriteClass::kRandomAltChaser:
      return {UpdateRandomAltChaser};
    case SpriteClass::kPathChaser:
      return {UpdatePathChaser};
    case SpriteClass::kPathAltChaser:
      return {UpdatePathAltChaser};
    case SpriteClass::kRandomPathAltChaser:
      return {UpdateRandomPathAltChaser};
    case SpriteClass::kSpawnPoint:
    case SpriteClass::kBomber:
      return {UpdateSpawnPoint, UpdateSpawnPoints};
    case SpriteClass::kRandomBomber:
      return {UpdateRandomBomber};
    case SpriteClass::kBomberRandomMissile:
      return {UpdateBomberRandomMissile};
    case SpriteClass::kSpawnPointMultiSprite:
      return {UpdateSpawnPointMultiSprite};
    default:
      // Avatars move only in UpdateAvatar at the start of the tick (§7.1).
      return {};
  }
}

// ClassUpdateOf for every class, looked up once per type and tick.
constexpr auto kClassUpdates = [] {
  std::array<ClassUpdate, kSpriteClassCount> table{};
  for (int c = 0; c < kSpriteClassCount; ++c) {
    table[static_cast<size_t>(c)] = ClassUpdateOf(static_cast<SpriteClass>(c));
  }
  return table;
}();

// Every class with an update of its own has it here, and avatars are updated apart.
constexpr bool EveryOwnUpdateDispatched() {
  for (int c = 0; c < kSpriteClassCount; ++c) {
    const auto cls = static_cast<SpriteClass>(c);
    if (!IsAvatarClass(cls) && !RunsOnlyBaseUpdate(cls) &&
        kClassUpdates[static_cast<size_t>(c)].sprite == nullptr) {
      return false;
    }
  }
  return true;
}
static_assert(EveryOwnUpdateDispatched());

ClassUpdate UpdateOf(SpriteClass c) {
  return kClassUpdates[static_cast<size_t>(c)];
}

}  // namespace

void UpdateSpritesOfType(State& state, TypeId t) {
  const ClassUpdate update = UpdateOf(state.type_def(t).cls);
  if (update.type != nullptr) {
    update.type(state, t);
    return;
  }
  ForEachUpdatedSprite(state, t, [&](SpriteRef s, Sprite&) {
    if (update.sprite != nullptr) update.sprite(state, s);
  });
}

void UpdateSprite(State& state, SpriteRef s) {
  const ClassUpdate update = UpdateOf(state.def_of(s).cls);
  if (update.sprite != nullptr) update.sprite(state, s);
}

}  // namespace vgdl
