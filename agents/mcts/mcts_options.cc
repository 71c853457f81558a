// The MCTS agents' options: defaults, presets, the table `vgdl agents` shows, and reading them
// back from a spec with range checks.
#include "agents/mcts/mcts_options.h"

#include <cmath>
#include <stdexcept>
#include <string_view>

#include "agents/common/options.h"

namespace vgdl {

MctsOptions MctsOptions::SampleMcts() {
  MctsOptions o;
  o.c = std::sqrt(2.0);
  o.depth = 10;
  o.depth_rule = DepthRule::kTotal;
  o.expansion = ExpansionRule::kOneNode;
  o.final_move = FinalMoveRule::kMostVisited;
  o.normalisation = NormalisationRule::kParentNode;
  o.init_search = false;
  return o;
}

MctsOptions MctsOptions::Soemers() {
  return MctsOptions{};
}

MctsOptions MctsOptions::MaastCts() {
  MctsOptions o;
  o.bfti = true;
  o.loss_avoidance = true;
  o.novelty_pruning = true;
  o.progressive_history = true;
  o.ngram_selection = true;
  o.tree_reuse = true;
  o.knowledge_evaluation = true;
  o.deterministic_detection = true;
  return o;
}

MctsOptions MctsOptions::MaastCtsTd() {
  MctsOptions o = MaastCts();
  o.sarsa = true;
  o.sarsa_options.variant = TdVariant::kTd;
  o.sarsa_options.lambda = 0.8;
  return o;
}

MctsOptions MctsOptions::Frydenberg() {
  MctsOptions o;
  o.reverse_penalty = true;
  o.mixmax = true;
  return o;
}

MctsOptions MctsOptions::GudmundssonBjornsson() {
  MctsOptions o;
  o.deterministic_detection = true;
  o.sufficiency_threshold = true;
  o.moving_average = true;
  return o;
}

namespace {

DepthRule ParseDepthRule(std::string_view s) {
  if (s == "total") return DepthRule::kTotal;
  if (s == "playout") return DepthRule::kPlayOut;
  throw std::invalid_argument("depth_rule must be 'total' or 'playout', not '" + std::string(s) +
                              "'");
}

ExpansionRule ParseExpansionRule(std::string_view s) {
  if (s == "one") return ExpansionRule::kOneNode;
  if (s == "playout") return ExpansionRule::kWholePlayOut;
  throw std::invalid_argument("expand must be 'one' or 'playout', not '" + std::string(s) + "'");
}

FinalMoveRule ParseFinalMoveRule(std::string_view s) {
  if (s == "visits") return FinalMoveRule::kMostVisited;
  if (s == "average") return FinalMoveRule::kHighestAverage;
  throw std::invalid_argument("final must be 'visits' or 'average', not '" + std::string(s) + "'");
}

NormalisationRule ParseNormalisationRule(std::string_view s) {
  if (s == "node") return NormalisationRule::kParentNode;
  if (s == "game") return NormalisationRule::kGame;
  throw std::invalid_argument("norm must be 'node' or 'game', not '" + std::string(s) + "'");
}

std::string RuleName(DepthRule r) {
  return r == DepthRule::kTotal ? "total" : "playout";
}
std::string RuleName(ExpansionRule r) {
  return r == ExpansionRule::kOneNode ? "one" : "playout";
}
std::string RuleName(FinalMoveRule r) {
  return r == FinalMoveRule::kMostVisited ? "visits" : "average";
}
std::string RuleName(NormalisationRule r) {
  return r == NormalisationRule::kParentNode ? "node" : "game";
}
// The "td" option: "off" or the name of a Sarsa-UCT variant.
std::string TdText(const MctsOptions& m) {
  return m.sarsa ? std::string(TdVariantName(m.sarsa_options.variant)) : "off";
}

std::string BoolText(bool b) {
  return b ? "true" : "false";
}

std::vector<AgentOption> BaselineOptionSpecs(const MctsOptions& d) {
  return {
      {"c", OptionType::kDouble, OptionNumberText(d.c), "UCB1 exploration constant, >= 0"},
      {"depth",
       OptionType::kInt,
       std::to_string(d.depth),
       "depth limit in ticks, counted as depth_rule says, in [0, 100000]",
       {0, 100000}},
      {"depth_rule",
       OptionType::kString,
       RuleName(d.depth_rule),
       "what the depth limit counts: 'total' (tree + play-out, GVGAI) or 'playout' "
       "(play-out after selection, Soemers)",
       {},
       {"total", "playout"}},
      {"expand",
       OptionType::kString,
       RuleName(d.expansion),
       "nodes added per iteration: 'one' (GVGAI) or 'playout' (one per play-out action, "
       "Soemers)",
       {},
       {"one", "playout"}},
      {"final",
       OptionType::kString,
       RuleName(d.final_move),
       "action played: 'visits' (most visited, GVGAI) or 'average' (highest mean, Soemers)",
       {},
       {"visits", "average"}},
      {"norm",
       OptionType::kString,
       RuleName(d.normalisation),
       "bounds normalising values for UCB1: 'node' (parent's, GVGAI) or 'game' (all values "
       "this game, Soemers)",
       {},
       {"node", "game"}},
      {"init_search", OptionType::kBool, BoolText(d.init_search),
       "search during the 1 s initialisation and keep the tree for the first action"},
      {"max_nodes",
       OptionType::kInt,
       std::to_string(d.max_nodes),
       "node pool cap (64 bytes per node), in [1, 2^30]; a full pool adds no nodes",
       {1, 1 << 30}},
  };
}

std::vector<AgentOption> EnhancementOptionSpecs(const MctsOptions& d) {
  return {
      {"bfti", OptionType::kBool, BoolText(d.bfti),
       "breadth-first tree initialisation with safety prepruning (Soemers §4.1.1)"},
      {"bfti_m",
       OptionType::kInt,
       std::to_string(d.bfti_samples),
       "BFTI: states generated per root action, in [1, 100] (§5.2.2: M = 3)",
       {1, 100}},
      {"tr_bfti", OptionType::kBool, BoolText(d.bfti_on_reused_root),
       "BFTI also on a root already expanded by tree reuse (§4.2.3; false is Table 5.11's "
       "'No TR-BFTI')"},
      {"la", OptionType::kBool, BoolText(d.loss_avoidance),
       "loss avoidance: a play-out loss backs up the best sibling instead (§4.1.2)"},
      {"nbp", OptionType::kBool, BoolText(d.novelty_pruning),
       "novelty-based pruning, threshold 1, soft (§4.1.3)"},
      {"ph", OptionType::kBool, BoolText(d.progressive_history),
       "progressive history per (action, avatar cell) in selection (§4.2.1, Eq. 4.1)"},
      {"ph_w",
       OptionType::kDouble,
       OptionNumberText(d.ph_weight),
       "progressive history weight W, in [0, 100] (§5.2.5: W = 1)",
       {0, 100}},
      {"nst", OptionType::kBool, BoolText(d.ngram_selection),
       "N-gram selection technique in play-outs (§4.2.2)"},
      {"nst_eps",
       OptionType::kDouble,
       OptionNumberText(d.nst_epsilon),
       "NST: probability of a random play-out action, in [0, 1] (§5.2.5: 0.5)",
       {0, 1}},
      {"nst_k",
       OptionType::kInt,
       std::to_string(d.nst_min_visits),
       "NST: occurrences before an N-gram of N > 1 counts, in [0, 1000000] (§5.2.5: 7)",
       {0, 1000000}},
      {"nst_n",
       OptionType::kInt,
       std::to_string(d.nst_max_n),
       "NST: longest N-gram, in [1, 3] (§5.2.5: 3)",
       {1, 3}},
      {"decay",
       OptionType::kDouble,
       OptionNumberText(d.action_decay),
       "Move Decay of PH and NST statistics after every move, in [0, 1] (§4.2.2; MaastCTS2's "
       "0.6)",
       {0, 1}},
      {"tr", OptionType::kBool, BoolText(d.tree_reuse),
       "tree reuse: keep the played action's subtree (§4.2.3), at most its " +
           std::to_string(Tree::kDefaultMaxKept) + " first-created nodes"},
      {"tr_gamma",
       OptionType::kDouble,
       OptionNumberText(d.tree_reuse_gamma),
       "tree reuse decay gamma, in [0, 1] (Figure 5.4; MaastCTS2's 0.6)",
       {0, 1}},
      {"kbe", OptionType::kBool, BoolText(d.knowledge_evaluation),
       "knowledge-based evaluations with A* distances (§4.2.4, Eq. 4.2)"},
      {"kbe_always", OptionType::kBool, BoolText(d.kbe_always),
       "KBE also when X(s_T) != X(s_0) (Table 5.11's 'Always KBE')"},
      {"dgd", OptionType::kBool, BoolText(d.deterministic_detection),
       "deterministic game detection at init: MixMax, no tree decay, kept novelty marks in "
       "deterministic games (§4.2.5)"},
      {"dgd_m",
       OptionType::kInt,
       std::to_string(d.determinism.sequences),
       "DGD: random action sequences, in [1, 1000] (MaastCTS2: 5)",
       {1, 1000}},
      {"dgd_n",
       OptionType::kInt,
       std::to_string(d.determinism.length),
       "DGD: actions per sequence, in [1, 1000] (MaastCTS2: 5)",
       {1, 1000}},
      {"dgd_r",
       OptionType::kInt,
       std::to_string(d.determinism.repeats),
       "DGD: plays of each sequence, in [2, 1000] (MaastCTS2: 3)",
       {2, 1000}},
      {"dgd_alpha",
       OptionType::kDouble,
       OptionNumberText(d.dgd_mixmax_alpha),
       "DGD: MixMax weight of the maximum, in [0, 1] (§4.2.5: 0.25)",
       {0, 1}},
      {"td",
       OptionType::kString,
       TdText(d),
       "Sarsa-UCT(lambda) backups: 'off', 'td', 'tdir' (intermediate rewards) or 'tdms' (V "
       "also for the final move) (§4.2.6, §5.2.8)",
       {},
       {"off", "td", "tdir", "tdms"}},
      {"lambda",
       OptionType::kDouble,
       OptionNumberText(d.sarsa_options.lambda),
       "Sarsa-UCT eligibility trace lambda, in [0, 1] (Table 5.10: 0.5 and 0.8)",
       {0, 1}},
      {"td_gamma",
       OptionType::kDouble,
       OptionNumberText(d.sarsa_options.gamma),
       "Sarsa-UCT discount gamma, in [0, 1] (§4.2.6: 1)",
       {0, 1}},
  };
}

std::vector<AgentOption> ModificationOptionSpecs(const MctsOptions& d) {
  return {
      {"mixmax", OptionType::kBool, BoolText(d.mixmax),
       "MixMax in every game: Q maxScore + (1 - Q) mean (Frydenberg et al. 2015 §V-A)"},
      {"mixmax_q",
       OptionType::kDouble,
       OptionNumberText(d.mixmax_q),
       "MixMax's Q, in [0, 1] (§V-A: 0.1)",
       {0, 1}},
      {"macro", OptionType::kBool, BoolText(d.macro),
       "macro actions: every tree edge repeats its action macro_k ticks (§V-B)"},
      {"macro_k",
       OptionType::kInt,
       std::to_string(d.macro_k),
       "ticks per macro action, in [1, 64] (§V-B: 3)",
       {1, 64}},
      {"macro_commit", OptionType::kBool, BoolText(d.macro_commit),
       "play the whole macro in the real game, deciding again macro_k ticks later"},
      {"pe", OptionType::kBool, BoolText(d.partial_expansion),
       "partial expansion: descend into an existing child before every child exists when its "
       "value beats fpu (§V-C)"},
      {"fpu",
       OptionType::kDouble,
       OptionNumberText(d.fpu),
       "partial expansion's first-play urgency of a missing child, in [0, 10]",
       {0, 10}},
      {"rp", OptionType::kBool, BoolText(d.reverse_penalty),
       "UCT reverse penalty: a child returning to one of the five latest avatar cells is "
       "penalised (§V-D)"},
      {"rp_factor", OptionType::kDouble, OptionNumberText(d.reverse_penalty_factor),
       "reverse penalty's factor, in (0, 1] (§V-D: 0.95)"},
      {"st", OptionType::kBool, BoolText(d.sufficiency_threshold),
       "sufficiency threshold: no exploration while a child's Q exceeds st_alpha "
       "(Gudmundsson and Björnsson, Eq. 2)"},
      {"st_alpha",
       OptionType::kDouble,
       OptionNumberText(d.st_alpha),
       "sufficiency threshold alpha, in [0, 1] (0.6)",
       {0, 1}},
      {"ma", OptionType::kBool, BoolText(d.moving_average),
       "moving-average returns (Gudmundsson and Björnsson, Eq. 3-4)"},
      {"ma_m",
       OptionType::kInt,
       std::to_string(d.ma_m),
       "moving average: the arithmetic mean up to this many visits, in [1, 1000000] (30)",
       {1, 1000000}},
      {"ma_lambda", OptionType::kDouble, OptionNumberText(d.ma_lambda),
       "moving average's step after ma_m visits, in (0, 1] (0.05)"},
      {"gb_always", OptionType::kBool, BoolText(d.gb_always),
       "st and ma in every game, not only in games classified deterministic (needs dgd "
       "otherwise)"},
  };
}

void ReadBaselineOptions(const AgentOptions& o, MctsOptions& m) {
  m.c = o.GetDouble("c");
  if (!(m.c >= 0.0) || !std::isfinite(m.c)) throw std::invalid_argument("c must be >= 0");
  m.depth = static_cast<int>(o.GetInt("depth"));
  m.max_nodes = static_cast<int32_t>(o.GetInt("max_nodes"));
  m.depth_rule = ParseDepthRule(o.GetString("depth_rule"));
  m.expansion = ParseExpansionRule(o.GetString("expand"));
  m.final_move = ParseFinalMoveRule(o.GetString("final"));
  m.normalisation = ParseNormalisationRule(o.GetString("norm"));
  m.init_search = o.GetBool("init_search");
}

void ReadEnhancementOptions(const AgentOptions& o, MctsOptions& m) {
  m.bfti = o.GetBool("bfti");
  m.bfti_samples = static_cast<int>(o.GetInt("bfti_m"));
  m.bfti_on_reused_root = o.GetBool("tr_bfti");
  m.loss_avoidance = o.GetBool("la");
  m.novelty_pruning = o.GetBool("nbp");
  m.progressive_history = o.GetBool("ph");
  m.ph_weight = o.GetDouble("ph_w");
  m.ngram_selection = o.GetBool("nst");
  m.nst_epsilon = o.GetDouble("nst_eps");
  m.nst_min_visits = static_cast<int>(o.GetInt("nst_k"));
  m.nst_max_n = static_cast<int>(o.GetInt("nst_n"));
  m.action_decay = o.GetDouble("decay");
  m.tree_reuse = o.GetBool("tr");
  m.tree_reuse_gamma = o.GetDouble("tr_gamma");
  m.knowledge_evaluation = o.GetBool("kbe");
  m.kbe_always = o.GetBool("kbe_always");
  m.deterministic_detection = o.GetBool("dgd");
  m.determinism.sequences = static_cast<int>(o.GetInt("dgd_m"));
  m.determinism.length = static_cast<int>(o.GetInt("dgd_n"));
  m.determinism.repeats = static_cast<int>(o.GetInt("dgd_r"));
  m.dgd_mixmax_alpha = o.GetDouble("dgd_alpha");
  const std::string td = o.GetString("td");  // one of the declared choices
  m.sarsa = td != "off";
  if (m.sarsa) m.sarsa_options.variant = ParseTdVariant(td);
  m.sarsa_options.lambda = o.GetDouble("lambda");
  m.sarsa_options.gamma = o.GetDouble("td_gamma");
}

void ReadModificationOptions(const AgentOptions& o, MctsOptions& m) {
  m.mixmax = o.GetBool("mixmax");
  m.mixmax_q = o.GetDouble("mixmax_q");
  m.macro = o.GetBool("macro");
  m.macro_k = static_cast<int>(o.GetInt("macro_k"));
  m.macro_commit = o.GetBool("macro_commit");
  m.partial_expansion = o.GetBool("pe");
  m.fpu = o.GetDouble("fpu");
  m.reverse_penalty = o.GetBool("rp");
  m.reverse_penalty_factor = o.GetDouble("rp_factor");
  if (!(m.reverse_penalty_factor > 0.0 && m.reverse_penalty_factor <= 1.0)) {
    throw std::invalid_argument("rp_factor must be in (0, 1], not " +
                                OptionNumberText(m.reverse_penalty_factor));
  }
  m.sufficiency_threshold = o.GetBool("st");
  m.st_alpha = o.GetDouble("st_alpha");
  m.moving_average = o.GetBool("ma");
  m.ma_m = static_cast<int>(o.GetInt("ma_m"));
  m.ma_lambda = o.GetDouble("ma_lambda");
  if (!(m.ma_lambda > 0.0 && m.ma_lambda <= 1.0)) {
    throw std::invalid_argument("ma_lambda must be in (0, 1], not " +
                                OptionNumberText(m.ma_lambda));
  }
  m.gb_always = o.GetBool("gb_always");
}

}  // namespace

std::vector<AgentOption> MctsOptionSpecs(const MctsOptions& defaults) {
  std::vector<AgentOption> specs = BaselineOptionSpecs(defaults);
  for (AgentOption& option : EnhancementOptionSpecs(defaults)) specs.push_back(std::move(option));
  for (AgentOption& option : ModificationOptionSpecs(defaults)) specs.push_back(std::move(option));
  return specs;
}

MctsOptions ReadMctsOptions(const AgentOptions& options) {
  MctsOptions m;
  ReadBaselineOptions(options, m);
  ReadEnhancementOptions(options, m);
  ReadModificationOptions(options, m);
  return m;
}

}  // namespace vgdl
