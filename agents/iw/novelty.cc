#include "agents/iw/novelty.h"

namespace vgdl {

void NoveltyTable::Reset(const State& state) {
  space_.Reset(state);
  if (space_.shape_changed()) {
    bits_.assign((space_.size() + 63) / 64, 0);
    touched_.clear();
  } else {
    for (uint32_t w : touched_) bits_[w] = 0;
    touched_.clear();
  }
  atoms_ = 0;
}

bool NoveltyTable::Mark(size_t atom) {
  const size_t word = atom >> 6;
  const uint64_t bit = uint64_t{1} << (atom & 63);
  uint64_t& w = bits_[word];
  if ((w & bit) != 0) return false;
  if (w == 0) touched_.push_back(static_cast<uint32_t>(word));
  w |= bit;
  ++atoms_;
  return true;
}

bool NoveltyTable::TestAndMemorize(const State& state) {
  bool novel = false;
  space_.ForEachAtom(state, [&](size_t atom) { novel |= Mark(atom); });
  return novel;
}

}  // namespace vgdl
