// SpawnPoint, Bomber, RandomBomber, BomberRandomMissile and SpawnPointMultiSprite (spec §6,
// §15.25): sprites that create other sprites on their own position.
#include <algorithm>
#include <span>

#include "engine/physics/physics.h"
#include "engine/sprites/families.h"
#include "engine/sprites/sprite_util.h"
#include "engine/sprites/update.h"

namespace vgdl {

namespace {

// Creates one product on the spawner's position; returns whether it was created. A product
// takes the spawn orientation if one is set, else the spawner's when it has none of its own.
bool SpawnOne(State& state, SpriteRef s, TypeId product) {
  const Rect at = state.sprite(s).rect;
  const SpriteRef made = state.AddSprite(product, at.x, at.y);
  if (made == kNoSprite) return false;
  const Sprite& spawner = state.sprite(s);
  Sprite& child = state.sprite(made);
  const Vec2 spawn_orientation = state.def_of(s).spawn_orientation;
  if (!(spawn_orientation == dir::kNone)) {
    child.orientation = spawn_orientation;
  } else if (child.orientation == dir::kNone) {
    child.orientation = spawner.orientation;
  }
  ++state.sprite(s).counter;
  return true;
}

// The shared SpawnPoint update for the given products; `d` is the spawner's type.
[[gnu::always_inline]] inline void SpawnAndUpdate(State& state, SpriteRef s, const SpriteDef& d,
                                                  std::span<const TypeId> products) {
  Sprite& sp = state.sprite(s);
  if (sp.start == -1) sp.start = state.tick();
  // The die is rolled on every update, due or not (§15.25).
  const float roll = state.rng().NextFloat();
  const bool due = (sp.start + state.tick()) % std::max(1, d.cooldown) == 0;
  if (due && static_cast<double>(roll) < d.prob) {
    // Creating a sprite may move the pool: the spawner is read again after.
    for (const TypeId product : products) SpawnOne(state, s, product);
  }
  Sprite& after = state.sprite(s);
  BaseUpdate(state, s, after, d);
  if (d.total > 0 && after.counter >= d.total) state.KillSprite(s, false);
}

}  // namespace

void UpdateSpawnPoint(State& state, SpriteRef s) {
  const TypeId product = state.sprite(s).spawn_type;
  SpawnAndUpdate(state, s, state.def_of(s), std::span<const TypeId>(&product, 1));
}

void UpdateSpawnPoints(State& state, TypeId t) {
  const SpriteDef& d = state.type_def(t);
  ForEachUpdatedSprite(state, t, [&](SpriteRef s, Sprite& sp) {
    const TypeId product = sp.spawn_type;
    SpawnAndUpdate(state, s, d, std::span<const TypeId>(&product, 1));
  });
}

void UpdateRandomBomber(State& state, SpriteRef s) {
  const Vec2 move = dir::kBase[RandomBaseDirIndex(state.rng())];
  ActiveMovement(state, s, move, state.sprite(s).speed);
  UpdateSpawnPoint(state, s);
}

void UpdateBomberRandomMissile(State& state, SpriteRef s) {
  // Each update draws which missile the spawn (if due) will be.
  const size_t missiles = state.def_of(s).stypes.size();
  if (missiles > 0) {
    const int32_t pick = state.rng().NextInt(static_cast<int32_t>(missiles));
    state.sprite(s).spawn_type = state.missile_type(s, static_cast<size_t>(pick));
  }
  UpdateSpawnPoint(state, s);
}

void UpdateSpawnPointMultiSprite(State& state, SpriteRef s) {
  const SpriteDef& d = state.def_of(s);
  SpawnAndUpdate(state, s, d, d.stypes);
}

}  // namespace vgdl
