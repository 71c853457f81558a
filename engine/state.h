// The mutable game state: everything one tick can change, and nothing else.
//
// A State is a value. It holds no pointer into itself or into another state, only indices
// (SpriteRef slots) and ids, so a copy is a handful of contiguous buffer copies. Sprites live
// in a slot pool; each type keeps its sprites' slots in creation order in one flat array
// (`order_`, engine/type_order.h), which is GVGAI's iteration order everywhere.
#pragma once

#include <boost/container/small_vector.hpp>
#include <cassert>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "engine/event_log.h"
#include "engine/headroom_vector.h"
#include "engine/sprite.h"
#include "engine/timer_queue.h"
#include "engine/type_order.h"
#include "vgdl/game_def.h"
#include "vgdl/java_random.h"

namespace vgdl {

class PathFinder;  // engine/path_finder.h

enum class Winner : uint8_t { kNone, kWins, kLoses };
enum class MovementType : uint8_t { kStill, kRotate, kMove };

// One player: GVGAI keeps score and win state on the avatar object; we keep them here so that
// they survive the avatar's transformation or removal.
struct Player {
  SpriteRef avatar = kNoSprite;
  // Whether the player has had an avatar: one its level placed, or one a transform handed to
  // it. GVGAI sets a game's result on the players' avatars, so a player that never had one (a
  // two-player level that places one avatar) gets none; one whose avatar is gone still does,
  // as a death (FIX 10).
  bool had_avatar = false;
  double score = 0.0;
  Winner winner = Winner::kNone;
  Action last_action = Action::kNil;
  MovementType last_movement = MovementType::kStill;
};

// A resource held by a sprite (GVGAI's per-sprite resource map). Records with amount 0 are
// kept: GVGAI reports every resource ever touched.
struct ResourceRecord {
  SpriteRef owner = kNoSprite;
  TypeId type = kNoType;
  int32_t amount = 0;
};

// shieldFrom registrations, valid until the end of the tick (§8.2 Meta).
struct Shield {
  TypeId first = kNoType;
  TypeId second = kNoType;
  EffectKind effect = EffectKind::kKillSprite;
};

class State {
 public:
  // Builds the level as GVGAI does (§2.10) and seeds the game's generator.
  State(std::shared_ptr<const GameDef> def, const LevelDef& level, int64_t seed);

  State(const State&) = default;
  State& operator=(const State&) = default;
  State(State&&) noexcept = default;
  State& operator=(State&&) noexcept = default;

  // A copy for an agent's simulations: identical, except that its generator starts a new
  // stream derived from this state's stream and a count of forks (DESIGN.md), so that repeated
  // simulations of a stochastic game differ while a whole run still replays from one seed.
  // Counts as a mutation of this state's fork counter only.
  State Fork() const;

  const GameDef& def() const { return *def_; }
  const std::shared_ptr<const GameDef>& def_ptr() const { return def_; }
  const SpriteDef& type_def(TypeId t) const { return def_->type(t); }

  // Geometry of the level.
  int block_size() const { return block_; }
  int width_cells() const { return width_; }
  int height_cells() const { return height_; }
  int screen_width() const { return width_ * block_; }
  int screen_height() const { return height_ * block_; }

  // Sprites.
  // Frozen sprites (is_frozen_type) are read-only: the rules never reach them, so only the
  // const accessor may be given their slots.
  Sprite& sprite(SpriteRef r) {
    assert(r >= frozen_count_);
    return pool_[r - frozen_count_];
  }
  const Sprite& sprite(SpriteRef r) const {
    return r < frozen_count_ ? level_->frozen[r] : pool_[r - frozen_count_];
  }
  // A sprite the rules reach (pair effects, EOS and TIME lines), which is never frozen: read
  // without the frozen block's test.
  const Sprite& rule_sprite(SpriteRef r) const {
    assert(r >= frozen_count_);
    return pool_[r - frozen_count_];
  }
  const SpriteDef& def_of(SpriteRef r) const { return def_->type(sprite(r).type); }
  // The sprites of exactly type t, in creation order. Invalidated by AddSprite and by the
  // end-of-tick removal; index-based loops must re-fetch after creating sprites.
  std::span<const SpriteRef> sprites_of(TypeId t) const { return order_.of(t); }
  int count_of(TypeId t) const { return static_cast<int>(order_.count(t)); }
  int sprite_count() const { return static_cast<int>(order_.total()); }
  // Sprites made so far, the level's included (the next sprite's id): with sprite_count, what
  // a window of ticks created and removed (`vgdl bench --curve`).
  int64_t sprites_made() const { return next_sprite_id_; }
  // Live sprites of t and its subtypes: total minus disabled (termination counting, §4.5).
  int live_count_with_subtypes(TypeId t) const;
  // All sprites of t and its subtypes, disabled and kill-listed ones included.
  int count_with_subtypes(TypeId t) const;
  // The types of t's subtype list (GVGAI's iSubTypes: t's ancestors, t and its descendants)
  // that have sprites of their own, live or not, and a live sprite among their own subtypes:
  // what GVGAI counts when it asks for "non-empty subtypes" (MultiSpriteCounterSubTypes,
  // spawnIfCounterSubTypes). Only leaves have sprites of their own in most games; a parent
  // type placed by a level counts too.
  int subtypes_with_sprites(TypeId t) const;

  // GVGAI's addSprite (§3.7): creates a sprite of `type` with its top-left at (x, y). Returns
  // kNoSprite when refused (sprite limit, or singleton unless `force`).
  SpriteRef AddSprite(TypeId type, int32_t x, int32_t y, bool force = false);
  // GVGAI's MAX_SPRITES: a creation is refused beyond it (§3.7).
  static constexpr int kMaxSprites = 10000;
  // The first tick at which GVGAI's sprite limit refused a creation, -1 while none has
  // been refused. GVGAI logs each refusal and ends the game after 25 logged messages (quirk
  // 11); the engine plays on, and the tools say from when its game and GVGAI's part.
  int sprite_limit_tick() const { return sprite_limit_tick_; }
  // GVGAI's killSprite (§3.6): avatars are only disabled unless `transformed`; others go to
  // the kill list and are removed at the end of the tick.
  void KillSprite(SpriteRef s, bool transformed);
  bool in_kill_list(SpriteRef s) const { return sprite(s).has(SpriteFlag::kKilled); }

  // BomberRandomMissile's missile list is per sprite in GVGAI: updateSpawnType replaces one
  // entry. Entry `index` of `bomber`'s list, and the replacement of the first entry equal to
  // `from` (no change when none is).
  TypeId missile_type(SpriteRef bomber, size_t index) const;
  void ReplaceMissile(SpriteRef bomber, TypeId from, TypeId to);

  // Resources (§3.4).
  int resource(SpriteRef owner, TypeId type) const;
  void ModifyResource(SpriteRef owner, TypeId type, int delta);  // clamps at 0
  std::span<const ResourceRecord> resources() const { return resources_; }
  void CopyResources(SpriteRef from, SpriteRef to);  // adds `from`'s amounts onto `to`

  // Players and score.
  int player_count() const { return static_cast<int>(players_.size()); }
  Player& player(int i) { return players_[static_cast<size_t>(i)]; }
  const Player& player(int i) const { return players_[static_cast<size_t>(i)]; }
  // The player whose avatar is `s`, or -1.
  int player_of(SpriteRef s) const;
  std::vector<int>& counters() { return counters_; }
  const std::vector<int>& counters() const { return counters_; }

  // The game's generator (§10).
  JavaRandom& rng() { return rng_; }
  const JavaRandom& rng() const { return rng_; }

  int tick() const { return tick_; }
  bool ended() const { return ended_; }

  // Tick-scoped bookkeeping used by the tick loop and some effects.
  boost::container::small_vector<Shield, 4>& shields() { return shields_; }
  TimerQueue& timers() { return timers_; }
  EventLog& events() { return events_; }
  const EventLog& events() const { return events_; }
  // pullWithIt moves a sprite at most once per tick for each pullWithIt line (§8.2): GVGAI
  // keeps the list on the line's effect object, which its `repeat` copies share and other
  // lines do not. Kept per state (§15.34); cleared by the tick loop.
  struct Pull {
    EffectId effect = 0;  // index into GameDef::effects
    SpriteRef sprite = kNoSprite;
    friend bool operator==(const Pull&, const Pull&) = default;
  };
  boost::container::small_vector<Pull, 4>& pulled_this_tick() { return pulled_; }
  // PathAltChaser's remembered target per chaser sprite id (§15.20).
  struct ChaseMemory {
    int32_t chaser_id = -1;
    int32_t target_id = -1;
    Rect target_rect;
    bool has_rect = false;
    // The target's pool slot while it lives: GVGAI keeps a reference to the target object,
    // which freezes at its last rect once the target leaves the game.
    SpriteRef target_slot = kNoSprite;
    // GVGAI's lastKnownTargetPosition: where the last target was when a path to it was last
    // looked up successfully; used when the target's own cell has no path.
    bool has_last_known = false;
    int32_t last_known_x = 0;
    int32_t last_known_y = 0;
  };
  std::vector<ChaseMemory>& chase_memory() { return chase_memory_; }

  // The all-pairs path cache of games with `obs=` on the game line (§6.1); null otherwise.
  // Built once at level load and shared, immutable, by every copy of the state.
  const PathFinder* path_finder() const { return level_->path_finder.get(); }

  // Whether type t's sprites can never move (engine/static_types.h).
  bool is_static_type(TypeId t) const { return level_->static_type[static_cast<size_t>(t)]; }
  // Whether PreMovement before an update of a type t sprite changes anything that is read: not
  // when t is static and never made by a transformation, as its lastrect then always equals
  // its rect, and only UpdatePos, which never moves it, reads its lastmove (spawn points).
  bool needs_pre_movement(TypeId t) const {
    return level_->still_type[static_cast<size_t>(t)] == 0;
  }
  // How the tick's sprite update treats type t, decided once per level:
  //   kNone: not at all. Avatars move at the start of the tick; update-free types need no
  //     PreMovement (needs_pre_movement) and are updated by the base update only.
  //   kBookkeeping: PreMovement only, without the per-sprite class dispatch
  //     (UpdateIsBookkeepingOnly).
  //   kFull: the class's update.
  enum class TypeUpdate : uint8_t { kNone, kBookkeeping, kFull };
  TypeUpdate type_update(TypeId t) const { return level_->type_update[static_cast<size_t>(t)]; }
  // The type's sprites are frozen: made by the level, never changed, kept in a block that all
  // copies share instead of in each copy's pool (engine/static_types.h, FindFrozenTypes).
  bool is_frozen_type(TypeId t) const { return level_->frozen_type[static_cast<size_t>(t)]; }
  // Whether GVGAI's updatePassive can do anything for type t's sprites
  // (engine/sprites/sprite_util.h, PassiveMovementCanMove).
  bool passive_movement_can_move(TypeId t) const {
    return level_->passive_moves[static_cast<size_t>(t)] != 0;
  }
  // What the pair-effect loop needs to know of InteractionSet pair `index` (GameDef::pairs),
  // decided once per level.
  struct PairTraits {
    bool first_static = false;      // every first subtype is static
    bool first_has_static = false;  // some first subtype is static
    bool second_static = false;     // every second subtype is static
    bool ground_possible = false;   // some first subtype tests with groundIntersects
    bool types_overlap = false;     // a sprite can be both a first and a second sprite
  };
  const PairTraits& pair_traits(size_t index) const { return level_->pair_traits[index]; }
  // One step of the pair-effect loop: an enabled effect of an InteractionSet pair. The steps
  // are the pairs' enabled effects in GVGAI's order, laid out once per level so that the
  // loop, which runs every step every tick, reads one flat array.
  struct PairStep {
    const InteractionPair* pair = nullptr;
    const EffectDef* effect = nullptr;
    TypeId first = kNoType;
    TypeId second = kNoType;
    bool starts_pair = false;  // the first enabled effect of its pair
    // The pair's tests set groundIntersects flags (PairTraits::ground_possible).
    bool tests_set_flags = false;
    bool seconds_static = false;  // PairTraits::second_static
    // The effect changes no rectangle (MovesNoSprite), runs once per (s1, s2), the tests set
    // no flags, and the level is so small that where a sprite lies decides a test like a coin
    // toss: small lists are tested without branches.
    bool tests_without_branches = false;
    // The effect runs once per first sprite on all its hits (wallBounce, wallReverse), not
    // once per (s1, s2).
    bool batched = false;
  };
  const std::vector<PairStep>& pair_steps() const { return level_->pair_steps; }
  // The index in GameDef::pairs of `pair`, which must be one of them.
  size_t pair_index(const InteractionPair& pair) const {
    return static_cast<size_t>(&pair - def_->pairs.data());
  }
  // Whether type t's sprites collide through GVGAI's groundIntersects (engine/collision.h);
  // kept here, beside the sprites, because the pair loop asks it for every first sprite.
  bool uses_ground_intersects(TypeId t) const {
    return level_->ground_intersects[static_cast<size_t>(t)];
  }
  // Changes whenever type t's sprite list gains or loses a sprite. Values are unique in the
  // process (never reused by another state or type), so equal versions mean equal lists.
  uint64_t type_version(TypeId t) const { return versions_[static_cast<size_t>(t)]; }
  // Changes whenever the sprite list of one of group g's subtypes (its iSubTypes, g included)
  // gains or loses a sprite; unique in the process as type_version is, so equal versions mean
  // equal lists of every subtype (engine/group_stamp.h).
  uint64_t group_version(TypeId g) const { return versions_[type_count_ + static_cast<size_t>(g)]; }
  // Changes whenever any type's version changes, also unique in the process: equal lists
  // versions mean equal lists of every type (PairHits' still first sprites).
  uint64_t lists_version() const { return lists_version_; }

  // Called by the tick loop.
  void set_tick(int t) { tick_ = t; }
  void set_ended(bool e) { ended_ = e; }
  void set_can_end(bool c) { can_end_ = c; }
  bool can_end() const { return can_end_; }
  // Removes every sprite in the kill list (GVGAI's clearAll) and clears the shields.
  void ClearKillList();

 private:
  friend class StateBuilder;

  void AssignPlayers();
  void InsertIntoOrder(TypeId type, SpriteRef slot);
  // Takes the kill list's sprites out of their types' lists, one pass per type.
  void RemoveKilledFromOrder();
  void NewListVersion(TypeId type);  // type's list changed: new type, group and lists versions
  SpriteRef AllocateSlot();
  bool MayCreate(TypeId type, bool force) const;  // GVGAI's sprite limit and singletons
  bool AtSpriteLimit() const;
  // Makes `s` a new sprite of `type` at (x, y), with its type's defaults and the next id.
  void InitSprite(Sprite& s, TypeId type, int32_t x, int32_t y);
  // GVGAI makes the first sprite of a type (before it holds a template of the type to copy)
  // at the block's size and scales its rect by wMult and hMult afterwards, its lastrect left
  // at the block's size until the sprite's next preMovement; later sprites are copies of that
  // one with both rects scaled. Called for a type that is scaled (SpriteDef::scaled).
  void GiveFirstScaledSpriteABlockLastRect(Sprite& s, TypeId type);

  std::shared_ptr<const GameDef> def_;
  int block_ = 0;
  int width_ = 0;
  int height_ = 0;

  // Slots below frozen_count_ are the level's frozen sprites (LevelConstants::frozen); slot
  // frozen_count_ + i is pool_[i].
  uint32_t frozen_count_ = 0;
  HeadroomVector<Sprite> pool_;
  HeadroomVector<SpriteRef> free_slots_;
  TypeOrder order_;  // slots grouped by type, creation order in a type
  // Empty between ticks: inline capacity, so that a copy's first kills do not allocate.
  boost::container::small_vector<SpriteRef, 8> kill_list_;
  // GVGAI's kill list takes a sprite killed twice in a tick twice, and its sprite count for
  // the creation limit (num_sprites) drops once per entry: that count is sprite_count() minus
  // every second kill so far. This tick's are counted when the kill list is cleared.
  int32_t repeated_kills_this_tick_ = 0;
  int32_t repeated_kills_ = 0;
  int32_t sprite_limit_tick_ = -1;
  // Bit t: a sprite of type t was made in this game (GVGAI holds its template); kept for the
  // scaled types only (GiveFirstScaledSpriteABlockLastRect). Per state, where GVGAI shares the
  // templates of a game with every forward model copied from it (docs/fidelity.md).
  boost::container::small_vector<uint64_t, 2> scaled_types_made_;
  std::vector<ResourceRecord> resources_;  // sorted by (owner, type)
  struct MissileSwap {
    SpriteRef bomber = kNoSprite;
    uint32_t index = 0;
    TypeId type = kNoType;
  };
  std::vector<MissileSwap> missile_swaps_;  // replaced list entries; usually empty

  std::vector<Player> players_;
  std::vector<int> counters_;
  boost::container::small_vector<Shield, 4> shields_;
  TimerQueue timers_;
  EventLog events_;
  boost::container::small_vector<Pull, 4> pulled_;
  std::vector<ChaseMemory> chase_memory_;

  // What is computed once per level and shared by every copy.
  struct LevelConstants {
    std::shared_ptr<const PathFinder> path_finder;
    std::vector<bool> static_type;
    std::vector<uint8_t> still_type;  // see needs_pre_movement; bytes, read in update loops
    std::vector<bool> ground_intersects;
    std::vector<TypeUpdate> type_update;
    std::vector<bool> frozen_type;
    std::vector<uint8_t> passive_moves;   // see passive_movement_can_move; bytes, read per update
    std::vector<Sprite> frozen;           // slots 0 .. frozen.size() - 1
    std::vector<PairTraits> pair_traits;  // by pair index
    std::vector<PairStep> pair_steps;
    // By type t: the types whose iSubTypes hold t (t itself and its ancestors).
    std::vector<std::vector<TypeId>> groups_containing;
  };
  // Fills the level's sprites in; settles constants.frozen_type and constants.frozen.
  void CreateLevelSprites(const LevelDef& level, LevelConstants& constants);
  // Drops the resources and missile swaps of the sprites killed this tick, and keeps the rect
  // each has as it leaves the game for the chasers that remember it (ClearKillList).
  void ForgetKilledSprites();
  std::shared_ptr<const LevelConstants> level_;
  // Type versions by type id, then group versions by type id: one buffer, one allocation per
  // copy.
  std::vector<uint64_t> versions_;
  size_t type_count_ = 0;  // the game's, where versions_'s group versions start
  uint64_t lists_version_ = 0;
  JavaRandom rng_;
  uint64_t stream_ = 0;         // identifies this state's random stream
  mutable uint64_t forks_ = 0;  // forks made from this state so far
  int32_t next_sprite_id_ = 0;
  int tick_ = 0;
  bool ended_ = false;
  bool can_end_ = true;  // StopCounter (§9), per state instead of JVM-global (§15.14)
};

}  // namespace vgdl
