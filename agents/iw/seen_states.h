// The states a search has kept, by StateHash (engine/observation.h), for `search=levels` in a
// game classified deterministic: there one action sequence always leads to one state, so a
// stale node (no new tuple) whose state an earlier node already holds has that node's future
// and is dropped. Without it the stale level is a breadth-first search over action sequences,
// 4^depth nodes; with it, over the distinct states of each depth (StateHash includes the tick,
// so only states of one depth meet).
//
// An open-addressed table of hashes, sized at Init; a search clears it by starting a new
// generation (no memory written in an act). When it is three-quarters full, further states
// are not remembered: they count as unseen, so nothing is dropped that should not be.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vgdl {

class SeenStates {
 public:
  // Room for `states` hashes (rounded up to a power of two, twice over), allocated here.
  void Reserve(size_t states);
  // Forgets every hash.
  void Clear();
  // Whether `hash` was inserted since the last Clear; inserts it if not (and if there is room).
  bool TestAndInsert(uint64_t hash);

 private:
  struct Slot {
    uint64_t hash = 0;
    uint32_t generation = 0;  // the slot holds a hash of this generation
  };
  std::vector<Slot> slots_;
  size_t mask_ = 0;
  size_t size_ = 0;
  uint32_t generation_ = 1;
};

}  // namespace vgdl
