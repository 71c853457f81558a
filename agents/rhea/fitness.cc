#include "agents/rhea/fitness.h"

#include <algorithm>

#include "engine/observation.h"

namespace vgdl::rhea {

namespace {

constexpr double kWinScore = 1e6;  // RHv2's WinScoreHeuristic, Eq. 8.3

}  // namespace

double StateHeuristic::Value(const State& s) {
  const bool win = IsWin(s);
  const bool loss = IsLoss(s);
  if (kind_ == Heuristic::kNormalised) {
    if (win) return 1.0;
    if (loss) return 0.0;
    const double score = Score(s);
    bounds_.Add(score);
    if (!bounds_.valid()) return 0.5;
    return kTieEpsilon + (1.0 - 2.0 * kTieEpsilon) * bounds_.Normalise(score);
  }
  const double raw = win ? kWinScore : loss ? -kWinScore : Score(s);
  bounds_.Add(raw);
  return bounds_.valid() ? bounds_.Normalise(raw) : 0.5;
}

double AssignFitness(std::span<const double> values, FitnessAssignment assignment, double gamma) {
  switch (assignment) {
    case FitnessAssignment::kLast:
      return values.back();
    case FitnessAssignment::kDelta:
      return values.back() - values.front();
    case FitnessAssignment::kAverage: {
      double sum = 0.0;
      for (double v : values) sum += v;
      return sum / static_cast<double>(values.size());
    }
    case FitnessAssignment::kMin:
      return *std::min_element(values.begin(), values.end());
    case FitnessAssignment::kMax:
      return *std::max_element(values.begin(), values.end());
    case FitnessAssignment::kDiscount: {
      double sum = 0.0;
      double weight = 1.0;
      for (double v : values) {
        sum += v * weight;
        weight *= gamma;
      }
      return sum;
    }
  }
  return values.back();
}

}  // namespace vgdl::rhea
