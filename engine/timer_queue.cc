#include "engine/timer_queue.h"

#include <algorithm>

namespace vgdl {

namespace {

// Whether `a` runs after `b`: the heap's "less than", so that the timer that runs first is
// the heap's greatest element, at its front.
bool RunsAfter(const QueuedTimer& a, const QueuedTimer& b) {
  if (a.next_execution != b.next_execution) return a.next_execution > b.next_execution;
  return a.insertion < b.insertion;
}

}  // namespace

void TimerQueue::Add(int32_t next_execution, int32_t time_effect, EffectId effect) {
  heap_.push_back(QueuedTimer{next_execution, insertions_++, time_effect, effect});
  std::push_heap(heap_.begin(), heap_.end(), RunsAfter);
}

QueuedTimer TimerQueue::TakeNext() {
  std::pop_heap(heap_.begin(), heap_.end(), RunsAfter);
  const QueuedTimer next = heap_.back();
  heap_.pop_back();
  return next;
}

}  // namespace vgdl
