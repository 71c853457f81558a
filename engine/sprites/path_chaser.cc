// PathChaser, PathAltChaser and RandomPathAltChaser (spec §6, §6.1, §15.20): chasers that
// follow the path finder's cached paths.
//
// PathAltChaser keeps chasing its last target until its own rect contains the target's rect.
// GVGAI holds the target as an object reference, which keeps its last rect after the target
// leaves the game (pacman's ghosts head for the spot where the avatar turned powered). The
// state keeps that reference as State::ChaseMemory: the target's id and slot while it lives,
// and the rect it had when it was removed.
#include <algorithm>
#include <cassert>
#include <optional>
#include <vector>

#include "engine/path_finder.h"
#include "engine/physics/physics.h"
#include "engine/sprites/families.h"
#include "engine/sprites/sprite_util.h"

namespace vgdl {

namespace {

// GVGAI's game.getPath(own position, target position).get(0).comingFrom.
std::optional<Vec2> FirstPathStep(const State& state, const Rect& from, const Rect& to) {
  const PathFinder* finder = state.path_finder();
  if (finder == nullptr || state.block_size() <= 0) return std::nullopt;
  const int block = state.block_size();
  return finder->FirstStep(PathFinder::CellOfPixel(from.x, from.y, block),
                           PathFinder::CellOfPixel(to.x, to.y, block));
}

State::ChaseMemory& MemoryOf(State& state, int32_t chaser_id) {
  auto& memory = state.chase_memory();
  const auto it = std::find_if(memory.begin(), memory.end(), [&](const State::ChaseMemory& m) {
    return m.chaser_id == chaser_id;
  });
  if (it != memory.end()) return *it;
  State::ChaseMemory fresh;
  fresh.chaser_id = chaser_id;
  memory.push_back(fresh);
  return memory.back();
}

// The remembered target's rect: its current one while it lives; once it has left the game,
// the one it had then (State::ForgetKilledSprites clears the slot at its removal).
Rect RememberedRect(const State& state, const State::ChaseMemory& m) {
  if (m.target_slot == kNoSprite) return m.target_rect;
  assert(state.sprite(m.target_slot).id == m.target_id);
  return state.sprite(m.target_slot).rect;
}

// The first step toward `target`; when its cell has no path, toward where the last target
// was when a path was last found (GVGAI's lastKnownTargetPosition, which it updates whenever
// it does not fall back to it).
std::optional<Vec2> PathTowards(const State& state, const Rect& me, const Rect& target,
                                State::ChaseMemory& m) {
  const auto step = FirstPathStep(state, me, target);
  if (!step && m.has_last_known) {
    const Rect last_known{m.last_known_x, m.last_known_y, target.w, target.h};
    return FirstPathStep(state, me, last_known);
  }
  m.has_last_known = true;
  m.last_known_x = target.x;
  m.last_known_y = target.y;
  return step;
}

void Remember(const State& state, State::ChaseMemory& m, SpriteRef target) {
  m.target_id = state.sprite(target).id;
  m.target_slot = target;
  m.target_rect = state.sprite(target).rect;
  m.has_rect = true;
}

}  // namespace

void UpdatePathChaser(State& state, SpriteRef s) {
  thread_local std::vector<SpriteRef> targets;
  UpdatePassive(state, s);
  const SpriteDef& d = state.def_of(s);
  ChaserClosestTargets(state, s, d.stype, targets);
  Vec2 move = dir::kNone;
  Sprite& sp = state.sprite(s);
  if (!targets.empty()) {
    const auto step = FirstPathStep(state, sp.rect, state.sprite(targets.front()).rect);
    if (step) move = *step;
    sp.counter = d.cons;  // a chase resets the run of repeated random moves
  } else {
    move = RandomNpcMove(state, sp, d);
  }
  ActiveMovement(state, s, move, sp.speed);
}

void UpdatePathAltChaser(State& state, SpriteRef s) {
  thread_local std::vector<SpriteRef> targets;
  UpdatePassive(state, s);
  const SpriteDef& d = state.def_of(s);
  State::ChaseMemory& m = MemoryOf(state, state.sprite(s).id);
  std::optional<Rect> target;
  if (m.has_rect) target = RememberedRect(state, m);
  if (!target || state.sprite(s).rect.contains(*target)) {
    AlternateClosestTargets(state, s, d.random_target, targets);
    // With no sprite to chase GVGAI keeps its old target for the next update but moves at
    // random now.
    target.reset();
    if (!targets.empty()) {
      Remember(state, m, targets.front());
      target = m.target_rect;
    }
  }
  Vec2 move = dir::kNone;
  if (target) {
    // No path (or no path finder): stand still.
    const auto step = PathTowards(state, state.sprite(s).rect, *target, m);
    if (step) move = *step;
  } else {
    move = ChooseMoveOrRandom(state, {});
  }
  ActiveMovement(state, s, move, state.sprite(s).speed);
}

void UpdateRandomPathAltChaser(State& state, SpriteRef s) {
  // The epsilon roll is drawn on every update, before anything else.
  if (state.rng().NextDouble() < state.def_of(s).epsilon) {
    UpdatePassive(state, s);
    const Vec2 move = dir::kBase[RandomBaseDirIndex(state.rng())];
    ActiveMovement(state, s, move, state.sprite(s).speed);
    return;
  }
  UpdatePathAltChaser(state, s);
}

}  // namespace vgdl
