#include "agents/rhea/population.h"

#include <algorithm>
#include <utility>

namespace vgdl {

void RandomGenome(std::span<int8_t> genes, int n_actions, AgentRandom& rng) {
  for (int8_t& g : genes) g = static_cast<int8_t>(rng.NextInt(n_actions));
}

int Tournament(int count, int size, AgentRandom& rng) {
  int best = count - 1;
  for (int i = 0; i < std::max(1, size); ++i) best = std::min(best, rng.NextInt(count));
  return best;
}

void UniformCrossover(std::span<const int8_t> a, std::span<const int8_t> b, std::span<int8_t> child,
                      AgentRandom& rng) {
  for (size_t i = 0; i < child.size(); ++i) {
    child[i] = rng.NextDouble() < 0.5 ? a[i] : b[i];
  }
}

void UniformMutation(std::span<int8_t> genes, int n_actions, double rate, AgentRandom& rng) {
  if (n_actions < 2) return;  // no different value to mutate to
  for (int8_t& g : genes) {
    if (rng.NextDouble() >= rate) continue;
    int v = rng.NextInt(n_actions - 1);
    if (v >= g) ++v;
    g = static_cast<int8_t>(v);
  }
}

void SortBestFirst(std::span<Individual> population) {
  for (size_t i = 1; i < population.size(); ++i) {
    for (size_t j = i; j > 0 && population[j].fitness > population[j - 1].fitness; --j) {
      std::swap(population[j], population[j - 1]);
    }
  }
}

}  // namespace vgdl
