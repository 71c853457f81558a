#include "engine/position_key.h"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <vector>

namespace vgdl {

namespace {

// The rules that read State::tick() (found by reading every use of it in engine/): the
// Timeout termination, the timer queue of TIME lines and addTimer, the spawn points' phase
// (SpawnDue) and WizardAvatar's cast delay. Returns what reads it, or "" when nothing does.
std::string ClockReader(const GameDef& def) {
  for (const TerminationDef& t : def.terminations) {
    if (t.kind == TerminationKind::kTimeout) return "a Timeout termination";
  }
  if (!def.time_effects.empty()) return "a TIME effect";
  for (const EffectDef& e : def.effects) {
    if (e.kind == EffectKind::kAddTimer) return "an addTimer effect";
  }
  for (const SpriteDef& d : def.types) {
    if (IsSpawnPointClass(d.cls)) return "the spawn point '" + d.name + "'";
    if (d.cls == SpriteClass::kWizardAvatar) return "the WizardAvatar '" + d.name + "'";
  }
  return "";
}

// State keeps which scaled types have had a sprite (the first one's lastrect differs) out of
// sight; a scaled type the level places has had one in every position, any other may or may
// not. Returns the first such type's name, or "".
std::string UnplacedScaledType(const State& initial) {
  for (const SpriteDef& d : initial.def().types) {
    if (d.scaled() && initial.count_of(d.id) == 0) return d.name;
  }
  return "";
}

class KeyWriter {
 public:
  explicit KeyWriter(std::string* key) : key_(key) {}
  // Raw bytes of a value without padding; every field is written on its own.
  template <typename T>
  void Add(const T& v) {
    static_assert(std::is_arithmetic_v<T> || std::is_enum_v<T>);
    char bytes[sizeof(T)];
    std::memcpy(bytes, &v, sizeof(T));
    key_->append(bytes, sizeof(T));
  }
  void Add(const Rect& r) {
    Add(r.x);
    Add(r.y);
    Add(r.w);
    Add(r.h);
  }
  void Add(const Vec2& v) {
    Add(v.x);
    Add(v.y);
  }
  void Append(const std::string& bytes) { key_->append(bytes); }

 private:
  std::string* key_;
};

// Pool slots are not part of a position (which slot a new sprite gets depends on the order of
// earlier removals): a sprite is named by its type and its place in that type's creation
// order, which is GVGAI's iteration order.
class SpriteNames {
 public:
  using Name = std::pair<TypeId, uint32_t>;
  explicit SpriteNames(const State& state) {
    for (TypeId t = 0; t < state.def().type_count(); ++t) {
      const auto list = state.sprites_of(t);
      for (size_t i = 0; i < list.size(); ++i) {
        if (list[i] >= names_.size()) names_.resize(list[i] + 1, kNone);
        names_[list[i]] = {t, static_cast<uint32_t>(i)};
      }
    }
  }
  Name Of(SpriteRef s) const { return s < names_.size() ? names_[s] : kNone; }
  void Add(KeyWriter& w, SpriteRef s) const {
    const Name name = Of(s);
    w.Add(name.first);
    w.Add(name.second);
  }

 private:
  static constexpr Name kNone{kNoType, 0};
  std::vector<Name> names_;
};

// Every field of Sprite but the id (only chasers' memories compare ids; see AddChasers).
void AddSprite(KeyWriter& w, const State& state, SpriteRef s) {
  const Sprite& sp = state.sprite(s);
  const SpriteDef& d = state.def_of(s);
  w.Add(sp.rect);
  w.Add(sp.lastrect);
  w.Add(sp.orientation);
  w.Add(sp.speed);
  w.Add(sp.rotation);
  w.Add(sp.gravity);
  // The rules read lastmove only as "cooldown > lastmove" (UpdatePos, WaitsOnGridCooldown)
  // and only add 1 to it or set it to 0 or to the cooldown: every count from the cooldown up
  // has the same future. Kept whole, a sprite standing still would be a new position on every
  // tick, and no search would run out of positions.
  w.Add(std::min(sp.lastmove, d.cooldown));
  w.Add(sp.health);
  w.Add(sp.max_health);
  w.Add(sp.counter);
  w.Add(sp.start);
  w.Add(sp.ttl_elapsed);
  w.Add(sp.spawn_type);
  w.Add(sp.flags);
  w.Add(sp.prev_dir);
  w.Add(sp.player);
  w.Add(sp.facing);
  // BomberRandomMissile's own missile list, which updateSpawnType edits per sprite.
  if (d.cls == SpriteClass::kBomberRandomMissile) {
    for (size_t i = 0; i < d.stypes.size(); ++i) w.Add(state.missile_type(s, i));
  }
}

// Type t's sprites, in creation order.
void AddSpritesOf(KeyWriter& w, const State& state, TypeId t) {
  const auto list = state.sprites_of(t);
  w.Add(static_cast<uint32_t>(list.size()));
  for (const SpriteRef s : list) AddSprite(w, state, s);
}

// Frozen types never change (engine/static_types.h): the same in every position of a level.
// A list equal to its initial encoding is written as the byte 0, any other as 1 and its
// encoding, so that the two forms cannot be confused.
void AddSprites(KeyWriter& w, const State& state, const PositionKeyPlan& plan) {
  std::string list;
  for (TypeId t = 0; t < state.def().type_count(); ++t) {
    if (state.is_frozen_type(t)) continue;
    list.clear();
    KeyWriter lw(&list);
    AddSpritesOf(lw, state, t);
    const bool as_at_start = list == plan.initial_lists[static_cast<size_t>(t)];
    w.Add(static_cast<uint8_t>(as_at_start ? 0 : 1));
    if (!as_at_start) w.Append(list);
  }
}

void AddPlayers(KeyWriter& w, const State& state, const SpriteNames& names) {
  for (int p = 0; p < state.player_count(); ++p) {
    const Player& player = state.player(p);
    names.Add(w, player.avatar);
    w.Add(player.had_avatar);
    w.Add(player.score);
    w.Add(player.winner);
    w.Add(player.last_action);
    w.Add(player.last_movement);
  }
  for (const int c : state.counters()) w.Add(c);
}

// Resources are kept sorted by owner slot; sorted here by owner name instead.
void AddResources(KeyWriter& w, const State& state, const SpriteNames& names) {
  std::vector<ResourceRecord> records(state.resources().begin(), state.resources().end());
  std::sort(records.begin(), records.end(), [&](const ResourceRecord& a, const ResourceRecord& b) {
    return std::pair(names.Of(a.owner), a.type) < std::pair(names.Of(b.owner), b.type);
  });
  w.Add(static_cast<uint32_t>(records.size()));
  for (const ResourceRecord& r : records) {
    names.Add(w, r.owner);
    w.Add(r.type);
    w.Add(r.amount);
  }
}

// Queued timers run at absolute ticks; there are some only in games whose plan keeps the tick.
// Their insertion numbers only order them among themselves and against later ones, which
// every position numbers above all queued ones, so equal entries mean equal futures.
void AddTimers(KeyWriter& w, State& state) {
  std::vector<QueuedTimer> timers(state.timers().entries().begin(), state.timers().entries().end());
  std::sort(timers.begin(), timers.end(), [](const QueuedTimer& a, const QueuedTimer& b) {
    return std::tie(a.next_execution, a.insertion) < std::tie(b.next_execution, b.insertion);
  });
  w.Add(static_cast<uint32_t>(timers.size()));
  for (const QueuedTimer& t : timers) {
    w.Add(t.next_execution);
    w.Add(t.insertion);
    w.Add(t.time_effect);
    w.Add(t.effect);
  }
}

// PathAltChasers remember their targets by sprite id; with memories, ids are part of the
// position. Ids only ever meet in equality tests and new sprites take ids above every living
// one, so equal ids here mean the same future.
void AddChasers(KeyWriter& w, State& state) {
  const auto& memory = state.chase_memory();
  w.Add(static_cast<uint32_t>(memory.size()));
  if (memory.empty()) return;
  for (const State::ChaseMemory& m : memory) {
    w.Add(m.chaser_id);
    w.Add(m.target_id);
    w.Add(m.target_rect);
    w.Add(m.has_rect);
    w.Add(m.target_slot != kNoSprite);
    w.Add(m.has_last_known);
    w.Add(m.last_known_x);
    w.Add(m.last_known_y);
  }
  for (TypeId t = 0; t < state.def().type_count(); ++t) {
    for (const SpriteRef s : state.sprites_of(t)) w.Add(state.sprite(s).id);
  }
}

}  // namespace

PositionKeyPlan PlanPositionKeys(const State& initial) {
  PositionKeyPlan plan;
  plan.clock_reader = ClockReader(initial.def());
  plan.with_tick = !plan.clock_reader.empty();
  if (const std::string scaled = UnplacedScaledType(initial); !scaled.empty()) {
    plan.exact = false;
    plan.inexact_reason = "the scaled sprite type '" + scaled +
                          "' has no sprite at the start, and whether it has had one is not "
                          "part of a position the solver can see";
  }
  plan.initial_lists.resize(static_cast<size_t>(initial.def().type_count()));
  for (TypeId t = 0; t < initial.def().type_count(); ++t) {
    KeyWriter w(&plan.initial_lists[static_cast<size_t>(t)]);
    AddSpritesOf(w, initial, t);
  }
  return plan;
}

void AppendPositionKey(State& state, const PositionKeyPlan& plan, std::string* key) {
  KeyWriter w(key);
  if (plan.with_tick) w.Add(state.tick());
  w.Add(state.ended());
  w.Add(state.can_end());
  w.Add(state.rng().raw_state());
  w.Add(state.sprite_limit_tick() >= 0);
  const SpriteNames names(state);
  AddPlayers(w, state, names);
  AddSprites(w, state, plan);
  AddResources(w, state, names);
  AddTimers(w, state);  // empty unless a rule reads the clock
  AddChasers(w, state);
}

}  // namespace vgdl
