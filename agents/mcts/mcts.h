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
// Hook points for the enhancements of Soemers' Chapter 4, which are to become options of this
// agent (`mcts:bfti,la,...`), each a marked step in mcts.cc:
//   PrepareRoot      Step 0: tree reuse (keep the subtree of the played action, decay it) and
//                    BFTI with safety prepruning (a 1-ply breadth-first initialisation).
//   SelectChild      Step 1: the selection value: progressive history, MixMax (deterministic
//                    game detection), novelty-based pruning (skip children marked not novel).
//   PlayOutAction    Step 2: the play-out policy: N-gram selection (NST).
//   OnPlayOutLoss    Step 2: loss avoidance (re-simulate and try the loss's siblings).
//   Evaluate         Step 3: knowledge-based evaluation.
//   Backup           Step 4: Sarsa-UCT(lambda) instead of Monte-Carlo averages.
//   FinalMove        Step 5: novelty-based pruning's filter of root children.
#pragma once

#include <cstdint>
#include <string>

#include "agents/agent.h"
#include "agents/common/action_list.h"
#include "agents/common/evaluation.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/mcts/tree.h"
#include "agents/registry.h"

namespace vgdl {

// What the depth limit counts.
enum class DepthRule : uint8_t {
  kTotal,    // "total": tree depth + play-out steps (GVGAI sample)
  kPlayOut,  // "playout": play-out steps after the selected node (Soemers)
};
// How many nodes an iteration adds.
enum class ExpansionRule : uint8_t {
  kOneNode,       // "one": the first play-out action's node (GVGAI sample)
  kWholePlayOut,  // "playout": a node for every play-out action (Soemers)
};
// Which root child is played.
enum class FinalMoveRule : uint8_t {
  kMostVisited,     // "visits" (GVGAI sample)
  kHighestAverage,  // "average" (Soemers)
};
// The bounds that normalise mean values for UCB1.
enum class NormalisationRule : uint8_t {
  kParentNode,  // "node": values backed up through the parent (GVGAI sample)
  kGame,        // "game": every value seen in the game so far (Soemers Eq. 3.2)
};

struct MctsOptions {
  double c = 0.6;  // UCB1 exploration constant
  int depth = 10;  // depth limit, counted as `depth_rule` says
  DepthRule depth_rule = DepthRule::kPlayOut;
  ExpansionRule expansion = ExpansionRule::kWholePlayOut;
  FinalMoveRule final_move = FinalMoveRule::kHighestAverage;
  NormalisationRule normalisation = NormalisationRule::kGame;
  bool init_search = true;  // search during Init and keep the tree for the first Act
  int32_t max_nodes = Tree::kDefaultMaxNodes;

  // GVGAI's sampleMCTS: C = sqrt(2), depth 10 from the root, one node per iteration,
  // most-visited action, no initialisation search.
  static MctsOptions SampleMcts();
  // Soemers 2016 Table 5.1: C = 0.6, play-out depth 10 after selection, a node for every
  // play-out action, searches during initialisation, highest average.
  static MctsOptions Soemers();
};

class MctsAgent : public Agent {
 public:
  MctsAgent(std::string name, const MctsOptions& options, uint64_t seed);

  void Init(const State& observation, Budget& budget) override;
  Action Act(const State& observation, Budget& budget) override;
  AgentStats LastStats() const override { return stats_; }
  std::string Name() const override { return name_; }

  const MctsOptions& options() const { return options_; }
  const Tree& tree() const { return tree_; }

 private:
  void PrepareRoot(const State& root);
  void Search(const State& root, Budget& budget);
  void RunIteration(const State& root, Budget& budget);
  int SelectChild(int32_t node);
  int PlayOutAction(int32_t leaf, bool growing);
  double Evaluate(const State& state);
  void Backup(int32_t leaf, double value);
  int FinalMove();
  int MostVisitedChild();
  int HighestAverageChild();
  double NormalisedMean(int32_t parent, int32_t child) const;

  std::string name_;
  MctsOptions options_;
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

AgentSpec SampleMctsSpec();
AgentSpec MctsSpec();

}  // namespace vgdl
