// Chaser, Fleeing and LOSChaser (spec §6, §15.27): greedy steps toward (away from) the closest
// sprites of a type, judged by 1-pixel probes and blind to walls.
#include <cstdint>
#include <limits>
#include <vector>

#include "engine/physics/physics.h"
#include "engine/sprites/families.h"
#include "engine/sprites/sprite_util.h"
#include "engine/sprites/update.h"

namespace vgdl {

namespace {

// Keeps the candidates at minimal distance, ties in iteration order.
struct ClosestCollector {
  const State& state;
  const SpriteDef& def;
  Rect from;
  std::vector<SpriteRef>& targets;
  double best = std::numeric_limits<double>::max();

  void Consider(SpriteRef r) {
    const double dist = PhysicsDistance(def, from, state.sprite(r).rect);
    if (dist < best) {
      best = dist;
      targets.clear();
      targets.push_back(r);
    } else if (dist == best) {
      targets.push_back(r);
    }
  }
};

// GVGAI's getSpriteGroup(stype), or getSubSpritesGroup(stype) when that group is empty.
template <typename Fn>
void ForEachChaseCandidate(const State& state, TypeId stype, Fn&& fn) {
  if (state.count_of(stype) > 0) {
    for (const SpriteRef r : state.sprites_of(stype)) fn(r);
    return;
  }
  for (const TypeId st : state.type_def(stype).subtypes) {
    for (const SpriteRef r : state.sprites_of(st)) fn(r);
  }
}

// LOSChaser sees along the row or column of its last random move, in that move's direction.
bool InLineOfSight(int prev_dir, const Rect& me, const Rect& other) {
  const Vec2 d = dir::kBase[prev_dir];
  if (d == dir::kDown) return other.x == me.x && other.y >= me.y;
  if (d == dir::kUp) return other.x == me.x && other.y <= me.y;
  if (d == dir::kLeft) return other.x <= me.x && other.y == me.y;
  return other.x >= me.x && other.y == me.y;
}

void LosClosestTargets(const State& state, SpriteRef self, TypeId stype,
                       std::vector<SpriteRef>& targets) {
  targets.clear();
  const Sprite& me = state.sprite(self);
  // Before its first random move the LOSChaser looks nowhere (GVGAI breaks out of the loop).
  if (!IsValidType(state, stype) || me.prev_dir < 0) return;
  ClosestCollector closest{state, state.def_of(self), me.rect, targets};
  ForEachChaseCandidate(state, stype, [&](SpriteRef r) {
    if (InLineOfSight(me.prev_dir, me.rect, state.sprite(r).rect)) closest.Consider(r);
  });
}

// Chaser.maxDistance is a Java float: compare against the float's exact value.
bool BeyondMaxDistance(const State& state, const SpriteDef& d, const Rect& me, SpriteRef target) {
  const auto max_distance = static_cast<double>(static_cast<float>(d.max_distance));
  if (max_distance == -1.0) return false;
  return PhysicsDistance(d, me, state.sprite(target).rect) > max_distance;
}

// Where the chaser's candidate lists live between updates: reused, so that updates allocate
// nothing.
struct ChaseScratch {
  std::vector<SpriteRef> targets;
  std::vector<Vec2> moves;
};

ChaseScratch& ThreadChaseScratch() {
  thread_local ChaseScratch scratch;
  return scratch;
}

// GVGAI's movesToward taken literally, for positions far from the origin: a probe against the
// int range's end does not move, and a Euclidean distance of a huge offset can round a
// one-pixel change away.
[[gnu::noinline]] int MovesTowardFar(const SpriteDef& d, const Rect& me, const Rect& other,
                                     bool fleeing, Vec2 (&moves)[4]) {
  const double dist = PhysicsDistance(d, me, other);
  int n = 0;
  for (const Vec2 u : dir::kBase) {
    // GVGAI's probe is r.translate((int) u.x, (int) u.y): it stops at the int range's ends.
    const Rect probe = me.translated(static_cast<int32_t>(u.x), static_cast<int32_t>(u.y));
    const double probe_dist = PhysicsDistance(d, probe, other);
    if (fleeing ? dist < probe_dist : dist > probe_dist) moves[n++] = u;
  }
  return n;
}

// Whether v is within 2^24 of 0, where MovesToward's sign rule holds.
constexpr bool NearOrigin(int32_t v) {
  return static_cast<uint32_t>(v) + (uint32_t{1} << 24) <= (uint32_t{1} << 25);
}

// The base directions whose 1-pixel probe brings `me` strictly closer to (fleeing: farther
// from) `other`, in dir::kBase's order (up, left, down, right); returns how many.
//
// GVGAI compares the physics distance before and after each probe. On integer positions both
// distances (Manhattan on the grid, Euclidean otherwise) shrink exactly when the probe goes
// toward the target's coordinate on that axis, and grow otherwise: |v - 1| < |v| and
// (v - 1)^2 < v^2 both hold exactly when v >= 1, and the square roots of integers this small
// keep their order. So the sign of the offset decides, while every coordinate is within 2^24
// of 0 (squared offsets up to 2^51 stay exact integers, the probe cannot reach the int range's
// ends); MovesTowardFar does GVGAI's comparisons otherwise.
[[gnu::always_inline]] inline int MovesToward(const SpriteDef& d, const Rect& me, const Rect& other,
                                              bool fleeing, Vec2 (&moves)[4]) {
  if (!(NearOrigin(me.x) && NearOrigin(me.y) && NearOrigin(other.x) && NearOrigin(other.y)))
      [[unlikely]] {
    return MovesTowardFar(d, me, other, fleeing, moves);
  }
  const int64_t dx = static_cast<int64_t>(me.x) - other.x;
  const int64_t dy = static_cast<int64_t>(me.y) - other.y;
  // Fleeing wants a strictly larger distance: every probe that does not bring it closer.
  // Each direction is written and kept by advancing the count: where the target lies is a coin
  // toss to the branch predictor.
  int n = 0;
  moves[n] = dir::kUp;
  n += static_cast<int>((dy > 0) != fleeing);
  moves[n] = dir::kLeft;
  n += static_cast<int>((dx > 0) != fleeing);
  moves[n] = dir::kDown;
  n += static_cast<int>((dy < 0) != fleeing);
  moves[n] = dir::kRight;  // n <= 3 here
  n += static_cast<int>((dx < 0) != fleeing);
  return n;
}

// The sole candidate target of a Chaser or Fleeing whose stype has exactly one sprite (the
// avatar, mostly), which is then the closest whatever its distance; kNoSprite otherwise.
SpriteRef SoleTarget(const State& state, const SpriteDef& d) {
  if (d.cls == SpriteClass::kLOSChaser || !IsValidType(state, d.stype)) return kNoSprite;
  if (state.count_of(d.stype) != 1) return kNoSprite;
  return state.sprites_of(d.stype)[0];
}

// Chaser.movesToward over several closest targets; duplicates across targets weight the draw,
// as in GVGAI.
Vec2 MoveTowardClosest(State& state, SpriteRef s, const SpriteDef& d, ChaseScratch& scratch) {
  std::vector<SpriteRef>& targets = scratch.targets;
  std::vector<Vec2>& moves = scratch.moves;
  if (d.cls == SpriteClass::kLOSChaser) {
    LosClosestTargets(state, s, d.stype, targets);
  } else {
    ChaserClosestTargets(state, s, d.stype, targets);
  }
  moves.clear();
  const bool fleeing = d.cls == SpriteClass::kFleeing;
  const Rect me = state.sprite(s).rect;
  for (const SpriteRef t : targets) {
    if (!BeyondMaxDistance(state, d, me, t)) AppendMovesToward(state, s, t, fleeing, moves);
  }
  Sprite& sp = state.sprite(s);
  return moves.empty()
             ? RandomNpcMove(state, sp, d)
             : moves[static_cast<size_t>(state.rng().NextInt(static_cast<int32_t>(moves.size())))];
}

// The update of chaser s, whose type is d (Chaser, Fleeing or LOSChaser).
void UpdateChaser(State& state, SpriteRef s, const SpriteDef& d, ChaseScratch& scratch) {
  Sprite& sp = state.sprite(s);
  UpdatePassive(state, sp, d);
  const SpriteRef sole = SoleTarget(state, d);
  if (sole == kNoSprite) {
    ActiveMovement(state, sp, d, MoveTowardClosest(state, s, d, scratch), sp.speed);
    return;
  }
  // The same draw as MoveTowardClosest's with one target, without its lists.
  Vec2 moves[4];
  const int n =
      BeyondMaxDistance(state, d, sp.rect, sole)
          ? 0
          : MovesToward(d, sp.rect, state.sprite(sole).rect, d.cls == SpriteClass::kFleeing, moves);
  const Vec2 move = n == 0 ? RandomNpcMove(state, sp, d) : moves[state.rng().NextInt(n)];
  ActiveMovement(state, sp, d, move, sp.speed);
}

}  // namespace

void ChaserClosestTargets(const State& state, SpriteRef self, TypeId stype,
                          std::vector<SpriteRef>& targets) {
  targets.clear();
  if (!IsValidType(state, stype)) return;
  // One candidate (the avatar, mostly) is the closest whatever its distance.
  if (state.count_of(stype) == 1) {
    targets.push_back(state.sprites_of(stype)[0]);
    return;
  }
  ClosestCollector closest{state, state.def_of(self), state.sprite(self).rect, targets};
  ForEachChaseCandidate(state, stype, [&](SpriteRef r) { closest.Consider(r); });
}

void AppendMovesToward(const State& state, SpriteRef self, SpriteRef target, bool fleeing,
                       std::vector<Vec2>& moves) {
  Vec2 found[4];
  const int n = MovesToward(state.def_of(self), state.sprite(self).rect, state.sprite(target).rect,
                            fleeing, found);
  moves.insert(moves.end(), found, found + n);
}

void UpdateChaser(State& state, SpriteRef s) {
  UpdateChaser(state, s, state.def_of(s), ThreadChaseScratch());
}

void UpdateChasers(State& state, TypeId t) {
  const SpriteDef& d = state.type_def(t);
  ChaseScratch& scratch = ThreadChaseScratch();
  ForEachUpdatedSprite(state, t, [&](SpriteRef s, Sprite&) { UpdateChaser(state, s, d, scratch); });
}

}  // namespace vgdl
