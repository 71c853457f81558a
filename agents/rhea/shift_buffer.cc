#include "agents/rhea/shift_buffer.h"

#include <algorithm>

namespace vgdl::rhea {

void ShiftGenomes(std::span<Individual> individuals, int k, int n_actions, double discount,
                  AgentRandom& rng) {
  for (Individual& ind : individuals) {
    const auto l = static_cast<int>(ind.genes.size());
    const int drop = std::min(k, l);
    std::copy(ind.genes.begin() + drop, ind.genes.end(), ind.genes.begin());
    for (int i = 0; i < l; ++i) {
      int8_t& g = ind.genes[static_cast<size_t>(i)];
      if (i >= l - drop || g >= n_actions) g = static_cast<int8_t>(rng.NextInt(n_actions));
    }
    if (ind.evaluated()) {
      ind.fitness *= discount;
      ind.reward *= discount;
    }
  }
}

}  // namespace vgdl::rhea
