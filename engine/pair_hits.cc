#include "engine/pair_hits.h"

#include <algorithm>
#include <cassert>

#include "engine/collision.h"
#include "engine/effects/motion.h"

namespace vgdl {

namespace {

// Whether some static subtype of `group` has sprites now. A group's static subtypes are often
// only its abstract parent (`moving > ...`), which has none.
bool HasStaticSprites(const State& state, TypeId group) {
  for (const TypeId t : state.type_def(group).subtypes) {
    if (state.is_static_type(t) && state.count_of(t) > 0) return true;
  }
  return false;
}

}  // namespace

void PairHits::ChooseGrid(State& state, const InteractionPair& pair,
                          const State::PairTraits& traits, const EffectDef& effect) {
  const std::vector<SpriteRef>& firsts = *firsts_;
  const std::vector<SpriteRef>& seconds = *seconds_;
  const size_t f = firsts.size();
  const size_t s = seconds.size();
  // Static second sprites stay where they were indexed whatever the effect does; s1 is looked
  // up where it is now.
  if (s >= kGridMinSide && traits.second_static) {
    strategy_ = Strategy::kSecondsGrid;
    grid_ = &StaticGrid(state, pair.second, seconds);
    // Among a few first sprites (an avatar, mostly), most move every tick and the memory
    // would only cost.
    if (!ground_possible_ && f >= kGridMinSide) RememberMisses(state, pair);
    if (f >= kGridMinSide && traits.first_has_static && HasStaticSprites(state, pair.first)) {
      SkipStillFirstsThatTouchNothing(state, pair);
    }
    return;
  }
  // The other grids are exact while nothing but s1 moves during the pair effect (a first
  // sprite that is also a second sprite is then tracked when it moves, CollisionGrid::MarkMoved).
  // An effect that may move other sprites (undoAll, the batched wall bounces) still leaves
  // every sprite where it was until it first runs: a grid serves until then (EffectRan).
  const bool moves_others = effect.in_batch || !MovesAtMostFirstSprite(effect.kind);
  if (!moves_others && f >= kGridMinSide && f * s >= kGridMinSide * 4 && traits.first_static) {
    // Static first sprites: their collisions cannot change while the effect runs (only s1
    // may move, and it does not), so the touching ones can be found up front.
    VisitOnlyTouchingFirsts(state, StaticGrid(state, pair.first, firsts));
  } else if (f >= kGridMinSide && s >= kGridMinSide &&
             f * s >= (moves_others ? kGridMinPairsUntilEffect : kGridMinPairs)) {
    strategy_ = Strategy::kSecondsGrid;
    // When s1 can be a second sprite too, its own moves must reach the index.
    track_moves_ = traits.types_overlap;
    UseMovingGrid(state, pair, seconds);
    exact_until_effect_ = moves_others;
  }
}

void PairHits::AllPairsFromNowOn() {
  strategy_ = Strategy::kAllPairs;
  exact_until_effect_ = false;
  track_moves_ = false;
}

void PairHits::UseMovingGrid(const State& state, const InteractionPair& pair,
                             const std::vector<SpriteRef>& seconds) {
  const auto key = static_cast<size_t>(pair.second);
  if (moving_cache_.size() <= key) moving_cache_.resize(key + 1);
  CachedGrid& cached = moving_cache_[key];
  // Equal group versions mean equal lists, in whichever copy of the state the grid was built;
  // CatchUp checks the rectangles, and takes sprites created since.
  bool exact = false;
  if (cached.builds_before_catch_up > 0) {
    --cached.builds_before_catch_up;
  } else {
    const bool same_list = cached.built.Matches(state, pair.second);
    exact = same_list ? cached.grid.CatchUpMoves(state) : cached.grid.CatchUp(state, seconds);
    if (!exact && same_list) cached.builds_before_catch_up = kBuildsAfterFailedCatchUp;
  }
  if (!exact) cached.grid.Build(state, seconds);
  cached.built.Take(state, pair.second);
  if (track_moves_) cached.grid.TrackMoves();
  grid_ = moving_grid_ = &cached.grid;
}

namespace {

// Calls visit(i, n, is_static) for each subtype block of the first sprites: positions
// i .. i + n - 1 of `firsts_` are the sprites of one subtype of `pair.first` (GroupLists lays
// the list out so, and no list changed since it was taken). Whether a sprite is static is
// then its type's, known without reading the sprite: thousands of first sprites, read at
// random, made a cache miss each.
template <class Visit>
void ForEachFirstBlock(const State& state, const InteractionPair& pair,
                       [[maybe_unused]] size_t firsts, const Visit& visit) {
  size_t i = 0;
  for (const TypeId t : state.type_def(pair.first).subtypes) {
    const auto n = static_cast<size_t>(state.count_of(t));
    if (n > 0) visit(i, n, state.is_static_type(t));
    i += n;
  }
  assert(i == firsts);
}

}  // namespace

// Which static first sprites touch a second sprite, taken again when one of the lists it
// depends on changed.
void PairHits::RecordStillFirsts(State& state, const InteractionPair& pair, StillFirsts& still) {
  versions_scratch_.clear();
  for (TypeId t : state.type_def(pair.first).subtypes) {
    if (state.is_static_type(t)) versions_scratch_.push_back(state.type_version(t));
  }
  for (TypeId t : state.type_def(pair.second).subtypes) {
    versions_scratch_.push_back(state.type_version(t));
  }
  if (still.versions != versions_scratch_) {
    still.versions = versions_scratch_;
    for (const SpriteRef s1 : still.touching) still.touches[s1] = 0;
    still.touching.clear();
    ForEachFirstBlock(state, pair, firsts_->size(), [&](size_t begin, size_t n, bool is_static) {
      if (!is_static) return;
      for (size_t i = begin; i < begin + n; ++i) {
        const SpriteRef s1 = (*firsts_)[i];
        if (Find(state, s1).empty()) continue;
        still.touching.push_back(s1);
        if (still.touches.size() <= s1) still.touches.resize(static_cast<size_t>(s1) + 1, 0);
        still.touches[s1] = 1;
      }
    });
  }
  still.lists_version = state.lists_version();
}

void PairHits::SkipStillFirstsThatTouchNothing(State& state, const InteractionPair& pair) {
  const size_t index = state.pair_index(pair);
  if (still_firsts_.size() <= index) still_firsts_.resize(index + 1);
  StillFirsts& still = still_firsts_[index];
  if (still.lists_version != state.lists_version()) RecordStillFirsts(state, pair, still);
  visit_all_ = false;
  visit_.clear();
  const std::vector<uint8_t>& touches = still.touches;
  ForEachFirstBlock(state, pair, firsts_->size(), [&](size_t begin, size_t n, bool is_static) {
    for (auto i = static_cast<uint32_t>(begin); i < begin + n; ++i) {
      const SpriteRef s1 = (*firsts_)[i];
      if (!is_static || (s1 < touches.size() && touches[s1] != 0)) visit_.push_back(i);
    }
  });
}

const CollisionGrid& PairHits::StaticGrid(const State& state, TypeId group,
                                          const std::vector<SpriteRef>& sprites) {
  const auto key = static_cast<size_t>(group);
  if (static_cache_.size() <= key) static_cache_.resize(key + 1);
  CachedGrid& cached = static_cache_[key];
  // Static sprites stay where they were indexed: an unchanged list needs nothing, and a list
  // that only grew (a trail of walls laid behind the avatar) needs only its new sprites.
  if (!cached.built.Matches(state, group)) {
    if (!cached.grid.CatchUp(state, sprites)) cached.grid.Build(state, sprites);
    cached.built.Take(state, group);
  }
  return cached.grid;
}

void PairHits::VisitOnlyTouchingFirsts(const State& state, const CollisionGrid& grid) {
  visit_all_ = false;
  visit_.clear();
  for (const SpriteRef s2 : *seconds_) {
    // Static first sprites are never of a class that uses groundIntersects (they would move).
    grid.Candidates(state.sprite(s2).rect, candidates_, /*probe_below=*/false);
    visit_.insert(visit_.end(), candidates_.begin(), candidates_.end());
  }
  std::sort(visit_.begin(), visit_.end());
  visit_.erase(std::unique(visit_.begin(), visit_.end()), visit_.end());
}

void PairHits::RememberMisses(const State& state, const InteractionPair& pair) {
  const size_t index = state.pair_index(pair);
  if (misses_by_pair_.size() <= index) misses_by_pair_.resize(index + 1);
  misses_ = &misses_by_pair_[index];
  seconds_version_ = state.group_version(pair.second);
}

const std::vector<SpriteRef>& PairHits::FindByStrategy(State& state, SpriteRef s1) {
  hits_.clear();
  if (misses_ != nullptr) {
    if (misses_->size() <= s1) misses_->resize(static_cast<size_t>(s1) + 1);
    Miss& miss = (*misses_)[s1];
    const Rect& r = state.sprite(s1).rect;
    if (miss.seconds_version == seconds_version_ && miss.rect == r) return hits_;
    FindWith(state, s1, [&](SpriteRef s2) { return r.intersects(state.sprite(s2).rect); });
    if (hits_.empty()) miss = Miss{r, seconds_version_};
    return hits_;
  }
  if (ground_possible_) {
    FindWith(state, s1, CollisionTester(state, s1));
  } else {
    const Rect r = state.sprite(s1).rect;
    FindWith(state, s1, [&](SpriteRef s2) { return r.intersects(state.sprite(s2).rect); });
  }
  return hits_;
}

template <class Collides>
void PairHits::FindWith(const State& state, SpriteRef s1, const Collides& collides) {
  if (strategy_ != Strategy::kSecondsGrid) {
    AppendAllPairHits(s1, collides);
    return;
  }
  grid_->ForEachCandidate(state.sprite(s1).rect, /*probe_below=*/ground_possible_, candidates_,
                          [&](uint32_t j) {
                            const SpriteRef s2 = (*seconds_)[j];
                            if (s2 != s1 && collides(s2)) hits_.push_back(s2);
                          });
}

void PairHits::AfterEffects(const State& state, SpriteRef s1) {
  if (track_moves_) moving_grid_->MarkMoved(state, s1);
}

}  // namespace vgdl
