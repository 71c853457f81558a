// GVGAI's tick (spec §4.1, §4.2).
#include "engine/game.h"

#include <algorithm>

#include "engine/avatars/avatar.h"
#include "engine/event_handling.h"
#include "engine/physics/physics.h"
#include "engine/sprites/update.h"
#include "engine/terminations.h"

namespace vgdl {

namespace {

bool AvatarHas(SpriteClass c, Action a) {
  const auto actions = AvailableActions(c);
  return std::find(actions.begin(), actions.end(), a) != actions.end();
}

void UpdateAvatars(State& state, std::span<const Action> actions, StepMode mode) {
  for (int p = 0; p < state.player_count(); ++p) {
    const SpriteRef avatar = state.player(p).avatar;
    if (avatar == kNoSprite || state.sprite(avatar).disabled()) continue;
    Action action =
        static_cast<size_t>(p) < actions.size() ? actions[static_cast<size_t>(p)] : Action::kNil;
    if (mode == StepMode::kRealGame && !AvatarHas(state.def_of(avatar).cls, action)) {
      action = Action::kNil;
    }
    PreMovement(state.sprite(avatar));
    state.player(p).last_action = action;
    UpdateAvatar(state, p, action);
  }
}

// Non-avatar sprites, by type in reverse sprite order, each type in creation order. Sprites
// created into a type not yet visited this tick are updated this tick; sprites created into
// the type being visited are not (GVGAI would throw there, §15.13).
void UpdateSprites(State& state) {
  const auto& order = state.def().sprite_order;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const TypeId t = *it;
    const State::TypeUpdate update = state.type_update(t);
    // Many types have no sprite most of the time (missiles not fired, spawners not yet made):
    // their per-type loops would still read the type's parameters.
    if (update == State::TypeUpdate::kNone || state.count_of(t) == 0) continue;
    if (update == State::TypeUpdate::kBookkeeping) {
      // Walls and other scenery: the same effect as PreMovement + UpdateSprite, without the
      // per-sprite dispatch.
      for (const SpriteRef s : state.sprites_of(t)) {
        Sprite& sp = state.sprite(s);
        if (!sp.disabled()) PreMovement(sp);
      }
      continue;
    }
    UpdateSpritesOfType(state, t);
  }
}

void CheckTimeOut(State& state) {
  if (state.tick() < kMaxTicks) return;
  state.set_ended(true);
  for (int p = 0; p < state.player_count(); ++p) {
    Player& player = state.player(p);
    // As for the terminations, a player that never had an avatar gets no result.
    if (player.had_avatar && player.winner != Winner::kWins) player.winner = Winner::kLoses;
  }
}

}  // namespace

void Advance(State& state, std::span<const Action> actions, StepMode mode) {
  if (state.ended()) return;
  // Scratch buffers live per thread, outside the state, so copies stay small.
  thread_local EventScratch scratch;
  UpdateAvatars(state, actions, mode);
  UpdateSprites(state);
  HandleEvents(state, scratch);
  state.ClearKillList();
  CheckTerminations(state);
  CheckTimeOut(state);
  state.set_tick(state.tick() + 1);
}

void Advance(State& state, Action action, StepMode mode) {
  Advance(state, std::span<const Action>(&action, 1), mode);
}

double ReportedScore(const State& state, int player) {
  const Player& p = state.player(player);
  return p.winner == Winner::kWins && p.score <= 0.0 ? 1.0 : p.score;
}

}  // namespace vgdl
