// Sufficiency threshold (Gudmundsson and Björnsson 2011, "MCTS: Improved Action Selection
// Techniques for Deterministic Games", Eq. 2): in a deterministic game with few outcomes, once
// an action looks sufficiently good, samples are better spent proving or refuting it than
// telling it apart from other good ones, so exploration is switched off:
//   C^ = C  when all Q(s, a) <= alpha,
//   C^ = 0  when any Q(s, a) >  alpha,        alpha = 0.6 (the paper's experiments).
// Q is the exploitation term of UCB1 as the loop computes it, normalised into [0, 1] (the
// paper's win rates). Children without visits have no Q and do not count (their exploration
// term is infinite, Eq. 1's convention). In GVGAI the agent applies it in games that
// deterministic game detection classifies as deterministic, unless told "always"
// (docs/agents.md, "Sufficiency threshold").
#pragma once

namespace vgdl {

// Gudmundsson and Björnsson: "alpha = 0.6 in ST".
inline constexpr double kSufficiencyAlpha = 0.6;

// Throws std::invalid_argument naming the valid range: [0, 1].
void ValidateSufficiencyAlpha(double alpha);

// Eq. 2: the exploration constant at a node whose visited children's highest Q is
// `max_child_q` (no visited child: pass a value below alpha, e.g. -infinity).
inline double SufficiencyThresholdC(double c, double max_child_q, double alpha) {
  return max_child_q > alpha ? 0.0 : c;
}

}  // namespace vgdl
