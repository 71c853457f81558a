// The search tree of the MCTS agents: a pool of nodes with int32 indices.
//
// Nodes live in fixed-size chunks that are kept, never freed, until the tree is destroyed, so
// growing the tree allocates nothing once the chunks exist. Not one std::vector: its doubling
// at 256K nodes copies 16 MB into 32 MB of fresh pages in one go, and on the reference VM a
// fresh page costs about 13 us to fault in (3.4 ms per MB): that one push_back took 60 ms of
// CPU time idle and 85-95 ms with both cores loaded. The chunks are 2 MiB large tables
// (agents/common/large_table.h): huge pages where the kernel allows, all allocated and
// faulted in by Prefault at the agent's initialisation, so that no decision faults memory in.
// A chunk is raw memory; a node is constructed only when it is appended.
// A node stores no game state (the agents are open loop: a node stands for the action sequence
// from the root, and states are re-simulated from the root each iteration). The pool is capped
// by `max_nodes`; once full, no node is added and searches go on with play-outs below the
// existing leaves.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "agents/common/action_list.h"
#include "agents/common/evaluation.h"
#include "agents/common/random.h"
#include "agents/mcts/node_table.h"

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

// Chunks are freed without running destructors.
static_assert(std::is_trivially_destructible_v<Node>);

class Tree {
 public:
  // Half a million nodes of 64 bytes: 32 MB, more than the 1 s initialisation fills on most
  // games while staying modest when several agents run side by side.
  static constexpr int32_t kDefaultMaxNodes = 1 << 19;
  // The most nodes tree reuse keeps (KeepSubtree): moving 2^16 nodes costs about 2 ms.
  static constexpr int32_t kDefaultMaxKept = 1 << 16;

  explicit Tree(int32_t max_nodes = kDefaultMaxNodes);

  // Allocates every chunk `max_nodes` needs and faults its pages in (tens of ms for the
  // default pool): for the agent's initialisation, outside the timed decisions.
  void Prefault();
  // Empties the tree (keeping the pool's memory) and creates a root whose nodes have
  // `num_actions` possible children.
  void Reset(int num_actions);

  static constexpr int32_t root() { return 0; }
  Node& node(int32_t i) { return chunks_[ChunkOf(i)].get()[SlotOf(i)]; }
  const Node& node(int32_t i) const { return chunks_[ChunkOf(i)].get()[SlotOf(i)]; }
  int32_t child(int32_t i, int action) const {
    return node(i).children[static_cast<size_t>(action)];
  }
  int num_actions() const { return num_actions_; }
  int32_t size() const { return size_; }
  int32_t max_nodes() const { return max_nodes_; }
  bool full() const { return size() >= max_nodes_; }

  bool FullyExpanded(int32_t i) const { return node(i).expanded == num_actions_; }

  // Creates the child of `parent` for action index `action`; kNoNode when the pool is full.
  // The child must not exist yet.
  int32_t AddChild(int32_t parent, int action);

  // A uniformly random action index among the children `i` does not have yet; -1 when it is
  // fully expanded.
  int RandomUnexpandedAction(int32_t i, AgentRandom& rng) const;

  // Tree reuse (Soemers 2016 §4.2.3): the subtree below `new_root` becomes the whole tree, with
  // `new_root` as its root; every other node is dropped. Kept nodes move to the front of the
  // pool in their index order, so a node's new index is never above its old one, and
  // `on_move(from, to)` is called for each kept node in increasing `from` order: tables kept
  // beside the tree (NodeTable) move their entries the same way, in place. Depths are counted
  // from the new root. Needs Prefault.
  //
  // At most `max_kept` nodes are kept: the first created (a node is created after its parent,
  // so these are the subtree's oldest nodes, nearest its root). A kept node's children past the
  // cap are dropped and count as never created, so the search may create them again. The cap
  // bounds the pass, which runs at the start of a decision before the search first asks its
  // budget: moving a nearly full pool of 2^19 nodes took 17 ms of an act's 35 on the
  // development VM (docs/agents.md, "Tree reuse").
  template <typename OnMove>
  void KeepSubtree(int32_t new_root, int32_t max_kept, OnMove&& on_move);

 private:
  // 32K nodes of 64 bytes: one 2 MiB page per chunk.
  static constexpr int kChunkBits = 15;
  static constexpr int32_t kChunkNodes = 1 << kChunkBits;

  struct FreeChunk {
    void operator()(Node* chunk) const;
  };
  using Chunk = std::unique_ptr<Node, FreeChunk>;

  static size_t ChunkOf(int32_t i) { return static_cast<size_t>(i) >> kChunkBits; }
  static size_t SlotOf(int32_t i) { return static_cast<size_t>(i) & (kChunkNodes - 1); }
  // Constructs a default node at index size_, allocating its chunk if the tree never grew so
  // far.
  Node& Append();
  // Allocates the next chunk (sized for what is left of max_nodes) and returns its byte size.
  size_t AddChunk();

  // Moves node `from` to `to` (to <= from) during KeepSubtree, its parent already remapped;
  // `root_depth`: the old depth of the new root.
  void MoveKeptNode(int32_t from, int32_t to, int32_t new_root, int16_t root_depth);
  // KeepSubtree's last pass: the children of the `kept` first nodes get their new indices;
  // those at old index `end` or later, past the cap, are dropped.
  void RemapChildren(int32_t kept, int32_t end);

  std::vector<Chunk> chunks_;
  NodeTable<int32_t> remap_;  // KeepSubtree: old index -> new index, kNoNode if dropped
  int32_t size_ = 0;
  int32_t max_nodes_;
  int num_actions_ = 0;
};

template <typename OnMove>
void Tree::KeepSubtree(int32_t new_root, int32_t max_kept, OnMove&& on_move) {
  // Children are appended after their parents, so a node below `new_root` has a higher index
  // and its parent has been placed by the time the node is reached.
  // Read before the loop: the new root's slot is overwritten once the compaction reaches it.
  const int16_t root_depth = node(new_root).depth;
  int32_t kept = 0;
  int32_t end = size_;  // the first old index not looked at: everything from it on is dropped
  for (int32_t i = new_root; i < size_; ++i) {
    const int32_t parent = node(i).parent;
    const bool keep = i == new_root || (parent >= new_root && remap_[parent] != kNoNode);
    if (keep && kept == max_kept) {
      end = i;
      break;
    }
    remap_[i] = keep ? kept : kNoNode;
    if (!keep) continue;
    MoveKeptNode(i, kept, new_root, root_depth);
    on_move(i, kept);
    ++kept;
  }
  RemapChildren(kept, end);
  size_ = kept;
}

}  // namespace vgdl
