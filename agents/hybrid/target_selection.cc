// Joppen et al. 2016, §5: target selection (see target_selection.h).
#include "agents/hybrid/target_selection.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "agents/hybrid/moves.h"
#include "engine/observation.h"

namespace vgdl {

namespace {

using hybrid_moves::Dx;
using hybrid_moves::Dy;

bool LaterInHeap(const auto& a, const auto& b) {
  return a.d > b.d;
}

}  // namespace

void TargetSelector::Init(const State& first, const KnowledgeBase& kb,
                          const TargetOptions& options) {
  options_ = options;
  last_target_tick_.assign(static_cast<size_t>(kb.type_count()), 0);
  target_type_ = kNoType;
  width_ = kb.grid().width();
  height_ = kb.grid().height();
  const auto cells = static_cast<size_t>(width_ * height_);
  // Eq. 5.3's most expensive path through every cell: more than any real distance.
  unreachable_ = (1.0 + kHeatCost) * static_cast<double>(cells) + 1.0;
  blocked_.assign(cells, 0);
  from_avatar_.assign(cells, unreachable_);
  to_target_.assign(cells, unreachable_);
  heap_.reserve(4 * cells + 16);
  line_value_.assign(static_cast<size_t>(std::max(width_, height_)), 0.0);
  const ActionList actions = ActionList::Of(first, false);
  const bool vertical = actions.IndexOf(Action::kUp) >= 0 || actions.IndexOf(Action::kDown) >= 0;
  const bool horizontal =
      actions.IndexOf(Action::kLeft) >= 0 || actions.IndexOf(Action::kRight) >= 0;
  one_axis_ = vertical != horizontal;
  columns_ = horizontal;
  target_cell_ = GridDistance::kNoCell;
  target_id_ = -1;
  num_banned_ = 0;
  next_banned_ = 0;
  stale_ticks_ = 0;
}

void TargetSelector::Dijkstra(int32_t from, const std::vector<double>& heat,
                              std::vector<double>& dist) {
  std::fill(dist.begin(), dist.end(), unreachable_);
  if (from == GridDistance::kNoCell) return;
  heap_.clear();
  dist[static_cast<size_t>(from)] = 0.0;
  heap_.push_back({0.0, from});
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), LaterInHeap<HeapEntry, HeapEntry>);
    const HeapEntry top = heap_.back();
    heap_.pop_back();
    if (top.d > dist[static_cast<size_t>(top.cell)]) continue;
    const int x = top.cell % width_;
    const int y = top.cell / width_;
    const int32_t next[4] = {x > 0 ? top.cell - 1 : -1, x + 1 < width_ ? top.cell + 1 : -1,
                             y > 0 ? top.cell - width_ : -1,
                             y + 1 < height_ ? top.cell + width_ : -1};
    for (int32_t n : next) {
      if (n < 0) continue;
      const double cost = 1.0 + kHeatCost / (heat[static_cast<size_t>(n)] + 1.0);
      const double d = top.d + cost;
      if (d >= dist[static_cast<size_t>(n)]) continue;
      dist[static_cast<size_t>(n)] = d;
      // A blocked cell gets its distance (it may be the target) but is not passed through.
      if (blocked_[static_cast<size_t>(n)]) continue;
      heap_.push_back({d, n});
      std::push_heap(heap_.begin(), heap_.end(), LaterInHeap<HeapEntry, HeapEntry>);
    }
  }
}

bool TargetSelector::Banned(int32_t id, int tick) const {
  for (int i = 0; i < num_banned_; ++i) {
    const BannedTarget& b = banned_[static_cast<size_t>(i)];
    if (b.id == id && tick < b.until) return true;
  }
  return false;
}

void TargetSelector::Ban(int32_t id, int tick) {
  const int ticks = options_.rank == TargetRank::kPriority ? kPriorityBanTicks : options_.ban_ticks;
  const int until = ticks > 0 ? tick + ticks : std::numeric_limits<int>::max();
  banned_[static_cast<size_t>(next_banned_)] = {id, until};
  next_banned_ = (next_banned_ + 1) % kMaxBanned;
  num_banned_ = std::min(num_banned_ + 1, kMaxBanned);
}

bool TargetSelector::Met(const KnowledgeBase& kb, const CollisionPrediction& p, TypeId avatar_type,
                         TypeId t) const {
  return p.known || (options_.met == MetRule::kSharedCell && kb.Inert(avatar_type, t));
}

bool TargetSelector::UsePossible(const State& state, const KnowledgeBase& kb, TypeId t) {
  return kb.UseAffects(t) && ActionList::Of(state, /*with_nil=*/false).IndexOf(Action::kUse) >= 0;
}

double TargetSelector::Desirability(const State& state, const KnowledgeBase& kb, TypeId t) const {
  if (!HasAvatar(state)) return 0.0;
  const TypeId avatar_type = AvatarType(state);
  const CollisionPrediction p = kb.Predict(avatar_type, t, kb.InventoryOf(state));
  const TargetWeights& w = weights_;
  double v = 0.0;
  const bool met = Met(kb, p, avatar_type, t);
  if (!met) v += w.unseen;
  if (p.blocked) v += w.blocks;
  if ((p.effects & kEffectScoreUp) != 0) v += w.score_up;
  if ((p.effects & kEffectScoreDown) != 0) v += w.score_down;
  if (p.wins()) v += w.win;
  if (p.loses()) v += w.lose;
  if ((p.effects & kEffectInventory) != 0) v += w.inventory;
  if (kb.IsPortal(t)) v += w.portal;
  if (UsePossible(state, kb, t)) {
    v += w.use;
  }
  return v;
}

double TargetSelector::EffectPriority(const State& state, const KnowledgeBase& kb, TypeId t,
                                      bool portal_category) const {
  if (!HasAvatar(state)) return 0.0;
  const TypeId avatar_type = AvatarType(state);
  const CollisionPrediction p = kb.Predict(avatar_type, t, kb.InventoryOf(state));
  const TargetPriorities& w = priorities_;
  const bool met = Met(kb, p, avatar_type, t);
  const bool score_up = (p.effects & kEffectScoreUp) != 0;
  const bool inventory = (p.effects & kEffectInventory) != 0;
  const bool use = UsePossible(state, kb, t);
  double v = (p.effects & kEffectScoreDown) != 0 ? w.score_down : 0.0;
  if (p.wins()) return v + w.win;
  // The code's portal is GVGAI's observation category (a door, an exit, a teleporter), not a
  // teleport the knowledge base has seen; a type known to spawn others is not one.
  const bool portal = portal_category && kb.SpawnedBy(t) == kNoType;
  if (!met && portal) return v + w.unmet_portal;
  if (p.blocked) return v + w.blocks;
  if (score_up && inventory) return v + w.score_and_inventory;
  if (score_up) return v + w.score_up;
  if (inventory) return v + w.inventory;
  if (!met) return v + w.unmet;
  if (use && !p.loses()) return v + w.use;
  if ((p.effects & kEffectAvatarType) != 0) return v + w.avatar_type;
  if (p.loses()) return v + w.lose;
  return v;
}

void TargetSelector::MarkBlockedCells(const State& root, const KnowledgeBase& kb) {
  const GridDistance& grid = kb.grid();
  const TypeId avatar_type = AvatarType(root);
  const Inventory inventory = kb.InventoryOf(root);
  for (int32_t c = 0; c < width_ * height_; ++c) blocked_[static_cast<size_t>(c)] = grid.IsWall(c);
  for (TypeId t = 0; t < kb.type_count(); ++t) {
    if (!kb.Predict(avatar_type, t, inventory).blocked) continue;
    for (SpriteRef r : root.sprites_of(t)) {
      const int32_t c = grid.CellAt(root.sprite(r).rect.x, root.sprite(r).rect.y);
      if (c != GridDistance::kNoCell && !IsHiddenFrom(root, r))
        blocked_[static_cast<size_t>(c)] = 1;
    }
  }
}

bool TargetSelector::Eligible(const State& root, SpriteRef r, const KnowledgeBase& kb,
                              int32_t avatar, int32_t* cell) const {
  const Sprite& sp = root.sprite(r);
  if (sp.has(SpriteFlag::kOfAvatarType) || sp.has(SpriteFlag::kFromAvatar) ||
      IsHiddenFrom(root, r) || Banned(sp.id, root.tick())) {
    return false;
  }
  *cell = kb.grid().CellAt(sp.rect.x, sp.rect.y);
  return *cell != GridDistance::kNoCell && *cell != avatar;
}

TargetSelector::Choice TargetSelector::ChooseByDistance(const State& root, const KnowledgeBase& kb,
                                                        int32_t avatar) {
  Choice best{GridDistance::kNoCell, kNoType, -1, {}, std::numeric_limits<double>::lowest()};
  for (TypeId t = 0; t < kb.type_count(); ++t) {
    const auto sprites = root.sprites_of(t);
    if (sprites.empty()) continue;
    const double value = Desirability(root, kb, t);
    if (value <= 0.0) continue;
    for (SpriteRef r : sprites) {
      int32_t c = GridDistance::kNoCell;
      if (!Eligible(root, r, kb, avatar, &c)) continue;
      if (one_axis_) {
        const int line = columns_ ? c % width_ : c / width_;
        const int across = columns_ ? std::abs(c / width_ - avatar / width_)
                                    : std::abs(c % width_ - avatar % width_);
        line_value_[static_cast<size_t>(line)] += value / (1.0 + across);
        continue;
      }
      const double d = from_avatar_[static_cast<size_t>(c)];
      if (d >= unreachable_) continue;
      if (value - d > best.value) {
        const Sprite& sp = root.sprite(r);
        best = {c, t, sp.id, Vec2{static_cast<double>(sp.rect.x), static_cast<double>(sp.rect.y)},
                value - d};
      }
    }
  }
  return best;
}

TargetSelector::Choice TargetSelector::ChooseByPriority(const State& root, const KnowledgeBase& kb,
                                                        int32_t avatar) const {
  Choice best{GridDistance::kNoCell, kNoType, -1, {}, std::numeric_limits<double>::lowest()};
  const TargetPriorities& w = priorities_;
  for (TypeId t = 0; t < kb.type_count(); ++t) {
    // The nearest reachable object of the type stands for it.
    SpriteRef nearest = kNoSprite;
    int32_t nearest_cell = GridDistance::kNoCell;
    double nearest_d = unreachable_;
    for (SpriteRef r : root.sprites_of(t)) {
      int32_t c = GridDistance::kNoCell;
      if (!Eligible(root, r, kb, avatar, &c)) continue;
      const double d = from_avatar_[static_cast<size_t>(c)];
      if (d < nearest_d) {
        nearest = r;
        nearest_cell = c;
        nearest_d = d;
      }
    }
    if (nearest == kNoSprite) continue;
    double value = EffectPriority(root, kb, t, CategoryOf(root, nearest) == ObsCategory::kPortal);
    if (GridDistance::Manhattan(avatar, nearest_cell, width_) <= kNearCells) value += w.near;
    const int since = root.tick() - last_target_tick_[static_cast<size_t>(t)];
    value += std::min(w.rotation_max, std::floor(since / w.rotation_ticks));
    if (value > best.value) {
      const Sprite& sp = root.sprite(nearest);
      best = {nearest_cell, t, sp.id,
              Vec2{static_cast<double>(sp.rect.x), static_cast<double>(sp.rect.y)}, value};
    }
  }
  if (best.value < w.no_target_below) best.cell = GridDistance::kNoCell;
  return best;
}

bool TargetSelector::ChooseLine(const State& root, int32_t avatar) {
  int best_line = -1;
  for (size_t l = 0; l < line_value_.size(); ++l) {
    if (line_value_[l] > 0.0 &&
        (best_line < 0 || line_value_[l] > line_value_[static_cast<size_t>(best_line)])) {
      best_line = static_cast<int>(l);
    }
  }
  target_type_ = kNoType;
  target_id_ = -1;
  if (best_line < 0) return false;
  target_cell_ =
      columns_ ? (avatar / width_) * width_ + best_line : best_line * width_ + avatar % width_;
  for (int32_t c = 0; c < width_ * height_; ++c) {
    to_target_[static_cast<size_t>(c)] =
        columns_ ? std::abs(c % width_ - best_line) : std::abs(c / width_ - best_line);
  }
  target_position_ = Vec2{static_cast<double>((target_cell_ % width_) * root.block_size()),
                          static_cast<double>((target_cell_ / width_) * root.block_size())};
  return true;
}

// A target whose distance does not decrease is disregarded: after kPatience ticks under
// rank=distance, after 40 * max(1, priority / 50) under rank=priority (the authors' code).
void TargetSelector::Validate(const Choice& choice, int tick) {
  if (choice.id < 0) return;
  const double d = from_avatar_[static_cast<size_t>(choice.cell)];
  if (choice.id != target_id_) {
    best_distance_ = d;
    stale_ticks_ = 0;
    return;
  }
  const int patience = options_.rank == TargetRank::kPriority
                           ? static_cast<int>(40.0 * std::max(1.0, choice.value / 50.0))
                           : kPatience;
  if (d < best_distance_) {
    best_distance_ = d;
    stale_ticks_ = 0;
  } else if (++stale_ticks_ >= patience) {
    Ban(choice.id, tick);
    stale_ticks_ = 0;
  }
}

void TargetSelector::Update(const State& root, const KnowledgeBase& kb,
                            const std::vector<double>& heat) {
  const int32_t avatar = kb.grid().AvatarCell(root);
  if (avatar == GridDistance::kNoCell) {
    target_cell_ = GridDistance::kNoCell;
    return;
  }
  MarkBlockedCells(root, kb);
  Dijkstra(avatar, heat, from_avatar_);
  std::fill(line_value_.begin(), line_value_.end(), 0.0);
  const bool by_priority = options_.rank == TargetRank::kPriority && !one_axis_;
  const Choice best =
      by_priority ? ChooseByPriority(root, kb, avatar) : ChooseByDistance(root, kb, avatar);
  if (one_axis_) {
    if (!ChooseLine(root, avatar)) target_cell_ = GridDistance::kNoCell;
    return;
  }
  Validate(best, root.tick());
  // The rotation bonus restarts for a type when it stops being the target.
  if (target_type_ != kNoType && target_type_ != best.type) {
    last_target_tick_[static_cast<size_t>(target_type_)] = root.tick();
  }
  target_cell_ = best.cell;
  target_type_ = best.cell == GridDistance::kNoCell ? kNoType : best.type;
  target_id_ = best.cell == GridDistance::kNoCell ? -1 : best.id;
  target_position_ = best.position;
  if (best.cell != GridDistance::kNoCell) Dijkstra(best.cell, heat, to_target_);
}

double TargetSelector::DistanceFrom(int32_t cell) const {
  if (!has_target() || cell == GridDistance::kNoCell) return unreachable_;
  return to_target_[static_cast<size_t>(cell)];
}

double TargetSelector::ActionDistance(const State& state, Action action,
                                      const KnowledgeBase& kb) const {
  const int32_t cell = DestinationCell(state, action, kb);
  if (cell == GridDistance::kNoCell) return unreachable_;
  const int32_t here = kb.grid().AvatarCell(state);
  if (here != GridDistance::kNoCell && !one_axis_ &&
      GridDistance::Manhattan(here, target_cell_, width_) <= kEuclideanRange) {
    // Near the (possibly moving) target: the Euclidean distance to where it is (§5).
    const Vec2 p = AvatarPosition(state);
    const double bs = state.block_size();
    const double x = p.x + Dx(action) * bs - target_position_.x;
    const double y = p.y + Dy(action) * bs - target_position_.y;
    return std::sqrt(x * x + y * y) / bs;
  }
  return to_target_[static_cast<size_t>(cell)];
}

int TargetSelector::GreedyAction(const State& state, const ActionList& actions,
                                 const KnowledgeBase& kb, ActionMask allowed) const {
  if (!has_target() || !HasAvatar(state)) return -1;
  int best = -1;
  double best_d = std::numeric_limits<double>::max();
  for (int i = 0; i < actions.size(); ++i) {
    if ((allowed & (1u << i)) == 0 || actions[i] == Action::kUse) continue;
    const double d = ActionDistance(state, actions[i], kb);
    if (d < best_d) {
      best_d = d;
      best = i;
    }
  }
  return best_d >= unreachable_ ? -1 : best;
}

double TargetSelector::Prior(const State& state, Action action, const KnowledgeBase& kb) const {
  if (!has_target() || !HasAvatar(state)) return 0.5;
  const double here = ActionDistance(state, Action::kNil, kb);
  const double there = ActionDistance(state, action, kb);
  if (there < here) return 1.0;
  if (there > here) return 0.0;
  return 0.5;
}

}  // namespace vgdl
