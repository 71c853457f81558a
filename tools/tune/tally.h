// How a tuning run scores and counts what it played: an episode's fitness (a win, plus the score
// normalised by the range seen so far on its game) and, beside NTBEA's fitness model, the raw
// episodes and wins of every point and a model of win rates alone, which the report reads.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "runner/tuning/ntbea.h"
#include "runner/tuning/search_space.h"

namespace vgdl::tools::tune_command {

using Json = nlohmann::json;

// Scores normalised per game by the range seen so far.
class ScoreRanges {
 public:
  double Normalise(const std::string& game, double score);

 private:
  std::map<std::string, std::pair<double, double>> ranges_;
};

// Episode fitness values of an evaluation's line, in order, and their mean.
double Fitness(const Json& episodes, double score_weight, ScoreRanges& ranges);

// Per point: the episodes played and won (the report's raw counts beside the model's).
struct Tally {
  int episodes = 0;
  int wins = 0;
};

// What the final report reads beside NTBEA's fitness model: the episodes and wins of every
// point evaluated, and the same tuples fed with win rates alone. Fed by every evaluation, played,
// replayed from --out or merged from shards' files.
class TuneTally {
 public:
  TuneTally(const SearchSpace& space, bool full_tuple)
      : space_(space), win_model_(space.Dimensions(), full_tuple) {}

  // Returns the wins among `episodes` (an evaluation line's episodes).
  int Add(const TuningPoint& point, const Json& episodes);

  // Prints the best point and its `top` neighbours by the model.
  void Report(const Ntbea& ntbea, const TuningPoint& best, int top) const;

  // "win rate 0.62 (model; fitness 0.65), evaluated 7 times: 5 wins of 7 episodes"
  std::string Estimate(const Ntbea& ntbea, const TuningPoint& p) const;

 private:
  const SearchSpace& space_;
  NTupleModel win_model_;
  std::map<TuningPoint, Tally> tallies_;
};

}  // namespace vgdl::tools::tune_command
