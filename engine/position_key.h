// An exact key of a game position, for searches that must not merge two positions whose
// futures differ (`vgdl solve`'s proofs of shortest solutions and of unwinnable levels).
//
// StateHash and SameGameState (engine/observation.h) compare what an agent can influence and
// leave out what a tick can still read: a sprite's lastrect (stepBack returns to it), its
// cooldown count, timers, the generator, the chasers' memories. A PositionKey is the byte
// string of everything a later tick reads, so that equal keys mean equal futures; a search
// stores the whole key, never only its hash, so that a hash collision cannot merge two
// positions either.
#pragma once

#include <string>
#include <vector>

#include "engine/state.h"

namespace vgdl {

// How the keys of one level are made, decided once from its game and its initial state.
struct PositionKeyPlan {
  // The tick is part of the key when a rule reads the clock (a Timeout termination, a timer,
  // a spawn point's phase, WizardAvatar's cast delay). Otherwise it is left out: two positions
  // that differ only in their tick then have the same future, shifted in time, except that the
  // earlier one has more ticks left before GVGAI's 2000-tick end, so a breadth-first search
  // may keep only the first it reaches.
  bool with_tick = false;
  // What reads the clock, for the search's report; empty when nothing does.
  std::string clock_reader;
  // False when part of the position lies where this key cannot see it (State's private
  // bookkeeping that only some games use); `inexact_reason` says which. A search must then not
  // merge positions at all.
  bool exact = true;
  std::string inexact_reason;
  // Each type's sprites as the initial state encodes them: a list that is still as it was at
  // the start (the floor, the walls a rule could change but has not) is written as one byte,
  // which keeps the keys of a puzzle level to its moving parts.
  std::vector<std::string> initial_lists;
};

// The plan for positions reached from `initial`.
PositionKeyPlan PlanPositionKeys(const State& initial);

// Appends the key of `state` to `key`. `state` is not changed; it is taken as non-const only
// because State offers its timers and chase memories through non-const accessors.
void AppendPositionKey(State& state, const PositionKeyPlan& plan, std::string* key);

// The sprite count below which GVGAI's sprite limit (State::kMaxSprites) cannot refuse a
// creation within the next tick whatever the State's private count of repeated kills is:
// beyond it, two positions with the same key may differ in what the limit lets them create.
inline constexpr int kPositionKeyMaxSprites = State::kMaxSprites / 2;

}  // namespace vgdl
