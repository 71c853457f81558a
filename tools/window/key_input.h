// Human players' keys, as GVGAI turns them into actions (tools/KeyInput, tools/KeyPulse and
// the human Agent). Independent of the window library, so it is tested without a display.
//
// Player 0 uses the arrows and space, player 1 W, A, S, D and left Shift (Types.ALL_ACTIONS).
// Each tick a player's keys become one action: the movement keys give a direction (vertical
// and horizontal together cancel out; down wins over up and right over left when both are
// held), and the use key, when down, replaces the movement with USE.
//
// Default games (KeyInput) read the keys held at the tick. At 15 ticks a second a short tap
// can fall between two ticks, where GVGAI loses it; we count a key pressed since the last tick
// as held for that tick, so every tap moves (a deliberate improvement, documented).
// `key_handler=Pulse` games (KeyPulse) queue each complete press, on its release, per player,
// and play one queued press per tick: a press is one action, however long it is held.
#pragma once

#include <array>
#include <deque>
#include <vector>

#include "vgdl/game_def.h"

namespace vgdl::window {

enum class GameKey : uint8_t { kUp, kLeft, kDown, kRight, kUse };
inline constexpr int kGameKeyCount = 5;

class HumanInput {
 public:
  HumanInput(int players, bool pulse);

  void Press(int player, GameKey key);
  void Release(int player, GameKey key);
  // The action of `player` for the tick about to run; consumes taps and one queued pulse.
  Action NextAction(int player);
  // Forgets every held key, tap and queued pulse (restart).
  void Clear();
  // Lets go of the keys held down (focus lost: their releases will not arrive). Taps and
  // queued pulses stay.
  void ReleaseHeld();

  bool pulse() const { return pulse_; }
  int players() const { return static_cast<int>(players_.size()); }

 private:
  struct PlayerKeys {
    std::array<bool, kGameKeyCount> held{};
    std::array<bool, kGameKeyCount> tapped{};
    std::deque<GameKey> pulses;
  };
  bool pulse_;
  std::vector<PlayerKeys> players_;
};

// GVGAI's human Agent: the action for a set of keys down.
Action ActionFromKeys(const std::array<bool, kGameKeyCount>& down);

}  // namespace vgdl::window
