// The queue of timed effects (spec §8.3): GVGAI's TreeSet of TimeEffects, which runs the one
// due earliest first and, of two due on the same tick, the one queued last (its comparator
// never returns 0).
//
// A binary heap, not a list searched for its minimum: an addTimer on a frequent collision can
// queue a timer per collision, hundreds of thousands of them in a few ticks, and taking each
// due one out of an unsorted list cost the length of the list (a random game whose trace GVGAI
// recorded in seconds had not replayed after five minutes). Each timer now costs O(log n) in and
// out, as in GVGAI's tree. The order is total, so a heap pops exactly the TreeSet's order.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "vgdl/game_def.h"

namespace vgdl {

// A queued timed effect: a TIME line (`time_effect` >= 0) or an addTimer (`effect` with no
// sprite type).
struct QueuedTimer {
  int32_t next_execution = 0;
  uint32_t insertion = 0;    // the order of queueing: ties run newest first
  int32_t time_effect = -1;  // index into GameDef::time_effects, or -1 for addTimer
  EffectId effect = -1;      // addTimer: the addTimer effect itself; TIME lines: the TIME effect
};

class TimerQueue {
 public:
  // Queues a timer to run at tick `next_execution`, after every timer queued before it for an
  // earlier tick and before those queued before it for the same tick.
  void Add(int32_t next_execution, int32_t time_effect, EffectId effect);

  bool empty() const { return heap_.empty(); }
  size_t size() const { return heap_.size(); }
  // The timer that runs next. Not on an empty queue.
  const QueuedTimer& Next() const { return heap_.front(); }
  // Removes and returns Next().
  QueuedTimer TakeNext();
  // Every queued timer, in no particular order (for tests and inspection).
  std::span<const QueuedTimer> entries() const { return heap_; }

 private:
  std::vector<QueuedTimer> heap_;  // a max-heap under RunsAfter: Next() at the front
  uint32_t insertions_ = 0;
};

}  // namespace vgdl
