// The open list of `search=levels`: novelty levels as ordered queues, the design of YBCriber
// (Soemers 2016 §3.3 cites it as the IW-based winner of the 2015 GVGAI competition; its public
// code, read to learn, keeps one first-in-first-out queue per novelty level and always
// expands from the lowest non-empty one). A node's level is its novelty measure as the width
// tells it (WidthNovelty::Measure): 1 for a new atom, 2 for a new pair (widths 2 and 3/2), and
// a last level for a node with no new tuple, which IW would prune. So every novelty-1 node is
// expanded before any novelty-2 node, breadth-first among equals, and the stale nodes only
// when no novel node is left.
//
// Room for `Reserve`'s nodes is reserved once per queue (address space only), at Init.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "agents/iw/width.h"

namespace vgdl {

class NoveltyLevels {
 public:
  static constexpr int kLevels = WidthNovelty::kInfinite;  // measures 1, 2 and stale

  void Reserve(size_t nodes);
  void Clear();
  // `level`: the node's novelty measure, 1 to kLevels.
  void Push(int32_t node, int level);
  bool Empty() const;
  // The oldest node of the lowest non-empty level. Call only when !Empty().
  int32_t Pop();

 private:
  struct Queue {
    std::vector<int32_t> nodes;
    size_t head = 0;
  };
  std::array<Queue, kLevels> queues_;
};

}  // namespace vgdl
