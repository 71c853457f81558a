// State evaluation shared by the search agents.
//
// The basic evaluation of Soemers (2016) Eq. 3.1, which is also GVGAI's sample MCTS `value()`:
//   X(s) = score(s) + B   if s is won,
//          score(s) - B   if s is lost,
//          score(s)       otherwise,
// with B = 10^7, large enough that any win beats any score and any loss is worse than any score.
// Agents that need values in [0, 1] normalise X with the minimum and maximum seen so far
// (Eq. 3.2), which ValueBounds keeps.
#pragma once

#include <algorithm>
#include <limits>

#include "engine/state.h"

namespace vgdl {

// GVGAI's HUGE_POSITIVE / HUGE_NEGATIVE of the sample MCTS agent, and Soemers' 10^7.
inline constexpr double kWinLossBonus = 1e7;

// X(s) of Eq. 3.1 for player 0. A game that ended without a winner (the 2000-tick limit marks
// every non-winner as a loser, so this only happens on GVGAI's logger abort) counts as neither.
double GameValue(const State& state, double win_loss_bonus = kWinLossBonus);

// Whether the state is a loss / a win for player 0 (GVGAI's isGameOver && winner).
bool IsLoss(const State& state);
bool IsWin(const State& state);

// The running minimum and maximum of a series of values, and normalisation into them.
struct ValueBounds {
  double min = std::numeric_limits<double>::max();
  double max = std::numeric_limits<double>::lowest();

  void Add(double v) {
    min = std::min(min, v);
    max = std::max(max, v);
  }
  bool valid() const { return min < max; }
  // GVGAI's Utils.normalise: (v - min) / (max - min), or `v` itself while the bounds do not
  // span an interval (then every value seen so far is equal, so any order-preserving choice
  // gives the same decisions).
  double Normalise(double v) const { return valid() ? (v - min) / (max - min) : v; }
};

// GVGAI's Utils.noise tie-breaker: perturbs `v` by a relative amount below `epsilon`, with `r`
// uniform in [0, 1). Exact ties are then broken at random, near-ties almost never change order.
inline double TieBreakNoise(double v, double epsilon, double r) {
  return (v + epsilon) * (1.0 + epsilon * (r - 0.5));
}

// The epsilon GVGAI's sample agents use for tie-breaking and for guarding divisions.
inline constexpr double kTieEpsilon = 1e-6;

}  // namespace vgdl
