// Vanilla RHEA (see sample_rhea.h).
#include "agents/rhea/sample_rhea.h"

#include <stdexcept>
#include <utility>

#include "agents/common/evaluation.h"
#include "agents/common/pacer.h"
#include "engine/observation.h"

namespace vgdl {

namespace {

// GVGAI's WinScoreHeuristic: a win or a loss replaces the score.
constexpr double kWinScoreBonus = 1e6;

double WinScore(const State& s) {
  if (IsWin(s)) return kWinScoreBonus;
  if (IsLoss(s)) return -kWinScoreBonus;
  return Score(s);
}

}  // namespace

SampleRheaAgent::SampleRheaAgent(std::string name, const SampleRheaOptions& options, uint64_t seed)
    : name_(std::move(name)), options_(options), rng_(seed) {
  const auto p = static_cast<size_t>(options_.population);
  const auto l = static_cast<size_t>(options_.length);
  population_.resize(p);
  offspring_.resize(p);
  for (auto* pop : {&population_, &offspring_}) {
    for (Individual& ind : *pop) ind.genes.assign(l, 0);
  }
}

void SampleRheaAgent::Init(const State& /*observation*/, Budget& /*budget*/) {}

Action SampleRheaAgent::Act(const State& observation, Budget& budget) {
  const int64_t start_calls = budget.calls();
  stats_ = {};
  // GVGAI's RHEA maps genes to the avatar's actions plus ACTION_NIL (RHEA.md §1.1).
  actions_ = ActionList::Of(observation, /*with_nil=*/true);
  if (actions_.empty()) return Action::kNil;
  const int evaluated = InitialPopulation(observation, budget);
  if (evaluated < options_.population) {
    stats_.fm_calls = budget.calls() - start_calls;
    if (evaluated == 0) return actions_[rng_.NextInt(actions_.size())];
    return actions_[population_.front().genes.front()];
  }
  const int children = options_.population - options_.elites;
  IterationPacer pacer(budget, 2.0, static_cast<int64_t>(children) * options_.length);
  while (pacer.HasRoom() && NextGeneration(observation, budget)) pacer.Done();
  stats_.iterations = pacer.iterations();
  stats_.fm_calls = budget.calls() - start_calls;
  return actions_[population_.front().genes.front()];
}

std::optional<double> SampleRheaAgent::Evaluate(std::span<const int8_t> genes, const State& root,
                                                Budget& budget) {
  State& state = sim_.CopyFrom(root, rng_);
  for (int8_t g : genes) {
    if (state.ended()) break;
    if (!SimulateStepWithin(state, actions_[g], budget)) return std::nullopt;
  }
  return WinScore(state);
}

// Random individuals, evaluated while one more fits; sorted best first. Returns how many.
int SampleRheaAgent::InitialPopulation(const State& root, Budget& budget) {
  IterationPacer pacer(budget, 2.0, options_.length);
  int count = 0;
  while (count < options_.population && pacer.HasRoom()) {
    Individual& ind = population_[static_cast<size_t>(count)];
    RandomGenome(ind.genes, actions_.size(), rng_);
    const std::optional<double> fitness = Evaluate(ind.genes, root, budget);
    if (!fitness) break;
    ind.fitness = *fitness;
    ++count;
    pacer.Done();
  }
  SortBestFirst(std::span(population_.data(), static_cast<size_t>(count)));
  return count;
}

// Elites carried over, then children of tournament winners; the new population sorted.
// Returns false, the population unchanged, when the budget ends inside the generation: its
// children are not all evaluated, and a partial ranking would favour whoever came first.
bool SampleRheaAgent::NextGeneration(const State& root, Budget& budget) {
  const int p = options_.population;
  const double mutation_rate = 1.0 / options_.length;
  for (int i = 0; i < options_.elites; ++i) {
    offspring_[static_cast<size_t>(i)].genes = population_[static_cast<size_t>(i)].genes;
    offspring_[static_cast<size_t>(i)].fitness = population_[static_cast<size_t>(i)].fitness;
  }
  for (int i = options_.elites; i < p; ++i) {
    const Individual& a =
        population_[static_cast<size_t>(Tournament(p, options_.tournament, rng_))];
    const Individual& b =
        population_[static_cast<size_t>(Tournament(p, options_.tournament, rng_))];
    Individual& child = offspring_[static_cast<size_t>(i)];
    UniformCrossover(a.genes, b.genes, child.genes, rng_);
    UniformMutation(child.genes, actions_.size(), mutation_rate, rng_);
    const std::optional<double> fitness = Evaluate(child.genes, root, budget);
    if (!fitness) return false;
    child.fitness = *fitness;
  }
  SortBestFirst(offspring_);
  std::swap(population_, offspring_);
  return true;
}

AgentSpec SampleRheaSpec() {
  AgentSpec spec;
  spec.name = "sample-rhea";
  spec.summary =
      "vanilla rolling horizon EA: P = 10 genomes of L = 15 actions, 1 elite, tournament, "
      "uniform crossover and mutation, first action of the best";
  spec.paper = "Gaina 2021, RHEA in GVGP, Ch. 3.1 and Table 3.1 (spec/RHEA.md §1)";
  spec.options = {
      {"p", OptionType::kInt, "10", "population size"},
      {"l", OptionType::kInt, "15", "individual length (horizon, ticks)"},
      {"elites", OptionType::kInt, "1", "individuals carried over unchanged, in [0, p - 1]"},
      {"tournament", OptionType::kInt, "2", "individuals drawn per tournament"},
  };
  spec.create = [](const AgentOptions& options, uint64_t seed) -> std::unique_ptr<Agent> {
    const int64_t p = options.GetInt("p");
    const int64_t l = options.GetInt("l");
    const int64_t e = options.GetInt("elites");
    const int64_t t = options.GetInt("tournament");
    if (p < 1 || p > 10000) throw std::invalid_argument("p must be in [1, 10000]");
    if (l < 1 || l > 10000) throw std::invalid_argument("l must be in [1, 10000]");
    if (e < 0 || e >= p) throw std::invalid_argument("elites must be in [0, p - 1]");
    if (t < 1 || t > 10000) throw std::invalid_argument("tournament must be in [1, 10000]");
    SampleRheaOptions o;
    o.population = static_cast<int>(p);
    o.length = static_cast<int>(l);
    o.elites = static_cast<int>(e);
    o.tournament = static_cast<int>(t);
    return std::make_unique<SampleRheaAgent>(options.Canonical("sample-rhea"), o, seed);
  };
  return spec;
}

}  // namespace vgdl
