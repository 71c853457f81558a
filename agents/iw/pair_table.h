// The memory of IW(2) and IW(3/2): the pairs of atoms (M^2 of Soemers 2016, Algorithm 3.2)
// that states of the current search have made true together.
//
// A bit per possible pair would take (atoms^2)/2 bits: gigabytes on a large level. The pairs a
// search meets are far fewer, so they are kept in an open-addressing hash set of 64-bit keys
// whose slots are allocated once (Reserve, at Init) and reused: an act never allocates it, and
// clearing touches only the slots that were filled. Once half the slots are taken the set is
// full: Insert then reports a pair it does not hold as not new (the search then prunes by the
// pairs it already knows, closer to IW(1)), and `overflowed` says so.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace vgdl {

class PairTable {
 public:
  // Slots for at most `max_pairs` pairs (rounded up to a power of two, doubled for the load
  // factor); 0 frees the memory. Allocates only when the room changes. Forgets every pair.
  void Reserve(size_t max_pairs);
  // Forgets every pair, touching only the slots that were filled.
  void Clear();
  // Adds the unordered pair {a, b} (a != b) of atoms numbered below `atoms` (SetAtoms); true
  // when it was not in the set (and the set had room for it).
  bool Insert(size_t a, size_t b);
  bool Has(size_t a, size_t b) const;
  void SetAtoms(size_t atoms) { atoms_ = atoms; }

  size_t size() const { return filled_.size(); }
  size_t capacity() const { return slots_.size() / 2; }
  bool overflowed() const { return overflowed_; }
  // Bytes of the slots and of the list of filled slots.
  size_t bytes() const { return slots_.size() * sizeof(uint64_t) + filled_.capacity() * 4; }

 private:
  uint64_t Key(size_t a, size_t b) const {
    if (a > b) std::swap(a, b);
    return static_cast<uint64_t>(a) * atoms_ + b + 1;  // 0 marks an empty slot
  }
  size_t Home(uint64_t key) const {
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_);
  }

  std::vector<uint64_t> slots_;
  std::vector<uint32_t> filled_;  // slots filled since the last Clear
  size_t atoms_ = 0;
  int shift_ = 64;
  bool overflowed_ = false;
};

}  // namespace vgdl
