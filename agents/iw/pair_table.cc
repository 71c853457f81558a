#include "agents/iw/pair_table.h"

#include <bit>
#include <utility>

namespace vgdl {

void PairTable::Reserve(size_t max_pairs) {
  const size_t slots = max_pairs == 0 ? 0 : std::bit_ceil(2 * max_pairs);
  if (slots != slots_.size()) {
    // Assigned, not reserved: the pages are faulted in here (at Init), not in an act.
    slots_.assign(slots, 0);
    filled_.clear();
    filled_.reserve(slots / 2);
    shift_ = slots == 0 ? 64 : 64 - std::countr_zero(slots);
  }
  Clear();
}

void PairTable::Clear() {
  for (uint32_t s : filled_) slots_[s] = 0;
  filled_.clear();
  overflowed_ = false;
}

bool PairTable::Insert(size_t a, size_t b) {
  if (slots_.empty()) return false;
  const uint64_t key = Key(a, b);
  const size_t mask = slots_.size() - 1;
  for (size_t i = Home(key);; i = (i + 1) & mask) {
    if (slots_[i] == key) return false;
    if (slots_[i] != 0) continue;
    if (filled_.size() >= slots_.size() / 2) {
      overflowed_ = true;
      return false;
    }
    slots_[i] = key;
    filled_.push_back(static_cast<uint32_t>(i));
    return true;
  }
}

bool PairTable::Has(size_t a, size_t b) const {
  if (slots_.empty()) return false;
  const uint64_t key = Key(a, b);
  const size_t mask = slots_.size() - 1;
  for (size_t i = Home(key);; i = (i + 1) & mask) {
    if (slots_[i] == key) return true;
    if (slots_[i] == 0) return false;
  }
}

}  // namespace vgdl
