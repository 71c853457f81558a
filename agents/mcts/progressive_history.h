// Progressive History (Soemers 2016 §4.2.1; Nijssen and Winands 2011): a selection bias toward
// actions that paid in earlier simulations, fading as the child is visited. The selection
// value of child S_i of node P, reached by action a_i, becomes Eq. 4.1:
//   Q(S_i) + C * sqrt(ln(n_P) / n_i) + Q(a_i) * W / (n_i - n_i * Q(S_i) + 1)
// This file computes the last term. Q(a_i) is the mean of every evaluation backed up through
// an edge playing a_i with the avatar in the cell it is in before a_i (the 1-grams of
// ActionStatistics, shared with NST), normalised into [0, 1]; without data it is 1, which
// rewards trying actions not tried yet. Q(S_i) is the child's normalised mean, the same value
// as UCB1's first term. The denominator shrinks the bias for children that did badly: for a
// child whose Q(S_i) is 1 the bonus stays Q(a_i) * W, for one whose Q(S_i) is 0 it falls as
// 1 / (n_i + 1).
//
// Normalisation: the agent gives the bounds (Soemers' agent: the min and max of every X seen
// this game, norm=game); without spread (min >= max) Q(a) is 0.5, as MaastCTS2's
// Globals.normalise answers, and values are clamped into [0, 1] so that the denominator is
// never below 1 (Eq. 4.1 "relies on Q(S_i) being normalized to lie in the interval [0, 1]").
#pragma once

#include "agents/common/evaluation.h"
#include "agents/mcts/action_statistics.h"

namespace vgdl {

// §5.2.5: "PH was tested with W = 1".
inline constexpr double kProgressiveHistoryW = 1.0;

// `v` normalised into `bounds` and clamped into [0, 1]; 0.5 when the bounds have no spread.
double NormaliseIntoUnit(double v, const ValueBounds& bounds);

// Eq. 4.1's third term from its parts: Q(a_i) and Q(S_i) in [0, 1] (clamped), n_i >= 0.
double ProgressiveHistoryTerm(double q_action, double child_visits, double q_child, double w);

class ProgressiveHistory {
 public:
  // W >= 0 (finite). Throws std::invalid_argument otherwise.
  explicit ProgressiveHistory(double w = kProgressiveHistoryW);

  double w() const { return w_; }

  // Q(a): the normalised mean of the 1-gram (action, cell), or 1 without data.
  static double ActionValue(const ActionStatistics& stats, int action, int cell,
                            const ValueBounds& bounds);

  // The bonus of the child reached by `action` with the avatar in `cell` before it: Eq. 4.1's
  // third term with Q(a) from `stats` normalised into `bounds`, `child_visits` = n_i and
  // `q_child` = Q(S_i).
  double Bonus(const ActionStatistics& stats, int action, int cell, const ValueBounds& bounds,
               double child_visits, double q_child) const;

 private:
  double w_;
};

}  // namespace vgdl
