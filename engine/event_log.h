// The events history of a game (spec §11.4): GVGAI's TreeSet of collision events involving the
// avatar or its sprites, ordered by tick, then avatar-made first, then passive and active type.
//
// Agents copy states thousands of times per decision, and the history only grows, so copying
// it must not cost its length. Events of finished ticks never change again: they are frozen in
// immutable chunks that copies share; only the recent events are copied.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "engine/headroom_vector.h"
#include "vgdl/game_def.h"
#include "vgdl/geometry.h"

namespace vgdl {

// A collision event involving the avatar or a sprite it created (§11.4).
struct Event {
  int32_t tick = 0;
  bool from_avatar = false;
  TypeId active_type = kNoType;
  TypeId passive_type = kNoType;
  int32_t active_id = 0;
  int32_t passive_id = 0;
  Vec2 position;
};

// GVGAI's Event.compareTo: <0, 0 or >0. Events equal under it are one event.
int CompareEvents(const Event& a, const Event& b);

class EventLog {
 public:
  // Adds `e` in order unless an equal event is already there (the TreeSet keeps the first).
  // Events arrive with non-decreasing ticks.
  void Insert(const Event& e);

  size_t size() const { return frozen_size_ + recent_.size(); }
  bool empty() const { return size() == 0; }
  // The i-th event in order. Walks the frozen chunks: for occasional reads, not inner loops.
  const Event& operator[](size_t i) const;
  // Every event in order.
  std::vector<Event> ToVector() const;

 private:
  // Events of finished ticks, shared by every copy; `prev` holds the earlier ones.
  struct Chunk {
    std::shared_ptr<const Chunk> prev;
    size_t first = 0;  // index of events[0] in the whole history
    std::vector<Event> events;
  };
  static constexpr size_t kFreezeAt = 32;

  std::shared_ptr<const Chunk> frozen_;
  size_t frozen_size_ = 0;
  HeadroomVector<Event> recent_;  // copies keep room: a simulation's events do not reallocate
};

}  // namespace vgdl
