// Keys to actions, as GVGAI's key handlers and human agent do it.
#include "tools/window/key_input.h"

#include <algorithm>

namespace vgdl::window {

namespace {

constexpr size_t Index(GameKey k) {
  return static_cast<size_t>(k);
}

// A queue longer than this is a stuck key repeat, not a player: GVGAI's queue is unbounded,
// but a few seconds of presses is plenty.
constexpr size_t kMaxPulses = 64;

}  // namespace

Action ActionFromKeys(const std::array<bool, kGameKeyCount>& down) {
  if (down[Index(GameKey::kUse)])
    return Action::kUse;  // "This allows switching to Use when moving"
  int vertical = 0;
  int horizontal = 0;
  if (down[Index(GameKey::kUp)]) vertical = -1;
  if (down[Index(GameKey::kDown)]) vertical = 1;
  if (down[Index(GameKey::kLeft)]) horizontal = -1;
  if (down[Index(GameKey::kRight)]) horizontal = 1;
  if (horizontal == 0) {
    if (vertical == 1) return Action::kDown;
    if (vertical == -1) return Action::kUp;
  } else if (vertical == 0) {
    return horizontal == 1 ? Action::kRight : Action::kLeft;
  }
  return Action::kNil;
}

HumanInput::HumanInput(int players, bool pulse)
    : pulse_(pulse), players_(static_cast<size_t>(std::max(players, 1))) {}

void HumanInput::Press(int player, GameKey key) {
  if (player < 0 || player >= players()) return;
  PlayerKeys& p = players_[static_cast<size_t>(player)];
  p.held[Index(key)] = true;
  p.tapped[Index(key)] = true;
}

void HumanInput::Release(int player, GameKey key) {
  if (player < 0 || player >= players()) return;
  PlayerKeys& p = players_[static_cast<size_t>(player)];
  // KeyPulse queues the press when the key comes up; a release without a press (the key was
  // down before the window had focus) is still a complete press for GVGAI.
  if (pulse_ && p.pulses.size() < kMaxPulses) p.pulses.push_back(key);
  p.held[Index(key)] = false;
}

Action HumanInput::NextAction(int player) {
  if (player < 0 || player >= players()) return Action::kNil;
  PlayerKeys& p = players_[static_cast<size_t>(player)];
  std::array<bool, kGameKeyCount> down{};
  if (pulse_) {
    if (!p.pulses.empty()) {
      down[Index(p.pulses.front())] = true;
      p.pulses.pop_front();
    }
  } else {
    for (size_t k = 0; k < down.size(); ++k) down[k] = p.held[k] || p.tapped[k];
  }
  p.tapped.fill(false);
  return ActionFromKeys(down);
}

void HumanInput::Clear() {
  for (PlayerKeys& p : players_) p = PlayerKeys{};
}

void HumanInput::ReleaseHeld() {
  for (PlayerKeys& p : players_) p.held.fill(false);
}

}  // namespace vgdl::window
