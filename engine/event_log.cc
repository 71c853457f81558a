#include "engine/event_log.h"

#include <algorithm>

namespace vgdl {

int CompareEvents(const Event& a, const Event& b) {
  if (a.tick != b.tick) return a.tick < b.tick ? -1 : 1;
  if (a.from_avatar != b.from_avatar) return a.from_avatar ? -1 : 1;
  if (a.passive_type != b.passive_type) return a.passive_type < b.passive_type ? -1 : 1;
  if (a.active_type != b.active_type) return a.active_type < b.active_type ? -1 : 1;
  return 0;
}

void EventLog::Insert(const Event& e) {
  // Freeze only at a tick boundary: later events of this tick may still sort before these.
  if (recent_.size() >= kFreezeAt && recent_.back().tick < e.tick) {
    auto chunk = std::make_shared<Chunk>();
    chunk->prev = std::move(frozen_);
    chunk->first = frozen_size_;
    chunk->events.assign(recent_.begin(), recent_.end());
    frozen_size_ += chunk->events.size();
    frozen_ = std::move(chunk);
    recent_.clear();
  }
  // Most events sort after every recent one (same tick, later types, or a new tick).
  if (recent_.empty() || CompareEvents(recent_.back(), e) < 0) {
    recent_.push_back(e);
    return;
  }
  const auto it =
      std::lower_bound(recent_.begin(), recent_.end(), e,
                       [](const Event& a, const Event& b) { return CompareEvents(a, b) < 0; });
  if (it != recent_.end() && CompareEvents(*it, e) == 0) return;
  recent_.Insert(static_cast<size_t>(it - recent_.begin()), e);
}

const Event& EventLog::operator[](size_t i) const {
  if (i >= frozen_size_) return recent_[i - frozen_size_];
  const Chunk* c = frozen_.get();
  while (c->first > i) c = c->prev.get();
  return c->events[i - c->first];
}

std::vector<Event> EventLog::ToVector() const {
  std::vector<const Chunk*> chunks;
  for (const Chunk* c = frozen_.get(); c != nullptr; c = c->prev.get()) chunks.push_back(c);
  std::vector<Event> all;
  all.reserve(size());
  for (auto it = chunks.rbegin(); it != chunks.rend(); ++it) {
    all.insert(all.end(), (*it)->events.begin(), (*it)->events.end());
  }
  all.insert(all.end(), recent_.begin(), recent_.end());
  return all;
}

}  // namespace vgdl
