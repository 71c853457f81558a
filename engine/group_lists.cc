#include "engine/group_lists.h"

namespace vgdl {

const std::vector<SpriteRef>& GroupLists::Take(const State& state, TypeId group) {
  const auto index = static_cast<size_t>(group);
  // Sized for every type of the game at once: a later Collect must not move the snapshot a
  // caller still holds.
  const auto types = static_cast<size_t>(state.def().type_count());
  if (snapshots_.size() < types) snapshots_.resize(types);
  snapshot_count_ = snapshots_.size();
  Snapshot& snap = snapshots_[index];
  snap.version = state.group_version(group);
  snap.sprites.clear();
  for (const TypeId t : state.type_def(group).subtypes) {
    const auto sprites = state.sprites_of(t);
    snap.sprites.insert(snap.sprites.end(), sprites.begin(), sprites.end());
  }
  return snap.sprites;
}

}  // namespace vgdl
