// The genome and genetic operators of vanilla RHEA (Gaina 2021 Ch. 3.1; spec/RHEA.md §1).
//
// A genome is a sequence of L action indices; an individual's fitness is the heuristic value
// of the state reached by playing its genome from the current state. Populations are kept
// sorted best first, so that "the best of a tournament" is its smallest index.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "agents/common/random.h"

namespace vgdl {

struct Individual {
  std::vector<int8_t> genes;  // action indices; sized once, reused across decisions
  double fitness = 0.0;
};

// Every gene uniform in [0, n_actions).
void RandomGenome(std::span<int8_t> genes, int n_actions, AgentRandom& rng);

// Tournament selection: `size` individuals drawn uniformly (with replacement) from the first
// `count` of a best-first population; returns the index of the best of them.
int Tournament(int count, int size, AgentRandom& rng);

// Uniform crossover: each gene of `child` from `a` or `b` with probability 1/2.
void UniformCrossover(std::span<const int8_t> a, std::span<const int8_t> b, std::span<int8_t> child,
                      AgentRandom& rng);

// Uniform mutation: each gene, with probability `rate`, becomes a different action drawn
// uniformly from the other n_actions - 1.
void UniformMutation(std::span<int8_t> genes, int n_actions, double rate, AgentRandom& rng);

// Stable sort by descending fitness (insertion sort: populations are small and it allocates
// nothing). Equal individuals keep their order, as Java's stable sort does in GVGAI.
void SortBestFirst(std::span<Individual> population);

}  // namespace vgdl
