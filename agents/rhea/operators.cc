#include "agents/rhea/operators.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "agents/rhea/population.h"

namespace vgdl::rhea {

namespace {

// Index drawn with probability weight(i) / sum of weights over [0, n).
template <class Weight>
int DrawWeighted(int n, const Weight& weight, AgentRandom& rng) {
  double total = 0.0;
  for (int i = 0; i < n; ++i) total += weight(i);
  if (!(total > 0.0)) return rng.NextInt(n);
  double r = rng.NextDouble() * total;
  for (int i = 0; i < n; ++i) {
    r -= weight(i);
    if (r < 0.0) return i;
  }
  return n - 1;
}

}  // namespace

int TournamentSize(const Options& options) {
  if (options.tournament_share > 0.0) {
    return std::max(1,
                    static_cast<int>(std::lround(options.tournament_share * options.population)));
  }
  return options.tournament;
}

int SelectParent(std::span<const Individual> population, Selection selection, int tournament_size,
                 AgentRandom& rng) {
  const auto n = static_cast<int>(population.size());
  switch (selection) {
    case Selection::kTournament:
      return Tournament(n, tournament_size, rng);
    case Selection::kRank:
      return DrawWeighted(
          n, [n](int i) { return static_cast<double>(n - i); }, rng);
    case Selection::kRoulette: {
      const double worst = population[static_cast<size_t>(n - 1)].fitness;
      return DrawWeighted(
          n, [&](int i) { return population[static_cast<size_t>(i)].fitness - worst + 1e-6; }, rng);
    }
  }
  return 0;
}

void Cross(std::span<const int8_t> a, std::span<const int8_t> b, std::span<int8_t> child,
           Crossover crossover, AgentRandom& rng) {
  const auto l = static_cast<int>(child.size());
  if (crossover == Crossover::kUniform || l < 2) {
    UniformCrossover(a, b, child, rng);
    return;
  }
  std::array<int, 2> cuts{rng.NextInt(l - 1) + 1, l};
  if (crossover == Crossover::kTwoPoint) {
    cuts[1] = rng.NextInt(l - 1) + 1;
    if (cuts[1] < cuts[0]) std::swap(cuts[0], cuts[1]);
  }
  for (int i = 0; i < l; ++i) {
    const bool from_b = (i >= cuts[0]) != (i >= cuts[1]);
    child[static_cast<size_t>(i)] = from_b ? b[static_cast<size_t>(i)] : a[static_cast<size_t>(i)];
  }
}

void MutateGene(std::span<int8_t> genes, int i, int n_actions, AgentRandom& rng) {
  if (n_actions < 2) return;  // no other action to change to
  int8_t& g = genes[static_cast<size_t>(i)];
  int v = rng.NextInt(n_actions - 1);
  if (v >= g) ++v;
  g = static_cast<int8_t>(v);
}

void MutateBits(std::span<int8_t> genes, int n, int n_actions, AgentRandom& rng) {
  const auto l = static_cast<int>(genes.size());
  if (n >= l) {
    for (int i = 0; i < l; ++i) MutateGene(genes, i, n_actions, rng);
    return;
  }
  // n distinct positions (n <= 3): redraw a position already taken.
  std::array<int, 3> taken{-1, -1, -1};
  for (int k = 0; k < n; ++k) {
    int i = rng.NextInt(l);
    while (std::find(taken.begin(), taken.begin() + k, i) != taken.begin() + k) i = rng.NextInt(l);
    taken[static_cast<size_t>(k)] = i;
    MutateGene(genes, i, n_actions, rng);
  }
}

void MutateSoftmax(std::span<int8_t> genes, int n_actions, AgentRandom& rng) {
  if (genes.empty()) return;
  const int i = DrawWeighted(
      static_cast<int>(genes.size()), [](int k) { return std::exp(-(k + 1.0)); }, rng);
  MutateGene(genes, i, n_actions, rng);
}

void Mutate(std::span<int8_t> genes, Mutation mutation, double rate, int n_actions,
            AgentRandom& rng) {
  switch (mutation) {
    case Mutation::kUniform:
    case Mutation::kDiversity:  // the caller handles diversity; uniform is the fallback
      UniformMutation(genes, n_actions, rate, rng);
      return;
    case Mutation::kOneBit:
      MutateBits(genes, 1, n_actions, rng);
      return;
    case Mutation::kTwoBits:
      MutateBits(genes, 2, n_actions, rng);
      return;
    case Mutation::kThreeBits:
      MutateBits(genes, 3, n_actions, rng);
      return;
    case Mutation::kSoftmax:
      MutateSoftmax(genes, n_actions, rng);
      return;
  }
}

}  // namespace vgdl::rhea
