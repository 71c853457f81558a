// The enhanced MCTS of the hybrid agent (Joppen et al. 2016, §3.2, Algorithm 2), for games the
// heuristic search cannot handle: open-loop UCT (nodes stand for action sequences from the root,
// re-simulated every iteration, as stochastic games need) with
//   - informed priors (lines 2, 11): an unvisited action's UCT value is its prior (target
//     selection, §5: 1 if it brings the avatar closer to the target, 0.5 if level, 0 if
//     further) as if visited once, until the first value is propagated through it;
//   - informed rollouts (line 12): epsilon-greedy (epsilon = 0.2) towards the target; the
//     first rollout of each tick is greedy (epsilon = 0) "to directly verify the computed path";
//     random without a target;
//   - backtracking (lines 13-18): when the rollout ends in a loss at (s, a, s'), up to four
//     alternative actions, drawn at random from A(s) without those tried, are simulated from s,
//     and the first non-losing state (or the last one tried) is evaluated;
//   - early cut-off at the maximal rollout depth, evaluated by
//       H_MCTS(s) = phi_outcome(s) + w_s * sum r - w_d * d(o_c) - w_t * phi_t(s)        (Eq. 3.2)
//   - pre-pruning by the knowledge base in the tree (line 7, §6; pruning.h), and only the
//     pruning of moves off the playing area in rollouts;
//   - the most visited root action is played (line 21).
// Every simulated transition is given to the knowledge base.
//
// Choices where the paper is silent (docs/agents.md, "Hybrid agent"):
//   - UCB1 with c = sqrt(2) (Kocsis and Szepesvari, whom §2.3 cites); the mean values are
//     normalised by the least and greatest value propagated in this tick. The tree is built
//     afresh every tick (the paper mentions no reuse).
//   - The pruning mask of a node is computed from the first state that reaches it and kept
//     (open loop: later states may differ); the root's also uses the danger heatmap.
//   - The maximal rollout depth is 10 steps after the tree phase; phi_outcome is +-100 (so
//     that the distance and step terms still tell non-terminal states apart after the
//     normalisation); w_s = 1, w_d = 0.1 (d(o_c) capped at the number of cells), w_t = 0.01.
//   - Backtracking applies to a loss on a rollout step only; a loss on a tree edge (the rollout
//     had no step yet) is propagated, as the alternative's state would be credited to the
//     losing edge's node.
//   - Without any visited root action (no budget), the greedy target action is played, or the
//     first action that is not pruned.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "agents/agent.h"
#include "agents/common/action_list.h"
#include "agents/common/budget.h"
#include "agents/common/evaluation.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/hybrid/knowledge_base.h"
#include "agents/hybrid/pruning.h"
#include "agents/hybrid/target_selection.h"
#include "agents/mcts/node_table.h"
#include "agents/mcts/tree.h"
#include "engine/state.h"

namespace vgdl {

struct EnhancedMctsOptions {
  double c = 1.4142135623730951;  // UCB1
  int depth = 10;                 // maximal rollout depth
  double epsilon = 0.2;           // rollout exploration
  int backtrack = 4;              // alternatives tried after a rollout's loss
  double wo = 100.0;              // phi_outcome: +wo for a win, -wo for a loss
  double ws = 1.0;                // score weight of Eq. 3.2
  double wd = 0.1;                // target-distance weight
  double wt = 0.01;               // step weight
  bool informed = true;           // priors and rollouts from the target heuristic
  bool pre_prune = true;          // §6 pre-pruning in the tree
  int32_t max_nodes = 1 << 17;
};

// Throws std::invalid_argument naming the valid ranges.
void ValidateEnhancedMctsOptions(const EnhancedMctsOptions& options);

class EnhancedMcts {
 public:
  struct Stats {
    int64_t iterations = 0;
    int64_t losses_propagated = 0;    // iterations whose evaluated state was a loss
    int64_t backtracks = 0;           // alternative actions simulated after a loss
    int64_t rollout_losses = 0;       // rollouts whose last step lost the game
    int64_t rollout_losses_kept = 0;  // ... and still a loss after backtracking
  };

  explicit EnhancedMcts(const EnhancedMctsOptions& options = {});

  // Faults the tree and its tables in (for the agent's Init).
  void Init(const State& first, AgentRandom& rng);
  // Algorithm 2 from `root` while `budget` has room; returns the action to play. `targets`
  // must have been updated for `root`, and `heat` be the root's danger heatmap.
  Action Search(const State& root, Budget& budget, KnowledgeBase& kb, const TargetSelector& targets,
                const std::vector<double>& heat, AgentRandom& rng);

  const Stats& stats() const { return stats_; }
  const Tree& tree() const { return tree_; }
  const EnhancedMctsOptions& options() const { return options_; }
  // H_MCTS (Eq. 3.2) of `s`, `steps` steps below the root of score `root_score`.
  double Evaluate(const State& s, int steps, double root_score, const KnowledgeBase& kb,
                  const TargetSelector& targets) const;

 private:
  struct NodeInfo {
    std::array<float, kMaxSearchActions> prior;
    ActionMask allowed;
  };

  void InitNode(int32_t node, const State& s, const KnowledgeBase& kb,
                const TargetSelector& targets, const std::vector<double>* heat);
  int SelectAction(int32_t node, AgentRandom& rng) const;
  int RolloutAction(const State& s, const KnowledgeBase& kb, const TargetSelector& targets,
                    double epsilon, ActionMask excluded, AgentRandom& rng) const;
  // One step within the budget, observed by the knowledge base: prev_ gets the state before.
  bool Step(State& s, int a, Budget& budget, KnowledgeBase& kb, AgentRandom& rng);
  void Iterate(const State& root, Budget& budget, KnowledgeBase& kb, const TargetSelector& targets,
               AgentRandom& rng, bool greedy);
  void Backup(double value);

  EnhancedMctsOptions options_;
  Tree tree_;
  NodeTable<NodeInfo> info_;
  ActionList actions_;
  SimState sim_, prev_;
  std::vector<int32_t> path_;
  ValueBounds bounds_;
  double root_score_ = 0.0;
  Stats stats_;
};

}  // namespace vgdl
