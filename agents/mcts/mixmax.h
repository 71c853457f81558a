// MixMax: the selection value that mixes a node's mean with the best value backed up through
// it, for risk-seeking selection (Jacobsen, Greve and Togelius 2014). Two uses, one formula:
//   - Soemers 2016, §4.2.5 "MCTS Selection in Deterministic Games": in games that Deterministic
//     Game Detection classified as deterministic (deterministic_detection.h), the Q term of
//     UCB1 (Eq. 3.3, or Eq. 4.1 with progressive history) becomes
//       (1 - alpha) * Q_mean + alpha * Q_max,   alpha = alpha_DGD = 0.25,
//     Q_max being X_max(n), the maximum value backed up through n, normalised;
//   - Frydenberg et al. 2015, §V-A "MixMax backups": Q * maxScore + (1 - Q) * mean in every
//     game, with Q = 0.1.
// Q_max is normalised with the same bounds as the mean (the game's, Soemers Eq. 3.2, or the
// parent node's, as GVGAI's sample agent does), so that both terms lie in one range. With
// Sarsa-UCT(lambda) (sarsa_uct.h) the mean is replaced by V(n) + X(s_{t-1}), which lies in the
// range of X, so Q_max needs no other scaling (§4.2.6, "Selection in TDTS").
#pragma once

#include "agents/common/evaluation.h"
#include "agents/mcts/tree.h"

namespace vgdl {

// alpha_DGD of Soemers 2016, §4.2.5.
inline constexpr double kMixMaxAlphaDeterministic = 0.25;
// Q of Frydenberg et al. 2015, §V-A.
inline constexpr double kMixMaxQFrydenberg = 0.1;

// Throws std::invalid_argument naming the valid range, [0, 1].
void ValidateMixMaxAlpha(double alpha);

// (1 - alpha) * q_mean + alpha * q_max, both already normalised.
inline double MixMax(double q_mean, double q_max, double alpha) {
  return (1.0 - alpha) * q_mean + alpha * q_max;
}

// MixMax of `q_mean` (the caller's normalised mean of `node`: Node::mean(), or Sarsa-UCT's
// selection value) and the normalised maximum backed up through `node` (Node::bounds.max).
// A node through which nothing was backed up has no maximum: its value is q_mean.
inline double MixMaxOf(const Node& node, double q_mean, const ValueBounds& normalisation,
                       double alpha) {
  if (node.bounds.max < node.bounds.min) return q_mean;
  return MixMax(q_mean, normalisation.Normalise(node.bounds.max), alpha);
}

// MixMaxOf with the node's own MC mean, normalised like its maximum.
inline double MixMaxOf(const Node& node, const ValueBounds& normalisation, double alpha) {
  return MixMaxOf(node, normalisation.Normalise(node.mean()), normalisation, alpha);
}

}  // namespace vgdl
