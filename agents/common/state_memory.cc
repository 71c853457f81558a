// The memory of a state copy (see state_memory.h).
#include "agents/common/state_memory.h"

namespace vgdl {

size_t ApproxStateBytes(const State& s) {
  const auto sprites = static_cast<size_t>(s.sprite_count());
  const auto types = static_cast<size_t>(s.def().type_count());
  return sizeof(State) + sprites * (sizeof(Sprite) + 2 * sizeof(SpriteRef)) +
         (types + 1) * sizeof(uint32_t) + s.resources().size() * sizeof(ResourceRecord) +
         s.events().size() * sizeof(Event);
}

}  // namespace vgdl
