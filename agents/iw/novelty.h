// Novelty of width 1 over the atoms of Geffner & Geffner (2015), as Soemers (2016) §3.3.2
// describes them:
//   avatar(cell, orientation, atype)  the avatar is in `cell`, facing `orientation`, of type
//                                     `atype`;
//   at(cell, stype)                   a sprite of type `stype` is in `cell`.
// A sprite's cell is the grid cell of its top-left corner (GVGAI's observation grid). Only
// what agents may observe counts: sprites hidden from the player are left out (spec §11.5).
// Orientations are the four grid directions plus one bucket for anything else.
//
// The table holds one bit per possible atom, so a test is a few memory reads per sprite and
// clearing it between searches touches only the words that were set.
#pragma once

#include <cstdint>
#include <vector>

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
  static constexpr int kOrientations = 5;  // up, left, down, right, other

  bool Mark(size_t atom);
  // The cell of a top-left corner, or -1 outside the level.
  int64_t CellOf(int32_t x, int32_t y) const;

  int width_ = 0;
  int height_ = 0;
  int block_ = 1;
  int types_ = 0;
  size_t avatar_base_ = 0;         // first avatar(...) atom; at(...) atoms come first
  std::vector<uint8_t> observed_;  // per type: counted in at(...) atoms
  std::vector<uint64_t> bits_;
  std::vector<uint32_t> touched_;  // words of bits_ set since the last Reset
  int64_t atoms_ = 0;
};

}  // namespace vgdl
