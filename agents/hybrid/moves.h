// The grid step of an avatar action, as the hybrid agent's pruning and target selection read
// it: LEFT and RIGHT move along x, UP and DOWN along y, every other action stays.
#pragma once

#include "vgdl/game_def.h"

namespace vgdl::hybrid_moves {

inline int Dx(Action a) {
  return a == Action::kLeft ? -1 : a == Action::kRight ? 1 : 0;
}
inline int Dy(Action a) {
  return a == Action::kUp ? -1 : a == Action::kDown ? 1 : 0;
}
inline bool IsMove(Action a) {
  return Dx(a) != 0 || Dy(a) != 0;
}

}  // namespace vgdl::hybrid_moves
