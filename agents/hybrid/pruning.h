// Pruning the search space (Joppen et al. 2016, §6).
//
// Pre-pruning predicts, from the knowledge base's approximate transition function, where each
// action takes the avatar and what it meets there, and drops
//   - moves equivalent to ACTION_NIL: the move is predicted to be blocked, or the avatar type is
//     out of the player's control (§4.2; then every move is assumed equivalent to NIL);
//   - moves that leave the playing area;
//   - actions predicted to lose: the destination holds an object whose collision loses (or a
//     deadly spawner, §4.5), or, given a danger heatmap, a dangerous object may reach it within
//     one step (the worst case in stochastic games). A destination holding a known portal (§4.2)
//     is replaced by the portal's exit. An oriented avatar that turns in place before it moves
//     is judged by a two-action look-ahead: it loses if danger may reach its own cell within
//     one step (the turn) or the destination within two (the move).
// When every action is pruned, the actions predicted to lose are kept ("expanded as evaluation
// for the chance-based estimate"). Post-pruning (heuristic search only) drops a state equal to
// one already seen: two independent 64-bit hashes over the fields of §6's hash (PositionKey),
// and SamePosition where the other state is at hand.
//
// Choices where the paper is silent (docs/agents.md, "Hybrid agent"):
//   - A move is NIL-equivalent only when the blocked prediction is certain
//     (CollisionPrediction::certainly_blocked): an object that blocked some moves and not
//     others with the same inventory (a box against a wall, and pushed in the open) is
//     predicted by majority vote, and pruning on a vote would cut the push a puzzle needs.
//   - An avatar's move goes one cell in its direction; ACTION_USE and ACTION_NIL are never
//     pruned as NIL-equivalent (USE's effect is not predicted), only as losing by the heatmap.
//   - Portals: the exit is the first visible object of the exit type (GVGAI picks one of
//     several at random); only the prediction of a loss uses it, not the NIL test or the
//     distances of target selection.
//   - §6's hash: avatar type, position and orientation, every visible sprite's type and
//     position, the avatar's resources, and also the score and the outcome (states of equal
//     positions but different scores are different results). Sprite ids are left out, as in
//     SameGameState (they differ between copies that reach one position by different paths);
//     the tick is left out, as in §6, so that a position reached later is a duplicate.
#pragma once

#include <cstdint>

#include "agents/common/action_list.h"
#include "agents/hybrid/knowledge_base.h"
#include "engine/state.h"

namespace vgdl {

// Bit i: action i of the list.
using ActionMask = uint32_t;

struct PrePruneResult {
  ActionMask allowed = 0;  // the actions to search
  ActionMask losing = 0;   // those predicted to lose (a subset of what was pruned)
  ActionMask vacant = 0;   // moves onto a cell that holds nothing but inert objects (a floor)
};

// §6's pre-pruning of `actions` in `state`. `heat` (one value per cell) adds the worst-case
// test of stochastic games; null leaves it out.
PrePruneResult PrePrune(const State& state, const ActionList& actions, const KnowledgeBase& kb,
                        const std::vector<double>* heat);

// Whether `action` would take the avatar of `state` off the playing area (the pruning of
// MCTS's rollouts).
bool LeavesPlayingArea(const State& state, Action action, const KnowledgeBase& kb);

// The cell a move takes the avatar to (its own cell for NIL and USE), or kNoCell off the area.
int32_t DestinationCell(const State& state, Action action, const KnowledgeBase& kb);

// §6's hash, twice: `hash` places a state in the duplicate table, `check` is a second hash of
// the same fields with other constants. Two states whose keys are equal are taken to be one
// position (about 2^-128 for a pair that differs), so that a duplicate is known without the
// other state at hand.
struct PositionKey {
  uint64_t hash = 0;
  uint64_t check = 0;
  bool operator==(const PositionKey&) const = default;
};
PositionKey PositionHash(const State& state);
// §6's hash of the *expected* next state (pre-pruning in heuristic search): `key` (the key of
// `state`) with the avatar moved one cell by `action`, all else as it is. The expectation
// holds for a move that MovePredictable allows onto a vacant cell (PrePruneResult::vacant)
// from a state whose last step changed only the avatar; a timer or spawner that fires on that
// very step is missed, as in the paper.
bool MovePredictable(const State& state, Action action);
PositionKey PredictedMoveKey(const PositionKey& key, const State& state, Action action,
                             const KnowledgeBase& kb);
// `key` without the avatar's share: equal for two states that differ only in the avatar.
PositionKey PositionKeyWithoutAvatar(const PositionKey& key, const State& state);
// Whether two states of one level are one position by §6's fields. Both leave out the level's
// frozen sprites, which no rule reaches: they are the same in every state of the level.
bool SamePosition(const State& a, const State& b);

}  // namespace vgdl
