#include "agents/mcts/tree.h"

#include <algorithm>

namespace vgdl {

Tree::Tree(int32_t max_nodes) : max_nodes_(std::max<int32_t>(1, max_nodes)) {}

void Tree::Reset(int num_actions) {
  num_actions_ = std::clamp(num_actions, 0, kMaxSearchActions);
  nodes_.clear();
  Node root;
  root.children.fill(kNoNode);
  nodes_.push_back(root);
}

int32_t Tree::AddChild(int32_t parent, int action) {
  if (full()) return kNoNode;
  const int32_t index = size();
  Node child;
  child.children.fill(kNoNode);
  child.parent = parent;
  child.action = static_cast<int8_t>(action);
  Node& p = node(parent);
  child.depth = static_cast<int16_t>(p.depth + 1);
  p.children[static_cast<size_t>(action)] = index;
  ++p.expanded;
  nodes_.push_back(child);
  return index;
}

int Tree::RandomUnexpandedAction(int32_t i, AgentRandom& rng) const {
  const Node& n = node(i);
  const int missing = num_actions_ - n.expanded;
  if (missing <= 0) return -1;
  int pick = rng.NextInt(missing);
  for (int a = 0; a < num_actions_; ++a) {
    if (n.children[static_cast<size_t>(a)] != kNoNode) continue;
    if (pick-- == 0) return a;
  }
  return -1;
}

}  // namespace vgdl
