#include "engine/effects/motion.h"

#include "vgdl/effect_catalog.h"

namespace vgdl {

bool MovesNoSprite(EffectKind kind) {
  return lang::TraitsOf(kind).moves == lang::EffectMoves::kNone;
}

bool MovesAtMostFirstSprite(EffectKind kind) {
  return lang::TraitsOf(kind).moves != lang::EffectMoves::kAny;
}

}  // namespace vgdl
