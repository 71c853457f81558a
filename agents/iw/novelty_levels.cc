#include "agents/iw/novelty_levels.h"

#include <algorithm>
#include <cassert>

namespace vgdl {

void NoveltyLevels::Reserve(size_t nodes) {
  for (Queue& q : queues_) {
    if (q.nodes.capacity() < nodes) q.nodes.reserve(nodes);
  }
}

void NoveltyLevels::Clear() {
  for (Queue& q : queues_) {
    q.nodes.clear();
    q.head = 0;
  }
}

void NoveltyLevels::Push(int32_t node, int level) {
  assert(level >= 1 && level <= kLevels);
  queues_[static_cast<size_t>(std::clamp(level, 1, kLevels) - 1)].nodes.push_back(node);
}

bool NoveltyLevels::Empty() const {
  return std::all_of(queues_.begin(), queues_.end(),
                     [](const Queue& q) { return q.head == q.nodes.size(); });
}

int32_t NoveltyLevels::Pop() {
  for (Queue& q : queues_) {
    if (q.head < q.nodes.size()) return q.nodes[q.head++];
  }
  assert(false && "Pop on empty NoveltyLevels");
  return 0;
}

}  // namespace vgdl
