// The options of the MCTS agents: the baseline's rules (GVGAI's sample and Soemers' baseline
// differ only in these) and the enhancements of Soemers 2016, Chapter 4, each an option that
// is off unless named (`mcts:bfti,la,nbp,ph,nst,tr,kbe,dgd`), with the thesis's parameters
// as defaults. The presets name the thesis's configurations: `maastcts` is "Enh. (No TDTS)"
// of Table 5.10 and `maastcts-td` is "Enh. TD(0.8)".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "agents/common/agent_spec.h"
#include "agents/mcts/deterministic_detection.h"
#include "agents/mcts/sarsa_uct.h"
#include "agents/mcts/tree.h"

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

  // §4.1.1 Breadth-first tree initialisation with safety prepruning: M states per root action.
  bool bfti = false;
  int bfti_samples = 3;
  bool bfti_on_reused_root = true;  // false: Table 5.11's "No TR-BFTI"
  // §4.1.2 Loss avoidance.
  bool loss_avoidance = false;
  // §4.1.3 Novelty-based pruning, threshold 1.
  bool novelty_pruning = false;
  // §4.2.1 Progressive history, weight W.
  bool progressive_history = false;
  double ph_weight = 1.0;
  // §4.2.2 N-gram selection technique: epsilon-greedy play-outs over N-grams up to
  // `nst_max_n`, an N-gram of N > 1 counted after `nst_min_visits` occurrences.
  bool ngram_selection = false;
  double nst_epsilon = 0.5;
  int nst_min_visits = 7;
  int nst_max_n = 3;
  // Move Decay of the action statistics (PH and NST) after every move (MaastCTS2: 0.6; the
  // thesis gives no value).
  double action_decay = 0.6;
  // §4.2.3 Tree reuse with decay gamma (Figure 5.4; MaastCTS2's 0.6).
  bool tree_reuse = false;
  double tree_reuse_gamma = 0.6;
  // §4.2.4 Knowledge-based evaluations; `kbe_always` is Table 5.11's "Always KBE".
  bool knowledge_evaluation = false;
  bool kbe_always = false;
  // §4.2.5 Deterministic game detection; MixMax with alpha in deterministic games.
  bool deterministic_detection = false;
  DeterminismOptions determinism;
  double dgd_mixmax_alpha = 0.25;
  // §4.2.6 Sarsa-UCT(lambda) backups, variants of §5.2.8 (gamma = 1, as in the thesis).
  bool sarsa = false;
  SarsaOptions sarsa_options;

  // Frydenberg et al. 2015 (seed 004): §V-A MixMax in every game with Q; §V-B macro actions
  // of k ticks, `macro_commit` playing the whole macro; §V-C partial expansion with a
  // first-play-urgency value; §V-D the UCT reverse penalty.
  bool mixmax = false;
  double mixmax_q = 0.1;
  bool macro = false;
  int macro_k = 3;
  bool macro_commit = false;
  bool partial_expansion = false;
  double fpu = 1.0;
  bool reverse_penalty = false;
  double reverse_penalty_factor = 0.95;
  // Gudmundsson and Björnsson (seed 002): the sufficiency threshold (Eq. 2) and moving-average
  // returns (Eq. 3-4), in games that deterministic game detection classifies deterministic,
  // or in every game with `gb_always`.
  bool sufficiency_threshold = false;
  double st_alpha = 0.6;
  bool moving_average = false;
  int ma_m = 30;
  double ma_lambda = 0.05;
  bool gb_always = false;

  // GVGAI's sampleMCTS: C = sqrt(2), depth 10 from the root, one node per iteration,
  // most-visited action, no initialisation search.
  static MctsOptions SampleMcts();
  // Soemers 2016 Table 5.1: C = 0.6, play-out depth 10 after selection, a node for every
  // play-out action, searches during initialisation, highest average.
  static MctsOptions Soemers();
  // "Enh. (No TDTS)" of Table 5.10: every enhancement but Sarsa-UCT.
  static MctsOptions MaastCts();
  // "Enh. TD(0.8)" of Table 5.10: every enhancement with Sarsa-UCT(0.8) (variant TD).
  static MctsOptions MaastCtsTd();
  // Frydenberg et al. §VIII, the best overall: the reverse penalty with MixMax.
  static MctsOptions Frydenberg();
  // Gudmundsson and Björnsson: the sufficiency threshold and moving-average returns in games
  // classified deterministic.
  static MctsOptions GudmundssonBjornsson();
};

// The option table of an MCTS agent whose defaults are `defaults`, and the reverse: options
// read back from a spec, each checked against its range (std::invalid_argument naming it).
std::vector<AgentOption> MctsOptionSpecs(const MctsOptions& defaults);
MctsOptions ReadMctsOptions(const AgentOptions& options);

}  // namespace vgdl
