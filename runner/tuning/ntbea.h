// The N-Tuple Bandit Evolutionary Algorithm (NTBEA; Kunanusont et al. 2017, Lucas et al. 2018)
// as Gaina's thesis uses it to tune RHEA offline (§6.1; ../shared/spec/RHEA.md §2.14).
//
// NTBEA optimises a noisy function over a discrete space: every parameter takes one of a few
// values. It keeps a landscape model of n-tuple statistics (for every 1-tuple, every 2-tuple
// and the whole point: how often each combination of values was evaluated and the sum of the
// fitness it got), and moves from the point just evaluated to the best of 50 random neighbours
// by the model's UCB, so that each expensive evaluation is spent where the model is either
// promising or ignorant. The recommendation is the evaluated point whose tuples have the
// highest mean. Nothing here knows about games: the caller gives the evaluation function.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <vector>

#include "agents/common/random.h"

namespace vgdl {

// A point of the search space: one value index per parameter.
using TuningPoint = std::vector<int>;

// The thesis's settings (§6.1): 1500 evaluations, 50 neighbours, k = 2, epsilon = 0.5, and the
// 1-, 2- and L-tuples (n in {1, 2, L}).
struct NtbeaSettings {
  int evaluations = 1500;
  int neighbours = 50;
  double k = 2.0;          // weight of the UCB exploration term
  double epsilon = 0.5;    // keeps the exploration term finite for unseen value combinations
  bool full_tuple = true;  // the L-tuple (the exact point) besides the 1- and 2-tuples
  uint64_t seed = 0;
};

// The landscape model: running statistics of every tuple's value combinations.
class NTupleModel {
 public:
  // `dimensions[i]` = how many values parameter i takes (each at least 1).
  NTupleModel(std::vector<int> dimensions, bool full_tuple);

  void Add(const TuningPoint& point, double fitness);
  // The mean over the tuples that have seen the point's combination of the fitness they
  // recorded for it; nullopt when no tuple has (nothing of the point was evaluated).
  std::optional<double> Mean(const TuningPoint& point) const;
  // Mean (0 when unknown) plus the exploration term averaged over all tuples:
  // k sqrt(ln(1 + N) / (n + epsilon)), N = evaluations so far, n = those of the combination.
  double Ucb(const TuningPoint& point, double k, double epsilon) const;
  // How many evaluations were of exactly this point.
  int Count(const TuningPoint& point) const;
  int samples() const { return samples_; }
  // Every point evaluated at least once, in index order.
  std::vector<TuningPoint> Evaluated() const;
  const std::vector<int>& dimensions() const { return dimensions_; }

 private:
  struct Stats {
    int n = 0;
    double sum = 0.0;
  };
  // A 1- or 2-tuple: its parameters and one cell per combination of their values.
  struct Tuple {
    std::vector<size_t> parameters;
    std::vector<Stats> cells;
  };
  size_t Cell(const Tuple& tuple, const TuningPoint& point) const;
  const Stats* Find(size_t tuple, const TuningPoint& point) const;  // tuple == tuples_.size(): L
  size_t tuple_count() const { return tuples_.size() + (full_tuple_ ? 1 : 0); }

  std::vector<int> dimensions_;
  bool full_tuple_;
  std::vector<Tuple> tuples_;
  std::map<TuningPoint, Stats> points_;  // the L-tuple, also kept for Count without it
  int samples_ = 0;
};

// What one evaluation gave, as the observer sees it once the model holds it.
struct NtbeaStep {
  int evaluation = 0;  // 0-based
  TuningPoint point;
  double fitness = 0.0;
  std::optional<double> predicted;  // the model's mean of the point before this evaluation
  double estimate = 0.0;            // ... and after it
};

// Evaluates a point (noisily); `evaluation` is its 0-based index in the run.
using NtbeaEvaluate = std::function<double(const TuningPoint& point, int evaluation)>;
// Whether a point may be evaluated (the agent accepts the combination); null: every point.
using NtbeaValid = std::function<bool(const TuningPoint& point)>;

class Ntbea {
 public:
  Ntbea(std::vector<int> dimensions, NtbeaSettings settings, NtbeaValid valid = {});

  // Evaluates settings.evaluations points, the first `start` (which must be valid), each next
  // one the neighbour of the last with the highest UCB. Returns Recommendation(). The run is
  // a function of the settings (seed included), `start` and the fitness values alone, so that
  // replaying recorded fitness values rebuilds the same model and continues the same run.
  TuningPoint Run(const TuningPoint& start, const NtbeaEvaluate& evaluate,
                  const std::function<void(const NtbeaStep&)>& observe = {});

  // The evaluated point with the highest model mean (ties: the most evaluated, then the
  // first in index order); empty before any evaluation.
  TuningPoint Recommendation() const;
  // The points that differ from `point` in one parameter, by decreasing model mean (unknown
  // ones last), at most `count`.
  std::vector<TuningPoint> RankedNeighbours(const TuningPoint& point, size_t count) const;
  // Adds an evaluation made by another search over the same space (a shard of `vgdl tune`) to
  // the model, for Recommendation and RankedNeighbours; a merged model is not Run further.
  void Absorb(const TuningPoint& point, double fitness) { model_.Add(point, fitness); }
  // A uniformly random valid point; nullopt when 1000 draws found none.
  std::optional<TuningPoint> RandomValidPoint();

  const NTupleModel& model() const { return model_; }

 private:
  TuningPoint NextCandidate(const TuningPoint& current);
  TuningPoint Mutate(const TuningPoint& point);
  bool IsValid(const TuningPoint& point) const { return !valid_ || valid_(point); }

  std::vector<int> dimensions_;
  NtbeaSettings settings_;
  NtbeaValid valid_;
  NTupleModel model_;
  AgentRandom random_;
};

}  // namespace vgdl
