// Every sprite's slot, grouped by type, in creation order within a type: GVGAI's iteration
// order everywhere (its spriteGroups).
//
// One flat buffer, so that a state copy is one memcpy, in which each type owns a slice with
// room to grow after its sprites. A sprite created goes at the end of its type's slice, in
// constant time; only when the slice is full are the later slices moved up, the full one's
// room doubled. Removals happen once per tick (State::ClearKillList), each type's slice
// compacted in one pass. Inserting into a packed buffer instead moved every later type's
// slots on each creation, and removing searched and moved them on each kill: a game that makes
// and kills thousands of sprites a tick (rivers' spreading water) paid sprites x churn.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/headroom_vector.h"
#include "engine/sprite.h"
#include "vgdl/game_def.h"

namespace vgdl {

class TypeOrder {
 public:
  TypeOrder() = default;
  explicit TypeOrder(size_t type_count) : slices_(type_count) {}

  std::span<const SpriteRef> of(TypeId t) const {
    const Slice& s = slices_[static_cast<size_t>(t)];
    return {slots_.data() + s.begin, s.end - s.begin};
  }
  uint32_t count(TypeId t) const {
    const Slice& s = slices_[static_cast<size_t>(t)];
    return s.end - s.begin;
  }
  uint32_t total() const { return total_; }

  // Adds `slot` after type t's sprites.
  void Append(TypeId t, SpriteRef slot) {
    if (slices_[static_cast<size_t>(t)].end == Limit(t)) Grow(t);
    slots_[slices_[static_cast<size_t>(t)].end++] = slot;
    ++total_;
  }
  // Drops every slice's room (after the level's sprites are made: copies then copy no room
  // that the level did not need).
  void Pack();
  // Removes from type t's slice, keeping the order of the others, every slot for which
  // `gone(slot)` holds; returns how many it removed.
  template <class Gone>
  uint32_t RemoveIf(TypeId t, const Gone& gone) {
    Slice& s = slices_[static_cast<size_t>(t)];
    uint32_t kept = s.begin;
    for (uint32_t i = s.begin; i < s.end; ++i) {
      if (!gone(slots_[i])) slots_[kept++] = slots_[i];
    }
    const uint32_t removed = s.end - kept;
    s.end = kept;
    total_ -= removed;
    return removed;
  }

 private:
  struct Slice {
    uint32_t begin = 0;
    uint32_t end = 0;  // type t's slots are slots_[begin, end)
  };
  // Where type t's room ends: the next slice's start, or the buffer's end for the last type.
  uint32_t Limit(TypeId t) const {
    const auto next = static_cast<size_t>(t) + 1;
    return next < slices_.size() ? slices_[next].begin : static_cast<uint32_t>(slots_.size());
  }
  // Makes type t's room larger, moving the later slices up.
  void Grow(TypeId t);

  HeadroomVector<SpriteRef> slots_;  // the slices in type order, each followed by its room
  std::vector<Slice> slices_;        // by type id
  uint32_t total_ = 0;
};

}  // namespace vgdl
