#include "agents/rhea/bandit_mutation.h"

#include <algorithm>
#include <limits>

#include "agents/common/evaluation.h"
#include "agents/common/ucb1.h"

namespace vgdl::rhea {

BanditMutation::BanditMutation(int max_length, double c)
    : c_(c),
      genes_(static_cast<size_t>(max_length)),
      gene_bandits_(static_cast<size_t>(max_length)) {}

void BanditMutation::Reset(int length, int n_actions) {
  length_ = length;
  n_actions_ = n_actions;
  mutations_ = 0.0;
  std::fill(genes_.begin(), genes_.begin() + length, Arm{});
  std::fill(gene_bandits_.begin(), gene_bandits_.begin() + length, GeneBandit{});
}

void BanditMutation::Shift(int k, double discount) {
  const int drop = std::min(k, length_);
  std::copy(genes_.begin() + drop, genes_.begin() + length_, genes_.begin());
  std::copy(gene_bandits_.begin() + drop, gene_bandits_.begin() + length_, gene_bandits_.begin());
  std::fill(genes_.begin() + (length_ - drop), genes_.begin() + length_, Arm{});
  std::fill(gene_bandits_.begin() + (length_ - drop), gene_bandits_.begin() + length_,
            GeneBandit{});
  for (int i = 0; i < length_; ++i) {
    genes_[static_cast<size_t>(i)].q *= discount;
    for (Arm& arm : gene_bandits_[static_cast<size_t>(i)].values) arm.q *= discount;
  }
}

double BanditMutation::Ucb(const Arm& arm, double total) const {
  if (arm.n <= 0.0) return std::numeric_limits<double>::max();
  return Ucb1(arm.q, c_, Ucb1LogParent(total, Ucb1Parent::kAtLeastOne), arm.n, Ucb1Visits::kAsIs);
}

int BanditMutation::BestGene(AgentRandom& rng) const {
  int best = 0;
  double best_value = std::numeric_limits<double>::lowest();
  for (int i = 0; i < length_; ++i) {
    const double u = Ucb(genes_[static_cast<size_t>(i)], mutations_);
    // Untried arms tie at the maximum: the noise must not overflow it, so compare them by a
    // random draw alone.
    const double value = u == std::numeric_limits<double>::max()
                             ? 1e300 * (1.0 + rng.NextDouble())
                             : TieBreakNoise(u, kTieEpsilon, rng.NextDouble());
    if (value > best_value) {
      best_value = value;
      best = i;
    }
  }
  return best;
}

BanditMutation::Choice BanditMutation::Mutate(std::span<int8_t> genes, BanditLevel level,
                                              AgentRandom& rng) {
  Choice choice;
  if (length_ == 0 || n_actions_ < 2) return choice;
  choice.gene = level == BanditLevel::kGene ? rng.NextInt(length_) : BestGene(rng);
  const int8_t old = genes[static_cast<size_t>(choice.gene)];
  if (level == BanditLevel::kIndividual) {
    int v = rng.NextInt(n_actions_ - 1);
    if (v >= old) ++v;
    choice.value = static_cast<int8_t>(v);
  } else {
    const GeneBandit& bandit = gene_bandits_[static_cast<size_t>(choice.gene)];
    double best_value = std::numeric_limits<double>::lowest();
    for (int a = 0; a < n_actions_; ++a) {
      if (a == old) continue;
      const double u = Ucb(bandit.values[static_cast<size_t>(a)], bandit.n);
      const double value = u == std::numeric_limits<double>::max()
                               ? 1e300 * (1.0 + rng.NextDouble())
                               : TieBreakNoise(u, kTieEpsilon, rng.NextDouble());
      if (value > best_value) {
        best_value = value;
        choice.value = static_cast<int8_t>(a);
      }
    }
  }
  genes[static_cast<size_t>(choice.gene)] = choice.value;
  return choice;
}

void BanditMutation::Update(const Choice& choice, double delta_r) {
  if (choice.gene < 0) return;
  Arm& gene = genes_[static_cast<size_t>(choice.gene)];
  gene.q = gene.n > 0.0 ? std::max(gene.q, delta_r) : delta_r;
  gene.n += 1.0;
  mutations_ += 1.0;
  GeneBandit& bandit = gene_bandits_[static_cast<size_t>(choice.gene)];
  Arm& value = bandit.values[static_cast<size_t>(choice.value)];
  value.n += 1.0;
  value.q += (delta_r - value.q) / value.n;
  bandit.n += 1.0;
}

}  // namespace vgdl::rhea
