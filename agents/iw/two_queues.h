// The open list of 2BFS (Lipovetzky, Ramirez & Geffner 2015, as Soemers 2016 §3.3.1 describes
// it): "two priority queues ..., where nodes in one queue are ordered by novelty measure, and
// nodes in the other queue are ordered by the reward accumulated so far. The algorithm then
// alternates between the two queues for choosing which node to process next." Novelty orders,
// it does not prune.
//
// Every node goes into both queues; a node taken from one is marked expanded and skipped when
// it surfaces in the other. Ties go to the node generated first, so each queue is breadth-first
// among equals: the novelty queue expands novelty-1 nodes in generation order, then the
// others. Room for `Reserve`'s nodes is reserved once (address space only), at Init.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vgdl {

class TwoQueues {
 public:
  void Reserve(size_t nodes);
  void Clear();
  // `novelty`: the lower, the earlier; `reward`: the higher, the earlier.
  void Push(int32_t node, int novelty, double reward);
  // Whether a node not yet expanded is waiting.
  bool Empty();
  // The next node, from the queue whose turn it is (the other when that one is empty), marked
  // expanded. Call only when !Empty().
  int32_t Pop();

 private:
  struct ByNovelty {
    int novelty;
    int32_t node;
    bool operator<(const ByNovelty& o) const {  // std heaps put the greatest first
      return novelty != o.novelty ? novelty > o.novelty : node > o.node;
    }
  };
  struct ByReward {
    double reward;
    int32_t node;
    bool operator<(const ByReward& o) const {
      return reward != o.reward ? reward < o.reward : node > o.node;
    }
  };
  template <typename Entry>
  void DropExpanded(std::vector<Entry>& heap);

  std::vector<ByNovelty> by_novelty_;
  std::vector<ByReward> by_reward_;
  std::vector<uint8_t> expanded_;  // per node index
  bool reward_turn_ = false;       // the novelty queue goes first
};

}  // namespace vgdl
