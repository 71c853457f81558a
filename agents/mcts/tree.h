// The search tree of the MCTS agents: a pool of nodes with int32 indices.
//
// Nodes live in one std::vector that is cleared, never shrunk, between decisions, so after the
// first few decisions growing the tree allocates nothing. A node stores no game state (the
// agents are open loop: a node stands for the action sequence from the root, and states are
// re-simulated from the root each iteration). The pool is capped by `max_nodes`; once full, no
// node is added and searches go on with play-outs below the existing leaves.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "agents/common/action_list.h"
#include "agents/common/evaluation.h"
#include "agents/common/random.h"

namespace vgdl {

inline constexpr int32_t kNoNode = -1;

struct Node {
  double total = 0.0;   // sum of the values backed up through this node
  double visits = 0.0;  // a double so that enhancements may decay or weight visits
  ValueBounds bounds;   // min and max of the values backed up through this node
  int32_t parent = kNoNode;
  std::array<int32_t, kMaxSearchActions> children;  // by action index; kNoNode if absent
  int16_t depth = 0;                                // edges from the root
  int8_t action = -1;   // index of the action on the edge from the parent
  int8_t expanded = 0;  // number of children created

  double mean() const { return visits > 0.0 ? total / visits : 0.0; }
};

class Tree {
 public:
  // Half a million nodes of 64 bytes: 32 MB, more than the 1 s initialisation fills on most
  // games while staying modest when several agents run side by side.
  static constexpr int32_t kDefaultMaxNodes = 1 << 19;

  explicit Tree(int32_t max_nodes = kDefaultMaxNodes);

  // Empties the tree (keeping the pool's memory) and creates a root whose nodes have
  // `num_actions` possible children.
  void Reset(int num_actions);

  static constexpr int32_t root() { return 0; }
  Node& node(int32_t i) { return nodes_[static_cast<size_t>(i)]; }
  const Node& node(int32_t i) const { return nodes_[static_cast<size_t>(i)]; }
  int32_t child(int32_t i, int action) const {
    return node(i).children[static_cast<size_t>(action)];
  }
  int num_actions() const { return num_actions_; }
  int32_t size() const { return static_cast<int32_t>(nodes_.size()); }
  int32_t max_nodes() const { return max_nodes_; }
  bool full() const { return size() >= max_nodes_; }

  bool FullyExpanded(int32_t i) const { return node(i).expanded == num_actions_; }

  // Creates the child of `parent` for action index `action`; kNoNode when the pool is full.
  // The child must not exist yet.
  int32_t AddChild(int32_t parent, int action);

  // A uniformly random action index among the children `i` does not have yet; -1 when it is
  // fully expanded.
  int RandomUnexpandedAction(int32_t i, AgentRandom& rng) const;

 private:
  std::vector<Node> nodes_;
  int32_t max_nodes_;
  int num_actions_ = 0;
};

}  // namespace vgdl
