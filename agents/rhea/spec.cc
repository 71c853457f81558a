// `rhea`'s options as registry options, their ranges, and the presets (see spec.h).
#include "agents/rhea/spec.h"

#include <array>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "agents/common/options.h"
#include "agents/common/preset_spec.h"
#include "agents/rhea/rhea_family_agent.h"

namespace vgdl {

namespace {

using rhea::Options;

template <class E>
struct Named {
  const char* name;
  E value;
};

constexpr std::array<Named<rhea::Replacement>, 2> kReplacements{
    {{"plus", rhea::Replacement::kPlus}, {"generational", rhea::Replacement::kGenerational}}};
constexpr std::array<Named<rhea::Initialisation>, 3> kInits{
    {{"random", rhea::Initialisation::kRandom},
     {"1sla", rhea::Initialisation::kOneStepLookahead},
     {"mcts", rhea::Initialisation::kMcts}}};
constexpr std::array<Named<rhea::GeneticOperator>, 3> kGenetics{
    {{"xm", rhea::GeneticOperator::kCrossoverAndMutation},
     {"m", rhea::GeneticOperator::kMutationOnly},
     {"x", rhea::GeneticOperator::kCrossoverOnly}}};
constexpr std::array<Named<rhea::Selection>, 3> kSelections{
    {{"tournament", rhea::Selection::kTournament},
     {"rank", rhea::Selection::kRank},
     {"roulette", rhea::Selection::kRoulette}}};
constexpr std::array<Named<rhea::Crossover>, 3> kCrossovers{
    {{"uniform", rhea::Crossover::kUniform},
     {"1point", rhea::Crossover::kOnePoint},
     {"2point", rhea::Crossover::kTwoPoint}}};
constexpr std::array<Named<rhea::Mutation>, 6> kMutations{
    {{"uniform", rhea::Mutation::kUniform},
     {"1bit", rhea::Mutation::kOneBit},
     {"2bit", rhea::Mutation::kTwoBits},
     {"3bit", rhea::Mutation::kThreeBits},
     {"softmax", rhea::Mutation::kSoftmax},
     {"diversity", rhea::Mutation::kDiversity}}};
constexpr std::array<Named<rhea::FitnessAssignment>, 6> kFitnesses{
    {{"last", rhea::FitnessAssignment::kLast},
     {"delta", rhea::FitnessAssignment::kDelta},
     {"average", rhea::FitnessAssignment::kAverage},
     {"min", rhea::FitnessAssignment::kMin},
     {"max", rhea::FitnessAssignment::kMax},
     {"discount", rhea::FitnessAssignment::kDiscount}}};
constexpr std::array<Named<rhea::Heuristic>, 2> kHeuristics{
    {{"normalised", rhea::Heuristic::kNormalised}, {"winscore", rhea::Heuristic::kWinScore}}};
constexpr std::array<Named<rhea::RolloutValue>, 2> kRolloutValues{
    {{"ticks", rhea::RolloutValue::kPerTick}, {"final", rhea::RolloutValue::kFinal}}};
constexpr std::array<Named<rhea::TreeFinalMove>, 2> kTreeFinals{
    {{"visits", rhea::TreeFinalMove::kMostVisited}, {"ucb", rhea::TreeFinalMove::kUcb}}};
constexpr std::array<Named<rhea::BanditLevel>, 3> kBanditLevels{
    {{"both", rhea::BanditLevel::kBoth},
     {"individual", rhea::BanditLevel::kIndividual},
     {"gene", rhea::BanditLevel::kGene}}};
constexpr std::array<Named<rhea::DiversityType>, 2> kDiversities{
    {{"genotypic", rhea::DiversityType::kGenotypic},
     {"phenotypic", rhea::DiversityType::kPhenotypic}}};
constexpr std::array<Named<rhea::SkipFill>, 4> kSkipFills{
    {{"repeat", rhea::SkipFill::kRepeat},
     {"null", rhea::SkipFill::kNull},
     {"random", rhea::SkipFill::kRandom},
     {"sequence", rhea::SkipFill::kSequence}}};

template <class E, size_t N>
std::string NameOf(const std::array<Named<E>, N>& table, E value) {
  for (const auto& n : table) {
    if (n.value == value) return n.name;
  }
  return table.front().name;
}

template <class E, size_t N>
std::string Choices(const std::array<Named<E>, N>& table) {
  std::string list;
  for (const auto& n : table) list += (list.empty() ? "'" : ", '") + std::string(n.name) + "'";
  return list;
}

// A string option's declared choices (AgentOption::choices).
template <class E, size_t N>
std::vector<std::string> Names(const std::array<Named<E>, N>& table) {
  std::vector<std::string> names;
  for (const auto& n : table) names.emplace_back(n.name);
  return names;
}

template <class E, size_t N>
E Parse(const std::array<Named<E>, N>& table, const char* key, const std::string& value) {
  for (const auto& n : table) {
    if (value == n.name) return n.value;
  }
  throw std::invalid_argument(std::string(key) + " must be one of " + Choices(table) + ", not '" +
                              value + "'");
}

std::string Text(double v) {
  return OptionNumberText(v);
}
std::string Text(bool v) {
  return v ? "true" : "false";
}

int IntIn(const AgentOptions& o, const char* key, int64_t low, int64_t high) {
  const int64_t v = o.GetInt(key);
  if (v < low || v > high) {
    throw std::invalid_argument(std::string(key) + " must be in [" + std::to_string(low) + ", " +
                                std::to_string(high) + "]");
  }
  return static_cast<int>(v);
}

constexpr int kMaxLength = 10000;

std::vector<AgentOption> OptionSpecs(const Options& d) {
  using T = OptionType;
  return {
      {"p",
       T::kInt,
       std::to_string(d.population),
       "population size P (Table 3.1 p0), [1, 1000]",
       {1, 1000}},
      {"l",
       T::kInt,
       std::to_string(d.length),
       "individual length L, the horizon in ticks (p1), [1, 10000]",
       {1, kMaxLength}},
      {"offspring",
       T::kInt,
       std::to_string(d.offspring),
       "offspring per generation (p3), [0, 1000]; 0 means P (Table 3.1; Ch. 4.3 breeds P - E, "
       "RHEA.md §1.3)",
       {0, 1000}},
      {"elites", T::kInt, std::to_string(d.elites), "elites E (p4), [0, P - 1]"},
      {"replace",
       T::kString,
       NameOf(kReplacements, d.replacement),
       "next population: 'plus' (E elites + best P - E of the other parents and the offspring, "
       "Alg. 1) or 'generational' (E elites + best offspring, GVGAI/RHv2); RHEA.md §1.3",
       {},
       Names(kReplacements)},
      {"init",
       T::kString,
       NameOf(kInits, d.init),
       "initialisation (p5): 'random', '1sla' (one-step lookahead, Alg. 3) or 'mcts' (half the "
       "budget to MCTS, Alg. 4); RHEA.md §2.3",
       {},
       Names(kInits)},
      {"genetic",
       T::kString,
       NameOf(kGenetics, d.genetic),
       "genetic operator (p6): 'xm' crossover + mutation, 'm' mutation only, 'x' crossover "
       "only; RHEA.md §2.1",
       {},
       Names(kGenetics)},
      {"select",
       T::kString,
       NameOf(kSelections, d.selection),
       "selection (p7): 'tournament', 'rank' or 'roulette'; RHEA.md §1.4, §2.1",
       {},
       Names(kSelections)},
      {"tournament",
       T::kInt,
       std::to_string(d.tournament),
       "individuals per tournament, [1, 1000] (Ch. 4.3: 2)",
       {1, 1000}},
      {"tournament_share",
       T::kDouble,
       Text(d.tournament_share),
       "if > 0, tournaments of this share of P instead, [0, 1] (Ch. 3: 0.5, Ch. 6.2: 0.4)",
       {0, 1}},
      {"crossover",
       T::kString,
       NameOf(kCrossovers, d.crossover),
       "crossover (p8): 'uniform', '1point' or '2point'; one child per pairing",
       {},
       Names(kCrossovers)},
      {"mutation",
       T::kString,
       NameOf(kMutations, d.mutation),
       "mutation (p9): 'uniform' (each gene at mutation_rate), '1bit', '2bit', '3bit', "
       "'softmax' (one gene, p ~ exp(-(i+1))) or 'diversity'; a mutated gene always changes",
       {},
       Names(kMutations)},
      {"mutation_rate",
       T::kDouble,
       Text(d.mutation_rate),
       "uniform mutation's rate per gene, [0, 1]; 0 means 1/L",
       {0, 1}},
      {"fitness",
       T::kString,
       NameOf(kFitnesses, d.fitness),
       "fitness assignment (p10): 'last', 'delta', 'average', 'min', 'max' or 'discount'; "
       "RHEA.md §2.2",
       {},
       Names(kFitnesses)},
      {"discount", T::kDouble, Text(d.discount), "gamma of fitness=discount, [0, 1]", {0, 1}},
      {"heuristic",
       T::kString,
       NameOf(kHeuristics, d.heuristic),
       "state value h in [0, 1]: 'normalised' (Eq. 3.1: 1 win, 0 loss, normalised score) or "
       "'winscore' (+-1e6 or the score, normalised; Eq. 8.3, RHv2); RHEA.md §1.2",
       {},
       Names(kHeuristics)},
      {"diversity_weight",
       T::kDouble,
       Text(d.diversity_weight),
       "w of diversity fitness (p11), [0, 1]",
       {0, 1}},
      {"diversity_fitness", T::kBool, Text(d.diversity_fitness),
       "fitness = (1 - w) reward + w diversity (p21); RHEA.md §2.10"},
      {"diversity",
       T::kString,
       NameOf(kDiversities, d.diversity),
       "diversity type (p22): 'genotypic' (gene values) or 'phenotypic' (avatar cells)",
       {},
       Names(kDiversities)},
      {"frame_skip",
       T::kInt,
       std::to_string(d.frame_skip),
       "ticks played without a decision after each one (p12), [0, 1000]; RHEA.md §2.4",
       {0, 1000}},
      {"skip_fill",
       T::kString,
       NameOf(kSkipFills, d.skip_fill),
       "what skipped ticks play (p13): 'repeat', 'null', 'random' or 'sequence'",
       {},
       Names(kSkipFills)},
      {"shift", T::kBool, Text(d.shift), "shift buffer (p14); RHEA.md §2.5"},
      {"shift_discount",
       T::kDouble,
       Text(d.shift_discount),
       "discount of carried values, tree and bandits (p15), [0, 1]",
       {0, 1}},
      {"rollout_length",
       T::kDouble,
       Text(d.rollout_length),
       "Monte Carlo rollouts after the genome, in units of L (p16), [0, 10]; RHEA.md §2.7",
       {0, 10}},
      {"rollout_repeats",
       T::kInt,
       std::to_string(d.rollout_repeats),
       "rollouts R per evaluation (p17), [1, 1000]",
       {1, 1000}},
      {"rollout_value",
       T::kString,
       NameOf(kRolloutValues, d.rollout_value),
       "what rollouts add to F: 'ticks' (per-tick averages, thesis) or 'final' (the average "
       "final value, Alg. 6 / RHv2); RHEA.md §2.7",
       {},
       Names(kRolloutValues)},
      {"bandit", T::kBool, Text(d.bandit), "bandit-based mutation (p18); RHEA.md §2.8"},
      {"bandit_level",
       T::kString,
       NameOf(kBanditLevels, d.bandit_level),
       "bandits used: 'both' (gene by the individual level, value by the gene level), "
       "'individual' or 'gene' (the other choice uniform)",
       {},
       Names(kBanditLevels)},
      {"bandit_c",
       T::kDouble,
       Text(d.bandit_c),
       "UCB1 constant of the bandits, [0, 100]",
       {0, 100}},
      {"tree", T::kBool, Text(d.tree), "statistical tree (p19); RHEA.md §2.9"},
      {"tree_final",
       T::kString,
       NameOf(kTreeFinals, d.tree_final),
       "root child played: 'visits' (Alg. 5, RHv2) or 'ucb' (§3.2.9 text); RHEA.md §1.6",
       {},
       Names(kTreeFinals)},
      {"tree_c", T::kDouble, Text(d.tree_c), "UCB1 constant of tree_final=ucb, [0, 100]", {0, 100}},
      {"tree_nodes",
       T::kInt,
       std::to_string(d.tree_nodes),
       "statistical tree node pool, [1, 2^22] (64 bytes a node, two pools)",
       {1, 1 << 22}},
      {"seed_visits",
       T::kInt,
       std::to_string(d.seed_visits),
       "MCTS seeding follows children with at least this many visits, [1, 1000000] (4: Alg. 4's "
       "> 3; 3: the text's 'at least 3'); RHEA.md §2.3",
       {1, 1000000}},
      {"dynamic_depth", T::kBool, Text(d.dynamic_depth), "dynamic depth (p2); RHEA.md §2.6"},
      {"dd_every",
       T::kInt,
       std::to_string(d.dd_every),
       "ticks between length changes omega, [1, 100000] (Alg. 2: 15; §3.2.6: 5)",
       {1, 100000}},
      {"dd_low", T::kDouble, Text(d.dd_low), "SD-: a flatter landscape grows L, [0, 1]", {0, 1}},
      {"dd_high", T::kDouble, Text(d.dd_high), "SD+: a more rugged one shrinks L, [0, 1]", {0, 1}},
      {"dd_step",
       T::kInt,
       std::to_string(d.dd_step),
       "M_D, the length change, [1, 10000]",
       {1, kMaxLength}},
      {"dd_max",
       T::kInt,
       std::to_string(d.dd_max),
       "MAX_D, the longest L, [1, 10000] (half the call budget: 500 for 1000 calls)",
       {1, kMaxLength}},
  };
}

Options ReadOptions(const AgentOptions& o) {
  Options r;
  r.population = static_cast<int>(o.GetInt("p"));
  r.length = static_cast<int>(o.GetInt("l"));
  r.offspring = static_cast<int>(o.GetInt("offspring"));
  r.elites = IntIn(o, "elites", 0, r.population - 1);
  r.replacement = Parse(kReplacements, "replace", o.GetString("replace"));
  r.init = Parse(kInits, "init", o.GetString("init"));
  r.genetic = Parse(kGenetics, "genetic", o.GetString("genetic"));
  r.selection = Parse(kSelections, "select", o.GetString("select"));
  r.tournament = static_cast<int>(o.GetInt("tournament"));
  r.tournament_share = o.GetDouble("tournament_share");
  r.crossover = Parse(kCrossovers, "crossover", o.GetString("crossover"));
  r.mutation = Parse(kMutations, "mutation", o.GetString("mutation"));
  r.mutation_rate = o.GetDouble("mutation_rate");
  r.fitness = Parse(kFitnesses, "fitness", o.GetString("fitness"));
  r.discount = o.GetDouble("discount");
  r.heuristic = Parse(kHeuristics, "heuristic", o.GetString("heuristic"));
  r.diversity_weight = o.GetDouble("diversity_weight");
  r.diversity_fitness = o.GetBool("diversity_fitness");
  r.diversity = Parse(kDiversities, "diversity", o.GetString("diversity"));
  r.frame_skip = static_cast<int>(o.GetInt("frame_skip"));
  r.skip_fill = Parse(kSkipFills, "skip_fill", o.GetString("skip_fill"));
  r.shift = o.GetBool("shift");
  r.shift_discount = o.GetDouble("shift_discount");
  r.rollout_length = o.GetDouble("rollout_length");
  r.rollout_repeats = static_cast<int>(o.GetInt("rollout_repeats"));
  r.rollout_value = Parse(kRolloutValues, "rollout_value", o.GetString("rollout_value"));
  r.bandit = o.GetBool("bandit");
  r.bandit_level = Parse(kBanditLevels, "bandit_level", o.GetString("bandit_level"));
  r.bandit_c = o.GetDouble("bandit_c");
  r.tree = o.GetBool("tree");
  r.tree_final = Parse(kTreeFinals, "tree_final", o.GetString("tree_final"));
  r.tree_c = o.GetDouble("tree_c");
  r.tree_nodes = static_cast<int>(o.GetInt("tree_nodes"));
  r.seed_visits = static_cast<int>(o.GetInt("seed_visits"));
  r.dynamic_depth = o.GetBool("dynamic_depth");
  r.dd_every = static_cast<int>(o.GetInt("dd_every"));
  r.dd_low = o.GetDouble("dd_low");
  r.dd_high = o.GetDouble("dd_high");
  r.dd_step = static_cast<int>(o.GetInt("dd_step"));
  r.dd_max = static_cast<int>(o.GetInt("dd_max"));
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
                               OptionSpecs(rhea::PresetOptions(preset.name)),
                               [](std::string name, const AgentOptions& options, uint64_t seed) {
                                 return std::make_unique<rhea::RheaFamilyAgent>(
                                     std::move(name), ReadOptions(options), seed);
                               }));
  }
  return specs;
}

}  // namespace vgdl
