// AlternateChaser and RandomAltChaser (spec §6, §15.19).
//
// GVGAI's AlternateChaser parses its flee list from `stype1` and counts both lists as
// "chasing", so it never flees: while any sprite of the stype1 types exists it chases the
// closest sprites of one of those types, otherwise it moves at random. `stype2` is ignored.
// GVGAI picks that type with an unseeded `new Random()`; here the game's generator draws it,
// and only when stype1 lists more than one type (every corpus game lists one), so the seeded
// stream stays GVGAI's.
#include <limits>
#include <vector>

#include "engine/physics/physics.h"
#include "engine/sprites/families.h"
#include "engine/sprites/sprite_util.h"

namespace vgdl {

namespace {

// The type to chase this update, or kNoType when none of the stype1 types has a sprite.
TypeId ChosenTargetType(State& state, const SpriteDef& d) {
  int chased = 0;
  for (const TypeId t : d.stypes) {
    if (IsValidType(state, t)) chased += state.count_with_subtypes(t);
  }
  if (chased == 0) return kNoType;
  const auto n = static_cast<int32_t>(d.stypes.size());
  const int32_t pick = n > 1 ? state.rng().NextInt(n) : 0;
  const TypeId t = d.stypes[static_cast<size_t>(pick)];
  return IsValidType(state, t) ? t : kNoType;
}

// GVGAI's getSubSpritesGroup: the type's own sprites, then those of every type of its subtype
// set, which contains the type itself, so its own sprites come twice.
template <typename Fn>
void ForEachSubSprite(const State& state, TypeId t, Fn&& fn) {
  for (const SpriteRef r : state.sprites_of(t)) fn(r);
  for (const TypeId st : state.type_def(t).subtypes) {
    for (const SpriteRef r : state.sprites_of(st)) fn(r);
  }
}

}  // namespace

void AlternateClosestTargets(State& state, SpriteRef self, bool random_target,
                             std::vector<SpriteRef>& targets) {
  targets.clear();
  const SpriteDef& d = state.def_of(self);
  const TypeId t = ChosenTargetType(state, d);
  if (t == kNoType) return;  // GVGAI's randomTarget would throw here; no target instead.
  if (random_target) {
    ForEachSubSprite(state, t, [&](SpriteRef r) { targets.push_back(r); });
    if (targets.empty()) return;
    const SpriteRef pick =
        targets[static_cast<size_t>(state.rng().NextInt(static_cast<int32_t>(targets.size())))];
    targets.assign(1, pick);
    return;
  }
  const Rect me = state.sprite(self).rect;
  double best = std::numeric_limits<double>::max();
  ForEachSubSprite(state, t, [&](SpriteRef r) {
    const double dist = PhysicsDistance(d, me, state.sprite(r).rect);
    if (dist < best) {
      best = dist;
      targets.assign(1, r);
    } else if (dist == best) {
      targets.push_back(r);
    }
  });
}

Vec2 ChooseMoveOrRandom(State& state, std::span<const Vec2> moves) {
  if (moves.empty()) return dir::kBase[RandomBaseDirIndex(state.rng())];
  return moves[static_cast<size_t>(state.rng().NextInt(static_cast<int32_t>(moves.size())))];
}

void UpdateAlternateChaser(State& state, SpriteRef s) {
  thread_local std::vector<SpriteRef> targets;
  thread_local std::vector<Vec2> moves;
  UpdatePassive(state, s);
  AlternateClosestTargets(state, s, /*random_target=*/false, targets);
  moves.clear();
  for (const SpriteRef t : targets) AppendMovesToward(state, s, t, /*fleeing=*/false, moves);
  const Vec2 move = ChooseMoveOrRandom(state, moves);
  ActiveMovement(state, s, move, state.sprite(s).speed);
}

void UpdateRandomAltChaser(State& state, SpriteRef s) {
  // The epsilon roll is drawn on every update, before anything else.
  if (state.rng().NextDouble() < state.def_of(s).epsilon) {
    UpdatePassive(state, s);
    const Vec2 move = dir::kBase[RandomBaseDirIndex(state.rng())];
    ActiveMovement(state, s, move, state.sprite(s).speed);
    return;
  }
  UpdateAlternateChaser(state, s);
}

}  // namespace vgdl
