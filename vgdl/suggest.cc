#include "vgdl/suggest.h"

#include <algorithm>

namespace vgdl::lang {

namespace {

char Lower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

int EditDistance(std::string_view a, std::string_view b) {
  // Optimal string alignment: insertions, deletions, substitutions and swaps of neighbours.
  const size_t n = b.size();
  std::vector<int> before(n + 1), previous(n + 1), row(n + 1);
  for (size_t j = 0; j <= n; ++j) previous[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    row[0] = static_cast<int>(i);
    for (size_t j = 1; j <= n; ++j) {
      const int cost = Lower(a[i - 1]) == Lower(b[j - 1]) ? 0 : 1;
      row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && Lower(a[i - 1]) == Lower(b[j - 2]) &&
          Lower(a[i - 2]) == Lower(b[j - 1])) {
        row[j] = std::min(row[j], before[j - 2] + 1);
      }
    }
    before.swap(previous);
    previous.swap(row);
  }
  return previous[n];
}

std::string ClosestName(std::string_view name, const std::vector<std::string_view>& candidates) {
  // Names are short; bounding the work keeps a pathological token cheap.
  if (name.empty() || name.size() > 64) return {};
  std::string_view best;
  int best_distance = 0;
  for (std::string_view candidate : candidates) {
    if (candidate.size() > 64) continue;
    const int d = EditDistance(name, candidate);
    if (best.empty() || d < best_distance) {
      best = candidate;
      best_distance = d;
    }
  }
  // A third of the longer name (at least 1, at most 3 edits) separates typos from other names.
  const int longest = static_cast<int>(std::max(name.size(), best.size()));
  const int allowed = std::clamp(longest / 3, 1, 3);
  if (best.empty() || best_distance > allowed || (best_distance == 0 && best == name)) return {};
  return std::string(best);
}

std::string DidYouMean(std::string_view name, const std::vector<std::string_view>& candidates) {
  const std::string best = ClosestName(name, candidates);
  return best.empty() ? std::string() : "did you mean '" + best + "'?";
}

}  // namespace vgdl::lang
