// The sprites of a type group as GVGAI's eventHandling sees them: the concatenation of the
// sprite lists of every type in the group's iSubTypes, taken at one moment of the tick.
//
// TIME lines, EOS lines and pair effects (both groups) run over such snapshots (spec §4.4).
// Walls and other scenery change rarely, so a snapshot is kept per group and taken again only
// when the group's version (State::group_version) changed: a sprite was created into or
// removed from one of its types. Kills within a tick change no list (killed sprites stay
// listed until the end of the tick), so an unchanged version means an identical list; and as
// versions are unique in the process, that holds in any copy of the state and any game.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/state.h"

namespace vgdl {

class GroupLists {
 public:
  // The slots of every sprite of `group`'s subtypes now, in iSubTypes order, each type in
  // creation order. The list stays as it is, at the same address, until the next Collect of
  // the same group or of a game with more types.
  const std::vector<SpriteRef>& Collect(const State& state, TypeId group) {
    const auto index = static_cast<size_t>(group);
    if (index < snapshot_count_ && snapshots_[index].version == state.group_version(group)) {
      return snapshots_[index].sprites;
    }
    return Take(state, group);
  }

 private:
  const std::vector<SpriteRef>& Take(const State& state, TypeId group);

  struct Snapshot {
    uint64_t version = 0;  // the group's State::group_version when taken; 0: never (versions
                           // start at 1)
    std::vector<SpriteRef> sprites;
  };
  std::vector<Snapshot> snapshots_;  // by group type id
  // snapshots_.size(), kept apart: this check runs twice per pair effect, and the vector's
  // size would cost a division by the snapshot's size.
  size_t snapshot_count_ = 0;
};

}  // namespace vgdl
