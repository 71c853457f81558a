// `rhea`'s options as registry options, their ranges, and the presets (see spec.h).
#include "agents/rhea/spec.h"

#include <array>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "agents/common/option_table.h"
#include "agents/common/preset_spec.h"
#include "agents/rhea/rhea_family_agent.h"

namespace vgdl {

namespace {

using rhea::Options;

constexpr std::array<OptionChoice<rhea::Replacement>, 2> kReplacements{
    {{"plus", rhea::Replacement::kPlus}, {"generational", rhea::Replacement::kGenerational}}};
constexpr std::array<OptionChoice<rhea::Initialisation>, 3> kInits{
    {{"random", rhea::Initialisation::kRandom},
     {"1sla", rhea::Initialisation::kOneStepLookahead},
     {"mcts", rhea::Initialisation::kMcts}}};
constexpr std::array<OptionChoice<rhea::GeneticOperator>, 3> kGenetics{
    {{"xm", rhea::GeneticOperator::kCrossoverAndMutation},
     {"m", rhea::GeneticOperator::kMutationOnly},
     {"x", rhea::GeneticOperator::kCrossoverOnly}}};
constexpr std::array<OptionChoice<rhea::Selection>, 3> kSelections{
    {{"tournament", rhea::Selection::kTournament},
     {"rank", rhea::Selection::kRank},
     {"roulette", rhea::Selection::kRoulette}}};
constexpr std::array<OptionChoice<rhea::Crossover>, 3> kCrossovers{
    {{"uniform", rhea::Crossover::kUniform},
     {"1point", rhea::Crossover::kOnePoint},
     {"2point", rhea::Crossover::kTwoPoint}}};
constexpr std::array<OptionChoice<rhea::Mutation>, 6> kMutations{
    {{"uniform", rhea::Mutation::kUniform},
     {"1bit", rhea::Mutation::kOneBit},
     {"2bit", rhea::Mutation::kTwoBits},
     {"3bit", rhea::Mutation::kThreeBits},
     {"softmax", rhea::Mutation::kSoftmax},
     {"diversity", rhea::Mutation::kDiversity}}};
constexpr std::array<OptionChoice<rhea::FitnessAssignment>, 6> kFitnesses{
    {{"last", rhea::FitnessAssignment::kLast},
     {"delta", rhea::FitnessAssignment::kDelta},
     {"average", rhea::FitnessAssignment::kAverage},
     {"min", rhea::FitnessAssignment::kMin},
     {"max", rhea::FitnessAssignment::kMax},
     {"discount", rhea::FitnessAssignment::kDiscount}}};
constexpr std::array<OptionChoice<rhea::Heuristic>, 2> kHeuristics{
    {{"normalised", rhea::Heuristic::kNormalised}, {"winscore", rhea::Heuristic::kWinScore}}};
constexpr std::array<OptionChoice<rhea::RolloutValue>, 2> kRolloutValues{
    {{"ticks", rhea::RolloutValue::kPerTick}, {"final", rhea::RolloutValue::kFinal}}};
constexpr std::array<OptionChoice<rhea::TreeFinalMove>, 2> kTreeFinals{
    {{"visits", rhea::TreeFinalMove::kMostVisited}, {"ucb", rhea::TreeFinalMove::kUcb}}};
constexpr std::array<OptionChoice<rhea::BanditLevel>, 3> kBanditLevels{
    {{"both", rhea::BanditLevel::kBoth},
     {"individual", rhea::BanditLevel::kIndividual},
     {"gene", rhea::BanditLevel::kGene}}};
constexpr std::array<OptionChoice<rhea::DiversityType>, 2> kDiversities{
    {{"genotypic", rhea::DiversityType::kGenotypic},
     {"phenotypic", rhea::DiversityType::kPhenotypic}}};
constexpr std::array<OptionChoice<rhea::SkipFill>, 4> kSkipFills{
    {{"repeat", rhea::SkipFill::kRepeat},
     {"null", rhea::SkipFill::kNull},
     {"random", rhea::SkipFill::kRandom},
     {"sequence", rhea::SkipFill::kSequence}}};

constexpr int kMaxLength = 10000;

void AddPopulationOptions(OptionTable<Options>& t) {
  t.Int("p", &Options::population, "population size P (Table 3.1 p0)", {1, 1000})
      .Int("l", &Options::length, "individual length L, the horizon in ticks (p1)", {1, kMaxLength})
      .Int("offspring", &Options::offspring,
           "offspring per generation (p3); 0 means P (Table 3.1; Ch. 4.3 breeds P - E, "
           "RHEA.md §1.3)",
           {0, 1000})
      .Int("elites", &Options::elites, "elites E (p4), [0, P - 1]")
      .Choice("replace", &Options::replacement,
              "next population: 'plus' (E elites + best P - E of the other parents and the "
              "offspring, Alg. 1) or 'generational' (E elites + best offspring, GVGAI/RHv2); "
              "RHEA.md §1.3",
              kReplacements)
      .Choice("init", &Options::init,
              "initialisation (p5): 'random', '1sla' (one-step lookahead, Alg. 3) or 'mcts' "
              "(half the budget to MCTS, Alg. 4); RHEA.md §2.3",
              kInits)
      .Choice("genetic", &Options::genetic,
              "genetic operator (p6): 'xm' crossover + mutation, 'm' mutation only, 'x' "
              "crossover only; RHEA.md §2.1",
              kGenetics)
      .Choice("select", &Options::selection,
              "selection (p7): 'tournament', 'rank' or 'roulette'; RHEA.md §1.4, §2.1", kSelections)
      .Int("tournament", &Options::tournament, "individuals per tournament (Ch. 4.3: 2)", {1, 1000})
      .Double("tournament_share", &Options::tournament_share,
              "if > 0, tournaments of this share of P instead (Ch. 3: 0.5, Ch. 6.2: 0.4)", {0, 1})
      .Choice("crossover", &Options::crossover,
              "crossover (p8): 'uniform', '1point' or '2point'; one child per pairing", kCrossovers)
      .Choice("mutation", &Options::mutation,
              "mutation (p9): 'uniform' (each gene at mutation_rate), '1bit', '2bit', '3bit', "
              "'softmax' (one gene, p ~ exp(-(i+1))) or 'diversity'; a mutated gene always "
              "changes",
              kMutations)
      .Double("mutation_rate", &Options::mutation_rate,
              "uniform mutation's rate per gene; 0 means 1/L", {0, 1});
}

void AddFitnessOptions(OptionTable<Options>& t) {
  t.Choice("fitness", &Options::fitness,
           "fitness assignment (p10): 'last', 'delta', 'average', 'min', 'max' or 'discount'; "
           "RHEA.md §2.2",
           kFitnesses)
      .Double("discount", &Options::discount, "gamma of fitness=discount", {0, 1})
      .Choice("heuristic", &Options::heuristic,
              "state value h in [0, 1]: 'normalised' (Eq. 3.1: 1 win, 0 loss, normalised "
              "score) or 'winscore' (+-1e6 or the score, normalised; Eq. 8.3, RHv2); RHEA.md "
              "§1.2",
              kHeuristics)
      .Double("diversity_weight", &Options::diversity_weight, "w of diversity fitness (p11)",
              {0, 1})
      .Bool("diversity_fitness", &Options::diversity_fitness,
            "fitness = (1 - w) reward + w diversity (p21); RHEA.md §2.10")
      .Choice("diversity", &Options::diversity,
              "diversity type (p22): 'genotypic' (gene values) or 'phenotypic' (avatar cells)",
              kDiversities);
}

void AddEnhancementOptions(OptionTable<Options>& t) {
  t.Int("frame_skip", &Options::frame_skip,
        "ticks played without a decision after each one (p12); RHEA.md §2.4", {0, 1000})
      .Choice("skip_fill", &Options::skip_fill,
              "what skipped ticks play (p13): 'repeat', 'null', 'random' or 'sequence'", kSkipFills)
      .Bool("shift", &Options::shift, "shift buffer (p14); RHEA.md §2.5")
      .Double("shift_discount", &Options::shift_discount,
              "discount of carried values, tree and bandits (p15)", {0, 1})
      .Double("rollout_length", &Options::rollout_length,
              "Monte Carlo rollouts after the genome, in units of L (p16); RHEA.md §2.7", {0, 10})
      .Int("rollout_repeats", &Options::rollout_repeats, "rollouts R per evaluation (p17)",
           {1, 1000})
      .Choice("rollout_value", &Options::rollout_value,
              "what rollouts add to F: 'ticks' (per-tick averages, thesis) or 'final' (the "
              "average final value, Alg. 6 / RHv2); RHEA.md §2.7",
              kRolloutValues)
      .Bool("bandit", &Options::bandit, "bandit-based mutation (p18); RHEA.md §2.8")
      .Choice("bandit_level", &Options::bandit_level,
              "bandits used: 'both' (gene by the individual level, value by the gene level), "
              "'individual' or 'gene' (the other choice uniform)",
              kBanditLevels)
      .Double("bandit_c", &Options::bandit_c, "UCB1 constant of the bandits", {0, 100})
      .Bool("tree", &Options::tree, "statistical tree (p19); RHEA.md §2.9")
      .Choice("tree_final", &Options::tree_final,
              "root child played: 'visits' (Alg. 5, RHv2) or 'ucb' (§3.2.9 text); RHEA.md §1.6",
              kTreeFinals)
      .Double("tree_c", &Options::tree_c, "UCB1 constant of tree_final=ucb", {0, 100})
      .Int("tree_nodes", &Options::tree_nodes,
           "statistical tree node pool (64 bytes a node, two pools)", {1, 1 << 22})
      .Int("seed_visits", &Options::seed_visits,
           "MCTS seeding follows children with at least this many visits (4: Alg. 4's > 3; 3: "
           "the text's 'at least 3'); RHEA.md §2.3",
           {1, 1000000})
      .Bool("dynamic_depth", &Options::dynamic_depth, "dynamic depth (p2); RHEA.md §2.6")
      .Int("dd_every", &Options::dd_every,
           "ticks between length changes omega (Alg. 2: 15; §3.2.6: 5)", {1, 100000})
      .Double("dd_low", &Options::dd_low, "SD-: a flatter landscape grows L", {0, 1})
      .Double("dd_high", &Options::dd_high, "SD+: a more rugged one shrinks L", {0, 1})
      .Int("dd_step", &Options::dd_step, "M_D, the length change", {1, kMaxLength})
      .Int("dd_max", &Options::dd_max,
           "MAX_D, the longest L (half the call budget: 500 for 1000 calls)", {1, kMaxLength});
}

const OptionTable<Options>& RheaOptionTable() {
  static const OptionTable<Options> table =
      BuildOptionTable<Options>({AddPopulationOptions, AddFitnessOptions, AddEnhancementOptions});
  return table;
}

Options ReadOptions(const AgentOptions& o) {
  Options r = RheaOptionTable().Read(o);
  // E's range depends on P, so it is not declared with the option.
  if (r.elites < 0 || r.elites > r.population - 1) {
    throw std::invalid_argument("elites must be in [0, " + std::to_string(r.population - 1) + "]");
  }
  return r;
}

// CIG'17 (Ch. 4.3): the 10-14 configuration, E = 1, breeding P - E times, tournament of 2,
// uniform crossover, random mutation.
Options Cig17() {
  Options o;
  o.length = 14;
  o.offspring = o.population - o.elites;
  return o;
}

struct Preset {
  const char* name;
  const char* summary;
  const char* paper;
};

constexpr std::array<Preset, 7> kPresets{{
    {"rhea",
     "rolling horizon EA with every enhancement of Gaina's thesis as an option; defaults are "
     "Table 3.1's vanilla RHEA (P = 10, L = 15, 1 elite, tournament, uniform crossover and "
     "mutation, last-state fitness)",
     "Gaina 2021, RHEA in GVGP, Ch. 3 and Table 3.1 (spec/RHEA.md §1-§2)"},
    {"rhea-vanilla", "vanilla RHEA, Table 3.1's defaults (the same as rhea's)",
     "Gaina 2021, Ch. 3.1, Alg. 1, Table 3.1 (spec/RHEA.md §1)"},
    {"ea-shift", "RHEA with the shift buffer: P = 10, L = 14, 9 offspring (CIG'17 EA-shift)",
     "Gaina 2021, Ch. 4.3, §3.2.5 (spec/RHEA.md §2.5, §2.12)"},
    {"ea-roll", "RHEA with Monte Carlo rollouts of L/2 repeated 5 times: P = 10, L = 14 (EA-roll)",
     "Gaina 2021, Ch. 4.3, §3.2.7 (spec/RHEA.md §2.7, §2.12)"},
    {"ea-shift-roll",
     "shift buffer + rollouts of L/2, R = 5, P = 10, L = 14: the CIG'17 best (42.05% at 900 "
     "calls)",
     "Gaina 2021, Ch. 4.3, Table 4.13 (spec/RHEA.md §2.12)"},
    {"ea-tree", "RHEA with the statistical tree, most-visited root child: P = 10, L = 14 (EA-tree)",
     "Gaina 2021, Ch. 4.3, §3.2.9 (spec/RHEA.md §2.9, §2.12)"},
    {"rhea-sota",
     "the single configuration closest to Table 9.1's per-game RHEA SotA: NTBEA's Seaquest "
     "configuration, the best tuned one over all 20 games (53.4%): P = 20, L = 20, 1 offspring, "
     "rank selection, crossover only, average fitness, shift 0.9, rollouts 2L",
     "Gaina 2021, Table 9.1, Table 6.1 row 15, §6.1 (spec/RHEA.md §2.14, §3.3)"},
}};

}  // namespace

namespace rhea {

Options PresetOptions(const char* name) {
  const std::string_view n = name;
  if (n == "ea-shift" || n == "ea-roll" || n == "ea-shift-roll" || n == "ea-tree") {
    Options o = Cig17();
    o.shift = n == "ea-shift" || n == "ea-shift-roll";
    if (n == "ea-roll" || n == "ea-shift-roll") {
      o.rollout_length = 0.5;
      o.rollout_repeats = 5;
    }
    o.tree = n == "ea-tree";
    return o;
  }
  if (n == "rhea-sota") {
    // Table 6.1, Seaquest opt: 20/20/1/1 RND Rank Unif - Average; SB(0.9) MC(2.0,1).
    Options o;
    o.population = 20;
    o.length = 20;
    o.offspring = 1;
    o.elites = 1;
    o.selection = Selection::kRank;
    o.genetic = GeneticOperator::kCrossoverOnly;  // mutation "-": inactive
    o.fitness = FitnessAssignment::kAverage;
    o.shift = true;
    o.shift_discount = 0.9;
    o.rollout_length = 2.0;
    o.rollout_repeats = 1;
    return o;
  }
  return Options{};
}

}  // namespace rhea

std::vector<AgentSpec> RheaSpecs() {
  std::vector<AgentSpec> specs;
  for (const Preset& preset : kPresets) {
    specs.push_back(PresetSpec(preset.name, preset.summary, preset.paper,
                               RheaOptionTable().Declarations(rhea::PresetOptions(preset.name)),
                               [](std::string name, const AgentOptions& options, uint64_t seed) {
                                 return std::make_unique<rhea::RheaFamilyAgent>(
                                     std::move(name), ReadOptions(options), seed);
                               }));
  }
  return specs;
}

}  // namespace vgdl
