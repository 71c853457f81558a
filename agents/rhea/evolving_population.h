// The population of `rhea` (Gaina 2021 Ch. 3.1, Alg. 1; spec/RHEA.md §1.1, §1.3): individuals
// whose genes index the current state's actions plus ACTION_NIL, kept in one pool of P parents
// followed by the offspring of a generation, all sized once at construction so that no
// decision allocates.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "agents/rhea/options.h"

namespace vgdl::rhea {

struct Individual {
  std::vector<int8_t> genes;      // action indices; capacity reserved for the longest genome
  std::vector<int32_t> cells;     // grid cell after each played gene (phenotypic diversity)
  int played = 0;                 // genes simulated in the last evaluation (fewer at game over)
  double fitness = kUnevaluated;  // what selection ranks: reward, or mixed with diversity
  double reward = kUnevaluated;   // the fitness assignment alone (the final move's ranking)

  static constexpr double kUnevaluated = std::numeric_limits<double>::lowest();
  bool evaluated() const { return fitness != kUnevaluated; }
};

class Population {
 public:
  // Room for P parents and `offspring` children of up to `max_length` genes.
  Population(int population, int offspring, int max_length);

  std::span<Individual> parents() {
    return std::span(pool_).first(static_cast<size_t>(population_));
  }
  std::span<const Individual> parents() const {
    return std::span(pool_).first(static_cast<size_t>(population_));
  }
  std::span<Individual> offspring() {
    return std::span(pool_).subspan(static_cast<size_t>(population_));
  }
  Individual& best() { return pool_.front(); }
  const Individual& best() const { return pool_.front(); }
  int size() const { return population_; }

  // Every genome resized to `length` genes (dynamic depth): cut, or padded with random genes.
  template <class Random>
  void Resize(int length, int n_actions, Random& rng);

  // Stable sort of the parents by descending fitness (insertion sort: P is small and it
  // allocates nothing).
  void SortParents();
  // The next parents from the parents and the first `children` offspring, as `rule` says;
  // the elites (the first E parents) always stay. Sorted best first.
  void Replace(Replacement rule, int elites, int children);
  // The index of the parent with the highest reward (diversity left out, as RHv2 does before
  // its final sort); -1 when none is evaluated.
  int BestByReward() const;

 private:
  int population_;
  std::vector<Individual> pool_;  // parents, then offspring
};

template <class Random>
void Population::Resize(int length, int n_actions, Random& rng) {
  for (Individual& ind : pool_) {
    const auto old = static_cast<int>(ind.genes.size());
    ind.genes.resize(static_cast<size_t>(length));  // within the reserved capacity
    for (int i = old; i < length; ++i) {
      ind.genes[static_cast<size_t>(i)] = static_cast<int8_t>(rng.NextInt(n_actions));
    }
  }
}

}  // namespace vgdl::rhea
