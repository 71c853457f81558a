#include "engine/group_lists.h"

namespace vgdl {

const std::vector<SpriteRef>& GroupLists::Collect(const State& state, TypeId group) {
  const auto index = static_cast<size_t>(group);
  // Sized for every type of the game at once: a later Collect must not move the snapshot a
  // caller still holds.
  const auto types = static_cast<size_t>(state.def().type_count());
  if (snapshots_.size() < types) snapshots_.resize(types);
  Snapshot& snap = snapshots_[index];
  const auto& subtypes = state.type_def(group).subtypes;
  bool current = snap.versions.size() == subtypes.size();
  for (size_t i = 0; current && i < subtypes.size(); ++i) {
    current = snap.versions[i] == state.type_version(subtypes[i]);
  }
  if (current) return snap.sprites;
  snap.versions.clear();
  snap.sprites.clear();
  for (const TypeId t : subtypes) {
    snap.versions.push_back(state.type_version(t));
    const auto sprites = state.sprites_of(t);
    snap.sprites.insert(snap.sprites.end(), sprites.begin(), sprites.end());
  }
  return snap.sprites;
}

}  // namespace vgdl
