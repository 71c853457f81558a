// Bandit-based mutation of `rhea` (Gaina 2021 §3.2.8, Alg. 5/6 BANDITMUTATE; spec/RHEA.md §2.8,
// after Liu et al.'s bandit RMHC): one gene of a child is mutated, chosen by two levels of UCB1
// bandits (Eq. 3.3, C = sqrt 2):
//   individual level, one bandit for the population whose arms are gene positions: N(s) is the
//     number of mutations, N(s, a) those of gene a, and the exploitation term max(dR), the
//     largest fitness gain seen when mutating gene a;
//   gene level, one bandit per gene position shared by the population, whose arms are the
//     action values: N(s) is the number of changes of that gene, N(s, a) those to value a, and
//     the exploitation term the mean dR of value a (the thesis's "exploration term is the dR"
//     is read as the exploitation term; RHEA.md §2.8).
// Untried arms come first; ties are broken by GVGAI's noise. The value chosen is never the
// gene's own (a mutation changes the gene). After the child's evaluation dR = its fitness minus
// that of the parent it was made from, both bandits learn it, and a negative dR reverts the
// child to that parent (so individuals never get worse).
// With the shift buffer the bandits shift with the genomes and their dR are discounted.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "agents/common/action_list.h"
#include "agents/common/random.h"
#include "agents/rhea/options.h"

namespace vgdl::rhea {

class BanditMutation {
 public:
  struct Choice {
    int gene = -1;
    int8_t value = 0;
  };

  BanditMutation(int max_length, double c);

  // Fresh bandits for genomes of `length` genes over `n_actions` actions.
  void Reset(int length, int n_actions);
  // The first `k` gene positions are dropped (their genes were played), `k` fresh ones come
  // last, and every dR is multiplied by `discount`.
  void Shift(int k, double discount);
  // Changes one gene of `genes` as `level` says (the other choice uniform) and returns it.
  Choice Mutate(std::span<int8_t> genes, BanditLevel level, AgentRandom& rng);
  // dR of the mutation `choice`.
  void Update(const Choice& choice, double delta_r);

  // The position the individual-level bandit picks next (its highest UCB), for tests.
  int BestGene(AgentRandom& rng) const;
  int length() const { return length_; }

 private:
  struct Arm {
    double n = 0.0;
    double q = 0.0;  // max dR (individual level) or mean dR (gene level)
  };
  struct GeneBandit {
    double n = 0.0;
    std::array<Arm, kMaxSearchActions> values{};
  };

  double Ucb(const Arm& arm, double total) const;

  double c_;
  int length_ = 0;
  int n_actions_ = 0;
  double mutations_ = 0.0;  // N(s) of the individual level
  std::vector<Arm> genes_;  // the individual level's arms
  std::vector<GeneBandit> gene_bandits_;
};

}  // namespace vgdl::rhea
