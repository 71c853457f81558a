// UCB1 (Auer, Cesa-Bianchi and Fischer 2002), written once for its four users: MCTS's selection
// (agents/mcts/mcts.cc), the hybrid's (agents/hybrid/enhanced_mcts.cc), RHEA's statistical
// tree's final move (agents/rhea/statistical_tree.cc) and its bandit mutation
// (agents/rhea/bandit_mutation.cc):
//   q + c * sqrt(ln N / n)
// with N the parent's (or all arms') count and n the child's (or arm's). The users follow
// programs that guard N and n differently; each guard is a parameter here, and each keeps the
// floating-point expression of the program it follows, so results are bit for bit those of the
// formula written out.
#pragma once

#include <algorithm>
#include <cmath>

#include "agents/common/evaluation.h"

namespace vgdl {

// How ln N counts N.
enum class Ucb1Parent {
  kPlusOne,     // ln(N + 1): GVGAI's sample MCTS (a root selects before its first visit)
  kAsIs,        // ln N: RHEA's statistical tree, whose root has been visited
  kAtLeastOne,  // ln max(1, N): bandit mutation, whose arms may not have been pulled at all
};

// How n counts the child's visits.
enum class Ucb1Visits {
  kPlusTieEpsilon,  // n + kTieEpsilon: GVGAI's guard against a child without visits
  kAsIs,            // n: the caller has made sure that n > 0
};

// ln N under `rule`, computed once per parent by callers that score its every child.
inline double Ucb1LogParent(double parent_visits, Ucb1Parent rule) {
  switch (rule) {
    case Ucb1Parent::kPlusOne:
      return std::log(parent_visits + 1.0);
    case Ucb1Parent::kAtLeastOne:
      return std::log(std::max(1.0, parent_visits));
    case Ucb1Parent::kAsIs:
      break;
  }
  return std::log(parent_visits);
}

// q + c * sqrt(log_parent / n), with n `visits` counted under `rule`; `log_parent` from
// Ucb1LogParent.
inline double Ucb1(double q, double c, double log_parent, double visits, Ucb1Visits rule) {
  const double n = rule == Ucb1Visits::kPlusTieEpsilon ? visits + kTieEpsilon : visits;
  return q + c * std::sqrt(log_parent / n);
}

}  // namespace vgdl
