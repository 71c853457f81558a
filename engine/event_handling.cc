// GVGAI's eventHandling (spec §4.4): timed effects, then end-of-screen effects, then the
// collision effects of every InteractionSet pair, in that order.
#include "engine/event_handling.h"

#include <algorithm>
#include <array>
#include <span>

#include "engine/collision.h"
#include "engine/effects/effect.h"

namespace vgdl {

namespace {

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
  TimerQueue& timers = state.timers();
  while (!timers.empty() && timers.Next().next_execution <= state.tick()) {
    const QueuedTimer timer = timers.TakeNext();
    const EffectDef& def = state.def().effects[static_cast<size_t>(timer.effect)];
    // A disabled timer is dropped, repeating or not.
    if (!def.enabled) continue;
    if (timer.time_effect >= 0) {
      RunTimeLine(state, state.def().time_effects[static_cast<size_t>(timer.time_effect)], def,
                  groups);
    } else {
      RunAddTimer(state, def);
    }
    if (def.repeating) timers.Add(state.tick() + def.timer, timer.time_effect, timer.effect);
  }
}

void RunEosEffects(State& state, GroupLists& groups) {
  const GameDef& def = state.def();
  const ScreenBounds screen(state);
  for (TypeId t : def.eos_types) {
    for (EffectId e : def.eos_effects[static_cast<size_t>(t)]) {
      const EffectDef& effect = def.effects[static_cast<size_t>(e)];
      if (!effect.enabled) continue;
      for (SpriteRef s : groups.Collect(state, t)) {
        const Sprite& sp = state.sprite(s);
        if (!screen.Leaves(sp.rect) || sp.has(SpriteFlag::kKilled) || sp.disabled()) continue;
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

// Runs `effect` on s1 and each of its `hits` that it still collides with (`still_collides`):
// earlier executions may have moved or killed s1 (stepBack, killSprite). `after_run` follows
// each execution. Returns whether the effect ran.
template <class StillCollides, class AfterRun>
bool RunOnHits(State& state, const EffectDef& effect, SpriteRef s1, std::span<const SpriteRef> hits,
               const StillCollides& still_collides, const AfterRun& after_run) {
  bool ran = false;
  for (const SpriteRef s2 : hits) {
    if (state.in_kill_list(s1) || !still_collides(s2)) continue;
    ExecuteEffect(state, effect, s1, s2);
    after_run();
    ran = true;
  }
  return ran;
}

// A pair effect over lists small enough that PairHits would test every pair (most pairs of
// most games, most of them touching nothing), with plain rectangle tests: tested here, without
// PairHits' per-effect preparation. Returns whether the effect ran.
bool RunSmallPairEffect(State& state, const EffectDef& effect, const std::vector<SpriteRef>& firsts,
                        const std::vector<SpriteRef>& seconds) {
  bool ran = false;
  std::array<SpriteRef, PairHits::kMaxHitsOfEveryPair> hits;
  for (const SpriteRef s1 : firsts) {
    const RectEdges probe = RectEdges::Of(state.sprite(s1).rect);
    if (probe.empty()) continue;
    size_t count = 0;
    for (const SpriteRef s2 : seconds) {
      if (s2 != s1 && probe.Hits(state.sprite(s2).rect)) hits[count++] = s2;
    }
    if (count == 0) continue;
    ran |= RunOnHits(
        state, effect, s1, std::span<const SpriteRef>(hits.data(), count),
        [&](SpriteRef s2) {
          return PairHits::StillCollides(state, s1, s2, /*ground_possible=*/false);
        },
        [] {});
  }
  return ran;
}

// The hits of the last branch-free small-list step (RunSmallPairEffectWithoutBranches), for the
// steps after it: while no step in between ran an effect that may move a sprite, tests over
// the same two sprite lists (same versions) find the same hits. The next effect of the same
// pair takes them as they are (`prepaint ground > changeResource ...` then `prepaint ground >
// spawnIfHasMore ...`); a pair with the two groups the other way round takes them transposed
// (`ground prepaint > killIfOtherHasMore ...`).
struct SmallListHits {
  bool valid = false;
  TypeId first = kNoType;
  TypeId second = kNoType;
  uint64_t first_version = 0;
  uint64_t second_version = 0;
  size_t count = 0;
  // (index into firsts) << 8 | (index into seconds), in GVGAI's order.
  std::array<uint16_t, PairHits::kMaxPairsOfEveryPair> hits;

  // Whether these are the hits of `first` x `second` as the lists are now.
  bool Of(const State& state, TypeId first_group, TypeId second_group) const {
    return valid && first == first_group && second == second_group &&
           first_version == state.group_version(first_group) &&
           second_version == state.group_version(second_group);
  }
  void Start(const State& state, TypeId first_group, TypeId second_group) {
    valid = true;
    first = first_group;
    second = second_group;
    first_version = state.group_version(first_group);
    second_version = state.group_version(second_group);
  }
  // The same hits as those of second x first, in that pair's order.
  void Transpose() {
    std::swap(first, second);
    std::swap(first_version, second_version);
    for (size_t k = 0; k < count; ++k) {
      hits[k] = static_cast<uint16_t>((hits[k] & 0xff) << 8 | hits[k] >> 8);
    }
    std::sort(hits.begin(), hits.begin() + static_cast<std::ptrdiff_t>(count));
  }
};

// Tests every first sprite against every second sprite, without jumps, into `found`.
void FindSmallListHits(const State& state, const std::vector<SpriteRef>& firsts,
                       const std::vector<SpriteRef>& seconds, SmallListHits& found) {
  // The seconds' edges are read once.
  std::array<RectEdges, PairHits::kMaxPairsOfEveryPair> second_edges;
  const size_t second_count = seconds.size();
  for (size_t j = 0; j < second_count; ++j) {
    second_edges[j] = RectEdges::Of(state.rule_sprite(seconds[j]).rect);
  }
  size_t count = 0;
  if (second_count == 1) {
    // The commonest form (`ground avatar > ...`): one test a first sprite, without the inner
    // loop.
    const RectEdges second = second_edges[0];
    const SpriteRef s2 = seconds[0];
    for (size_t i = 0; i < firsts.size(); ++i) {
      const SpriteRef s1 = firsts[i];
      found.hits[count] = static_cast<uint16_t>(i << 8);
      const bool overlaps = RectEdges::Of(state.rule_sprite(s1).rect).Overlaps(second);
      count += static_cast<size_t>(s2 != s1) & static_cast<size_t>(overlaps);
    }
    found.count = count;
    return;
  }
  for (size_t i = 0; i < firsts.size(); ++i) {
    const SpriteRef s1 = firsts[i];
    const RectEdges first_edges = RectEdges::Of(state.rule_sprite(s1).rect);
    for (size_t j = 0; j < second_count; ++j) {
      // Written always, kept by counting it: at most one entry past the hits.
      found.hits[count] = static_cast<uint16_t>(i << 8 | j);
      const bool overlaps = first_edges.Overlaps(second_edges[j]);
      count += static_cast<size_t>(seconds[j] != s1) & static_cast<size_t>(overlaps);
    }
  }
  found.count = count;
}

// As RunSmallPairEffect, for an effect that moves no sprite (MovesNoSprite) on a tiny level
// (PairStep::tests_without_branches). Its executions leave every rectangle as it was (kills
// and creations change no snapshot list), so each first sprite would find what it finds now:
// every pair is tested first, in one pass without jumps, and the effect runs on the hits
// after, in the same order. On a tiny level where sprites lie is a coin toss to the branch
// predictor (painter's floor tiles, one of which the avatar stands on); elsewhere most tests
// fail on their first comparison and the branches are cheaper. `previous`: the hits of an
// earlier step, reused when they are still this step's (SmallListHits); takes this step's.
// Out of line, as RunFewFirstsOnStaticSeconds: inlined, they made GCC compile the pair loop
// into slower code for the games that do not use them (modality +2% instructions).
[[gnu::noinline]] bool RunSmallPairEffectWithoutBranches(State& state, const State::PairStep& step,
                                                         const std::vector<SpriteRef>& firsts,
                                                         const std::vector<SpriteRef>& seconds,
                                                         SmallListHits& previous) {
  if (previous.Of(state, step.second, step.first)) {
    previous.Transpose();
  } else if (!previous.Of(state, step.first, step.second)) {
    previous.Start(state, step.first, step.second);
    FindSmallListHits(state, firsts, seconds, previous);
  }
  bool ran = false;
  for (size_t k = 0; k < previous.count; ++k) {
    const SpriteRef s1 = firsts[previous.hits[k] >> 8];
    // Rectangles stay, but an earlier execution may have killed s1.
    if (state.in_kill_list(s1)) continue;
    ExecuteEffect(state, *step.effect, s1, seconds[previous.hits[k] & 0xff]);
    ran = true;
  }
  return ran;
}

// A few first sprites against static second sprites (an avatar against the walls): each
// first sprite is looked up in the seconds' cached grid here, without PairHits' per-effect
// preparation. Static sprites stay where they were indexed, whatever the effect does. With
// groundIntersects (a platformer against the ground) every candidate within its reach below
// is tested, as PairHits tests them, for the flags the tests set. Returns whether the effect
// ran.
[[gnu::noinline]] bool RunFewFirstsOnStaticSeconds(State& state, const State::PairStep& step,
                                                   const std::vector<SpriteRef>& firsts,
                                                   const std::vector<SpriteRef>& seconds,
                                                   EventScratch& scratch) {
  const CollisionGrid& grid = scratch.pair_hits.StaticGrid(state, step.second, seconds);
  std::vector<SpriteRef>& hits = scratch.hits;
  const auto collect = [&](SpriteRef s1, const Rect& r, bool probe_below, const auto& collides) {
    grid.ForEachCandidate(r, probe_below, scratch.candidates, [&](uint32_t j) {
      const SpriteRef s2 = seconds[j];
      if (s2 != s1 && collides(s2)) hits.push_back(s2);
    });
  };
  bool ran = false;
  for (const SpriteRef s1 : firsts) {
    const Rect r = state.sprite(s1).rect;
    hits.clear();
    if (step.tests_set_flags) {
      collect(s1, r, /*probe_below=*/true, CollisionTester(state, s1));
    } else {
      const RectEdges probe = RectEdges::Of(r);
      if (probe.empty()) continue;
      collect(s1, r, /*probe_below=*/false,
              [&](SpriteRef s2) { return probe.Hits(state.sprite(s2).rect); });
    }
    if (hits.empty()) continue;
    ran |= RunOnHits(
        state, *step.effect, s1, hits,
        [&](SpriteRef s2) { return PairHits::StillCollides(state, s1, s2, step.tests_set_flags); },
        [] {});
  }
  return ran;
}

// Returns whether the effect ran at least once.
bool RunPairEffect(State& state, const InteractionPair& pair, const EffectDef& effect,
                   const std::vector<SpriteRef>& firsts, const std::vector<SpriteRef>& seconds,
                   PairHits& finder) {
  bool ran = false;
  finder.Begin(state, pair, effect, firsts, seconds);
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
    ran |= RunOnHits(
        state, effect, s1, hits, [&](SpriteRef s2) { return finder.StillCollides(state, s1, s2); },
        [&] { finder.EffectRan(); });
    finder.AfterEffects(state, s1);
  }
  return ran;
}

// Whether a step that may test without branches (PairStep::tests_without_branches, a tiny
// level) does so for lists of these sizes. With one first sprite and few second sprites the
// branches are as many either way. Against more second sprites (painter's prepaint against
// eight or more floor tiles) the pairs are still so few that testing them all beats a grid,
// which a tiny level's changing lists would make rebuild often, and the next steps over the
// same lists then reuse the hits (SmallListHits).
bool TestsWithoutBranches(size_t firsts, size_t seconds) {
  return firsts * seconds <= PairHits::kMaxPairsOfEveryPair &&
         (firsts > 1 || !PairHits::TestsEveryPair(firsts, seconds));
}

// One pair effect over the snapshot lists, by the cheapest exact way for their sizes.
// `small_list_hits`: see SmallListHits; dropped when this effect may move a sprite.
bool RunPairStep(State& state, const State::PairStep& step, const std::vector<SpriteRef>& firsts,
                 const std::vector<SpriteRef>& seconds, EventScratch& scratch,
                 SmallListHits& small_list_hits) {
  // On a tiny level, tests_without_branches says whether the effect moves no sprite.
  if (!step.tests_without_branches) small_list_hits.valid = false;
  if (step.batched) {
    return RunPairEffect(state, *step.pair, *step.effect, firsts, seconds, scratch.pair_hits);
  }
  if (step.tests_without_branches && TestsWithoutBranches(firsts.size(), seconds.size())) {
    return RunSmallPairEffectWithoutBranches(state, step, firsts, seconds, small_list_hits);
  }
  if (!step.tests_set_flags && PairHits::TestsEveryPair(firsts.size(), seconds.size())) {
    return RunSmallPairEffect(state, *step.effect, firsts, seconds);
  }
  if (step.seconds_static && PairHits::LooksUpFewFirsts(firsts.size(), seconds.size())) {
    return RunFewFirstsOnStaticSeconds(state, step, firsts, seconds, scratch);
  }
  return RunPairEffect(state, *step.pair, *step.effect, firsts, seconds, scratch.pair_hits);
}

void RunPairEffects(State& state, EventScratch& scratch) {
  // The previous effect of this pair ran for no sprite, so nothing moved, appeared or died
  // since: the same tests would find the same hits and run this effect for none either
  // (`crate crate > bounceForward repeat=10` on a quiet tick). Not with groundIntersects,
  // whose tests set flags, and not for a batched effect: it runs for a first sprite that an
  // earlier effect killed, which the others skip (`wall ball > killSprite` then `wall ball >
  // wallBounce`: the killed wall still sends the ball back).
  bool quiet = false;
  SmallListHits small_list_hits;
  for (const State::PairStep& step : state.pair_steps()) {
    if (step.starts_pair) {
      quiet = false;
    } else if (quiet && !step.batched) {
      continue;
    }
    if (!state.shields().empty() && Shielded(state, *step.pair, step.effect->kind)) continue;
    // Taken for each effect: earlier ones may have created sprites (§4.4).
    const auto& firsts = scratch.groups.Collect(state, step.first);
    if (firsts.empty()) continue;  // often: most avatar subtypes have no sprite
    const auto& seconds = scratch.groups.Collect(state, step.second);
    if (seconds.empty()) continue;
    const bool ran = RunPairStep(state, step, firsts, seconds, scratch, small_list_hits);
    quiet = !ran && !step.tests_set_flags;
  }
}

}  // namespace

void HandleEvents(State& state, EventScratch& scratch) {
  RunTimedEffects(state, scratch.groups);
  RunEosEffects(state, scratch.groups);
  RunPairEffects(state, scratch);
}

}  // namespace vgdl
