// A value per tree node, kept beside the tree rather than in Node: the enhancements of the MCTS
// agent (novelty marks, temporal-difference values, ...) each own one, so that a node stays 64
// bytes for the plain search and an enhancement that is switched off costs no memory.
//
// The table is indexed by node index (Tree::AddChild's return value) and has room for the
// tree's max_nodes. Its memory is a large table (agents/common/large_table.h), faulted in by
// Prefault at the agent's initialisation, so that no decision faults pages in or allocates.
// Entries are raw until written: whoever owns the table writes a node's entry when the node is
// created (or keeps a generation stamp in T to tell fresh entries from stale ones).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "agents/common/large_table.h"

namespace vgdl {

template <typename T>
class NodeTable {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "a NodeTable holds plain values");

 public:
  NodeTable() = default;

  // Reserves room for `max_nodes` entries and faults it in (for Init, outside timed
  // decisions). Keeps the memory when it is already large enough.
  void Prefault(int32_t max_nodes) {
    if (max_nodes <= capacity_) return;
    const size_t bytes = sizeof(T) * static_cast<size_t>(max_nodes);
    data_.reset(static_cast<T*>(AllocateLargeTable(bytes)));
    PrefaultLargeTable(data_.get(), bytes);
    capacity_ = max_nodes;
  }

  int32_t capacity() const { return capacity_; }
  T& operator[](int32_t node) { return data_.get()[node]; }
  const T& operator[](int32_t node) const { return data_.get()[node]; }

 private:
  struct Free {
    void operator()(T* p) const { FreeLargeTable(p); }
  };
  std::unique_ptr<T, Free> data_;
  int32_t capacity_ = 0;
};

}  // namespace vgdl
