// The game the avatar tests play, around the avatar class under test.
#pragma once

#include <string>

#include "engine/state.h"

namespace vgdl::testing {

// A game of 10-pixel cells: walls (`w`) the avatar steps back from, the avatar (`A`) declared
// by `avatar_line` (its class and parameters), and the test's own SpriteSet, LevelMapping and
// InteractionSet lines (each indented and ending in a newline). Lost when the avatar is gone.
inline std::string AvatarGame(const std::string& avatar_line, const std::string& sprites = "",
                              const std::string& mapping = "",
                              const std::string& interactions = "") {
  return "BasicGame square_size=10\n"
         "  SpriteSet\n"
         "    wall > Immovable\n" +
         sprites + "    avatar > " + avatar_line +
         "\n"
         "  LevelMapping\n"
         "    A > avatar\n" +
         mapping +
         "  InteractionSet\n"
         "    avatar wall > stepBack\n" +
         interactions +
         "  TerminationSet\n"
         "    SpriteCounter stype=avatar limit=0 win=False\n";
}

// Player 0's avatar.
inline const Sprite& Avatar(const State& s) {
  return s.sprite(s.player(0).avatar);
}

}  // namespace vgdl::testing
