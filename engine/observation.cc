#include "engine/observation.h"

#include <algorithm>
#include <cstring>

#include "engine/avatars/avatar.h"

namespace vgdl {

namespace {

const Sprite* LiveAvatar(const State& state, int player) {
  if (state.ended() || player < 0 || player >= state.player_count()) return nullptr;
  const SpriteRef a = state.player(player).avatar;
  return a == kNoSprite ? nullptr : &state.sprite(a);
}

bool PerPlayerFlag(const std::vector<bool>& flags, int player) {
  if (flags.empty()) return false;
  const auto p = static_cast<size_t>(player);
  return p < flags.size() ? flags[p] : flags.front();
}

// FNV-1a over raw bytes: cheap, and good enough to bucket states.
struct Fnv {
  uint64_t h = 0xcbf29ce484222325ULL;
  template <typename T>
  void Add(const T& v) {
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &v, sizeof(T));
    for (unsigned char b : bytes) {
      h ^= b;
      h *= 0x100000001b3ULL;
    }
  }
};

}  // namespace

std::vector<Action> AvailableActions(const State& state, int player, bool with_nil) {
  std::vector<Action> actions;
  const Sprite* avatar = LiveAvatar(state, player);
  if (avatar == nullptr) return actions;
  const auto list = AvailableActions(state.type_def(avatar->type).cls);
  actions.assign(list.begin(), list.end());
  if (with_nil) actions.push_back(Action::kNil);
  return actions;
}

double Score(const State& state, int player) {
  return state.player(player).score;
}

bool IsGameOver(const State& state) {
  return state.ended();
}

Winner GameWinner(const State& state, int player) {
  return state.player(player).winner;
}

bool HasAvatar(const State& state, int player) {
  return LiveAvatar(state, player) != nullptr;
}

Vec2 AvatarPosition(const State& state, int player) {
  const Sprite* a = LiveAvatar(state, player);
  if (a == nullptr) return dir::kNil;
  return Vec2{static_cast<double>(a->rect.x), static_cast<double>(a->rect.y)};
}

Vec2 AvatarOrientation(const State& state, int player) {
  const Sprite* a = LiveAvatar(state, player);
  return a == nullptr ? dir::kNil : a->orientation;
}

double AvatarSpeed(const State& state, int player) {
  const Sprite* a = LiveAvatar(state, player);
  return a == nullptr ? 0.0 : a->speed;
}

TypeId AvatarType(const State& state, int player) {
  const Sprite* a = LiveAvatar(state, player);
  return a == nullptr ? kNoType : a->type;
}

int AvatarHealth(const State& state, int player) {
  const Sprite* a = LiveAvatar(state, player);
  return a == nullptr ? 0 : a->health;
}

int AvatarMaxHealth(const State& state, int player) {
  const Sprite* a = LiveAvatar(state, player);
  return a == nullptr ? 0 : a->max_health;
}

int AvatarLimitHealth(const State& state, int player) {
  const Sprite* a = LiveAvatar(state, player);
  return a == nullptr ? 0 : state.type_def(a->type).limit_health_points;
}

bool IsAvatarAlive(const State& state, int player) {
  const Sprite* a = LiveAvatar(state, player);
  return a != nullptr && !a->disabled();
}

Action AvatarLastAction(const State& state, int player) {
  return state.player(player).last_action;
}

std::vector<std::pair<TypeId, int>> AvatarResources(const State& state, int player) {
  std::vector<std::pair<TypeId, int>> out;
  if (LiveAvatar(state, player) == nullptr) return out;
  const SpriteRef a = state.player(player).avatar;
  for (const ResourceRecord& r : state.resources()) {
    if (r.owner == a) out.emplace_back(r.type, r.amount);
  }
  return out;
}

ObsCategory CategoryOf(const State& state, SpriteRef s) {
  const Sprite& sp = state.sprite(s);
  const SpriteDef& d = state.type_def(sp.type);
  if (d.is_avatar) return ObsCategory::kAvatar;
  if (d.is_resource) return ObsCategory::kResource;
  if (d.portal) return ObsCategory::kPortal;
  if (d.is_npc) return ObsCategory::kNpc;
  if (d.is_static) return ObsCategory::kStatic;
  if (sp.has(SpriteFlag::kFromAvatar)) return ObsCategory::kFromAvatar;
  return ObsCategory::kMovable;
}

bool IsHiddenFrom(const State& state, SpriteRef s, int player) {
  return PerPlayerFlag(state.def_of(s).hidden, player);
}

bool IsTypeHiddenFrom(const State& state, TypeId t, int player) {
  return PerPlayerFlag(state.type_def(t).hidden, player);
}

namespace {

std::vector<std::vector<Observation>> CollectObservations(const State& state, ObsCategory category,
                                                          Vec2 reference, int player, bool sorted) {
  std::vector<std::vector<Observation>> lists;
  for (TypeId t = 0; t < state.def().type_count(); ++t) {
    std::vector<Observation> list;
    for (SpriteRef s : state.sprites_of(t)) {
      if (IsHiddenFrom(state, s, player) || CategoryOf(state, s) != category) continue;
      const Sprite& sp = state.sprite(s);
      const Vec2 pos{static_cast<double>(sp.rect.x), static_cast<double>(sp.rect.y)};
      const Vec2 d = pos - reference;
      list.push_back(Observation{category, t, sp.id, pos, d.x * d.x + d.y * d.y});
    }
    if (list.empty()) continue;
    if (sorted) {
      std::stable_sort(list.begin(), list.end(), [](const Observation& a, const Observation& b) {
        return a.sq_dist < b.sq_dist;
      });
    }
    lists.push_back(std::move(list));
  }
  return lists;
}

}  // namespace

std::vector<std::vector<Observation>> ObservationsOf(const State& state, ObsCategory category,
                                                     Vec2 reference, int player) {
  return CollectObservations(state, category, reference, player, /*sorted=*/true);
}

std::vector<std::vector<Observation>> UnsortedObservationsOf(const State& state,
                                                             ObsCategory category, int player) {
  return CollectObservations(state, category, Vec2{-1.0, -1.0}, player, /*sorted=*/false);
}

ObservationGrid BuildObservationGrid(const State& state, int player) {
  const int w = state.width_cells();
  const int h = state.height_cells();
  const int block = state.block_size();
  ObservationGrid grid(static_cast<size_t>(w),
                       std::vector<std::vector<Observation>>(static_cast<size_t>(h)));
  for (TypeId t = 0; t < state.def().type_count(); ++t) {
    for (SpriteRef s : state.sprites_of(t)) {
      if (IsHiddenFrom(state, s, player)) continue;
      const Sprite& sp = state.sprite(s);
      const Observation obs{CategoryOf(state, s), t, sp.id,
                            Vec2{static_cast<double>(sp.rect.x), static_cast<double>(sp.rect.y)}};
      // GVGAI's cell: the corner's coordinates divided by the block, truncated towards zero,
      // and the next cell too where the corner lies past a cell's start. A sprite up to a
      // block left of or above the grid thus lands in its first column or row; a sprite whose
      // corner cell is outside the grid is in no cell at all.
      const int x = sp.rect.x / block;
      const int y = sp.rect.y / block;
      if (x < 0 || x >= w || y < 0 || y >= h) continue;
      const int x_last = sp.rect.x % block > 0 && x + 1 < w ? x + 1 : x;
      const int y_last = sp.rect.y % block > 0 && y + 1 < h ? y + 1 : y;
      for (int cx = x; cx <= x_last; ++cx) {
        for (int cy = y; cy <= y_last; ++cy) {
          grid[static_cast<size_t>(cx)][static_cast<size_t>(cy)].push_back(obs);
        }
      }
    }
  }
  return grid;
}

uint64_t StateHash(const State& state) {
  Fnv f;
  f.Add(state.tick());
  f.Add(state.ended());
  for (int p = 0; p < state.player_count(); ++p) {
    f.Add(state.player(p).score);
    f.Add(state.player(p).winner);
  }
  for (int c : state.counters()) f.Add(c);
  for (TypeId t = 0; t < state.def().type_count(); ++t) {
    f.Add(t);
    for (SpriteRef s : state.sprites_of(t)) {
      const Sprite& sp = state.sprite(s);
      f.Add(sp.rect);
      f.Add(sp.orientation);
      f.Add(sp.speed);
      f.Add(sp.health);
      f.Add(sp.flags);
    }
  }
  for (const ResourceRecord& r : state.resources()) {
    f.Add(state.sprite(r.owner).rect);
    f.Add(r.type);
    f.Add(r.amount);
  }
  return f.h;
}

bool SameGameState(const State& a, const State& b) {
  if (a.tick() != b.tick() || a.ended() != b.ended() || a.counters() != b.counters()) {
    return false;
  }
  for (int p = 0; p < a.player_count(); ++p) {
    if (a.player(p).score != b.player(p).score || a.player(p).winner != b.player(p).winner) {
      return false;
    }
  }
  for (TypeId t = 0; t < a.def().type_count(); ++t) {
    const auto sa = a.sprites_of(t);
    const auto sb = b.sprites_of(t);
    if (sa.size() != sb.size()) return false;
    for (size_t i = 0; i < sa.size(); ++i) {
      const Sprite& x = a.sprite(sa[i]);
      const Sprite& y = b.sprite(sb[i]);
      if (!(x.rect == y.rect) || !(x.orientation == y.orientation) || x.speed != y.speed ||
          x.health != y.health || x.flags != y.flags) {
        return false;
      }
    }
  }
  if (a.resources().size() != b.resources().size()) return false;
  const auto ra = a.resources();
  const auto rb = b.resources();
  for (size_t i = 0; i < ra.size(); ++i) {
    if (ra[i].type != rb[i].type || ra[i].amount != rb[i].amount ||
        !(a.sprite(ra[i].owner).rect == b.sprite(rb[i].owner).rect)) {
      return false;
    }
  }
  return true;
}

}  // namespace vgdl
