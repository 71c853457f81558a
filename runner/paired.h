// Paired comparisons of agents on the same episodes. Every agent of a run plays the same seeds
// (plan.h), so two agents' episodes with the same (game, level, rep, seed) are the same game
// from the same start: a pair. Over the pairs where exactly one of the two won (the discordant
// pairs), McNemar's exact test asks whether "A won, B lost" and "B won, A lost" are equally
// likely; it is the two-sided sign test (binomial with p = 1/2) on those pairs. Pairs both won
// or both lost say nothing about which agent is better and do not enter the test.
#pragma once

#include <string>
#include <vector>

#include "runner/episode.h"

namespace vgdl {

// The two-sided exact p-value of McNemar's test (the sign test) with `a_only` pairs won by A
// alone and `b_only` by B alone: 2 * P(X <= min(a_only, b_only)) for X ~ Binomial(n, 1/2),
// n = a_only + b_only, at most 1; 1 when there is no discordant pair.
double McNemarExactPValue(int a_only, int b_only);

struct PairedComparison {
  std::string agent_a;
  std::string agent_b;
  int pairs = 0;  // episodes both played
  int both_won = 0;
  int a_only = 0;  // A won, B did not
  int b_only = 0;  // B won, A did not
  int neither = 0;
  double p_value = 1.0;  // McNemarExactPValue(a_only, b_only)
};

// One comparison per pair of agents (each unordered pair once, A before B in `agents`' order),
// over the episodes matched by (game, level, rep, seed). An episode a file holds twice counts
// once.
std::vector<PairedComparison> ComparePaired(const std::vector<EpisodeResult>& results,
                                            const std::vector<std::string>& agents);

}  // namespace vgdl
