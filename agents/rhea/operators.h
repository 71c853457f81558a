// Genetic operators of `rhea` (Gaina 2021 §3.2.1, §6.2; spec/RHEA.md §1.4, §2.1): selection
// over a best-first population, crossover into one child, and mutations that always change the
// genes they touch (a mutated gene takes a different action).
#pragma once

#include <cstdint>
#include <span>

#include "agents/common/random.h"
#include "agents/rhea/evolving_population.h"
#include "agents/rhea/options.h"

namespace vgdl::rhea {

// The index of a parent, from a population sorted best first:
//   tournament: `tournament_size` draws (with replacement), the best of them;
//   rank: probability proportional to the inverse rank (the worst has rank 1);
//   roulette: probability proportional to fitness (shifted so that the worst has ~0).
int SelectParent(std::span<const Individual> population, Selection selection, int tournament_size,
                 AgentRandom& rng);
// The tournament size of the options: `tournament_share` of P when set (at least 1), else
// `tournament`.
int TournamentSize(const Options& options);

// One child of `a` and `b`: uniform (each gene from either with p = 1/2) or n-point (n cut
// points in [1, L - 1], the slices alternating between the parents).
void Cross(std::span<const int8_t> a, std::span<const int8_t> b, std::span<int8_t> child,
           Crossover crossover, AgentRandom& rng);

// Gene `i` becomes a uniformly random action other than its own.
void MutateGene(std::span<int8_t> genes, int i, int n_actions, AgentRandom& rng);
// `n` distinct genes drawn uniformly, each changed (all of them when n >= L).
void MutateBits(std::span<int8_t> genes, int n, int n_actions, AgentRandom& rng);
// One gene drawn with probability proportional to exp(-(i + 1)) (Eq. 3.2 with RHv2's logits:
// the beginning of the plan changes most), changed.
void MutateSoftmax(std::span<int8_t> genes, int n_actions, AgentRandom& rng);
// The mutations of Table 3.1 other than diversity (which needs the diversity counts):
// uniform (each gene with probability `rate`), 1/2/3 bits, softmax.
void Mutate(std::span<int8_t> genes, Mutation mutation, double rate, int n_actions,
            AgentRandom& rng);

}  // namespace vgdl::rhea
