#include "engine/state.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <utility>

#include "engine/state_builder.h"

namespace vgdl {

namespace {

// Type versions come from one counter for the whole process, so that no two lists that differ
// ever carry the same version, whichever state or thread made them. Each thread takes them in
// blocks: threads playing games side by side (`vgdl run -j`) would otherwise contend for the
// counter's cache line on every sprite created or removed.
//
// A process can hold several copies of the engine: the program's, and one inside each agent
// plugin (agents/plugin.h links its own, privately), and states pass between them. So each copy
// counts from its own start, its counter's address shifted up 16 bits: no copy makes a version
// another made. The copies' counters lie a mapped library apart (megabytes), so their ranges
// start at least 2^38 versions apart (and the program's, below the libraries, far more).
uint64_t NewTypeVersion() {
  constexpr uint64_t kBlock = uint64_t{1} << 16;
  thread_local uint64_t next = 0;
  thread_local uint64_t end = 0;
  if (next == end) {
    static std::atomic<uint64_t> counter{
        static_cast<uint64_t>(reinterpret_cast<uintptr_t>(&counter)) << 16};
    next = counter.fetch_add(kBlock, std::memory_order_relaxed) + 1;
    end = next + kBlock;
  }
  return next++;
}

}  // namespace

State::State(std::shared_ptr<const GameDef> def, const LevelDef& level, int64_t seed)
    : def_(std::move(def)),
      block_(level.block_size),
      width_(level.width),
      height_(level.height),
      order_(static_cast<size_t>(def_->type_count())),
      players_(static_cast<size_t>(std::max(1, def_->no_players))),
      counters_(static_cast<size_t>(std::max(0, def_->no_counters)), 0),
      versions_(2 * static_cast<size_t>(def_->type_count())),
      type_count_(static_cast<size_t>(def_->type_count())),
      rng_(seed),
      stream_(static_cast<uint64_t>(seed)) {
  for (uint64_t& v : versions_) v = NewTypeVersion();
  lists_version_ = NewTypeVersion();
  // What depends on the rules alone comes first: creating the level's sprites needs to know
  // which types are frozen.
  const auto constants = StateBuilder::CompileRules(*def_, width_ * height_);
  level_ = constants;
  CreateLevelSprites(level, *constants);
  AssignPlayers();
  // TIME effects are queued in declaration order from the start (§8.3).
  for (size_t i = 0; i < def_->time_effects.size(); ++i) {
    const EffectDef& e = def_->effects[static_cast<size_t>(def_->time_effects[i].effect)];
    timers_.Add(e.next_execution, static_cast<int32_t>(i), def_->time_effects[i].effect);
  }
  // GVGAI builds the path cache once, from the level as loaded (§6.1); copies share it.
  StateBuilder::CompileLoadedLevel(*this, *constants);
}

// Sprites are created row by row, left to right, in the order the mapping lists them; frozen
// ones go to the shared block, in slots 0 .. F-1, where F is counted first.
void State::CreateLevelSprites(const LevelDef& level, LevelConstants& constants) {
  std::vector<bool>& frozen_type = constants.frozen_type;
  const auto cells = [&](auto&& visit) {
    for (int y = 0; y < height_; ++y) {
      const std::string& row = level.rows[static_cast<size_t>(y)];
      for (int x = 0; x < width_; ++x) {
        for (TypeId t :
             def_->char_mapping[static_cast<unsigned char>(row[static_cast<size_t>(x)])]) {
          visit(t, x, y);
        }
      }
    }
  };
  // A frozen sprite's slot is fixed before it is made, so none may be refused: no freezing
  // where GVGAI's sprite limit could refuse one (singletons are never frozen).
  size_t total = 0;
  cells([&](TypeId, int, int) { ++total; });
  if (total > static_cast<size_t>(kMaxSprites)) frozen_type.assign(frozen_type.size(), false);
  uint32_t frozen = 0;
  cells([&](TypeId t, int, int) {
    if (frozen_type[static_cast<size_t>(t)]) ++frozen;
  });
  frozen_count_ = frozen;
  constants.frozen.reserve(frozen);

  std::vector<SpriteRef> avatars;
  cells([&](TypeId t, int x, int y) {
    if (frozen_type[static_cast<size_t>(t)]) {
      const auto slot = static_cast<SpriteRef>(constants.frozen.size());
      InitSprite(constants.frozen.emplace_back(), t, x * block_, y * block_);
      InsertIntoOrder(t, slot);
      return;
    }
    const SpriteRef s = AddSprite(t, x * block_, y * block_);
    if (s != kNoSprite && def_->type(t).is_avatar) avatars.push_back(s);
  });
  // GVGAI keeps the first no_players avatars in creation order and destroys the rest.
  for (size_t i = players_.size(); i < avatars.size(); ++i) {
    KillSprite(avatars[i], /*transformed=*/true);
  }
  ClearKillList();
  order_.Pack();
}

namespace {

// SplitMix64's finaliser: decorrelates consecutive counters into independent seeds.
uint64_t Mix(uint64_t z) {
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

State State::Fork() const {
  State child(*this);
  child.stream_ = Mix(stream_ ^ Mix(++forks_));
  child.forks_ = 0;
  child.rng_.SetSeed(static_cast<int64_t>(child.stream_));
  return child;
}

// GVGAI's createAvatars: scans the sprite order from the end (index 0 excluded), collects the
// avatars of each type in creation order, then reverses the list; player i gets entry i.
void State::AssignPlayers() {
  std::vector<SpriteRef> found;
  const auto& order = def_->sprite_order;
  for (size_t idx = order.size(); idx-- > 1;) {
    for (SpriteRef s : sprites_of(order[idx])) {
      if (def_->type(std::as_const(*this).sprite(s).type).is_avatar) found.push_back(s);
    }
  }
  std::reverse(found.begin(), found.end());
  for (size_t i = 0; i < players_.size() && i < found.size(); ++i) {
    players_[i].avatar = found[i];
    players_[i].had_avatar = true;
    sprite(found[i]).player = static_cast<int8_t>(i);
  }
}

int State::live_count_with_subtypes(TypeId t) const {
  int n = 0;
  for (TypeId st : def_->type(t).subtypes) {
    n += count_of(st);
    if (!IsAvatarClass(def_->type(st).cls)) continue;  // only avatars are ever disabled
    for (SpriteRef r : sprites_of(st)) n -= sprite(r).disabled() ? 1 : 0;
  }
  return n;
}

int State::count_with_subtypes(TypeId t) const {
  int n = 0;
  for (TypeId st : def_->type(t).subtypes) n += count_of(st);
  return n;
}

int State::subtypes_with_sprites(TypeId t) const {
  int n = 0;
  for (TypeId st : def_->type(t).subtypes) {
    if (count_of(st) > 0 && live_count_with_subtypes(st) > 0) ++n;
  }
  return n;
}

SpriteRef State::AllocateSlot() {
  if (!free_slots_.empty()) {
    const SpriteRef s = free_slots_.back();
    free_slots_.pop_back();
    return s;
  }
  pool_.emplace_back();
  return static_cast<SpriteRef>(frozen_count_ + pool_.size() - 1);
}

void State::NewListVersion(TypeId type) {
  const uint64_t v = NewTypeVersion();
  versions_[static_cast<size_t>(type)] = lists_version_ = v;
  // Values are compared only for the same type or group, so one value serves them all.
  for (const TypeId g : level_->groups_containing[static_cast<size_t>(type)]) {
    versions_[type_count_ + static_cast<size_t>(g)] = v;
  }
}

void State::InsertIntoOrder(TypeId type, SpriteRef slot) {
  order_.Append(type, slot);
  NewListVersion(type);
}

void State::RemoveKilledFromOrder() {
  // The types that lost a sprite, each once: a tick can kill thousands of sprites of a few
  // types, and a pass per killed sprite cost kills x sprites.
  boost::container::small_vector<TypeId, 8> types;
  for (const SpriteRef s : kill_list_) {
    const TypeId t = std::as_const(*this).sprite(s).type;
    if (std::find(types.begin(), types.end(), t) == types.end()) types.push_back(t);
  }
  const auto killed = [this](SpriteRef s) {
    return std::as_const(*this).sprite(s).has(SpriteFlag::kKilled);
  };
  for (const TypeId t : types) {
    if (order_.RemoveIf(t, killed) > 0) NewListVersion(t);
  }
}

bool State::AtSpriteLimit() const {
  // GVGAI's num_sprites, which repeated kills have lowered (see repeated_kills_).
  return sprite_count() - repeated_kills_ > kMaxSprites;
}

bool State::MayCreate(TypeId type, bool force) const {
  if (type < 0 || type >= def_->type_count()) return false;
  if (AtSpriteLimit()) return false;
  if (force) return true;
  for (TypeId anc : def_->type(type).itypes) {
    if (def_->type(anc).singleton && count_with_subtypes(anc) > 0) return false;
  }
  return true;
}

void State::InitSprite(Sprite& s, TypeId type, int32_t x, int32_t y) {
  const SpriteDef& d = def_->type(type);
  s = kBlankSprite;
  s.rect = Rect{x, y, d.width_at(block_), d.height_at(block_)};
  s.lastrect = s.rect;
  s.orientation = d.orientation;
  s.speed = d.speed;
  s.rotation = d.rotation;
  s.gravity = d.gravity;
  s.id = next_sprite_id_++;
  s.health = d.health_points;
  s.max_health = d.max_health_points;
  s.type = type;
  s.spawn_type = d.stype;
  s.set(SpriteFlag::kFirstTick);
  s.set(SpriteFlag::kOfAvatarType, d.is_avatar);
  if (d.scaled()) GiveFirstScaledSpriteABlockLastRect(s, type);
}

void State::GiveFirstScaledSpriteABlockLastRect(Sprite& s, TypeId type) {
  const auto word = static_cast<size_t>(type) / 64;
  const uint64_t bit = uint64_t{1} << (static_cast<size_t>(type) % 64);
  if (scaled_types_made_.size() <= word) scaled_types_made_.resize(word + 1, 0);
  if ((scaled_types_made_[word] & bit) != 0) return;
  scaled_types_made_[word] |= bit;
  s.lastrect.w = block_;
  s.lastrect.h = block_;
}

SpriteRef State::AddSprite(TypeId type, int32_t x, int32_t y, bool force) {
  if (!MayCreate(type, force)) {
    if (sprite_limit_tick_ < 0 && AtSpriteLimit()) sprite_limit_tick_ = tick_;
    return kNoSprite;
  }
  const SpriteRef slot = AllocateSlot();
  // Written in place: a sprite returned by value was copied from the stack in 16-byte loads
  // that waited for the narrower stores that built it.
  InitSprite(sprite(slot), type, x, y);
  InsertIntoOrder(type, slot);
  return slot;
}

void State::KillSprite(SpriteRef s, bool transformed) {
  Sprite& sp = sprite(s);
  if (IsAvatarClass(def_->type(sp.type).cls) && !transformed) {
    sp.set(SpriteFlag::kDisabled);
    return;
  }
  if (sp.has(SpriteFlag::kKilled)) {
    ++repeated_kills_this_tick_;
    return;
  }
  sp.set(SpriteFlag::kKilled);
  kill_list_.push_back(s);
}

void State::ClearKillList() {
  // What the killed sprites own or are remembered by goes first, in one pass each, while
  // their slots still hold them: a pass per killed sprite cost kills x records, and a tick
  // can kill thousands of sprites that each hold a resource.
  if (!kill_list_.empty()) {
    ForgetKilledSprites();
    RemoveKilledFromOrder();
  }
  for (SpriteRef s : kill_list_) {
    Sprite& sp = sprite(s);
    if (sp.player >= 0 && players_[static_cast<size_t>(sp.player)].avatar == s) {
      players_[static_cast<size_t>(sp.player)].avatar = kNoSprite;
    }
    sp = kBlankSprite;
    free_slots_.push_back(s);
  }
  kill_list_.clear();
  repeated_kills_ += repeated_kills_this_tick_;
  repeated_kills_this_tick_ = 0;
  shields_.clear();
  pulled_.clear();
}

void State::ForgetKilledSprites() {
  const auto killed = [this](SpriteRef s) { return sprite(s).has(SpriteFlag::kKilled); };
  std::erase_if(resources_, [&](const ResourceRecord& r) { return killed(r.owner); });
  std::erase_if(missile_swaps_, [&](const MissileSwap& m) { return killed(m.bomber); });
  // GVGAI's chaser holds its target object, whose rect stays where the target's last tick left
  // it: a missile that flew off the screen and was killed there is remembered off the screen,
  // not where the chaser last saw it.
  for (ChaseMemory& m : chase_memory_) {
    if (m.target_slot == kNoSprite || !killed(m.target_slot)) continue;
    const Sprite& target = sprite(m.target_slot);
    if (m.target_id != target.id) continue;
    m.target_rect = target.rect;
    m.target_slot = kNoSprite;
  }
}

TypeId State::missile_type(SpriteRef bomber, size_t index) const {
  for (const MissileSwap& m : missile_swaps_) {
    if (m.bomber == bomber && m.index == index) return m.type;
  }
  return def_of(bomber).stypes[index];
}

void State::ReplaceMissile(SpriteRef bomber, TypeId from, TypeId to) {
  const size_t n = def_of(bomber).stypes.size();
  for (size_t i = 0; i < n; ++i) {
    if (missile_type(bomber, i) != from) continue;
    std::erase_if(missile_swaps_,
                  [&](const MissileSwap& m) { return m.bomber == bomber && m.index == i; });
    missile_swaps_.push_back(MissileSwap{bomber, static_cast<uint32_t>(i), to});
    return;
  }
}

namespace {

// The first record at or after (owner, type) in the sorted records.
template <class Records>
auto FindResourceRecord(Records& records, SpriteRef owner, TypeId type) {
  return std::lower_bound(records.begin(), records.end(), std::pair{owner, type},
                          [](const ResourceRecord& r, const std::pair<SpriteRef, TypeId>& k) {
                            return r.owner != k.first ? r.owner < k.first : r.type < k.second;
                          });
}

}  // namespace

int State::resource(SpriteRef owner, TypeId type) const {
  // Searched, not scanned: thousands of sprites may hold resources (one ant a crumb each).
  const auto it = FindResourceRecord(resources_, owner, type);
  return it != resources_.end() && it->owner == owner && it->type == type ? it->amount : 0;
}

void State::ModifyResource(SpriteRef owner, TypeId type, int delta) {
  // A name GVGAI looked up as -1 (an unknown ammo or resource the loader warned about): GVGAI
  // keeps an amount under -1 that no rule reads back; no record here, where every reader of
  // resources() takes the type for a sprite type.
  if (type == kNoType) return;
  const auto it = FindResourceRecord(resources_, owner, type);
  if (it != resources_.end() && it->owner == owner && it->type == type) {
    it->amount = std::max(0, it->amount + delta);
    return;
  }
  resources_.insert(it, ResourceRecord{owner, type, std::max(0, delta)});
}

void State::CopyResources(SpriteRef from, SpriteRef to) {
  // Collect first: ModifyResource inserts into the vector being read.
  std::vector<ResourceRecord> held;
  for (const ResourceRecord& r : resources_) {
    if (r.owner == from) held.push_back(r);
  }
  for (const ResourceRecord& r : held) ModifyResource(to, r.type, r.amount);
}

int State::player_of(SpriteRef s) const {
  for (size_t i = 0; i < players_.size(); ++i) {
    if (players_[i].avatar == s) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace vgdl
