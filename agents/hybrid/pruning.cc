// Joppen et al. 2016, §6: pre- and post-pruning (see pruning.h).
#include "agents/hybrid/pruning.h"

#include <bit>

#include "agents/hybrid/moves.h"
#include "engine/observation.h"
#include "engine/physics/physics.h"

namespace vgdl {

namespace {

using hybrid_moves::Dx;
using hybrid_moves::Dy;
using hybrid_moves::IsMove;

uint64_t Mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdULL;
}

uint64_t Bits(double d) {
  return std::bit_cast<uint64_t>(d + 0.0);
}

// Both hashes of PositionKey, fed the same values.
class KeyHasher {
 public:
  void Add(uint64_t v) {
    key_.hash = Mix(key_.hash, v);
    key_.check = MixCheck(key_.check, v);
  }
  PositionKey key() const { return key_; }

 private:
  static uint64_t MixCheck(uint64_t h, uint64_t v) {
    h ^= (v ^ 0xc2b2ae3d27d4eb4fULL) * 0x94d049bb133111ebULL;
    return (h << 29 | h >> 35) * 0xbf58476d1ce4e5b9ULL;
  }
  PositionKey key_{0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL};
};

// The cell of the first visible object of type `t`, or kNoCell.
int32_t FirstCellOf(const State& state, TypeId t, const GridDistance& grid) {
  if (IsTypeHiddenFrom(state, t)) return GridDistance::kNoCell;
  for (SpriteRef r : state.sprites_of(t)) {
    const Sprite& sp = state.sprite(r);
    if (!sp.has(SpriteFlag::kOfAvatarType)) return grid.CellAt(sp.rect.x, sp.rect.y);
  }
  return GridDistance::kNoCell;
}

// Whether an object on `cell` is predicted to lose the game when the avatar meets it.
bool LosesOn(const State& state, int32_t cell, const KnowledgeBase& kb, TypeId avatar_type,
             const Inventory& inventory) {
  bool loses = false;
  for (TypeId t = 0; t < kb.type_count() && !loses; ++t) {
    if (IsTypeHiddenFrom(state, t)) continue;
    for (SpriteRef r : state.sprites_of(t)) {
      const Sprite& sp = state.sprite(r);
      if (sp.has(SpriteFlag::kOfAvatarType) || kb.grid().CellAt(sp.rect.x, sp.rect.y) != cell) {
        continue;
      }
      if (kb.Predict(avatar_type, t, inventory).loses()) loses = true;
    }
  }
  return loses;
}

// Whether a press of `a` only turns the avatar of `state` (an oriented avatar that rotates in
// place, facing elsewhere): its move comes with a second press (§6's two-action look-ahead).
bool OnlyTurns(const State& state, Action a) {
  if (!IsMove(a) || !TurnsInPlace(state.type_def(AvatarType(state)))) return false;
  const Vec2 facing = AvatarOrientation(state);
  return facing.x != Dx(a) || facing.y != Dy(a);
}

PositionKey operator+(const PositionKey& a, const PositionKey& b) {
  return {a.hash + b.hash, a.check + b.check};
}
PositionKey operator-(const PositionKey& a, const PositionKey& b) {
  return {a.hash - b.hash, a.check - b.check};
}

// An avatar sprite's share of PositionKey, as if at pixel (x, y).
PositionKey AvatarShare(TypeId t, const Sprite& sp, int32_t x, int32_t y) {
  KeyHasher h;
  h.Add(static_cast<uint64_t>(t));
  h.Add(static_cast<uint64_t>(static_cast<uint32_t>(x)) << 32 | static_cast<uint32_t>(y));
  h.Add(Bits(sp.orientation.x));
  h.Add(Bits(sp.orientation.y));
  h.Add(sp.disabled() ? 1 : 0);
  return h.key();
}

// The player's avatar sprite when its type is visible, else null.
const Sprite* VisibleAvatar(const State& state) {
  if (state.player_count() == 0 || state.player(0).avatar == kNoSprite) return nullptr;
  const Sprite& sp = state.sprite(state.player(0).avatar);
  return IsTypeHiddenFrom(state, sp.type) ? nullptr : &sp;
}

}  // namespace

int32_t DestinationCell(const State& state, Action action, const KnowledgeBase& kb) {
  const GridDistance& grid = kb.grid();
  const int32_t cell = grid.AvatarCell(state);
  if (cell == GridDistance::kNoCell) return GridDistance::kNoCell;
  const int x = cell % grid.width() + Dx(action);
  const int y = cell / grid.width() + Dy(action);
  if (x < 0 || y < 0 || x >= grid.width() || y >= grid.height()) return GridDistance::kNoCell;
  return y * grid.width() + x;
}

bool LeavesPlayingArea(const State& state, Action action, const KnowledgeBase& kb) {
  return IsMove(action) && kb.grid().AvatarCell(state) != GridDistance::kNoCell &&
         DestinationCell(state, action, kb) == GridDistance::kNoCell;
}

PrePruneResult PrePrune(const State& state, const ActionList& actions, const KnowledgeBase& kb,
                        const std::vector<double>* heat) {
  PrePruneResult result;
  const ActionMask all = actions.size() >= 32 ? ~0u : (1u << actions.size()) - 1;
  if (!HasAvatar(state)) {
    result.allowed = all;
    return result;
  }
  const TypeId avatar_type = AvatarType(state);
  const bool in_control = kb.AvatarInControl(avatar_type);
  const Inventory inventory = kb.InventoryOf(state);
  const GridDistance& grid = kb.grid();
  const int32_t here = grid.AvatarCell(state);
  int32_t dest[kMaxSearchActions];
  TypeId portal_exit[kMaxSearchActions];
  ActionMask nil_like = 0;
  ActionMask occupied = 0;
  for (int i = 0; i < actions.size(); ++i) {
    const Action a = actions[i];
    dest[i] = DestinationCell(state, a, kb);
    portal_exit[i] = kNoType;
    if (!IsMove(a)) continue;
    if (dest[i] == GridDistance::kNoCell || !in_control) nil_like |= 1u << i;
  }
  // What each destination holds: one pass over the visible sprites.
  for (TypeId t = 0; t < kb.type_count(); ++t) {
    if (IsTypeHiddenFrom(state, t)) continue;
    for (SpriteRef r : state.sprites_of(t)) {
      const Sprite& sp = state.sprite(r);
      if (sp.has(SpriteFlag::kOfAvatarType)) continue;
      const int32_t cell = grid.CellAt(sp.rect.x, sp.rect.y);
      for (int i = 0; i < actions.size(); ++i) {
        if (!IsMove(actions[i]) || cell != dest[i]) continue;
        if (!kb.Inert(avatar_type, t)) occupied |= 1u << i;
        const CollisionPrediction p = kb.Predict(avatar_type, t, inventory);
        if (p.certainly_blocked) nil_like |= 1u << i;
        if (p.loses()) result.losing |= 1u << i;
        if (kb.IsPortal(t)) portal_exit[i] = kb.PortalExit(t);
      }
    }
  }
  // A known portal takes the avatar to its exit (§4.2): what waits there decides. With several
  // exits of the type, the first is taken.
  int32_t lands[kMaxSearchActions];
  for (int i = 0; i < actions.size(); ++i) {
    lands[i] = dest[i] == GridDistance::kNoCell ? here : dest[i];
    if (portal_exit[i] == kNoType) continue;
    const int32_t exit = FirstCellOf(state, portal_exit[i], grid);
    if (exit == GridDistance::kNoCell) continue;
    lands[i] = exit;
    if (LosesOn(state, exit, kb, avatar_type, inventory)) result.losing |= 1u << i;
  }
  if (heat != nullptr && here != GridDistance::kNoCell) {
    auto heat_at = [&](int32_t cell) { return (*heat)[static_cast<size_t>(cell)]; };
    for (int i = 0; i < actions.size(); ++i) {
      if (lands[i] == GridDistance::kNoCell) continue;
      // A turn leaves the avatar where it is for a step, and its move takes one step more.
      const bool danger = OnlyTurns(state, actions[i])
                              ? heat_at(here) <= 1.0 || heat_at(lands[i]) <= 2.0
                              : heat_at(lands[i]) <= 1.0;
      if (danger) result.losing |= 1u << i;
    }
  }
  for (int i = 0; i < actions.size(); ++i) {
    if (IsMove(actions[i]) && dest[i] != GridDistance::kNoCell) result.vacant |= 1u << i;
  }
  result.vacant &= ~occupied;
  result.losing &= ~nil_like;
  result.allowed = all & ~nil_like & ~result.losing;
  if (result.allowed == 0) result.allowed = result.losing != 0 ? result.losing : all & ~nil_like;
  if (result.allowed == 0) result.allowed = all;
  return result;
}

PositionKey PositionHash(const State& state) {
  KeyHasher h;
  PositionKey avatars{0, 0};
  for (int p = 0; p < state.player_count(); ++p) {
    h.Add(Bits(state.player(p).score));
    h.Add(static_cast<uint64_t>(state.player(p).winner));
  }
  h.Add(state.ended() ? 1 : 0);
  for (TypeId t = 0; t < state.def().type_count(); ++t) {
    const auto sprites = state.sprites_of(t);
    // The level's frozen sprites are the same in every state of it: they tell none apart.
    if (sprites.empty() || state.is_frozen_type(t)) continue;
    h.Add(static_cast<uint64_t>(t) << 32 | sprites.size());
    if (IsTypeHiddenFrom(state, t)) continue;
    for (SpriteRef r : sprites) {
      const Sprite& sp = state.sprite(r);
      // Avatars are added apart, so that a predicted move can replace the avatar's share.
      if (sp.has(SpriteFlag::kOfAvatarType)) {
        avatars = avatars + AvatarShare(t, sp, sp.rect.x, sp.rect.y);
        continue;
      }
      h.Add(static_cast<uint64_t>(static_cast<uint32_t>(sp.rect.x)) << 32 |
            static_cast<uint32_t>(sp.rect.y));
    }
  }
  const SpriteRef avatar = state.player_count() > 0 ? state.player(0).avatar : kNoSprite;
  for (const ResourceRecord& r : state.resources()) {
    if (r.owner != avatar) continue;
    h.Add(static_cast<uint64_t>(r.type) << 32 | static_cast<uint32_t>(r.amount));
  }
  return h.key() + avatars;
}

PositionKey PositionKeyWithoutAvatar(const PositionKey& key, const State& state) {
  const Sprite* sp = VisibleAvatar(state);
  return sp == nullptr ? key : key - AvatarShare(sp->type, *sp, sp->rect.x, sp->rect.y);
}

bool MovePredictable(const State& state, Action action) {
  const Sprite* sp = VisibleAvatar(state);
  if (sp == nullptr || !IsMove(action)) return false;
  const SpriteDef& d = state.type_def(sp->type);
  return d.physics == PhysicsType::kGrid && !d.is_oriented && !d.stationary && d.cooldown <= 1 &&
         (sp->speed == 1.0 || sp->speed <= 0.0);
}

PositionKey PredictedMoveKey(const PositionKey& key, const State& state, Action action,
                             const KnowledgeBase& kb) {
  const Sprite* sp = VisibleAvatar(state);
  const int32_t step = kb.grid().block();
  return PositionKeyWithoutAvatar(key, state) +
         AvatarShare(sp->type, *sp, sp->rect.x + Dx(action) * step, sp->rect.y + Dy(action) * step);
}

bool SamePosition(const State& a, const State& b) {
  if (a.player_count() != b.player_count() || a.ended() != b.ended()) return false;
  for (int p = 0; p < a.player_count(); ++p) {
    if (a.player(p).score != b.player(p).score || a.player(p).winner != b.player(p).winner) {
      return false;
    }
  }
  for (TypeId t = 0; t < a.def().type_count(); ++t) {
    const auto sa = a.sprites_of(t);
    const auto sb = b.sprites_of(t);
    if (sa.size() != sb.size()) return false;
    if (a.is_frozen_type(t) || IsTypeHiddenFrom(a, t)) continue;
    for (size_t i = 0; i < sa.size(); ++i) {
      const Sprite& x = a.sprite(sa[i]);
      const Sprite& y = b.sprite(sb[i]);
      if (x.rect.x != y.rect.x || x.rect.y != y.rect.y) return false;
      if (x.has(SpriteFlag::kOfAvatarType) &&
          (x.orientation != y.orientation || x.disabled() != y.disabled())) {
        return false;
      }
    }
  }
  const SpriteRef va = a.player_count() > 0 ? a.player(0).avatar : kNoSprite;
  const SpriteRef vb = b.player_count() > 0 ? b.player(0).avatar : kNoSprite;
  auto next = [](const State& s, SpriteRef owner, size_t from) {
    const auto res = s.resources();
    while (from < res.size() && res[from].owner != owner) ++from;
    return from;
  };
  size_t i = next(a, va, 0);
  size_t j = next(b, vb, 0);
  while (i < a.resources().size() || j < b.resources().size()) {
    if (i >= a.resources().size() || j >= b.resources().size()) return false;
    const ResourceRecord& x = a.resources()[i];
    const ResourceRecord& y = b.resources()[j];
    if (x.type != y.type || x.amount != y.amount) return false;
    i = next(a, va, i + 1);
    j = next(b, vb, j + 1);
  }
  return true;
}

}  // namespace vgdl
