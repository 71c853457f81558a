// UCT reverse penalty (Frydenberg, Andersen, Risi and Togelius 2015, §V-D "Reversal Penalty"):
// a slight penalty on the UCT value of children that lead the avatar back to a recently
// visited level tile, against the back-and-forth oscillation of the sample MCTS agent. "A list
// of the five most recently visited positions is kept for every node, and the penalty is 0.05;
// when a node represents a state where the avatar position is one of the five most recent,
// its UCT value is multiplied by 0.95."
//
// What the paper leaves open, and the choices made here (docs/agents.md, "UCT reverse
// penalty"):
//   - Positions are grid cells: AvatarCell (action_statistics.h), the paper's "level tile".
//   - Whose positions a node remembers: the avatar's trajectory that reached it, newest last:
//     the node's own position and those of up to four ancestors, continued above the root by
//     the positions the avatar had in the real game at the last ticks. The penalty exists for
//     the real game's oscillation, which a list filled by the search alone could not see: each
//     search starts a fresh tree whose root has no past.
//   - When they are recorded, and what "visited" means in an open-loop tree: a node is visited
//     whenever a simulation reaches it (selection or play-out); then its list becomes its
//     parent's list with the avatar's cell in this simulation appended (the oldest dropped).
//     A node's list is thus that of its most recent visit; the root's is the real history,
//     recorded once per search.
//   - "The child's position": the avatar's cell at the child in the child's most recent visit
//     (the newest entry of its list; open loop, the child's state is not known before its
//     action is simulated again). A child never visited, and a position kNoCell (no avatar),
//     get no penalty.
//   - The parent's own cell is among its recent positions, so a child that leaves the avatar
//     where it is (NIL, USE, a blocked move) is penalised too: the "recently visited tile" is
//     the one it stands on.
//   - "Multiplied by 0.95" for a UCT value >= 0 (normalised Q makes it so); a negative value
//     (possible with unnormalised terms) is multiplied by 1.05, so the penalty always lowers it.
//
// Memory: the lists live in a NodeTable (node_table.h), faulted in by Prefault at Init. Nodes
// are appended in index order; entries from the last recorded index on are emptied when first
// recorded, so that a node created but never reached (BFTI's children) has an empty list.
#pragma once

#include <array>
#include <cstdint>

#include "agents/mcts/node_table.h"
#include "engine/state.h"

namespace vgdl {

// §V-D: "a list of the five most recently visited positions".
inline constexpr int kReversePenaltyPositions = 5;
// §V-D: "its UCT value is multiplied by 0.95" (a penalty of 0.05).
inline constexpr double kReversePenaltyFactor = 0.95;

// The last positions of a trajectory, oldest first once full: a fixed ring of cells.
struct RecentPositions {
  std::array<int32_t, kReversePenaltyPositions> cells;
  int8_t count = 0;  // entries in use (<= kReversePenaltyPositions)
  int8_t next = 0;   // the slot the next position goes into

  void Push(int32_t cell);
  bool Contains(int32_t cell) const;
  // The most recent position; kNoCell when empty.
  int32_t Newest() const;
};

// Throws std::invalid_argument naming the valid range: (0, 1].
void ValidateReversePenaltyFactor(double factor);

// `uct_value` with the penalty: times `factor` when >= 0, times (2 - factor) below.
double ApplyReversePenalty(double uct_value, double factor);

class ReversePenalty {
 public:
  explicit ReversePenalty(double factor = kReversePenaltyFactor);

  double factor() const { return factor_; }

  // Reserves and faults in the lists for `max_nodes` nodes (Init, outside timed decisions).
  void Prefault(int32_t max_nodes) { lists_.Prefault(max_nodes); }
  // A new game: the real history is forgotten, and the tree with it.
  void Clear();
  // A fresh tree (Tree::Reset): no node has a list.
  void ResetTree() { known_ = 0; }
  // Tree reuse: node `from` becomes node `to` (to <= from), in increasing order of `to` from
  // the new root (to = 0, which starts a compaction), as Tree::KeepSubtree calls on_move; nodes
  // past the last `to` are then new (empty lists).
  void Move(int32_t from, int32_t to);

  // Before a search from `root` (node 0): the avatar's real cell joins the history, unless
  // this tick was recorded already (a search at Init continued by the first Act), and the
  // root's list becomes the history.
  void BeginSearch(const State& root);
  // A simulation reached `child` of `parent`, `state` being its state there: the child's list
  // becomes the parent's with the avatar's cell appended.
  void Record(int32_t parent, int32_t child, const State& state);

  // Whether `child`'s position (its newest) is among `parent`'s recent positions.
  bool Penalised(int32_t parent, int32_t child) const;
  // The UCT value of `child` of `parent` with the penalty where it applies.
  double Apply(double uct_value, int32_t parent, int32_t child) const {
    return Penalised(parent, child) ? ApplyReversePenalty(uct_value, factor_) : uct_value;
  }

  // The node's list (empty for a node never reached).
  RecentPositions List(int32_t node) const;
  const RecentPositions& history() const { return history_; }

 private:
  // Makes entries [known_, node] empty lists so that `node` may be written.
  void Reach(int32_t node);

  double factor_;
  NodeTable<RecentPositions> lists_;
  int32_t known_ = 0;               // nodes [0, known_) have lists in lists_
  int32_t known_before_moves_ = 0;  // known_ when the current compaction started
  RecentPositions history_;         // the real game's last cells, newest last
  int history_tick_ = -1;           // the tick whose cell history_ got last
};

}  // namespace vgdl
