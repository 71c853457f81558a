#include "agents/rhea/diversity.h"

#include <algorithm>
#include <cmath>

#include "agents/rhea/operators.h"
#include "engine/observation.h"

namespace vgdl::rhea {

Diversity::Diversity(DiversityType type, int max_length)
    : type_(type), genes_(static_cast<size_t>(max_length) * kActions, 0) {}

void Diversity::Init(const State& s) {
  width_ = std::max(1, s.width_cells());
  height_ = std::max(1, s.height_cells());
  block_ = std::max(1, s.block_size());
  cells_.assign(static_cast<size_t>(width_) * static_cast<size_t>(height_), 0);
  Reset();
}

void Diversity::Reset() {
  std::fill(genes_.begin(), genes_.end(), 0);
  std::fill(cells_.begin(), cells_.end(), 0);
  explored_ = 0;
}

int32_t Diversity::CellOf(const State& s) const {
  if (cells_.empty() || !HasAvatar(s)) return -1;
  const Vec2 p = AvatarPosition(s);
  const int x = std::clamp(static_cast<int>(std::floor(p.x / block_)), 0, width_ - 1);
  const int y = std::clamp(static_cast<int>(std::floor(p.y / block_)), 0, height_ - 1);
  return y * width_ + x;
}

double Diversity::Score(const Individual& ind) const {
  if (explored_ == 0) return 1.0;
  const double explored = explored_;
  double sum = 0.0;
  int n = 0;
  if (type_ == DiversityType::kGenotypic) {
    for (int i = 0; i < static_cast<int>(ind.genes.size()); ++i, ++n) {
      sum += GeneCount(i, ind.genes[static_cast<size_t>(i)]) / explored;
    }
  } else {
    for (int i = 0; i < ind.played; ++i, ++n) {
      sum += std::min(1.0, CellCount(ind.cells[static_cast<size_t>(i)]) / explored);
    }
  }
  return n == 0 ? 1.0 : 1.0 - sum / n;
}

void Diversity::Add(const Individual& ind) {
  ++explored_;
  if (type_ == DiversityType::kGenotypic) {
    for (size_t i = 0; i < ind.genes.size(); ++i) {
      ++genes_[i * kActions + static_cast<size_t>(ind.genes[i])];
    }
    return;
  }
  for (int i = 0; i < ind.played; ++i) {
    const int32_t cell = ind.cells[static_cast<size_t>(i)];
    if (cell >= 0) ++cells_[static_cast<size_t>(cell)];
  }
}

void Diversity::Mutate(Individual& child, const Individual& parent, int n_actions,
                       AgentRandom& rng) const {
  if (child.genes.empty() || n_actions < 2) return;
  if (type_ == DiversityType::kGenotypic) {
    int gene = 0;
    for (int i = 1; i < static_cast<int>(child.genes.size()); ++i) {
      if (GeneCount(i, child.genes[static_cast<size_t>(i)]) >
          GeneCount(gene, child.genes[static_cast<size_t>(gene)])) {
        gene = i;
      }
    }
    const int8_t old = child.genes[static_cast<size_t>(gene)];
    int least = -1;
    for (int a = 0; a < n_actions; ++a) {
      if (a == old) continue;
      if (least < 0 || GeneCount(gene, a) < GeneCount(gene, least)) least = a;
    }
    child.genes[static_cast<size_t>(gene)] = static_cast<int8_t>(least);
    return;
  }
  // The child's own positions are unknown before its evaluation: those of the parent it was
  // made from stand in for them.
  if (parent.played == 0) {
    MutateGene(child.genes, rng.NextInt(static_cast<int>(child.genes.size())), n_actions, rng);
    return;
  }
  int gene = 0;
  for (int i = 1; i < std::min(parent.played, static_cast<int>(child.genes.size())); ++i) {
    if (CellCount(parent.cells[static_cast<size_t>(i)]) >
        CellCount(parent.cells[static_cast<size_t>(gene)])) {
      gene = i;
    }
  }
  MutateGene(child.genes, gene, n_actions, rng);
}

}  // namespace vgdl::rhea
