// GVGAI's eventHandling (spec §4.4): timed effects, then end-of-screen effects, then the
// collision effects of every InteractionSet pair, in that order.
#include "engine/event_handling.h"

#include <algorithm>

#include "engine/collision.h"
#include "engine/effects/effect.h"

namespace vgdl {

namespace {

// The earliest queued timer; ties go to the most recently inserted one (GVGAI's TreeSet
// comparator never returns 0).
std::vector<QueuedTimer>::iterator EarliestTimer(std::vector<QueuedTimer>& timers) {
  return std::min_element(timers.begin(), timers.end(),
                          [](const QueuedTimer& a, const QueuedTimer& b) {
                            if (a.next_execution != b.next_execution) {
                              return a.next_execution < b.next_execution;
                            }
                            return a.insertion > b.insertion;
                          });
}

// A TIME line runs its effect on every live sprite of its type; the TIME wrapper always
// scores and counts, even when a conditional delegate's condition failed (§8.3, §15.38b).
void RunTimeLine(State& state, const TimeEffectDef& te, const EffectDef& def, GroupLists& groups) {
  for (SpriteRef s : groups.Collect(state, te.itype)) {
    if (state.in_kill_list(s) || state.sprite(s).disabled()) continue;
    EffectCall call{state, def, s, kNoSprite};
    ApplyEffect(call);
    AddScoreToEveryPlayer(state, def.score_change);
    AddToCounters(state, def.counter);
    AddToCounters(state, def.counter_else);
  }
}

// An addTimer timer runs its delegate once with no sprites; the timer itself always scores
// and never counts (§4.4).
void RunAddTimer(State& state, const EffectDef& timer) {
  const EffectDef& delegate = state.def().effects[static_cast<size_t>(timer.timer_delegate)];
  EffectCall call{state, delegate, kNoSprite, kNoSprite};
  ApplyEffect(call);
  AddScoreToEveryPlayer(state, timer.score_change);
}

void RunTimedEffects(State& state, GroupLists& groups) {
  auto& timers = state.timers();
  while (!timers.empty()) {
    const auto it = EarliestTimer(timers);
    if (it->next_execution > state.tick()) break;
    const QueuedTimer timer = *it;
    timers.erase(it);
    const EffectDef& def = state.def().effects[static_cast<size_t>(timer.effect)];
    // A disabled timer is dropped, repeating or not.
    if (!def.enabled) continue;
    if (timer.time_effect >= 0) {
      RunTimeLine(state, state.def().time_effects[static_cast<size_t>(timer.time_effect)], def,
                  groups);
    } else {
      RunAddTimer(state, def);
    }
    if (def.repeating) {
      QueuedTimer next = timer;
      next.next_execution = state.tick() + def.timer;
      next.insertion = state.NextTimerInsertion();
      state.timers().push_back(next);
    }
  }
}

void RunEosEffects(State& state, GroupLists& groups) {
  const GameDef& def = state.def();
  for (TypeId t : def.eos_types) {
    for (EffectId e : def.eos_effects[static_cast<size_t>(t)]) {
      const EffectDef& effect = def.effects[static_cast<size_t>(e)];
      if (!effect.enabled) continue;
      for (SpriteRef s : groups.Collect(state, t)) {
        const Sprite& sp = state.sprite(s);
        if (!IsAtEdge(state, sp.rect) || sp.has(SpriteFlag::kKilled) || sp.disabled()) continue;
        ExecuteEffect(state, effect, s, kNoSprite);
      }
    }
  }
}

bool Shielded(State& state, const InteractionPair& pair, EffectKind kind) {
  for (const Shield& sh : state.shields()) {
    if (sh.first == pair.first && sh.second == pair.second && sh.effect == kind) return true;
  }
  return false;
}

// Returns whether the effect ran at least once.
bool RunPairEffect(State& state, const InteractionPair& pair, const EffectDef& effect,
                   const std::vector<SpriteRef>& firsts, const std::vector<SpriteRef>& seconds,
                   PairHits& finder, bool same_pair_again) {
  bool ran = false;
  finder.Begin(state, pair, effect, firsts, seconds, same_pair_again);
  const size_t visits = finder.visit_count();
  for (size_t k = 0; k < visits; ++k) {
    const SpriteRef s1 = firsts[finder.visit(k)];
    const auto& hits = finder.Find(state, s1);
    if (hits.empty()) continue;
    if (effect.in_batch) {
      ExecuteBatchEffect(state, effect, s1, hits);
      finder.EffectRan();
      ran = true;
      continue;
    }
    for (SpriteRef s2 : hits) {
      // Earlier executions may have moved or killed s1 (stepBack, killSprite): re-check.
      if (state.in_kill_list(s1) || !finder.StillCollides(state, s1, s2)) continue;
      ExecuteEffect(state, effect, s1, s2);
      finder.EffectRan();
      ran = true;
    }
    finder.AfterEffects(state, s1);
  }
  return ran;
}

void RunPairEffects(State& state, EventScratch& scratch) {
  const GameDef& def = state.def();
  for (const InteractionPair& pair : def.pairs) {
    bool same_pair_again = false;
    // The previous effect of this pair ran for no sprite, so nothing moved, appeared or died
    // since: the same tests would find the same hits and run this effect for none either
    // (`crate crate > bounceForward repeat=10` on a quiet tick). Not with groundIntersects,
    // whose tests set flags.
    bool quiet = false;
    const bool tests_set_flags = state.pair_traits(state.pair_index(pair)).ground_possible;
    for (EffectId e : pair.effects) {
      const EffectDef& effect = def.effects[static_cast<size_t>(e)];
      if (quiet || !effect.enabled || Shielded(state, pair, effect.kind)) continue;
      // Taken for each effect: earlier ones may have created sprites (§4.4).
      const auto& firsts = scratch.groups.Collect(state, pair.first);
      const auto& seconds = scratch.groups.Collect(state, pair.second);
      if (firsts.empty() || seconds.empty()) continue;
      const bool ran =
          RunPairEffect(state, pair, effect, firsts, seconds, scratch.pair_hits, same_pair_again);
      quiet = !ran && !tests_set_flags;
      same_pair_again = true;
    }
  }
}

}  // namespace

void HandleEvents(State& state, EventScratch& scratch) {
  RunTimedEffects(state, scratch.groups);
  RunEosEffects(state, scratch.groups);
  RunPairEffects(state, scratch);
}

}  // namespace vgdl
