// Paired comparisons: McNemar's exact test on matched episodes.
#include "runner/paired.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace vgdl {

double McNemarExactPValue(int a_only, int b_only) {
  const int n = a_only + b_only;
  if (n <= 0) return 1.0;
  const int k = std::min(a_only, b_only);
  // Terms C(n, i) / 2^n in logarithms: 2^n overflows a double beyond n = 1023, and a run of
  // thousands of episodes can have that many discordant pairs.
  const double log_half_n = -static_cast<double>(n) * std::log(2.0);
  const double log_n_factorial = std::lgamma(n + 1.0);
  double tail = 0.0;
  for (int i = 0; i <= k; ++i) {
    tail +=
        std::exp(log_n_factorial - std::lgamma(i + 1.0) - std::lgamma(n - i + 1.0) + log_half_n);
  }
  return std::min(1.0, 2.0 * tail);
}

std::vector<PairedComparison> ComparePaired(const std::vector<EpisodeResult>& results,
                                            const std::vector<std::string>& agents) {
  using Episode = std::tuple<std::string, int, int, uint64_t>;  // game, level, rep, seed
  std::map<std::string, std::map<Episode, bool>> wins_of;       // agent -> episode -> won
  for (const auto& r : results) {
    wins_of[r.agent].emplace(Episode{r.game, r.level, r.rep, r.seed}, r.win);
  }
  std::vector<PairedComparison> out;
  for (size_t i = 0; i < agents.size(); ++i) {
    for (size_t j = i + 1; j < agents.size(); ++j) {
      PairedComparison c;
      c.agent_a = agents[i];
      c.agent_b = agents[j];
      const auto& a = wins_of[agents[i]];
      const auto& b = wins_of[agents[j]];
      for (const auto& [episode, a_won] : a) {
        const auto it = b.find(episode);
        if (it == b.end()) continue;
        const bool b_won = it->second;
        ++c.pairs;
        c.both_won += a_won && b_won ? 1 : 0;
        c.a_only += a_won && !b_won ? 1 : 0;
        c.b_only += !a_won && b_won ? 1 : 0;
        c.neither += !a_won && !b_won ? 1 : 0;
      }
      c.p_value = McNemarExactPValue(c.a_only, c.b_only);
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace vgdl
