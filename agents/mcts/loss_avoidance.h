// Loss Avoidance, LA (Soemers 2016 §4.1.2).
//
// When a play-out step (not a selection step) ends the game in a loss, that loss is not backed
// up. Instead the action sequence from the root to the losing node's parent is played again
// on a new copy of the root state (the framework has no undo); from the state s'_{T-1} so
// reached, every other action is tried once, and the best evaluation among the losing node's
// siblings (the loss itself included) is backed up through its node, as if it were the
// play-out's result. If the replay ends the game early (possible in a stochastic game), that
// state's evaluation is backed up from where it ended, without a new LA process. The other
// siblings get their evaluation with the weight 1/n in their own node only, as MaastCTS2 does
// (the thesis says nothing of them). Siblings that had no node get one while the pool has room.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "agents/common/action_list.h"
#include "agents/common/budget.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/mcts/tree.h"

namespace vgdl {

class LossAvoidance {
 public:
  // Where to back up from, and what.
  struct Backup {
    int32_t node = kNoNode;
    double value = 0.0;
  };
  using Evaluator = std::function<double(const State&)>;

  // Reserves the action-path buffer (at Init, for trees up to `max_depth` deep).
  void Reserve(int max_depth);

  // The LA process for a play-out loss at tree node `losing_node` (whose evaluation was
  // `loss_value`), from the root state `root`. Without room in the budget, or on a path too
  // deep for the buffer, the loss itself is backed up.
  Backup Avoid(const State& root, const ActionList& actions, int32_t losing_node, double loss_value,
               Tree& tree, Budget& budget, AgentRandom& rng, const Evaluator& evaluate);

  int64_t processes() const { return processes_; }

 private:
  // The action indices from the root to `node`'s parent, root first; false if too deep.
  bool CollectPath(const Tree& tree, int32_t node);
  // The best sibling of `losing_node` from the replayed state `pre_loss`.
  Backup BestSibling(const ActionList& actions, int32_t losing_node, double loss_value, Tree& tree,
                     Budget& budget, AgentRandom& rng, const Evaluator& evaluate);

  std::vector<int8_t> path_;
  SimState replay_;
  SimState sibling_;
  int64_t processes_ = 0;
};

}  // namespace vgdl
