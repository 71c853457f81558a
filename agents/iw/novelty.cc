#include "agents/iw/novelty.h"

namespace vgdl {

void AtomBits::Resize(size_t size) {
  if (size != size_) {
    size_ = size;
    bits_.assign((size + 63) / 64, 0);
    touched_.clear();
    count_ = 0;
    return;
  }
  Clear();
}

void AtomBits::Clear() {
  for (uint32_t w : touched_) bits_[w] = 0;
  touched_.clear();
  count_ = 0;
}

void NoveltyTable::Reset(const State& state) {
  space_.Reset(state);
  bits_.Resize(space_.size());
}

bool NoveltyTable::TestAndMemorize(const State& state) {
  bool novel = false;
  space_.ForEachAtom(state, [&](size_t atom) { novel |= bits_.Mark(atom); });
  return novel;
}

}  // namespace vgdl
