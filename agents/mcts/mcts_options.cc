// The MCTS agents' options: defaults, presets, the table `vgdl agents` shows, and reading them
// back from a spec with range checks.
#include "agents/mcts/mcts_options.h"

#include <array>
#include <cmath>
#include <stdexcept>
#include <string_view>

#include "agents/common/option_table.h"
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

constexpr std::array<OptionChoice<DepthRule>, 2> kDepthRules{
    {{"total", DepthRule::kTotal}, {"playout", DepthRule::kPlayOut}}};
constexpr std::array<OptionChoice<ExpansionRule>, 2> kExpansionRules{
    {{"one", ExpansionRule::kOneNode}, {"playout", ExpansionRule::kWholePlayOut}}};
constexpr std::array<OptionChoice<FinalMoveRule>, 2> kFinalMoveRules{
    {{"visits", FinalMoveRule::kMostVisited}, {"average", FinalMoveRule::kHighestAverage}}};
constexpr std::array<OptionChoice<NormalisationRule>, 2> kNormalisationRules{
    {{"node", NormalisationRule::kParentNode}, {"game", NormalisationRule::kGame}}};

using M = MctsOptions;

void AddBaselineOptions(OptionTable<M>& t) {
  t.Double("c", &M::c, "UCB1 exploration constant, >= 0")
      .Int("depth", &M::depth, "depth limit in ticks, counted as depth_rule says", {0, 100000})
      .Choice("depth_rule", &M::depth_rule,
              "what the depth limit counts: 'total' (tree + play-out, GVGAI) or 'playout' "
              "(play-out after selection, Soemers)",
              kDepthRules)
      .Choice("expand", &M::expansion,
              "nodes added per iteration: 'one' (GVGAI) or 'playout' (one per play-out action, "
              "Soemers)",
              kExpansionRules)
      .Choice("final", &M::final_move,
              "action played: 'visits' (most visited, GVGAI) or 'average' (highest mean, "
              "Soemers)",
              kFinalMoveRules)
      .Choice("norm", &M::normalisation,
              "bounds normalising values for UCB1: 'node' (parent's, GVGAI) or 'game' (all "
              "values this game, Soemers)",
              kNormalisationRules)
      .Bool("init_search", &M::init_search,
            "search during the 1 s initialisation and keep the tree for the first action")
      .Int("max_nodes", &M::max_nodes,
           "node pool cap (64 bytes per node); a full pool adds no nodes", {1, 1 << 30});
}

void AddEnhancementOptions(OptionTable<M>& t) {
  t.Bool("bfti", &M::bfti,
         "breadth-first tree initialisation with safety prepruning (Soemers §4.1.1)")
      .Int("bfti_m", &M::bfti_samples, "BFTI: states generated per root action (§5.2.2: M = 3)",
           {1, 100})
      .Bool("tr_bfti", &M::bfti_on_reused_root,
            "BFTI also on a root already expanded by tree reuse (§4.2.3; false is Table "
            "5.11's 'No TR-BFTI')")
      .Bool("la", &M::loss_avoidance,
            "loss avoidance: a play-out loss backs up the best sibling instead (§4.1.2)")
      .Bool("nbp", &M::novelty_pruning, "novelty-based pruning, threshold 1, soft (§4.1.3)")
      .Bool("ph", &M::progressive_history,
            "progressive history per (action, avatar cell) in selection (§4.2.1, Eq. 4.1)")
      .Double("ph_w", &M::ph_weight, "progressive history weight W (§5.2.5: W = 1)", {0, 100})
      .Bool("nst", &M::ngram_selection, "N-gram selection technique in play-outs (§4.2.2)")
      .Double("nst_eps", &M::nst_epsilon,
              "NST: probability of a random play-out action (§5.2.5: 0.5)", {0, 1})
      .Int("nst_k", &M::nst_min_visits,
           "NST: occurrences before an N-gram of N > 1 counts (§5.2.5: 7)", {0, 1000000})
      .Int("nst_n", &M::nst_max_n, "NST: longest N-gram (§5.2.5: 3)", {1, 3})
      .Double("decay", &M::action_decay,
              "Move Decay of PH and NST statistics after every move (§4.2.2; MaastCTS2's 0.6)",
              {0, 1})
      .Bool("tr", &M::tree_reuse,
            "tree reuse: keep the played action's subtree (§4.2.3), at most its " +
                std::to_string(Tree::kDefaultMaxKept) + " first-created nodes")
      .Double("tr_gamma", &M::tree_reuse_gamma,
              "tree reuse decay gamma (Figure 5.4; MaastCTS2's 0.6)", {0, 1})
      .Bool("kbe", &M::knowledge_evaluation,
            "knowledge-based evaluations with A* distances (§4.2.4, Eq. 4.2)")
      .Bool("kbe_always", &M::kbe_always,
            "KBE also when X(s_T) != X(s_0) (Table 5.11's 'Always KBE')")
      .Bool("dgd", &M::deterministic_detection,
            "deterministic game detection at init: MixMax, no tree decay, kept novelty marks "
            "in deterministic games (§4.2.5)")
      .Int("dgd_m", [](auto& m) -> auto& { return m.determinism.sequences; },
           "DGD: random action sequences (MaastCTS2: 5)", {1, 1000})
      .Int("dgd_n", [](auto& m) -> auto& { return m.determinism.length; },
           "DGD: actions per sequence (MaastCTS2: 5)", {1, 1000})
      .Int("dgd_r", [](auto& m) -> auto& { return m.determinism.repeats; },
           "DGD: plays of each sequence (MaastCTS2: 3)", {2, 1000})
      .Double("dgd_alpha", &M::dgd_mixmax_alpha, "DGD: MixMax weight of the maximum (§4.2.5: 0.25)",
              {0, 1})
      .Custom(
          {"td",
           OptionType::kString,
           "",
           "Sarsa-UCT(lambda) backups: 'off', 'td', 'tdir' (intermediate rewards) or 'tdms' "
           "(V also for the final move) (§4.2.6, §5.2.8)",
           {},
           {"off", "td", "tdir", "tdms"}},
          // "off" or the name of a Sarsa-UCT variant: two fields in one option.
          [](const M& m) {
            return m.sarsa ? std::string(TdVariantName(m.sarsa_options.variant)) : "off";
          },
          [](const AgentOptions& o, const std::string& key, M& m) {
            const std::string td = o.GetString(key);
            m.sarsa = td != "off";
            if (m.sarsa) m.sarsa_options.variant = ParseTdVariant(td);
          })
      .Double("lambda", [](auto& m) -> auto& { return m.sarsa_options.lambda; },
              "Sarsa-UCT eligibility trace lambda (Table 5.10: 0.5 and 0.8)", {0, 1})
      .Double("td_gamma", [](auto& m) -> auto& { return m.sarsa_options.gamma; },
              "Sarsa-UCT discount gamma (§4.2.6: 1)", {0, 1});
}

void AddModificationOptions(OptionTable<M>& t) {
  t.Bool("mixmax", &M::mixmax,
         "MixMax in every game: Q maxScore + (1 - Q) mean (Frydenberg et al. 2015 §V-A)")
      .Double("mixmax_q", &M::mixmax_q, "MixMax's Q (§V-A: 0.1)", {0, 1})
      .Bool("macro", &M::macro,
            "macro actions: every tree edge repeats its action macro_k ticks (§V-B)")
      .Int("macro_k", &M::macro_k, "ticks per macro action (§V-B: 3)", {1, 64})
      .Bool("macro_commit", &M::macro_commit,
            "play the whole macro in the real game, deciding again macro_k ticks later")
      .Bool("pe", &M::partial_expansion,
            "partial expansion: descend into an existing child before every child exists when "
            "its value beats fpu (§V-C)")
      .Double("fpu", &M::fpu, "partial expansion's first-play urgency of a missing child", {0, 10})
      .Bool("rp", &M::reverse_penalty,
            "UCT reverse penalty: a child returning to one of the five latest avatar cells is "
            "penalised (§V-D)")
      .Double("rp_factor", &M::reverse_penalty_factor,
              "reverse penalty's factor, in (0, 1] (§V-D: 0.95)")
      .Bool("st", &M::sufficiency_threshold,
            "sufficiency threshold: no exploration while a child's Q exceeds st_alpha "
            "(Gudmundsson and Björnsson, Eq. 2)")
      .Double("st_alpha", &M::st_alpha, "sufficiency threshold alpha (0.6)", {0, 1})
      .Bool("ma", &M::moving_average, "moving-average returns (Gudmundsson and Björnsson, Eq. 3-4)")
      .Int("ma_m", &M::ma_m, "moving average: the arithmetic mean up to this many visits (30)",
           {1, 1000000})
      .Double("ma_lambda", &M::ma_lambda,
              "moving average's step after ma_m visits, in (0, 1] (0.05)")
      .Bool("gb_always", &M::gb_always,
            "st and ma in every game, not only in games classified deterministic (needs dgd "
            "otherwise)");
}

const OptionTable<M>& MctsOptionTable() {
  static const OptionTable<M> table =
      BuildOptionTable<M>({AddBaselineOptions, AddEnhancementOptions, AddModificationOptions});
  return table;
}

// The bounds a closed range cannot declare (AgentOption::range is closed).
void CheckOpenBounds(const MctsOptions& m) {
  if (!(m.c >= 0.0) || !std::isfinite(m.c)) throw std::invalid_argument("c must be >= 0");
  if (!(m.reverse_penalty_factor > 0.0 && m.reverse_penalty_factor <= 1.0)) {
    throw std::invalid_argument("rp_factor must be in (0, 1], not " +
                                OptionNumberText(m.reverse_penalty_factor));
  }
  if (!(m.ma_lambda > 0.0 && m.ma_lambda <= 1.0)) {
    throw std::invalid_argument("ma_lambda must be in (0, 1], not " +
                                OptionNumberText(m.ma_lambda));
  }
}

}  // namespace

std::vector<AgentOption> MctsOptionSpecs(const MctsOptions& defaults) {
  return MctsOptionTable().Declarations(defaults);
}

MctsOptions ReadMctsOptions(const AgentOptions& options) {
  MctsOptions m = MctsOptionTable().Read(options);
  CheckOpenBounds(m);
  return m;
}

}  // namespace vgdl
