// Open-loop Monte-Carlo Tree Search: `sample-mcts` (GVGAI's sample agent) and `mcts` (the
// baseline of Soemers 2016), one implementation whose options are the differences between them.
//
// Algorithm (Soemers 2016, Alg. 3.1; GVGAI sampleMCTS). The tree stores action sequences, not
// states: every iteration copies the root state (with a fresh random stream, as GVGAI's copy
// does) and re-simulates the actions from the root.
//   Step 1. Selection: from the root, while the node has a child for every action (and, with
//           depth=total, lies above the depth limit), pick the child maximising UCB1
//             Q(child) + c * sqrt(ln(n(node) + 1) / (n(child) + eps))
//           with Q the child's mean value normalised into [0, 1] (Soemers Eq. 3.2, 3.3), and
//           simulate its action. Ties are broken by GVGAI's epsilon noise.
//   Step 2. Expansion and play-out: the first play-out action is a random action the node has
//           no child for; later ones are uniformly random. expand=one adds a node for the first
//           action only (GVGAI); expand=playout adds one for every play-out action (Soemers
//           §3.2.3). The play-out stops at game over or at the depth limit: depth=total counts
//           the tree depth as well (GVGAI: 10 ticks from the root); depth=playout counts the
//           play-out alone (Soemers: 10 ticks after the selected node).
//   Step 3. Evaluation: X(s) = score, plus 1e7 on a win, minus 1e7 on a loss (Eq. 3.1).
//   Step 4. Backpropagation: every node of the iteration's path gets one visit and X(s).
//   Step 5. Final move: the most visited root child (GVGAI; the best mean when all counts are
//           equal), or the child with the highest mean (Soemers).
// Normalisation (norm=): GVGAI's sample uses the min and max of the values backed up through
// the parent node; Soemers uses the min and max of every X(s) seen so far in the game.
//
// Budget: one Budget::CountCall per forward-model Advance. A new iteration starts while the
// remaining time exceeds twice the average iteration time (GVGAI), or, with a call budget,
// while an average iteration's calls fit. Inside an iteration every Advance first asks the
// budget for room, so a call budget is never exceeded and a deadline cuts the last iteration
// short. Call-budget runs are reproducible bit for bit (the agent's random generator is seeded
// by the factory only). init_search=true also searches
// during the 1 s initialisation and keeps that tree for the first decision (Soemers Table 5.1).
//
// The enhancements of Soemers' Chapter 4 are options (mcts_options.h), each in a file of its
// own named for it, and each enters the loop at one step of mcts.cc:
//   PrepareRoot      Step 0: tree reuse (tree_reuse.h; decay), BFTI with safety
//                    prepruning (breadth_first_init.h).
//   SelectChild      Step 1: the selection value and which children may be selected.
//   PlayOutStep      Step 2: a play-out loss starts loss avoidance (loss_avoidance.h).
//   Evaluate         Step 3.
//   Backup           Step 4.
//   FinalMove        Step 5: BFTI's pruned root actions are never played.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/common/action_list.h"
#include "agents/common/agent_spec.h"
#include "agents/common/evaluation.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/mcts/action_statistics.h"
#include "agents/mcts/breadth_first_init.h"
#include "agents/mcts/knowledge_evaluation.h"
#include "agents/mcts/loss_avoidance.h"
#include "agents/mcts/macro_actions.h"
#include "agents/mcts/mcts_options.h"
#include "agents/mcts/moving_average.h"
#include "agents/mcts/ngram_selection.h"
#include "agents/mcts/novelty_pruning.h"
#include "agents/mcts/partial_expansion.h"
#include "agents/mcts/progressive_history.h"
#include "agents/mcts/reverse_penalty.h"
#include "agents/mcts/sarsa_uct.h"
#include "agents/mcts/sufficiency_threshold.h"
#include "agents/mcts/tree.h"
#include "agents/mcts/tree_reuse.h"

namespace vgdl {

class MctsAgent : public Agent {
 public:
  MctsAgent(std::string name, const MctsOptions& options, uint64_t seed);

  void Init(const State& observation, Budget& budget) override;
  Action Act(const State& observation, Budget& budget) override;
  AgentStats LastStats() const override { return stats_; }
  std::string Name() const override { return name_; }

  const MctsOptions& options() const { return options_; }
  const Tree& tree() const { return tree_; }
  // Whether deterministic game detection classified the game as deterministic at Init.
  bool deterministic() const { return deterministic_; }
  // Sarsa-UCT's values (meaningful with td != off).
  const SarsaUct& sarsa() const { return sarsa_; }

 private:
  void PrepareRoot(const State& root, Budget& budget);
  // Tree reuse: the subtree of the action played last becomes the tree; false if there is
  // none to keep (then the tree starts afresh).
  bool ReuseTree(const State& root);
  void Search(const State& root, Budget& budget);
  void RunIteration(const State& root, Budget& budget);
  // Step 1 from the root: returns the node reached, and whether the budget still had room.
  bool Select(const State& root, State& state, Budget& budget, int32_t& node);
  // Step 2's loss avoidance: a play-out step that lost the game at `node`.
  void BackupAvoidingLoss(const State& root, int32_t node, double loss_value, Budget& budget);
  bool Selectable(int32_t node, int a) const;
  // §4.1.3: the first time a simulation reaches the fully expanded `node` (its state `state`),
  // each child's state is generated and the children are tested for novelty. False when the
  // budget had no room for every child (the node stays untested).
  bool TestNovelty(int32_t node, const State& state, Budget& budget);
  // BFTI's pruned root actions as a bit set.
  uint32_t PrunedRootActions() const;
  void ResetTree();
  // One forward-model step of a simulation within the budget (SimulateStepWithin), which the
  // knowledge base learns from; false when the budget had no room.
  bool Step(State& state, int a, Budget& budget);
  // The node pool and the enhancements' tables for the game of `observation`.
  void ReserveMemory(const State& observation);
  // The iteration's path: the node reached by each step and X of its state.
  void ExtendPath(int32_t node, double value);
  // The Q term of UCB1 for `child` of `parent`: the normalised mean, or MixMax of mean and
  // maximum in a deterministic game (DGD), the mean being Sarsa's V + X(parent state) with
  // temporal-difference backups.
  double SelectionQ(int32_t parent, int32_t child, double parent_state_value) const;
  const ValueBounds& BoundsFor(int32_t parent) const;
  int HighestTdValueChild();
  // The selectable, visited root child maximising `value_of(node)` (ties broken by GVGAI's
  // noise), as an action index; -1 if there is none.
  template <typename ValueOf>
  int BestVisitedRootChild(const ValueOf& value_of);
  // `state`: the simulation's state at `node` (Sarsa's selection value needs its X, progressive
  // history the avatar's cell). `best_value`, if given, gets the chosen child's value before
  // the tie-breaking noise (partial expansion compares it with its first-play urgency).
  int SelectChild(int32_t node, const State& state, double* best_value = nullptr);
  // One tree edge: the action once, or macro_k times with macro actions (§V-B).
  bool StepEdge(State& state, int a, Budget& budget);
  // Whether Gudmundsson and Björnsson's methods apply in this game.
  bool UsesDeterministicMethods() const { return deterministic_ || options_.gb_always; }
  bool UsesMovingAverage() const { return options_.moving_average && UsesDeterministicMethods(); }
  // Whether selection goes on below `node` (fully expanded, or partial expansion prefers an
  // existing child); sets `a` to the child to take.
  bool Descends(int32_t node, const State& state, Budget& budget, int& a);
  double ExplorationConstant(int32_t node, double state_value) const;
  bool UsesActionStatistics() const {
    return options_.progressive_history || options_.ngram_selection;
  }
  int PlayOutAction(int32_t leaf, bool growing, const State& state);
  double Evaluate(const State& state);
  Node& ChildOf(int32_t node, int a) { return tree_.node(tree_.child(node, a)); }
  void Backup(int32_t leaf, double value);
  int FinalMove();
  int MostVisitedChild();
  int HighestAverageChild();

  std::string name_;
  MctsOptions options_;
  BreadthFirstInit bfti_;
  LossAvoidance loss_avoidance_;
  SarsaUct sarsa_;
  KnowledgeBasedEvaluation kbe_;
  NoveltyPruning novelty_;
  // The children's states generated for a novelty test, one per action; the simulation goes
  // on from the selected child's (§4.1.3, "Novelty Tests in Open-Loop MCTS").
  std::array<SimState, kMaxSearchActions> novelty_children_;
  bool novelty_children_valid_ = false;
  // Frydenberg et al. and Gudmundsson and Björnsson.
  ReversePenalty reverse_penalty_;
  MovingAverage moving_average_;
  MacroCommitment commitment_;
  // Progressive history and N-gram selection share the action statistics (§4.2.2).
  ActionStatistics action_stats_;
  SimulationTrace trace_;  // this iteration's actions, with the avatar's cell before each
  ProgressiveHistory progressive_history_;
  NGramSelection ngram_selection_;
  bool deterministic_ = false;  // DGD's verdict at Init
  bool memory_reserved_ = false;
  bool kbe_ready_ = false;  // kbe_ knows this game's level
  SimState dgd_a_, dgd_b_;
  std::vector<int32_t> path_nodes_;  // this iteration's nodes, root first
  std::vector<double> path_values_;  // X(s_t) of the state reached at path_nodes_[t]
  int last_action_ = -1;             // index of the action played last (tree reuse)
  int last_tick_ = -1;
  AgentRandom rng_;
  Tree tree_;
  ActionList actions_;
  SimState sim_;
  ValueBounds game_bounds_;  // every X(s) evaluated in this game (norm=game)
  // The tree grown during Init, kept if the first Act sees the same state.
  bool has_init_tree_ = false;
  int init_tick_ = -1;
  uint64_t init_hash_ = 0;
  AgentStats stats_;
};

template <typename ValueOf>
int MctsAgent::BestVisitedRootChild(const ValueOf& value_of) {
  int best = -1;
  double best_value = std::numeric_limits<double>::lowest();
  for (int a = 0; a < tree_.num_actions(); ++a) {
    if (!Selectable(Tree::root(), a)) continue;
    const int32_t child = tree_.child(Tree::root(), a);
    if (tree_.node(child).visits <= 0.0) continue;
    const double value = TieBreakNoise(value_of(child), kTieEpsilon, rng_.NextDouble());
    if (value > best_value) {
      best_value = value;
      best = a;
    }
  }
  return best;
}

AgentSpec SampleMctsSpec();
AgentSpec MctsSpec();
AgentSpec MaastCtsSpec();
AgentSpec MaastCtsTdSpec();
AgentSpec MctsFrydenbergSpec();
AgentSpec MctsGudmundssonBjornssonSpec();

}  // namespace vgdl
