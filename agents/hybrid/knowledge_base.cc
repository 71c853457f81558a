// Joppen et al. 2016, §4: the knowledge base (see knowledge_base.h).
#include "agents/hybrid/knowledge_base.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "agents/hybrid/moves.h"
#include "engine/observation.h"

namespace vgdl {

namespace {

using hybrid_moves::Dx;
using hybrid_moves::Dy;
using hybrid_moves::IsMove;

}  // namespace

// ---------------------------------------------------------------------------------------------
// InventoryRule

void InventoryRule::Add(const Inventory& inventory, bool positive) {
  const size_t cls = positive ? 1 : 0;
  ++counts_[cls];
  if (positive) {
    for (size_t d = 0; d < kInventoryDims; ++d) {
      if (counts_[1] == 1) {
        lo_[d] = hi_[d] = inventory[d];
      } else {
        lo_[d] = std::min(lo_[d], inventory[d]);
        hi_[d] = std::max(hi_[d], inventory[d]);
      }
    }
  }
  auto& stored = examples_[cls];
  for (int i = 0; i < stored_[cls]; ++i) {
    if (stored[static_cast<size_t>(i)] == inventory) return;
  }
  if (stored_[cls] < kMaxExamples) stored[static_cast<size_t>(stored_[cls]++)] = inventory;
}

bool InventoryRule::Relevant(int d) const {
  if (counts_[1] == 0) return false;
  const auto dim = static_cast<size_t>(d);
  for (int i = 0; i < stored_[0]; ++i) {
    const int32_t v = examples_[0][static_cast<size_t>(i)][dim];
    if (v >= lo_[dim] && v <= hi_[dim]) return false;
  }
  return true;
}

bool InventoryRule::Decided() const {
  if (counts_[0] == 0) return true;
  for (int d = 0; d < kInventoryDims; ++d) {
    if (Relevant(d)) return true;
  }
  return false;
}

bool InventoryRule::Matches(const Inventory& inventory) const {
  if (counts_[1] == 0) return false;
  bool any_relevant = false;
  for (int d = 0; d < kInventoryDims; ++d) {
    if (!Relevant(d)) continue;
    any_relevant = true;
    const auto dim = static_cast<size_t>(d);
    if (inventory[dim] < lo_[dim] || inventory[dim] > hi_[dim]) return false;
  }
  if (any_relevant) return true;
  // No consistent interval: the majority vote of §4.4.
  return counts_[1] >= counts_[0];
}

// ---------------------------------------------------------------------------------------------
// CollisionClassifier

void CollisionClassifier::Learn(const Inventory& inventory, bool blocked, uint8_t effects,
                                double score_change) {
  ++collisions_;
  blocked_rule_.Add(inventory, blocked);
  if (blocked) return;
  // Negatives of the blocked rule go on to the effect-type classifier.
  if (!has_a_) {
    has_a_ = true;
    effects_a_ = effects;
  }
  if (effects == effects_a_) {
    effect_rule_.Add(inventory, true);
    score_a_ += score_change;
    ++count_a_;
    return;
  }
  for (int i = 0; i < num_b_; ++i) {
    GroupB& g = groups_b_[static_cast<size_t>(i)];
    if (g.effects != effects) continue;
    effect_rule_.Add(inventory, false);
    g.score += score_change;
    ++g.count;
    return;
  }
  // More groups than the classifier keeps are ignored (§4.4).
  if (num_b_ == kMaxGroupsB) return;
  groups_b_[static_cast<size_t>(num_b_++)] = GroupB{effects, score_change, 1};
  effect_rule_.Add(inventory, false);
}

int CollisionClassifier::MajorityB() const {
  int best = -1;
  for (int i = 0; i < num_b_; ++i) {
    if (best < 0 ||
        groups_b_[static_cast<size_t>(i)].count > groups_b_[static_cast<size_t>(best)].count) {
      best = i;
    }
  }
  return best;
}

CollisionPrediction CollisionClassifier::Predict(const Inventory& inventory) const {
  CollisionPrediction p;
  if (collisions_ == 0) return p;
  p.known = true;
  if (blocked_rule_.Matches(inventory) || !has_a_) {
    p.blocked = true;
    p.certainly_blocked = blocked_rule_.Decided();
    return p;
  }
  const int b = MajorityB();
  if (b < 0 || effect_rule_.Matches(inventory)) {
    p.effects = effects_a_;
    p.score_change = count_a_ > 0 ? score_a_ / count_a_ : 0.0;
  } else {
    const GroupB& g = groups_b_[static_cast<size_t>(b)];
    p.effects = g.effects;
    p.score_change = g.score / g.count;
  }
  return p;
}

// ---------------------------------------------------------------------------------------------
// KnowledgeBase

void KnowledgeBase::Init(const State& first, SpawnerRule spawner_rule, bool unmet_danger) {
  spawner_rule_ = spawner_rule;
  unmet_danger_ = unmet_danger;
  grid_.Init(first);
  type_count_ = first.def().type_count();
  const auto types = static_cast<size_t>(type_count_);
  const auto cells = static_cast<size_t>(grid_.width() * grid_.height());
  stochastic_ = false;
  types_.assign(types, TypeInfo{});
  classifiers_.assign(types * types, CollisionClassifier{});
  not_blocking_.assign(types * types, 0);
  control_.assign(types, 0);
  num_dims_ = 0;
  dims_.fill(kNoType);
  type_counts_.assign(types, 0);
  heat_.assign(cells, kNoHeat);
  bfs_.assign(cells, 0);
  bfs_depth_.assign(cells, 0);
  bfs_stamp_.assign(cells, 0);
  bfs_search_ = 0;
  // Room for several times the first state's sprites: sprite counts grow in some games; a
  // diff beyond the room grows a vector of a few kilobytes once.
  const size_t room = 4 * static_cast<size_t>(first.sprite_count()) + 256;
  a_.reserve(room);
  b_.reserve(room);
  moved_.reserve(room);
  vanished_.reserve(room);
  appeared_.reserve(room);
  appeared_owner_.reserve(room);
  changed_.reserve(3 * room);
  collided_.reserve(64);
  LearnWhatLiesUnderTheAvatar(first);
}

int32_t KnowledgeBase::CellOf(const State& s, SpriteRef r) const {
  const Rect& rect = s.sprite(r).rect;
  return grid_.CellAt(rect.x, rect.y);
}

void KnowledgeBase::Collect(const State& s, std::vector<Seen>& out, bool with_frozen) const {
  out.clear();
  for (TypeId t = 0; t < type_count_; ++t) {
    if ((!with_frozen && s.is_frozen_type(t)) || IsTypeHiddenFrom(s, t)) continue;
    for (SpriteRef r : s.sprites_of(t)) {
      const Sprite& sp = s.sprite(r);
      if (sp.has(SpriteFlag::kOfAvatarType)) continue;
      out.push_back(Seen{t, sp.id, CellOf(s, r)});
    }
  }
}

template <class F>
void KnowledgeBase::ForEachVisibleAt(const State& s, int32_t cell, F&& f) const {
  for (TypeId t = 0; t < type_count_; ++t) {
    if (IsTypeHiddenFrom(s, t)) continue;
    for (SpriteRef r : s.sprites_of(t)) {
      if (!s.sprite(r).has(SpriteFlag::kOfAvatarType) && CellOf(s, r) == cell) f(t);
    }
  }
}

void KnowledgeBase::Diff() {
  moved_.clear();
  vanished_.clear();
  appeared_.clear();
  appeared_owner_.clear();
  changed_.clear();
  int32_t owner = 0;
  size_t i = 0;
  size_t j = 0;
  // Both lists are sorted by (type, id): a type's sprites are in creation order, ids ascending.
  while (i < a_.size() || j < b_.size()) {
    const bool take_a =
        j == b_.size() || (i < a_.size() && (a_[i].type < b_[j].type ||
                                             (a_[i].type == b_[j].type && a_[i].id < b_[j].id)));
    const bool take_b =
        i == a_.size() || (j < b_.size() && (b_[j].type < a_[i].type ||
                                             (a_[i].type == b_[j].type && b_[j].id < a_[i].id)));
    if (take_a) {
      vanished_.push_back(Moved{a_[i].type, a_[i].cell, a_[i].cell, owner});
      changed_.push_back(Change{a_[i].cell, owner++});  // vanished
      ++i;
    } else if (take_b) {
      appeared_owner_.push_back(owner);
      changed_.push_back(Change{b_[j].cell, owner++});  // appeared
      appeared_.push_back(static_cast<int32_t>(j));
      ++j;
    } else {
      if (a_[i].cell != b_[j].cell) {
        moved_.push_back(Moved{a_[i].type, a_[i].cell, b_[j].cell, owner});
        changed_.push_back(Change{a_[i].cell, owner});
        changed_.push_back(Change{b_[j].cell, owner++});
      }
      ++i;
      ++j;
    }
  }
}

int KnowledgeBase::DimOf(TypeId resource) {
  for (int d = 0; d < num_dims_; ++d) {
    if (dims_[static_cast<size_t>(d)] == resource) return d;
  }
  if (num_dims_ == kInventoryDims) return -1;
  dims_[static_cast<size_t>(num_dims_)] = resource;
  return num_dims_++;
}

Inventory KnowledgeBase::InventoryOf(const State& state) const {
  Inventory inv{};
  if (state.player_count() == 0) return inv;
  const SpriteRef avatar = state.player(0).avatar;
  if (avatar == kNoSprite) return inv;
  for (const ResourceRecord& r : state.resources()) {
    if (r.owner != avatar) continue;
    for (int d = 0; d < num_dims_; ++d) {
      if (dims_[static_cast<size_t>(d)] == r.type) inv[static_cast<size_t>(d)] = r.amount;
    }
  }
  return inv;
}

uint8_t KnowledgeBase::EffectsOf(const State& before, const State& after) const {
  uint8_t e = 0;
  if (HasAvatar(before) && HasAvatar(after) && AvatarType(before) != AvatarType(after)) {
    e |= kEffectAvatarType;
  }
  if (InventoryOf(before) != InventoryOf(after)) e |= kEffectInventory;
  const double delta = Score(after) - Score(before);
  if (delta > 0) e |= kEffectScoreUp;
  if (delta < 0) e |= kEffectScoreDown;
  if (after.ended()) {
    const Winner w = GameWinner(after);
    if (w == Winner::kWins) e |= kEffectWin;
    if (w == Winner::kLoses) e |= kEffectLose;
  }
  if (!appeared_.empty()) e |= kEffectNewObjects;
  if (b_.size() < a_.size() + appeared_.size()) e |= kEffectGoneObjects;
  return e;
}

void KnowledgeBase::Observe(const State& before, Action action, const State& after) {
  if (before.player_count() == 0) return;
  // New inventory dimensions first, so that the examples below see them.
  const SpriteRef avatar = after.player(0).avatar;
  for (const ResourceRecord& r : after.resources()) {
    if (r.owner == avatar) DimOf(r.type);
  }
  Collect(before, a_, /*with_frozen=*/false);
  Collect(after, b_, /*with_frozen=*/false);
  Diff();
  for (const Moved& m : moved_) {
    TypeInfo& info = Type(m.type);
    if (m.from == GridDistance::kNoCell || m.to == GridDistance::kNoCell) continue;
    const int w = grid_.width();
    info.max_step_x = std::max(info.max_step_x, std::abs(m.from % w - m.to % w));
    info.max_step_y = std::max(info.max_step_y, std::abs(m.from / w - m.to / w));
  }
  LearnCollisions(before, action, after);
  LearnPortal(before, after);
  LearnSpawners(before, after);
}

void KnowledgeBase::LearnCollisions(const State& before, Action action, const State& after) {
  collided_.clear();
  const size_t first_new = before.events().size();
  const bool score_rose = Score(after) > Score(before);
  for (size_t i = first_new; i < after.events().size(); ++i) {
    const Event& e = after.events()[i];
    if (e.passive_type < 0) continue;
    // The avatar's own sprites' collisions are not the avatar's (§4.4); they tell whether
    // ACTION_USE acts on the object (§5's "use action is possible").
    if (e.from_avatar) {
      if (score_rose || Vanished(e.passive_type)) Type(e.passive_type).use_affects = true;
      continue;
    }
    if (std::find(collided_.begin(), collided_.end(), e.passive_type) == collided_.end()) {
      collided_.push_back(e.passive_type);
    }
  }
  LearnControl(before, action, after);
  if (collided_.empty() || !HasAvatar(before)) return;
  const TypeId avatar_type = AvatarType(before);
  const Inventory inventory = InventoryOf(before);
  const bool still = HasAvatar(after) && AvatarPosition(after) == AvatarPosition(before);
  const bool blocked = IsMove(action) && still;
  const uint8_t effects = EffectsOf(before, after);
  const double score_change = Score(after) - Score(before);
  for (TypeId t : collided_) {
    classifiers_[PairIndex(avatar_type, t)].Learn(inventory, blocked, effects, score_change);
  }
}

// §4.2 compares "the expected state change with the encountered change at every state
// transition". What a transition that leaves the avatar on its cell shows, the paper does not
// say; the authors' code (YOLOBOT's YoloKnowledge.learnAgentMovement, read to settle it) takes
// it for control, whatever the action: a wall, a turn or an avatar slower than a cell a tick
// (one that needs several ticks to leave its cell) stays in control. A move to another cell
// than the action's neighbour (a NIL or USE that moved the avatar, a conveyor, a catapult)
// counts against it.
void KnowledgeBase::LearnControl(const State& before, Action action, const State& after) {
  if (!HasAvatar(before) || !HasAvatar(after)) return;
  const TypeId type = AvatarType(before);
  if (AvatarType(after) != type) return;
  const int32_t from = grid_.AvatarCell(before);
  const int32_t to = grid_.AvatarCell(after);
  if (from == GridDistance::kNoCell || to == GridDistance::kNoCell) return;
  const int w = grid_.width();
  const int32_t expected_x = from % w + Dx(action);
  const int32_t expected_y = from / w + Dy(action);
  const bool as_expected = to == from || (to % w == expected_x && to / w == expected_y);
  int& counter = control_[static_cast<size_t>(type)];
  counter += as_expected ? 1 : -1;
  counter = std::max(counter, kControlThreshold);
  counter = std::min(counter, -kControlThreshold);
}

bool KnowledgeBase::AvatarInControl(TypeId avatar_type) const {
  if (avatar_type < 0 || avatar_type >= type_count_) return true;
  return control_[static_cast<size_t>(avatar_type)] > kControlThreshold;
}

void KnowledgeBase::LearnPortal(const State& before, const State& after) {
  const int32_t from = grid_.AvatarCell(before);
  const int32_t to = grid_.AvatarCell(after);
  if (from == GridDistance::kNoCell || to == GridDistance::kNoCell) return;
  if (GridDistance::Manhattan(from, to, grid_.width()) <= 2 || collided_.empty()) return;
  // The exit: an object on the target cell in the prior tick (frozen ones too: an exit may
  // be an object no rule names).
  TypeId exit = kNoType;
  ForEachVisibleAt(before, to, [&](TypeId t) {
    if (exit == kNoType) exit = t;
  });
  if (exit == kNoType) return;
  for (TypeId entry : collided_) {
    if (entry != exit) Type(entry).portal_exit = exit;
  }
}

bool KnowledgeBase::Vanished(TypeId t) const {
  for (const Moved& m : vanished_) {
    if (m.type == t) return true;
  }
  return false;
}

bool KnowledgeBase::ChangedNear(int32_t cell, int32_t owner) const {
  const int w = grid_.width();
  for (const Change& change : changed_) {
    const int32_t c = change.cell;
    if (c == GridDistance::kNoCell || change.owner == owner) continue;
    if (std::abs(c % w - cell % w) <= 1 && std::abs(c / w - cell / w) <= 1) return true;
  }
  return false;
}

void KnowledgeBase::LearnSpawners(const State& before, const State& after) {
  if (appeared_.empty()) return;
  const int32_t avatar_before = grid_.AvatarCell(before);
  const int32_t avatar_after = grid_.AvatarCell(after);
  const int w = grid_.width();
  for (size_t k = 0; k < appeared_.size(); ++k) {
    const Seen& spawned = b_[static_cast<size_t>(appeared_[k])];
    const int32_t cell = spawned.cell;
    if (cell == GridDistance::kNoCell) continue;
    bool avatar_near = false;
    for (int32_t a : {avatar_before, avatar_after}) {
      if (a == GridDistance::kNoCell) continue;
      if (std::abs(a % w - cell % w) <= 1 && std::abs(a / w - cell / w) <= 1) avatar_near = true;
    }
    if (avatar_near || ChangedNear(cell, appeared_owner_[k])) continue;
    // The spawner: an object on the cell in `before`; a portal first, then one not yet a
    // spawner, then the first (SpawnerRule).
    TypeId chosen = kNoType;
    TypeId only = kNoType;
    int types_on_cell = 0;
    int rank = 3;
    ForEachVisibleAt(before, cell, [&](TypeId t) {
      if (t == spawned.type) return;
      if (t != only) ++types_on_cell;
      only = t;
      int r = 2;
      if (before.type_def(t).portal) {
        r = 0;
      } else if (!Type(t).spawner) {
        r = 1;
      }
      if (r < rank) {
        rank = r;
        chosen = t;
      }
    });
    if (spawner_rule_ == SpawnerRule::kAlone && rank != 0 && types_on_cell != 1) continue;
    if (chosen == kNoType) continue;
    Type(chosen).spawner = true;
    Type(chosen).spawns = spawned.type;
  }
}

bool KnowledgeBase::ObserveRepeat(const State& first, const State& second) {
  if (SameGameState(first, second)) return false;
  stochastic_ = true;
  Collect(first, a_, /*with_frozen=*/false);
  Collect(second, b_, /*with_frozen=*/false);
  Diff();
  // A changed object with no changed neighbour changed by itself: it is stochastic. One with
  // changed neighbours may have been pushed (§4.2).
  auto mark = [&](TypeId type, int32_t cell, int32_t owner) {
    if (cell == GridDistance::kNoCell || !ChangedNear(cell, owner)) Type(type).stochastic = true;
  };
  for (const Moved& m : moved_) mark(m.type, m.from, m.owner);
  for (const Moved& m : vanished_) mark(m.type, m.from, m.owner);
  for (size_t k = 0; k < appeared_.size(); ++k) {
    const Seen& s = b_[static_cast<size_t>(appeared_[k])];
    mark(s.type, s.cell, appeared_owner_[k]);
  }
  return true;
}

void KnowledgeBase::LearnWhatLiesUnderTheAvatar(const State& s) {
  const int32_t cell = grid_.AvatarCell(s);
  if (cell == GridDistance::kNoCell) return;
  ForEachVisibleAt(s, cell, [&](TypeId t) { Type(t).under_avatar = true; });
}

bool KnowledgeBase::Inert(TypeId avatar_type, TypeId t) const {
  if (avatar_type < 0 || t < 0) return false;
  return Type(t).under_avatar && classifiers_[PairIndex(avatar_type, t)].collisions() == 0;
}

void KnowledgeBase::ObserveTick(const State& before, const State& after) {
  LearnWhatLiesUnderTheAvatar(after);
  Collect(before, a_, /*with_frozen=*/true);
  Collect(after, b_, /*with_frozen=*/true);
  Diff();
  const int tick = after.tick();
  for (TypeId t = 0; t < type_count_; ++t) {
    bool moved = false;
    for (const Moved& m : moved_) moved = moved || m.type == t;
    if (!moved) continue;
    TypeInfo& info = Type(t);
    if (info.last_move_tick >= 0 && info.move_interval >= 0) {
      const int interval = tick - info.last_move_tick;
      if (info.move_interval == 0) {
        info.move_interval = interval;
      } else if (info.move_interval != interval) {
        info.move_interval = -1;
      }
    }
    info.last_move_tick = tick;
  }
  // Blocking objects of stochastic types: two objects seen on one cell do not block.
  for (size_t i = 0; i < b_.size(); ++i) {
    if (!Type(b_[i].type).stochastic || b_[i].cell == GridDistance::kNoCell) continue;
    for (size_t j = 0; j < b_.size(); ++j) {
      if (j == i || b_[j].cell != b_[i].cell) continue;
      not_blocking_[PairIndex(b_[i].type, b_[j].type)] = 1;
    }
  }
}

int KnowledgeBase::step_frequency(TypeId t) const {
  const int interval = Type(t).move_interval;
  return interval > 0 ? interval : 1;
}

bool KnowledgeBase::MayBlock(TypeId mover, TypeId other) const {
  return not_blocking_[PairIndex(mover, other)] == 0;
}

CollisionPrediction KnowledgeBase::Predict(TypeId avatar_type, TypeId object,
                                           const Inventory& inventory) const {
  if (avatar_type < 0 || object < 0) return {};
  CollisionPrediction p = classifiers_[PairIndex(avatar_type, object)].Predict(inventory);
  const TypeId spawned = Type(object).spawns;
  if (spawned != kNoType && spawned != object) {
    // §4.5: colliding with a spawner as it spawns has the spawned object's effect.
    const CollisionPrediction via =
        classifiers_[PairIndex(avatar_type, spawned)].Predict(inventory);
    if (via.loses()) {
      p.known = true;
      p.effects |= kEffectLose;
    }
  }
  return p;
}

bool KnowledgeBase::Dangerous(TypeId avatar_type, TypeId t) const {
  if (!Type(t).stochastic || avatar_type < 0) return false;
  const CollisionClassifier& c = classifiers_[PairIndex(avatar_type, t)];
  if (c.collisions() == 0) return unmet_danger_;
  return c.Predict(Inventory{}).loses();
}

const std::vector<double>& KnowledgeBase::DangerHeatmap(const State& state) {
  std::fill(heat_.begin(), heat_.end(), kNoHeat);
  if (!HasAvatar(state)) return heat_;
  const TypeId avatar_type = AvatarType(state);
  const int w = grid_.width();
  const int h = grid_.height();
  for (TypeId t = 0; t < type_count_; ++t) {
    if (!Dangerous(avatar_type, t)) continue;
    const double freq = step_frequency(t);
    const int sx = Type(t).max_step_x;
    const int sy = Type(t).max_step_y;
    for (SpriteRef r : state.sprites_of(t)) {
      if (IsHiddenFrom(state, r)) continue;
      const int32_t start = CellOf(state, r);
      if (start == GridDistance::kNoCell) continue;
      // Breadth-first over the neighbouring cells, up to depth kHeatDepth.
      ++bfs_search_;
      size_t head = 0;
      size_t tail = 0;
      bfs_[tail++] = start;
      bfs_depth_[static_cast<size_t>(start)] = 0;
      bfs_stamp_[static_cast<size_t>(start)] = bfs_search_;
      while (head < tail) {
        const int32_t cell = bfs_[head++];
        const int dx = std::abs(cell % w - start % w);
        const int dy = std::abs(cell / w - start / w);
        if ((dx == 0 || sx > 0) && (dy == 0 || sy > 0)) {
          const double steps = (sx > 0 ? static_cast<double>(dx) / sx : 0.0) +
                               (sy > 0 ? static_cast<double>(dy) / sy : 0.0);
          double& heat = heat_[static_cast<size_t>(cell)];
          heat = std::min(heat, freq * steps);
        }
        const int depth = bfs_depth_[static_cast<size_t>(cell)];
        if (depth == kHeatDepth) continue;
        const int x = cell % w;
        const int y = cell / w;
        const int32_t next[4] = {x > 0 ? cell - 1 : -1, x + 1 < w ? cell + 1 : -1,
                                 y > 0 ? cell - w : -1, y + 1 < h ? cell + w : -1};
        for (int32_t n : next) {
          if (n < 0 || grid_.IsWall(n) || bfs_stamp_[static_cast<size_t>(n)] == bfs_search_) {
            continue;
          }
          bfs_stamp_[static_cast<size_t>(n)] = bfs_search_;
          bfs_depth_[static_cast<size_t>(n)] = depth + 1;
          bfs_[tail++] = n;
        }
      }
    }
  }
  return heat_;
}

}  // namespace vgdl
