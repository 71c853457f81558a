// Novelty of width 1 over the atoms of Geffner & Geffner (2015), as Soemers (2016) §3.3.2
// describes them: avatar(cell, orientation, atype) and at(cell, stype), enumerated by
// AtomSpace (agents/common/atoms.h), which novelty-based pruning in MCTS shares.
//
// The table holds one bit per possible atom, so a test is a few memory reads per sprite and
// clearing it between searches touches only the words that were set.
#pragma once

#include <cstdint>
#include <vector>

#include "agents/common/atoms.h"
#include "engine/state.h"

namespace vgdl {

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
  int64_t atoms() const { return atoms_; }

 private:
  bool Mark(size_t atom);

  AtomSpace space_;
  std::vector<uint64_t> bits_;
  std::vector<uint32_t> touched_;  // words of bits_ set since the last Reset
  int64_t atoms_ = 0;
};

}  // namespace vgdl
