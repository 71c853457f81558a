// GVGAI's eventHandling step of the tick (spec §4.4).
#pragma once

#include <vector>

#include "engine/group_lists.h"
#include "engine/pair_hits.h"
#include "engine/state.h"

namespace vgdl {

// Reused buffers, so that a steady-state tick does not allocate.
struct EventScratch {
  GroupLists groups;  // the sprite lists TIME, EOS and pair effects run over
  PairHits pair_hits;
  std::vector<SpriteRef> hits;       // of one first sprite, by the caller's own lookups
  std::vector<uint32_t> candidates;  // CollisionGrid::ForEachCandidate's scratch
};

// Timed effects, then EOS effects, then pair effects in InteractionSet order.
void HandleEvents(State& state, EventScratch& scratch);

}  // namespace vgdl
