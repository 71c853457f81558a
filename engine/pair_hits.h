// Which (s1, s2) pairs of one InteractionSet pair collide, in GVGAI's order (spec §4.4).
//
// GVGAI tests every first sprite against every second sprite. The answers must stay exactly
// GVGAI's, in the same order, but most tests are against scenery far away. PairHits picks,
// per pair effect, the cheapest exact way to find them:
//   - all pairs, for small lists or effects that may move sprites other than s1;
//   - a grid over the second sprites, reused across ticks and copies while their type is
//     static (engine/static_types.h) and its sprite list unchanged;
//   - a grid over static first sprites, queried with each second sprite, to visit only the
//     first sprites that touch one (`dirt avatar > killSprite`);
//   - a grid over the second sprites built for this effect, tracking first sprites that are
//     also second sprites and move.
// With plain rectangle tests, the pair loop (engine/event_handling.cc) handles the commonest
// cases itself, without Begin: small lists (TestsEveryPair), and a few first sprites against
// a static group (LooksUpFewFirsts, through StaticGrid).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/collision.h"
#include "engine/collision_grid.h"
#include "engine/group_stamp.h"
#include "engine/state.h"

namespace vgdl {

// A rectangle as its four edges, for Rect::intersects against it over and over, with its half
// of each test done once. An empty rectangle intersects nothing: it becomes edges that no
// test passes. Edges are 64-bit, as Rect::intersects sums them: a sprite near the end of
// int's range (a fast missile that no end-of-screen rule stops) collides as in GVGAI.
struct RectEdges {
  int64_t left;
  int64_t top;
  int64_t right;
  int64_t bottom;

  static RectEdges Of(const Rect& r) {
    if (r.w <= 0 || r.h <= 0) return {kNever, kNever, -kNever, -kNever};
    return {r.x, r.y, Rect::right_of(r), Rect::bottom_of(r)};
  }
  bool empty() const { return right <= left; }
  // Whether the rectangle intersects o, one jump a comparison: the size tests come last, as
  // most second sprites are elsewhere.
  bool Hits(const Rect& o) const {
    return o.x < right && left < Rect::right_of(o) && o.y < bottom && top < Rect::bottom_of(o) &&
           o.w > 0 && o.h > 0;
  }
  // Whether the two rectangles intersect, without jumps (for callers that count the hits
  // instead of branching).
  bool Overlaps(const RectEdges& o) const {
    return (o.left < right) & (left < o.right) & (o.top < bottom) & (top < o.bottom);
  }

 private:
  static constexpr int64_t kNever = INT64_MAX;
};

class PairHits {
 public:
  // Prepares one pair effect over the snapshot lists `firsts` x `seconds` (kept by reference
  // until the next Begin).
  void Begin(State& state, const InteractionPair& pair, const EffectDef& effect,
             const std::vector<SpriteRef>& firsts, const std::vector<SpriteRef>& seconds) {
    firsts_ = &firsts;
    seconds_ = &seconds;
    strategy_ = Strategy::kAllPairs;
    misses_ = nullptr;
    track_moves_ = false;
    exact_until_effect_ = false;
    visit_all_ = true;
    const State::PairTraits& traits = state.pair_traits(state.pair_index(pair));
    ground_possible_ = traits.ground_possible;
    // Small lists (most pairs of most games) test every pair: nothing more to prepare.
    if (TestsEveryPair(firsts.size(), seconds.size())) return;
    ChooseGrid(state, pair, traits, effect);
  }
  // Whether lists of these sizes are always tested pair by pair: no grid pays for itself.
  static bool TestsEveryPair(size_t firsts, size_t seconds) {
    return seconds < kGridMinSide && firsts * seconds < kGridMinSide * 4;
  }
  // Whether, against static second sprites, each of these few first sprites (an avatar,
  // mostly) is looked up in the seconds' cached grid, with nothing remembered across ticks.
  static bool LooksUpFewFirsts(size_t firsts, size_t seconds) {
    return seconds >= kGridMinSide && firsts < kGridMinSide;
  }
  // The cached grid of `group`'s sprites (a static type), rebuilt when its list changed.
  const CollisionGrid& StaticGrid(const State& state, TypeId group,
                                  const std::vector<SpriteRef>& sprites);
  // The most hits one first sprite can have among lists that TestsEveryPair, and the most
  // pairs such lists make.
  static constexpr size_t kMaxHitsOfEveryPair = 7;
  static constexpr size_t kMaxPairsOfEveryPair = 31;
  // How many first sprites to visit, and the position in `firsts` of the k-th: every one, in
  // order, or only those that may collide, in order.
  size_t visit_count() const { return visit_all_ ? firsts_->size() : visit_.size(); }
  size_t visit(size_t k) const { return visit_all_ ? k : visit_[k]; }
  // The second sprites s1 collides with now, in list order (GVGAI's test, side effects of
  // groundIntersects included).
  const std::vector<SpriteRef>& Find(State& state, SpriteRef s1) {
    // The common case (every pair, plain rectangles) is decided here, inline in the caller's
    // loop over the first sprites, most of which hit nothing.
    if (strategy_ != Strategy::kAllPairs || ground_possible_) return FindByStrategy(state, s1);
    hits_.clear();
    const RectEdges probe = RectEdges::Of(state.sprite(s1).rect);
    if (probe.empty()) return hits_;
    AppendAllPairHits(s1, [&](SpriteRef s2) { return probe.Hits(state.sprite(s2).rect); });
    return hits_;
  }
  // Whether s1 and s2 still collide (earlier effects may have moved or resized s1): the same
  // test as CollidesForEffects, without its per-call class lookup when the pair's tests
  // cannot use groundIntersects (`ground_possible`, PairTraits).
  static bool StillCollides(State& state, SpriteRef s1, SpriteRef s2, bool ground_possible) {
    if (ground_possible) return CollidesForEffects(state, s1, s2);
    return state.sprite(s1).rect.intersects(state.sprite(s2).rect);
  }
  // StillCollides for the pair effect of the last Begin.
  bool StillCollides(State& state, SpriteRef s1, SpriteRef s2) const {
    return StillCollides(state, s1, s2, ground_possible_);
  }
  // Call after the effects of s1 ran: s1 may have moved.
  void AfterEffects(const State& state, SpriteRef s1);
  // Call after each execution of the effect (batched or not): an effect that may move sprites
  // other than s1 ends the grid's exactness for the rest of this pair effect.
  void EffectRan() {
    if (exact_until_effect_) AllPairsFromNowOn();
  }

 private:
  enum class Strategy { kAllPairs, kSecondsGrid, kFirstsGrid };
  // Building a grid costs about a test per indexed sprite plus a pass over the level's cells,
  // and each lookup a dozen tests: below these sizes testing every pair is cheaper.
  static constexpr size_t kGridMinPairs = 256;
  static constexpr size_t kGridMinSide = 8;
  static_assert(kMaxHitsOfEveryPair == kGridMinSide - 1);
  static_assert(kMaxPairsOfEveryPair == kGridMinSide * 4 - 1);
  // A grid that may be dropped after the first execution (EffectRan) pays for itself on
  // larger pairs only.
  static constexpr size_t kGridMinPairsUntilEffect = 512;

  // Begin's choice of a grid strategy for lists too large to test every pair cheaply.
  void ChooseGrid(State& state, const InteractionPair& pair, const State::PairTraits& traits,
                  const EffectDef& effect);
  struct CachedGrid {
    GroupStamp built;  // the list it indexes, when it was built or last caught up
    CollisionGrid grid;
    // Moving grids: builds still to make without trying CatchUp, after it failed (sprites that
    // move every tick, such as flying missiles, would make each try a wasted pass).
    int builds_before_catch_up = 0;
  };

  const std::vector<SpriteRef>& FindByStrategy(State& state, SpriteRef s1);
  // Appends to hits_ every second sprite other than s1 that `collides` with it, in list order.
  template <class Collides>
  void AppendAllPairHits(SpriteRef s1, const Collides& collides) {
    for (const SpriteRef s2 : *seconds_) {
      if (s2 != s1 && collides(s2)) hits_.push_back(s2);
    }
  }
  // Appends to hits_ the second sprites that `collides` with s1, by the current strategy.
  template <class Collides>
  void FindWith(const State& state, SpriteRef s1, const Collides& collides);
  // Makes this pair effect remember the first sprites that touch none of its static seconds
  // (misses_by_pair_).
  void RememberMisses(const State& state, const InteractionPair& pair);
  void VisitOnlyTouchingFirsts(const State& state, const CollisionGrid& grid);
  // With static second sprites: visits every moving first sprite, and only those static first
  // sprites that touch a second sprite (walls in `movable wall > stepBack`). Which static
  // first sprites touch is remembered per pair while both static lists are unchanged.
  void SkipStillFirstsThatTouchNothing(State& state, const InteractionPair& pair);

  Strategy strategy_ = Strategy::kAllPairs;
  const std::vector<SpriteRef>* firsts_ = nullptr;
  const std::vector<SpriteRef>* seconds_ = nullptr;
  const CollisionGrid* grid_ = nullptr;  // the index of the seconds, kSecondsGrid
  bool track_moves_ = false;
  // The effect may move sprites other than s1: the grid is exact only until it first runs.
  bool exact_until_effect_ = false;
  void AllPairsFromNowOn();
  // Some first sprite's class tests collisions with groundIntersects (engine/collision.h);
  // otherwise every test is a plain rectangle overlap.
  bool ground_possible_ = false;
  bool visit_all_ = true;
  std::vector<uint32_t> visit_;
  std::vector<SpriteRef> hits_;
  std::vector<uint32_t> candidates_;
  // Grids of moving second sprites, by type id of the pair's second side, kept across pair
  // effects and ticks: a grid is brought up to date by re-indexing the sprites that moved
  // since and adding those created (CollisionGrid::CatchUpMoves, CatchUp), which costs a
  // comparison a sprite where building costs a dozen (`box box > undoAll`: escape's 30
  // boxes, most of which stand still).
  std::vector<CachedGrid> moving_cache_;
  static constexpr int kBuildsAfterFailedCatchUp = 2;
  CollisionGrid* moving_grid_ = nullptr;  // the one in use, kSecondsGrid over moving seconds
  void UseMovingGrid(const State& state, const InteractionPair& pair,
                     const std::vector<SpriteRef>& seconds);
  std::vector<CachedGrid> static_cache_;  // StaticGrid's, by type id of the indexed side
  // Against static second sprites, what a first sprite touches depends on its rectangle and
  // the seconds' list alone: a lookup that found nothing is remembered, per pair and slot, with
  // the rectangle and the list's group version, and the next lookup with both unchanged finds
  // nothing without the grid (zombies on cooldown in `moving wall > stepBack` stand still
  // five ticks in six). A slot reused by another sprite changes nothing: the answer is the
  // rectangle's. Not with groundIntersects, whose tests set flags.
  struct Miss {
    Rect rect;
    uint64_t seconds_version = 0;  // 0: none remembered (versions start at 1)
  };
  std::vector<std::vector<Miss>> misses_by_pair_;
  std::vector<Miss>* misses_ = nullptr;  // this pair effect's, when it remembers misses
  uint64_t seconds_version_ = 0;
  struct StillFirsts {
    std::vector<uint64_t> versions;   // static first subtypes', then the seconds' subtypes'
    uint64_t lists_version = 0;       // a State::lists_version at which `versions` held
    std::vector<SpriteRef> touching;  // their slots, to clear `touches` with
    // By slot: 1 when the slot's sprite is among them. A table, not a sorted list searched:
    // thousands of first sprites are each looked up on every tick (rivers' water).
    std::vector<uint8_t> touches;
  };
  std::vector<StillFirsts> still_firsts_;  // by pair index in GameDef::pairs
  void RecordStillFirsts(State& state, const InteractionPair& pair, StillFirsts& still);
  std::vector<uint64_t> versions_scratch_;
};

}  // namespace vgdl
