// The contract between the tick loop and the effects of the InteractionSet (spec §8).
//
// Each effect family lives in its own file under engine/effects/ and implements
// `void Apply<Name>(EffectCall&)` for its effects; registry.cc maps EffectKind to them. An
// effect acts on `s1` (and reads or acts on `s2`, which is kNoSprite for EOS and TIME
// executions), then tells the executor whether its score and counters apply (GVGAI's
// applyScore/count/countElse, which conditional effects clear when their condition fails).
#pragma once

#include <span>
#include <vector>

#include "engine/state.h"

namespace vgdl {

struct EffectCall {
  State& state;
  const EffectDef& def;
  SpriteRef s1 = kNoSprite;
  SpriteRef s2 = kNoSprite;

  // Outcome, read by ExecuteEffect.
  bool apply_score = true;
  bool count = true;
  bool count_else = true;
  // subtractHealthPoints scores `scoreChangeIfKilled` instead of `scoreChange` on a kill.
  const std::vector<int>* score_override = nullptr;
};

using EffectFn = void (*)(EffectCall&);

// Looks the effect up in the registry and runs it (no score or event bookkeeping).
void ApplyEffect(EffectCall& call);

// Every player scores `times` times its element of `change` (the first element when the list
// is shorter), whoever collided: GVGAI adds an effect's score to each avatar.
void AddScoreToEveryPlayer(State& state, const std::vector<int>& change, int times = 1);
// Adds `increments` to the game's counters, element by element (the first element when the
// list is shorter).
void AddToCounters(State& state, const std::vector<int>& increments);

// GVGAI's executeEffect (§4.4): run the effect, then apply its score to every player, append
// the event (pair effects only) and add its counters.
void ExecuteEffect(State& state, const EffectDef& def, SpriteRef s1, SpriteRef s2);

// wallBounce and wallReverse handle all of one s1's current hits at once (§8.2). Returns how
// many times the score applies (GVGAI multiplies by the number of walls used).
int ApplyBatchEffect(State& state, const EffectDef& def, SpriteRef s1,
                     std::span<const SpriteRef> hits);

// GVGAI's executeEffectBatch: the batch effect, then its score and counters times that count,
// and an event for every hit (no kill-list check, §4.4).
void ExecuteBatchEffect(State& state, const EffectDef& def, SpriteRef s1,
                        std::span<const SpriteRef> hits);

}  // namespace vgdl
