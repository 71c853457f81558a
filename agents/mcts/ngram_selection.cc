// NST's epsilon-greedy play-out policy (Soemers 2016 §4.2.2); see ngram_selection.h.
#include "agents/mcts/ngram_selection.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>

namespace vgdl {

void NstOptions::Validate() const {
  if (!(epsilon >= 0.0 && epsilon <= 1.0)) {
    throw std::invalid_argument("NST's epsilon must be in [0, 1], not " + std::to_string(epsilon));
  }
  if (!(k >= 0.0) || !std::isfinite(k)) {
    throw std::invalid_argument("NST's k must be >= 0, not " + std::to_string(k));
  }
  if (max_n < 1 || max_n > kMaxNGram) {
    throw std::invalid_argument("NST's N must be in [1, " + std::to_string(kMaxNGram) + "], not " +
                                std::to_string(max_n));
  }
}

NGramSelection::NGramSelection(const NstOptions& options) : options_(options) {
  options_.Validate();
}

double NGramSelection::Score(const ActionStatistics& stats, const ActionHistory& history, int cell,
                             int action, double max_score) const {
  const NGramStat one = stats.Action(action, cell);
  if (!one.seen()) return max_score;
  // The longest candidate N-gram, oldest first, at the back of the buffers: the n-gram is
  // its last n pairs.
  const int longest = std::min({options_.max_n, stats.max_n(), history.length + 1});
  int actions[kMaxNGram];
  int cells[kMaxNGram];
  actions[kMaxNGram - 1] = action;
  cells[kMaxNGram - 1] = cell;
  for (int back = 1; back < longest; ++back) {
    actions[kMaxNGram - 1 - back] = history.actions[history.length - back];
    cells[kMaxNGram - 1 - back] = history.cells[history.length - back];
  }
  double sum = one.mean;
  int considered = 1;
  for (int n = 2; n <= longest; ++n) {
    const int first = kMaxNGram - n;
    const NGramStat s = stats.Lookup(actions + first, cells + first, n);
    if (!(s.count >= options_.k) || !s.seen()) break;  // nor can any longer one count
    sum += s.mean;
    ++considered;
  }
  return sum / considered;
}

int NGramSelection::ChooseAmong(const ActionStatistics& stats, const ActionHistory& history,
                                int cell, ActionSet candidates, double max_score,
                                AgentRandom& rng) const {
  const int count = std::popcount(candidates);
  if (count == 0) return -1;
  if (rng.NextDouble() < options_.epsilon) {
    // The r-th candidate, uniformly.
    int r = rng.NextInt(count);
    for (int a = 0;; ++a) {
      if (((candidates >> a) & 1u) != 0 && r-- == 0) return a;
    }
  }
  int best = -1;
  double best_score = 0.0;
  int ties = 0;
  for (int a = 0; a < 32 && (candidates >> a) != 0; ++a) {
    if (((candidates >> a) & 1u) == 0) continue;
    const double score = Score(stats, history, cell, a, max_score);
    if (best < 0 || score > best_score) {
      best = a;
      best_score = score;
      ties = 1;
    } else if (score == best_score && rng.NextInt(++ties) == 0) {
      best = a;  // reservoir sampling: each tied action kept with probability 1 / ties
    }
  }
  return best;
}

}  // namespace vgdl
