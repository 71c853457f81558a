// SpawnPoint, Bomber, RandomBomber, BomberRandomMissile and SpawnPointMultiSprite (spec §6,
// §15.25): sprites that create other sprites on their own position.
#include <algorithm>
#include <cmath>

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

// What a spawn point's update reads of its type, taken once per type: games like whackamole
// have dozens of spawn points, each rolling its die on every tick.
struct SpawnRule {
  SpawnRule(const State& state, const SpriteDef& d)
      : def(d),
        cooldown(std::max(1, d.cooldown)),
        prob(d.prob),
        total(d.total),
        base_update(state.passive_movement_can_move(d.id) || d.time_to_live > -1) {}
  const SpriteDef& def;
  int cooldown;
  double prob;
  int total;         // products after which the spawner dies; 0: unlimited
  bool base_update;  // whether BaseUpdate can do anything
};

// Whether spawner `sp` may spawn on this update: its phase counts from the tick of its first
// update, and it spawns when (start + tick) is a multiple of the cooldown.
[[gnu::always_inline]] inline bool SpawnDue(Sprite& sp, const SpawnRule& rule, int tick) {
  if (sp.start == -1) sp.start = tick;
  return rule.cooldown == 1 || (sp.start + tick) % rule.cooldown == 0;
}

// The shared SpawnPoint update of spawner s, with spawn() creating its products; `tick` and
// `rng` are the state's, passed in so that a loop over many spawners reads them once.
template <class Spawn>
[[gnu::always_inline]] inline void SpawnAndUpdate(State& state, SpriteRef s, const SpawnRule& rule,
                                                  int tick, JavaRandom& rng, const Spawn& spawn) {
  Sprite& sp = state.sprite(s);
  const bool due = SpawnDue(sp, rule, tick);
  // The die is rolled on every update, due or not (§15.25).
  const float roll = rng.NextFloat();
  const bool spawns = due && static_cast<double>(roll) < rule.prob;
  if (spawns) spawn();
  // Creating a sprite may move the pool: the spawner is read again after one.
  Sprite& after = spawns ? state.sprite(s) : sp;
  if (rule.base_update) BaseUpdate(state, s, after, rule.def);
  if (rule.total > 0 && after.counter >= rule.total) state.KillSprite(s, false);
}

// The draws of Java's next(24) for which NextFloat() < prob: next(24) / 2^24 < prob exactly
// when next(24) < ceil(prob * 2^24), a product without rounding.
int32_t RollsBelow(double prob) {
  constexpr double kDraws = 1 << 24;
  const double scaled = std::ceil(prob * kDraws);
  if (!(scaled > 0)) return 0;
  return scaled > kDraws ? static_cast<int32_t>(kDraws) : static_cast<int32_t>(scaled);
}

// The spawn points of a type whose update is only the die and the spawn (no base update, no
// total, no PreMovement): the dice are drawn ahead (JavaRandom::Ahead), and a spawn, rare,
// hands the generator back while it creates the product, in case creating it draws.
void RollSpawnPoints(State& state, TypeId t, const SpawnRule& rule) {
  const int32_t below = RollsBelow(rule.prob);
  const int tick = state.tick();
  JavaRandom& rng = state.rng();
  JavaRandom::Ahead dice(rng);
  ForEachUpdatedSprite(state, t, [&](SpriteRef s, Sprite& sp) {
    const bool due = SpawnDue(sp, rule, tick);
    if (dice.Next24() >= below || !due) return;
    dice.Finish(rng);
    SpawnOne(state, s, sp.spawn_type);
    dice = JavaRandom::Ahead(rng);
  });
  dice.Finish(rng);
}

}  // namespace

void UpdateSpawnPoint(State& state, SpriteRef s) {
  const TypeId product = state.sprite(s).spawn_type;
  SpawnAndUpdate(state, s, SpawnRule(state, state.def_of(s)), state.tick(), state.rng(),
                 [&] { SpawnOne(state, s, product); });
}

void UpdateSpawnPoints(State& state, TypeId t) {
  const SpawnRule rule(state, state.type_def(t));
  if (!rule.base_update && rule.total == 0 && !state.needs_pre_movement(t)) {
    RollSpawnPoints(state, t, rule);
    return;
  }
  const int tick = state.tick();
  JavaRandom& rng = state.rng();
  ForEachUpdatedSprite(state, t, [&](SpriteRef s, Sprite& sp) {
    const TypeId product = sp.spawn_type;
    SpawnAndUpdate(state, s, rule, tick, rng, [&] { SpawnOne(state, s, product); });
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
  SpawnAndUpdate(state, s, SpawnRule(state, d), state.tick(), state.rng(), [&] {
    for (const TypeId product : d.stypes) SpawnOne(state, s, product);
  });
}

}  // namespace vgdl
