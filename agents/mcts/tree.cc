#include "agents/mcts/tree.h"

#include <algorithm>
#include <new>

#include "agents/common/large_table.h"

namespace vgdl {

Tree::Tree(int32_t max_nodes) : max_nodes_(std::max<int32_t>(1, max_nodes)) {}

void Tree::Reset(int num_actions) {
  num_actions_ = std::clamp(num_actions, 0, kMaxSearchActions);
  size_ = 0;
  Node& root = Append();
  root.children.fill(kNoNode);
}

void Tree::FreeChunk::operator()(Node* chunk) const {
  FreeLargeTable(chunk);
}

size_t Tree::AddChunk() {
  const auto first = static_cast<int32_t>(chunks_.size()) * kChunkNodes;
  // A small pool (max_nodes) gets a chunk of its size.
  const size_t bytes =
      sizeof(Node) * static_cast<size_t>(std::min(kChunkNodes, max_nodes_ - first));
  chunks_.emplace_back(static_cast<Node*>(AllocateLargeTable(bytes)));
  return bytes;
}

void Tree::Prefault() {
  remap_.Prefault(max_nodes_);
  while (static_cast<int64_t>(chunks_.size()) * kChunkNodes < max_nodes_) {
    const size_t bytes = AddChunk();
    PrefaultLargeTable(chunks_.back().get(), bytes);
  }
}

Node& Tree::Append() {
  const int32_t index = size_++;
  if (ChunkOf(index) == chunks_.size()) AddChunk();
  return *::new (chunks_[ChunkOf(index)].get() + SlotOf(index)) Node{};
}

int32_t Tree::AddChild(int32_t parent, int action) {
  if (full()) return kNoNode;
  const int32_t index = size();
  Node& child = Append();
  child.children.fill(kNoNode);
  child.parent = parent;
  child.action = static_cast<int8_t>(action);
  Node& p = node(parent);
  child.depth = static_cast<int16_t>(p.depth + 1);
  p.children[static_cast<size_t>(action)] = index;
  ++p.expanded;
  return index;
}

void Tree::MoveKeptNode(int32_t from, int32_t to, int32_t new_root, int16_t root_depth) {
  Node moved = node(from);
  moved.parent = from == new_root ? kNoNode : remap_[moved.parent];
  moved.depth = static_cast<int16_t>(moved.depth - root_depth);
  if (from == new_root) moved.action = -1;
  node(to) = moved;
}

void Tree::RemapChildren(int32_t kept, int32_t end) {
  for (int32_t i = 0; i < kept; ++i) {
    Node& n = node(i);
    for (int32_t& child : n.children) {
      if (child == kNoNode) continue;
      if (child < end) {
        child = remap_[child];
      } else {
        child = kNoNode;
        --n.expanded;
      }
    }
  }
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
