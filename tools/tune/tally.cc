#include "tools/tune/tally.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "agents/registry.h"

namespace vgdl::tools::tune_command {

double ScoreRanges::Normalise(const std::string& game, double score) {
  auto& [low, high] = ranges_.try_emplace(game, score, score).first->second;
  low = std::min(low, score);
  high = std::max(high, score);
  return high > low ? (score - low) / (high - low) : 0.5;
}

double Fitness(const Json& episodes, double score_weight, ScoreRanges& ranges) {
  double total = 0.0;
  for (const Json& e : episodes) {
    const double s = ranges.Normalise(e.at("game").get<std::string>(), e.at("score").get<double>());
    total += (e.at("win").get<bool>() ? 1.0 : 0.0) + score_weight * s;
  }
  return total / static_cast<double>(episodes.size());
}

int TuneTally::Add(const TuningPoint& point, const Json& episodes) {
  Tally& tally = tallies_[point];
  int wins = 0;
  for (const Json& e : episodes) wins += e.at("win").get<bool>() ? 1 : 0;
  tally.episodes += static_cast<int>(episodes.size());
  tally.wins += wins;
  win_model_.Add(point, static_cast<double>(wins) / static_cast<double>(episodes.size()));
  return wins;
}

void TuneTally::Report(const Ntbea& ntbea, const TuningPoint& best, int top) const {
  std::cout << "best: " << AgentLabel(space_.SpecOf(best)) << "\n"
            << "  spec: " << space_.SpecOf(best) << "\n"
            << "  " << Estimate(ntbea, best) << "\n";
  const auto neighbours = ntbea.RankedNeighbours(best, static_cast<size_t>(top));
  if (neighbours.empty()) return;
  std::cout << "top " << neighbours.size() << " neighbours by the model:\n";
  for (size_t i = 0; i < neighbours.size(); ++i) {
    char head[32];
    std::snprintf(head, sizeof(head), "%3zu. ", i + 1);
    std::cout << head << AgentLabel(space_.SpecOf(neighbours[i])) << "  "
              << Estimate(ntbea, neighbours[i]) << "\n";
  }
}

std::string TuneTally::Estimate(const Ntbea& ntbea, const TuningPoint& p) const {
  char buf[200];
  const auto win = win_model_.Mean(p);
  const auto fitness = ntbea.model().Mean(p);
  if (!win || !fitness) return "not estimated (nothing of it was evaluated)";
  const auto it = tallies_.find(p);
  const Tally t = it == tallies_.end() ? Tally{} : it->second;
  const int count = ntbea.model().Count(p);
  if (count == 0) {
    std::snprintf(buf, sizeof(buf),
                  "estimated win rate %.3f (model mean; fitness %.3f), never evaluated itself",
                  *win, *fitness);
  } else {
    std::snprintf(buf, sizeof(buf),
                  "estimated win rate %.3f (model mean; fitness %.3f), evaluated %d time%s: %d "
                  "win%s of %d episode%s",
                  *win, *fitness, count, count == 1 ? "" : "s", t.wins, t.wins == 1 ? "" : "s",
                  t.episodes, t.episodes == 1 ? "" : "s");
  }
  return buf;
}

}  // namespace vgdl::tools::tune_command
