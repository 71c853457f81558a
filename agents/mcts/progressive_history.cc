// Progressive History's selection bonus (Soemers 2016 §4.2.1, Eq. 4.1); see
// progressive_history.h.
#include "agents/mcts/progressive_history.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace vgdl {

double NormaliseIntoUnit(double v, const ValueBounds& bounds) {
  if (!bounds.valid()) return 0.5;
  return std::clamp(bounds.Normalise(v), 0.0, 1.0);
}

double ProgressiveHistoryTerm(double q_action, double child_visits, double q_child, double w) {
  const double qa = std::clamp(q_action, 0.0, 1.0);
  const double qs = std::clamp(q_child, 0.0, 1.0);
  const double n = std::max(child_visits, 0.0);
  return qa * w / (n - n * qs + 1.0);
}

ProgressiveHistory::ProgressiveHistory(double w) : w_(w) {
  if (!(w >= 0.0) || !std::isfinite(w)) {
    throw std::invalid_argument("the progressive history weight W must be >= 0, not " +
                                std::to_string(w));
  }
}

double ProgressiveHistory::ActionValue(const ActionStatistics& stats, int action, int cell,
                                       const ValueBounds& bounds) {
  const NGramStat s = stats.Action(action, cell);
  return s.seen() ? NormaliseIntoUnit(s.mean, bounds) : 1.0;
}

double ProgressiveHistory::Bonus(const ActionStatistics& stats, int action, int cell,
                                 const ValueBounds& bounds, double child_visits,
                                 double q_child) const {
  return ProgressiveHistoryTerm(ActionValue(stats, action, cell, bounds), child_visits, q_child,
                                w_);
}

}  // namespace vgdl
