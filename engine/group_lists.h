// The sprites of a type group as GVGAI's eventHandling sees them: the concatenation of the
// sprite lists of every type in the group's iSubTypes, taken at one moment of the tick.
//
// TIME lines, EOS lines and pair effects (both groups) run over such snapshots (spec §4.4).
// Walls and other scenery change rarely, so a snapshot is kept per group and taken again only
// when the group's version (State::group_version) changed: a sprite was created into or
// removed from one of its types (engine/group_stamp.h). Kills within a tick change no list
// (killed sprites stay listed until the end of the tick), so an unchanged version means an
// identical list.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/group_stamp.h"
#include "engine/state.h"

namespace vgdl {

class GroupLists {
 public:
  // The slots of every sprite of `group`'s subtypes now, in iSubTypes order, each type in
  // creation order. The list stays as it is, at the same address, until the next Collect of
  // the same group or of a game with more types.
  const std::vector<SpriteRef>& Collect(const State& state, TypeId group) {
    const auto index = static_cast<size_t>(group);
    if (index < snapshots_.size() && snapshots_[index].taken.Matches(state, group)) {
      return snapshots_[index].sprites;
    }
    return Take(state, group);
  }

 private:
  const std::vector<SpriteRef>& Take(const State& state, TypeId group);

  struct Snapshot {
    GroupStamp taken;  // when `sprites` was taken
    std::vector<SpriteRef> sprites;
  };
  std::vector<Snapshot> snapshots_;  // by group type id
};

}  // namespace vgdl
