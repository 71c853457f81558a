#include "agents/iw/width.h"

#include <algorithm>
#include <bit>

namespace vgdl {

WidthNovelty::WidthNovelty(Width width, const IwAtomOptions& atoms, double pair_table_mb)
    : width_(width), atoms_(atoms), pair_table_mb_(pair_table_mb) {}

// The pairs the table needs room for: every possible pair when that is few, else what
// `pair_table_mb` holds (20 bytes a pair: two 8-byte slots and a 4-byte index), rounded down
// to a power of two so that PairTable's rounding up keeps within it.
size_t WidthNovelty::PairRoom() const {
  if (width_ != Width::kTwo && width_ != Width::kThreeHalves) return 0;
  const double n = static_cast<double>(atoms_.size());
  const double avatar = static_cast<double>(atoms_.avatar_atoms());
  const double possible = width_ == Width::kTwo ? n * (n - 1) / 2 : avatar * n;
  const auto by_memory = std::bit_floor(
      static_cast<size_t>(std::min(std::max(0.0, pair_table_mb_) * 1024 * 1024 / 20, 1.0e9)));
  return static_cast<size_t>(std::max(1.0, std::min(possible, static_cast<double>(by_memory))));
}

void WidthNovelty::Reserve(const State& root) {
  atoms_.Reset(root);
  reserved_atoms_ = atoms_.size();
  singles_.Resize(atoms_.size());
  root_.Resize(width_ == Width::kOne || width_ == Width::kNone ? 0 : atoms_.size());
  pairs_.SetAtoms(atoms_.size());
  pairs_.Reserve(PairRoom());
  const size_t room = 2 * static_cast<size_t>(root.sprite_count()) + 64;
  state_atoms_.reserve(room);
  fresh_.reserve(room);
}

void WidthNovelty::Reset(const State& root) {
  atoms_.Reset(root);
  if (atoms_.size() != reserved_atoms_) {
    Reserve(root);  // a level the agent was not initialised on
  } else {
    singles_.Clear();
    root_.Clear();
    pairs_.Clear();
  }
  if (width_ == Width::kTwo || width_ == Width::kThreeHalves) {
    atoms_.ForEachAtom(root, [&](size_t atom) { root_.Mark(atom); });
  }
}

int WidthNovelty::Measure(const State& state) {
  switch (width_) {
    case Width::kNone:
      return 1;
    case Width::kOne: {
      bool novel = false;
      atoms_.ForEachAtom(state, [&](size_t atom) { novel |= singles_.Mark(atom); });
      return novel ? 1 : kInfinite;
    }
    case Width::kTwo:
    case Width::kThreeHalves: {
      CollectAtoms(state);
      // Every tuple is memorised: no early return once one is new.
      const bool single = MarkSingles();
      const bool pair = width_ == Width::kTwo ? MarkPairs() : MarkAvatarPairs();
      return single ? 1 : pair ? 2 : kInfinite;
    }
  }
  return kInfinite;
}

void WidthNovelty::CollectAtoms(const State& state) {
  state_atoms_.clear();
  fresh_.clear();
  atoms_.ForEachAtom(state, [&](size_t atom) {
    state_atoms_.push_back(static_cast<uint32_t>(atom));
    if (!root_.Has(atom)) fresh_.push_back(static_cast<uint32_t>(atom));
  });
}

bool WidthNovelty::MarkSingles() {
  bool novel = false;
  for (uint32_t atom : fresh_) novel |= singles_.Mark(atom);
  return novel;
}

// Every pair with an atom the root lacks (the others were memorised with the root).
bool WidthNovelty::MarkPairs() {
  bool novel = false;
  for (uint32_t f : fresh_) {
    for (uint32_t atom : state_atoms_) {
      if (atom != f) novel |= pairs_.Insert(f, atom);
    }
  }
  return novel;
}

// The pairs of which one atom is about the avatar, again only those with an atom the root
// lacks.
bool WidthNovelty::MarkAvatarPairs() {
  bool novel = false;
  for (uint32_t a : state_atoms_) {
    if (!atoms_.IsAvatarAtom(a)) continue;
    const bool a_fresh = !root_.Has(a);
    for (uint32_t atom : a_fresh ? state_atoms_ : fresh_) {
      if (atom != a) novel |= pairs_.Insert(a, atom);
    }
  }
  return novel;
}

}  // namespace vgdl
