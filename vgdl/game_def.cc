#include "vgdl/game_def.h"

namespace vgdl {

std::string_view ActionName(Action a) {
  switch (a) {
    case Action::kNil:
      return "ACTION_NIL";
    case Action::kUp:
      return "ACTION_UP";
    case Action::kLeft:
      return "ACTION_LEFT";
    case Action::kDown:
      return "ACTION_DOWN";
    case Action::kRight:
      return "ACTION_RIGHT";
    case Action::kUse:
      return "ACTION_USE";
    case Action::kEscape:
      return "ACTION_ESCAPE";
  }
  return "ACTION_NIL";
}

TypeId GameDef::FindType(std::string_view type_name) const {
  for (const SpriteDef& def : types) {
    if (def.name == type_name) return def.id;
  }
  return kNoType;
}

}  // namespace vgdl
