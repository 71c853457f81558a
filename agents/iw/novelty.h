// Novelty of width 1 over the atoms of Geffner & Geffner (2015), as Soemers (2016) §3.3.2
// describes them: avatar(cell, orientation, atype) and at(cell, stype), enumerated by
// AtomSpace (agents/common/atoms.h), which novelty-based pruning in MCTS shares.
//
// AtomBits holds one bit per possible atom, so a test is a few memory reads per sprite and
// clearing it between searches touches only the words that were set. NoveltyTable is IW(1)'s
// test over AtomSpace's atoms (the solver's novelty pruning uses it); the `iw` agent's tests of
// every width, over the atoms its options choose, are in width.h.
#pragma once

#include <cstdint>
#include <vector>

#include "agents/common/atoms.h"
#include "engine/state.h"

namespace vgdl {

// A set of atoms numbered [0, size) as one bit each.
class AtomBits {
 public:
  // Room for `size` atoms, all cleared. Allocates only when the size changes.
  void Resize(size_t size);
  // Forgets every atom, touching only the words that were set.
  void Clear();
  // Adds `atom`; true when it was not in the set.
  bool Mark(size_t atom) {
    const size_t word = atom >> 6;
    const uint64_t bit = uint64_t{1} << (atom & 63);
    uint64_t& w = bits_[word];
    if ((w & bit) != 0) return false;
    if (w == 0) touched_.push_back(static_cast<uint32_t>(word));
    w |= bit;
    ++count_;
    return true;
  }
  bool Has(size_t atom) const { return (bits_[atom >> 6] >> (atom & 63) & 1) != 0; }
  // Atoms in the set.
  int64_t count() const { return count_; }

 private:
  size_t size_ = SIZE_MAX;
  std::vector<uint64_t> bits_;
  std::vector<uint32_t> touched_;  // words of bits_ set since the last Clear
  int64_t count_ = 0;
};

class NoveltyTable {
 public:
  // Sizes the table for the game and level of `state`; keeps the memory when nothing changed.
  // Forgets every atom.
  void Reset(const State& state);

  // IW(1)'s novelty test and memorisation in one pass: true when `state` makes true an atom
  // that no memorised state made true, and then every atom of `state` is memorised. A state
  // with no new atom leaves the table unchanged (all its atoms are already in it).
  bool TestAndMemorize(const State& state);

  // Atoms memorised since the last Reset.
  int64_t atoms() const { return bits_.count(); }

 private:
  AtomSpace space_;
  AtomBits bits_;
};

}  // namespace vgdl
