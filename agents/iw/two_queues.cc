#include "agents/iw/two_queues.h"

#include <algorithm>

namespace vgdl {

void TwoQueues::Reserve(size_t nodes) {
  if (by_novelty_.capacity() < nodes) by_novelty_.reserve(nodes);
  if (by_reward_.capacity() < nodes) by_reward_.reserve(nodes);
  if (expanded_.capacity() < nodes) expanded_.reserve(nodes);
}

void TwoQueues::Clear() {
  by_novelty_.clear();
  by_reward_.clear();
  expanded_.clear();
  reward_turn_ = false;
}

void TwoQueues::Push(int32_t node, int novelty, double reward) {
  const auto index = static_cast<size_t>(node);
  if (expanded_.size() <= index) expanded_.resize(index + 1, 0);
  by_novelty_.push_back({novelty, node});
  std::push_heap(by_novelty_.begin(), by_novelty_.end());
  by_reward_.push_back({reward, node});
  std::push_heap(by_reward_.begin(), by_reward_.end());
}

template <typename Entry>
void TwoQueues::DropExpanded(std::vector<Entry>& heap) {
  while (!heap.empty() && expanded_[static_cast<size_t>(heap.front().node)] != 0) {
    std::pop_heap(heap.begin(), heap.end());
    heap.pop_back();
  }
}

bool TwoQueues::Empty() {
  DropExpanded(by_novelty_);
  DropExpanded(by_reward_);
  return by_novelty_.empty() && by_reward_.empty();
}

int32_t TwoQueues::Pop() {
  const bool reward = by_novelty_.empty() || (reward_turn_ && !by_reward_.empty());
  reward_turn_ = !reward_turn_;
  int32_t node = 0;
  if (reward) {
    node = by_reward_.front().node;
    std::pop_heap(by_reward_.begin(), by_reward_.end());
    by_reward_.pop_back();
  } else {
    node = by_novelty_.front().node;
    std::pop_heap(by_novelty_.begin(), by_novelty_.end());
    by_novelty_.pop_back();
  }
  expanded_[static_cast<size_t>(node)] = 1;
  return node;
}

}  // namespace vgdl
