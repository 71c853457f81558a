// State values and fitness assignment of `rhea` (Gaina 2021 Eq. 3.1, §3.2.2; spec/RHEA.md
// §1.2, §2.2).
//
// Every state an evaluation traverses gets a value h in [0, 1], so that the thresholds of
// dynamic depth (0.05 / 0.4), the diversity weight and the bandits' C = sqrt 2 mean what the
// thesis means. The values of one evaluation form an array F, which the fitness assignment
// turns into one number.
//
// h is dynamically normalised: its bounds are the extremes seen so far in the game, so one
// value can differ between two evaluations of the same state early in a game (as in the
// thesis's and RHv2's normalisation; the order of the states never changes).
#pragma once

#include <span>

#include "agents/common/evaluation.h"
#include "agents/rhea/options.h"
#include "engine/state.h"

namespace vgdl::rhea {

class StateHeuristic {
 public:
  explicit StateHeuristic(Heuristic kind) : kind_(kind) {}

  // Forgets the bounds (a new game).
  void Reset() { bounds_ = ValueBounds{}; }
  // h(s) in [0, 1], the bounds widened by s first.
  //   normalised (Eq. 3.1): 1 on a win, 0 on a loss, else the score normalised by the scores
  //     seen, squeezed into [eps, 1 - eps] so that a win stays above every score;
  //   winscore (Eq. 8.3, RHv2's WinScoreHeuristic): +1e6 on a win, -1e6 on a loss, the score
  //     otherwise, normalised by the values seen.
  // While the bounds span no interval, a non-terminal state is worth 1/2.
  double Value(const State& s);

 private:
  Heuristic kind_;
  ValueBounds bounds_;
};

// The fitness of an evaluation's values F (at least one):
//   last F[n-1]; delta F[n-1] - F[0]; average; min; max; discount sum F[i] gamma^i.
double AssignFitness(std::span<const double> values, FitnessAssignment assignment, double gamma);

}  // namespace vgdl::rhea
