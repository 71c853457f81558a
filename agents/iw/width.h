// The novelty tests of IW(i) for the widths Soemers (2016) §3.3 describes, over the atoms the
// options choose (atoms.h).
//
// A generated state passes the test of IW(i) when novelty(s) <= i (Definition 1): some tuple of
// at most i atoms true in s was not all true in any state generated before in the search.
//   1    a new atom;
//   2    a new atom or a new pair of atoms;
//   3/2  a new atom or a new pair of which one atom is about the avatar (Geffner & Geffner
//        2015's IW(3/2): §3.3.1, "it considers only those pairs of atoms where at least one of
//        the atoms describes information about the avatar"); the avatar's atoms are
//        avatar(...) and, with the `resources` atoms, resource(...);
//   none no test: every state passes (the breadth-first search with safety prepruning that
//        Geffner & Geffner compare IW(1) with, §4.1).
// A state that passes memorises all its tuples (Algorithm 3.2's memorize, n limited to the
// width); one that fails has no tuple to add. Since the search root is memorised first, a pair
// of two atoms both true in the root is never new: only pairs with an atom the root lacks are
// looked up, so a test costs (atoms new since the root) x (atoms), not atoms^2.
//
// All tables are sized from the level by Reserve, called at Init: an act only clears them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "agents/common/option_table.h"
#include "agents/iw/atoms.h"
#include "agents/iw/novelty.h"
#include "agents/iw/pair_table.h"
#include "engine/state.h"

namespace vgdl {

enum class Width { kOne, kThreeHalves, kTwo, kNone };

// The option values naming each width.
inline constexpr std::array<OptionChoice<Width>, 4> kWidths{
    {{"1", Width::kOne}, {"3/2", Width::kThreeHalves}, {"2", Width::kTwo}, {"none", Width::kNone}}};
// "1", "3/2", "2", "none".
inline std::string WidthName(Width width) {
  return ChoiceName<Width>(kWidths, width);
}

class WidthNovelty {
 public:
  // `pair_table_mb`: the most memory the pairs of widths 2 and 3/2 may take.
  WidthNovelty(Width width, const IwAtomOptions& atoms, double pair_table_mb);

  // Sizes the tables for the level of `root`, allocating the pair table's slots (call at Init).
  void Reserve(const State& root);
  // Starts a search from `root`: forgets every tuple. Allocates only on a level of another
  // size than the one reserved for.
  void Reset(const State& root);
  // The novelty test of the width; a state that passes has its tuples memorised.
  bool TestAndMemorize(const State& state) { return Measure(state) < kInfinite; }
  // novelty(s) as far as the width tells it (1, 2 for a new pair of widths 2 and 3/2, else
  // kInfinite; always 1 for width none), the state's tuples memorised: 2BFS orders by it.
  static constexpr int kInfinite = 3;
  int Measure(const State& state);

  Width width() const { return width_; }
  // Whether the pair table was full in this search: pairs were then taken as known.
  bool pairs_overflowed() const { return pairs_.overflowed(); }
  size_t pairs() const { return pairs_.size(); }

 private:
  void CollectAtoms(const State& state);
  bool MarkSingles();
  bool MarkPairs();
  bool MarkAvatarPairs();
  size_t PairRoom() const;

  Width width_;
  IwAtoms atoms_;
  double pair_table_mb_;
  size_t reserved_atoms_ = SIZE_MAX;
  AtomBits singles_;
  AtomBits root_;  // the root's atoms: a pair of two of them was memorised with the root
  PairTable pairs_;
  std::vector<uint32_t> state_atoms_;  // scratch: the atoms of the state being tested
  std::vector<uint32_t> fresh_;        // scratch: those the root lacks
};

}  // namespace vgdl
