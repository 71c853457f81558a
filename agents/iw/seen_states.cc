#include "agents/iw/seen_states.h"

#include <algorithm>
#include <bit>

namespace vgdl {

void SeenStates::Reserve(size_t states) {
  const size_t room = std::bit_ceil(std::max<size_t>(states, 8) * 2);
  // The agent asks again at every search; the same room keeps the hashes of this generation.
  if (slots_.size() == room) return;
  slots_.assign(room, Slot{});
  mask_ = room - 1;
  size_ = 0;
  generation_ = 1;
}

void SeenStates::Clear() {
  size_ = 0;
  if (++generation_ == 0) {
    // After 2^32 searches the stamps wrap: start again from clean slots (at most once).
    for (Slot& s : slots_) s.generation = 0;
    generation_ = 1;
  }
}

bool SeenStates::TestAndInsert(uint64_t hash) {
  if (slots_.empty()) return false;
  // Linear probing from a mixed hash (StateHash's low bits are already mixed; this guards
  // against a hash whose entropy sits high).
  for (size_t i = static_cast<size_t>(hash ^ (hash >> 29)) & mask_;; i = (i + 1) & mask_) {
    Slot& slot = slots_[i];
    if (slot.generation != generation_) {
      if (size_ * 4 >= slots_.size() * 3) return false;  // full: counts as unseen
      slot = Slot{hash, generation_};
      ++size_;
      return false;
    }
    if (slot.hash == hash) return true;
  }
}

}  // namespace vgdl
