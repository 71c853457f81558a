#include "agents/common/safety.h"

#include <algorithm>

namespace vgdl {

bool SafetyCounts::safe(int i) const {
  if (i < 0 || i >= actions) return false;
  const auto begin = losses.begin();
  const int fewest = *std::min_element(begin, begin + actions);
  return losses[static_cast<size_t>(i)] == fewest;
}

int SafetyCounts::safe_count() const {
  int n = 0;
  for (int i = 0; i < actions; ++i) n += safe(i) ? 1 : 0;
  return n;
}

}  // namespace vgdl
