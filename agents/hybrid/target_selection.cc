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

void TargetSelector::Init(const State& first, const KnowledgeBase& kb, int ban_ticks, MetRule met) {
  ban_ticks_ = ban_ticks;
  met_ = met;
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
  const int until = ban_ticks_ > 0 ? tick + ban_ticks_ : std::numeric_limits<int>::max();
  banned_[static_cast<size_t>(next_banned_)] = {id, until};
  next_banned_ = (next_banned_ + 1) % kMaxBanned;
  num_banned_ = std::min(num_banned_ + 1, kMaxBanned);
}

double TargetSelector::Desirability(const State& state, const KnowledgeBase& kb, TypeId t) const {
  if (!HasAvatar(state)) return 0.0;
  const TypeId avatar_type = AvatarType(state);
  const CollisionPrediction p = kb.Predict(avatar_type, t, kb.InventoryOf(state));
  const TargetWeights& w = weights_;
  double v = 0.0;
  const bool met = p.known || (met_ == MetRule::kSharedCell && kb.Inert(avatar_type, t));
  if (!met) v += w.unseen;
  if (p.blocked) v += w.blocks;
  if ((p.effects & kEffectScoreUp) != 0) v += w.score_up;
  if ((p.effects & kEffectScoreDown) != 0) v += w.score_down;
  if (p.wins()) v += w.win;
  if (p.loses()) v += w.lose;
  if ((p.effects & kEffectInventory) != 0) v += w.inventory;
  if (kb.IsPortal(t)) v += w.portal;
  if (kb.UseAffects(t) && ActionList::Of(state, /*with_nil=*/false).IndexOf(Action::kUse) >= 0) {
    v += w.use;
  }
  return v;
}

void TargetSelector::Update(const State& root, const KnowledgeBase& kb,
                            const std::vector<double>& heat) {
  const GridDistance& grid = kb.grid();
  const int32_t avatar = grid.AvatarCell(root);
  if (avatar == GridDistance::kNoCell) {
    target_cell_ = GridDistance::kNoCell;
    return;
  }
  const TypeId avatar_type = AvatarType(root);
  const Inventory inventory = kb.InventoryOf(root);
  std::fill(blocked_.begin(), blocked_.end(), 0);
  for (int32_t c = 0; c < width_ * height_; ++c) blocked_[static_cast<size_t>(c)] = grid.IsWall(c);
  for (TypeId t = 0; t < kb.type_count(); ++t) {
    if (!kb.Predict(avatar_type, t, inventory).blocked) continue;
    for (SpriteRef r : root.sprites_of(t)) {
      const int32_t c = grid.CellAt(root.sprite(r).rect.x, root.sprite(r).rect.y);
      if (c != GridDistance::kNoCell && !IsHiddenFrom(root, r))
        blocked_[static_cast<size_t>(c)] = 1;
    }
  }
  Dijkstra(avatar, heat, from_avatar_);

  // Eq. 5.4 over the visible objects.
  double best = std::numeric_limits<double>::lowest();
  int32_t best_cell = GridDistance::kNoCell;
  TypeId best_type = kNoType;
  int32_t best_id = -1;
  Vec2 best_position;
  std::fill(line_value_.begin(), line_value_.end(), 0.0);
  for (TypeId t = 0; t < kb.type_count(); ++t) {
    const auto sprites = root.sprites_of(t);
    if (sprites.empty()) continue;
    const double value = Desirability(root, kb, t);
    if (value <= 0.0) continue;
    for (SpriteRef r : sprites) {
      const Sprite& sp = root.sprite(r);
      if (sp.has(SpriteFlag::kOfAvatarType) || sp.has(SpriteFlag::kFromAvatar) ||
          IsHiddenFrom(root, r) || Banned(sp.id, root.tick())) {
        continue;
      }
      const int32_t c = grid.CellAt(sp.rect.x, sp.rect.y);
      if (c == GridDistance::kNoCell || c == avatar) continue;
      if (one_axis_) {
        const int line = columns_ ? c % width_ : c / width_;
        const int across = columns_ ? std::abs(c / width_ - avatar / width_)
                                    : std::abs(c % width_ - avatar % width_);
        line_value_[static_cast<size_t>(line)] += value / (1.0 + across);
        continue;
      }
      const double d = from_avatar_[static_cast<size_t>(c)];
      if (d >= unreachable_) continue;
      const double h = value - d;
      if (h > best) {
        best = h;
        best_cell = c;
        best_type = t;
        best_id = sp.id;
        best_position = Vec2{static_cast<double>(sp.rect.x), static_cast<double>(sp.rect.y)};
      }
    }
  }
  if (one_axis_) {
    int best_line = -1;
    for (size_t l = 0; l < line_value_.size(); ++l) {
      if (line_value_[l] > 0.0 &&
          (best_line < 0 || line_value_[l] > line_value_[static_cast<size_t>(best_line)])) {
        best_line = static_cast<int>(l);
      }
    }
    target_type_ = kNoType;
    target_id_ = -1;
    if (best_line < 0) {
      target_cell_ = GridDistance::kNoCell;
      return;
    }
    target_cell_ =
        columns_ ? (avatar / width_) * width_ + best_line : best_line * width_ + avatar % width_;
    for (int32_t c = 0; c < width_ * height_; ++c) {
      to_target_[static_cast<size_t>(c)] =
          columns_ ? std::abs(c % width_ - best_line) : std::abs(c / width_ - best_line);
    }
    target_position_ = Vec2{static_cast<double>((target_cell_ % width_) * root.block_size()),
                            static_cast<double>((target_cell_ / width_) * root.block_size())};
    return;
  }
  // Validation: a target whose distance does not decrease is disregarded after kPatience ticks.
  if (best_id >= 0 && best_id == target_id_) {
    const double d = from_avatar_[static_cast<size_t>(best_cell)];
    if (d < best_distance_) {
      best_distance_ = d;
      stale_ticks_ = 0;
    } else if (++stale_ticks_ >= kPatience) {
      Ban(best_id, root.tick());
      stale_ticks_ = 0;
    }
  } else if (best_id >= 0) {
    best_distance_ = from_avatar_[static_cast<size_t>(best_cell)];
    stale_ticks_ = 0;
  }
  target_cell_ = best_cell;
  target_type_ = best_type;
  target_id_ = best_id;
  target_position_ = best_position;
  if (best_cell != GridDistance::kNoCell) Dijkstra(best_cell, heat, to_target_);
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
