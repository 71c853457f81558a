#include "engine/type_order.h"

#include <algorithm>
#include <cstring>

namespace vgdl {

void TypeOrder::Grow(TypeId t) {
  // The room doubles, so that n creations of a type move the later slices about log n times.
  constexpr uint32_t kLeastRoom = 4;
  const auto index = static_cast<size_t>(t);
  const uint32_t limit = Limit(t);
  const uint32_t extra = std::max(limit - slices_[index].begin, kLeastRoom);
  const auto old_size = static_cast<uint32_t>(slots_.size());
  // In place: a copy of the state keeps headroom (HeadroomVector), so its first creations
  // allocate nothing.
  slots_.Resize(old_size + extra);
  std::memmove(slots_.data() + limit + extra, slots_.data() + limit,
               (old_size - limit) * sizeof(SpriteRef));
  for (size_t u = index + 1; u < slices_.size(); ++u) {
    slices_[u].begin += extra;
    slices_[u].end += extra;
  }
}

void TypeOrder::Pack() {
  uint32_t kept = 0;
  for (Slice& s : slices_) {
    std::memmove(slots_.data() + kept, slots_.data() + s.begin,
                 (s.end - s.begin) * sizeof(SpriteRef));
    s = Slice{kept, kept + (s.end - s.begin)};
    kept = s.end;
  }
  slots_.Resize(kept);
}

}  // namespace vgdl
