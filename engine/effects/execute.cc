// GVGAI's executeEffect (spec §4.4): the effect, then score, event and counters.
#include <algorithm>

#include "engine/effects/effect_util.h"
#include "engine/effects/families.h"

namespace vgdl {

namespace {

void InsertEvent(State& state, const Event& e) {
  state.events().Insert(e);
}

Event MakeEvent(int tick, const Sprite& active, const Sprite& passive, bool from_avatar) {
  return Event{tick,
               from_avatar,
               active.type,
               passive.type,
               active.id,
               passive.id,
               Vec2{static_cast<double>(active.rect.x), static_cast<double>(active.rect.y)}};
}

// The active party is the first of: s1 the avatar, s1 avatar-made, s2 the avatar, s2
// avatar-made (§11.4). "The avatar" is GVGAI's is_avatar flag of the sprite's type.
void RecordEvent(State& state, SpriteRef s1, SpriteRef s2) {
  const Sprite& first = state.sprite(s1);
  const Sprite& second = state.sprite(s2);
  // Most executions involve neither (`ground prepaint > ...`): one test for them.
  constexpr auto kParty = static_cast<uint16_t>(SpriteFlag::kOfAvatarType) |
                          static_cast<uint16_t>(SpriteFlag::kFromAvatar);
  if (((first.flags | second.flags) & kParty) == 0) return;
  if (first.has(SpriteFlag::kOfAvatarType)) {
    InsertEvent(state, MakeEvent(state.tick(), first, second, false));
  } else if (first.has(SpriteFlag::kFromAvatar)) {
    InsertEvent(state, MakeEvent(state.tick(), first, second, true));
  } else if (second.has(SpriteFlag::kOfAvatarType)) {
    InsertEvent(state, MakeEvent(state.tick(), second, first, false));
  } else {
    InsertEvent(state, MakeEvent(state.tick(), second, first, true));
  }
}

}  // namespace

void AddScoreToEveryPlayer(State& state, const std::vector<int>& change, int times) {
  // Most effects score nothing (`scoreChange=0`, one element): one test for them. Adding 0
  // would change no score either (ints never make a negative zero).
  if (change.size() == 1 && change[0] == 0) return;
  for (int p = 0; p < state.player_count(); ++p) {
    state.player(p).score += static_cast<double>(ListElement(change, p) * times);
  }
}

void AddToCounters(State& state, const std::vector<int>& increments) {
  auto& counters = state.counters();
  for (size_t i = 0; i < counters.size(); ++i) {
    // Java's int addition: a counter past the int range wraps, as in GVGAI.
    counters[i] = JavaIntAdd(counters[i], ListElement(increments, static_cast<int>(i)));
  }
}

void ExecuteEffect(State& state, const EffectDef& def, SpriteRef s1, SpriteRef s2) {
  EffectCall call{state, def, s1, s2};
  ApplyEffect(call);
  if (call.apply_score) {
    AddScoreToEveryPlayer(state, call.score_override ? *call.score_override : def.score_change);
  }
  if (s1 != kNoSprite && s2 != kNoSprite) RecordEvent(state, s1, s2);
  if (call.count) AddToCounters(state, def.counter);
  if (call.count_else) AddToCounters(state, def.counter_else);
}

int ApplyBatchEffect(State& state, const EffectDef& def, SpriteRef s1,
                     std::span<const SpriteRef> hits) {
  if (s1 == kNoSprite || hits.empty()) return 0;
  switch (def.kind) {
    case EffectKind::kWallBounce:
      return ApplyWallBounceBatch(state, s1, hits);
    case EffectKind::kWallReverse:
      return ApplyWallReverseBatch(state, s1, hits);
    default:
      // GVGAI's default executeBatch returns -1 and the game counts it as 0.
      return 0;
  }
}

void ExecuteBatchEffect(State& state, const EffectDef& def, SpriteRef s1,
                        std::span<const SpriteRef> hits) {
  const int times = ApplyBatchEffect(state, def, s1, hits);
  AddScoreToEveryPlayer(state, def.score_change, times);
  if (s1 != kNoSprite) {
    for (const SpriteRef s2 : hits) RecordEvent(state, s1, s2);
  }
  for (int i = 0; i < times; ++i) {
    AddToCounters(state, def.counter);
    AddToCounters(state, def.counter_else);
  }
}

}  // namespace vgdl
