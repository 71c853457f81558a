#include "agents/rhea/evolving_population.h"

#include <algorithm>
#include <utility>

namespace vgdl::rhea {

namespace {

// Stable insertion sort by descending fitness of `span`.
void SortBestFirst(std::span<Individual> span) {
  for (size_t i = 1; i < span.size(); ++i) {
    for (size_t j = i; j > 0 && span[j].fitness > span[j - 1].fitness; --j) {
      std::swap(span[j], span[j - 1]);
    }
  }
}

}  // namespace

Population::Population(int population, int offspring, int max_length) : population_(population) {
  pool_.resize(static_cast<size_t>(population + offspring));
  for (Individual& ind : pool_) {
    ind.genes.reserve(static_cast<size_t>(max_length));
    ind.cells.reserve(static_cast<size_t>(max_length));
  }
}

void Population::SortParents() {
  SortBestFirst(parents());
}

void Population::Replace(Replacement rule, int elites, int children) {
  const auto p = static_cast<size_t>(population_);
  const auto e = static_cast<size_t>(elites);
  const std::span<Individual> kids = offspring().first(static_cast<size_t>(children));
  if (rule == Replacement::kPlus) {
    // Alg. 1: the best P - E of parents (after the elites) and offspring together.
    SortBestFirst(std::span(pool_).subspan(e, p - e + kids.size()));
  } else {
    // Generational: offspring replace the non-elite parents, best first; with fewer offspring
    // than P - E the best of those parents fill the rest.
    SortBestFirst(kids);
    const size_t replaced = std::min(kids.size(), p - e);
    for (size_t i = 0; i < replaced; ++i) std::swap(pool_[p - replaced + i], kids[i]);
  }
  SortParents();
}

int Population::BestByReward() const {
  int best = -1;
  for (int i = 0; i < population_; ++i) {
    const Individual& ind = pool_[static_cast<size_t>(i)];
    if (!ind.evaluated()) continue;
    if (best < 0 || ind.reward > pool_[static_cast<size_t>(best)].reward) best = i;
  }
  return best;
}

}  // namespace vgdl::rhea
