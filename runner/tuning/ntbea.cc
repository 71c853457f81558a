// NTBEA (Lucas et al. 2018; Gaina's thesis §6.1, ../shared/spec/RHEA.md §2.14).
#include "runner/tuning/ntbea.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace vgdl {
namespace {

// Breaks ties between neighbours of equal UCB at random (the thesis adds "small random noise
// to break ties"); far below any difference a fitness of wins and scores makes.
constexpr double kTieNoise = 1e-6;
// Neighbours drawn per neighbour wanted before giving up on finding valid ones: a space where
// the agent refuses most combinations still moves, one where it refuses all stays put.
constexpr int kDrawsPerNeighbour = 20;

}  // namespace

NTupleModel::NTupleModel(std::vector<int> dimensions, bool full_tuple)
    : dimensions_(std::move(dimensions)), full_tuple_(full_tuple) {
  for (const int d : dimensions_) {
    if (d < 1) throw std::invalid_argument("NTupleModel: every parameter needs a value");
  }
  const size_t count = dimensions_.size();
  const auto values = [&](size_t i) { return static_cast<size_t>(dimensions_[i]); };
  for (size_t i = 0; i < count; ++i) tuples_.push_back({{i}, std::vector<Stats>(values(i))});
  for (size_t i = 0; i < count; ++i) {
    for (size_t j = i + 1; j < count; ++j) {
      tuples_.push_back({{i, j}, std::vector<Stats>(values(i) * values(j))});
    }
  }
  // With one or two parameters the L-tuple is one of the tuples above: counted once.
  if (count <= 2) full_tuple_ = false;
}

size_t NTupleModel::Cell(const Tuple& tuple, const TuningPoint& point) const {
  size_t cell = 0;
  for (const size_t p : tuple.parameters) {
    cell = cell * static_cast<size_t>(dimensions_[p]) + static_cast<size_t>(point[p]);
  }
  return cell;
}

const NTupleModel::Stats* NTupleModel::Find(size_t tuple, const TuningPoint& point) const {
  if (tuple < tuples_.size()) return &tuples_[tuple].cells[Cell(tuples_[tuple], point)];
  const auto it = points_.find(point);
  return it == points_.end() ? nullptr : &it->second;
}

void NTupleModel::Add(const TuningPoint& point, double fitness) {
  if (point.size() != dimensions_.size())
    throw std::invalid_argument("NTupleModel: a point of the wrong length");
  for (Tuple& tuple : tuples_) {
    Stats& s = tuple.cells[Cell(tuple, point)];
    ++s.n;
    s.sum += fitness;
  }
  Stats& s = points_[point];
  ++s.n;
  s.sum += fitness;
  ++samples_;
}

std::optional<double> NTupleModel::Mean(const TuningPoint& point) const {
  double total = 0.0;
  int seen = 0;
  for (size_t t = 0; t < tuple_count(); ++t) {
    const Stats* s = Find(t, point);
    if (s == nullptr || s->n == 0) continue;
    total += s->sum / s->n;
    ++seen;
  }
  if (seen == 0) return std::nullopt;
  return total / seen;
}

double NTupleModel::Ucb(const TuningPoint& point, double k, double epsilon) const {
  // Exploitation averages only the tuples that have seen the combination (an unseen one has
  // no mean to average); exploration averages over every tuple, so that a point whose pairs
  // were never tried together is worth more than one whose pairs all were.
  const double log_total = std::log(1.0 + samples_);
  double explore = 0.0;
  for (size_t t = 0; t < tuple_count(); ++t) {
    const Stats* s = Find(t, point);
    const int n = s == nullptr ? 0 : s->n;
    explore += k * std::sqrt(log_total / (n + epsilon));
  }
  const size_t tuples = tuple_count();
  return Mean(point).value_or(0.0) + (tuples == 0 ? 0.0 : explore / static_cast<double>(tuples));
}

int NTupleModel::Count(const TuningPoint& point) const {
  const auto it = points_.find(point);
  return it == points_.end() ? 0 : it->second.n;
}

std::vector<TuningPoint> NTupleModel::Evaluated() const {
  std::vector<TuningPoint> out;
  out.reserve(points_.size());
  for (const auto& [point, stats] : points_) out.push_back(point);
  return out;
}

Ntbea::Ntbea(std::vector<int> dimensions, NtbeaSettings settings, NtbeaValid valid)
    : dimensions_(dimensions),
      settings_(settings),
      valid_(std::move(valid)),
      model_(std::move(dimensions), settings.full_tuple),
      random_(settings.seed) {
  if (settings_.neighbours < 1) throw std::invalid_argument("NTBEA: neighbours must be >= 1");
}

TuningPoint Ntbea::Run(const TuningPoint& start, const NtbeaEvaluate& evaluate,
                       const std::function<void(const NtbeaStep&)>& observe) {
  if (start.size() != dimensions_.size() || !IsValid(start))
    throw std::invalid_argument("NTBEA: the start point is not a valid point of the space");
  TuningPoint current = start;
  for (int i = 0; i < settings_.evaluations; ++i) {
    NtbeaStep step;
    step.evaluation = i;
    step.point = current;
    step.predicted = model_.Mean(current);
    step.fitness = evaluate(current, i);
    model_.Add(current, step.fitness);
    step.estimate = *model_.Mean(current);
    if (observe) observe(step);
    // The neighbours of the last evaluation are drawn even after it, so that the random
    // stream, and with it a run continued with more evaluations, does not depend on when the
    // run stops.
    current = NextCandidate(current);
  }
  return Recommendation();
}

TuningPoint Ntbea::Mutate(const TuningPoint& point) {
  std::vector<size_t> mutable_parameters;
  for (size_t i = 0; i < dimensions_.size(); ++i) {
    if (dimensions_[i] > 1) mutable_parameters.push_back(i);
  }
  TuningPoint out = point;
  if (mutable_parameters.empty()) return out;
  const auto change = [&](size_t i) {
    // A uniformly drawn value other than the current one.
    int v = random_.NextInt(dimensions_[i] - 1);
    if (v >= out[i]) ++v;
    out[i] = v;
  };
  // Uniform mutation with probability 1/L per parameter (thesis §6.1, step 3); a neighbour
  // that changed nothing would be the point itself, so at least one parameter changes.
  const double rate = 1.0 / static_cast<double>(mutable_parameters.size());
  bool changed = false;
  for (const size_t i : mutable_parameters) {
    if (random_.NextDouble() < rate) {
      change(i);
      changed = true;
    }
  }
  if (!changed) {
    change(mutable_parameters[static_cast<size_t>(
        random_.NextInt(static_cast<int>(mutable_parameters.size())))]);
  }
  return out;
}

TuningPoint Ntbea::NextCandidate(const TuningPoint& current) {
  TuningPoint best = current;
  double best_value = -std::numeric_limits<double>::infinity();
  int found = 0;
  for (int draw = 0;
       found < settings_.neighbours && draw < settings_.neighbours * kDrawsPerNeighbour; ++draw) {
    TuningPoint neighbour = Mutate(current);
    if (neighbour == current || !IsValid(neighbour)) continue;
    ++found;
    const double value =
        model_.Ucb(neighbour, settings_.k, settings_.epsilon) + random_.NextDouble() * kTieNoise;
    if (value > best_value) {
      best_value = value;
      best = std::move(neighbour);
    }
  }
  return best;  // `current` again when it has no valid neighbour
}

TuningPoint Ntbea::Recommendation() const {
  TuningPoint best;
  double best_mean = -std::numeric_limits<double>::infinity();
  int best_count = 0;
  for (const TuningPoint& point : model_.Evaluated()) {
    const double mean = *model_.Mean(point);
    const int count = model_.Count(point);
    if (mean > best_mean || (mean == best_mean && count > best_count)) {
      best = point;
      best_mean = mean;
      best_count = count;
    }
  }
  return best;
}

std::vector<TuningPoint> Ntbea::RankedNeighbours(const TuningPoint& point, size_t count) const {
  std::vector<std::pair<TuningPoint, std::optional<double>>> neighbours;
  for (size_t i = 0; i < dimensions_.size(); ++i) {
    for (int v = 0; v < dimensions_[i]; ++v) {
      if (v == point[i]) continue;
      TuningPoint n = point;
      n[i] = v;
      if (IsValid(n)) neighbours.emplace_back(n, model_.Mean(n));
    }
  }
  std::stable_sort(neighbours.begin(), neighbours.end(), [](const auto& a, const auto& b) {
    if (a.second.has_value() != b.second.has_value()) return a.second.has_value();
    return a.second.has_value() && *a.second > *b.second;
  });
  std::vector<TuningPoint> out;
  for (size_t i = 0; i < neighbours.size() && i < count; ++i) out.push_back(neighbours[i].first);
  return out;
}

std::optional<TuningPoint> Ntbea::RandomValidPoint() {
  constexpr int kDraws = 1000;
  for (int draw = 0; draw < kDraws; ++draw) {
    TuningPoint point(dimensions_.size());
    for (size_t i = 0; i < dimensions_.size(); ++i) point[i] = random_.NextInt(dimensions_[i]);
    if (IsValid(point)) return point;
  }
  return std::nullopt;
}

}  // namespace vgdl
