// UCT reverse penalty (Frydenberg et al. 2015, §V-D; see reverse_penalty.h).
#include "agents/mcts/reverse_penalty.h"

#include <stdexcept>
#include <string>

#include "agents/mcts/action_statistics.h"

namespace vgdl {

void RecentPositions::Push(int32_t cell) {
  cells[static_cast<size_t>(next)] = cell;
  next = static_cast<int8_t>((next + 1) % kReversePenaltyPositions);
  if (count < kReversePenaltyPositions) ++count;
}

bool RecentPositions::Contains(int32_t cell) const {
  for (int i = 0; i < count; ++i) {
    if (cells[static_cast<size_t>(i)] == cell) return true;
  }
  return false;
}

int32_t RecentPositions::Newest() const {
  if (count == 0) return kNoCell;
  return cells[static_cast<size_t>((next + kReversePenaltyPositions - 1) %
                                   kReversePenaltyPositions)];
}

void ValidateReversePenaltyFactor(double factor) {
  if (!(factor > 0.0 && factor <= 1.0)) {
    throw std::invalid_argument("the reverse penalty factor must be in (0, 1], not " +
                                std::to_string(factor));
  }
}

double ApplyReversePenalty(double uct_value, double factor) {
  return uct_value >= 0.0 ? uct_value * factor : uct_value * (2.0 - factor);
}

ReversePenalty::ReversePenalty(double factor) : factor_(factor) {
  ValidateReversePenaltyFactor(factor);
}

void ReversePenalty::Clear() {
  history_ = RecentPositions{};
  history_tick_ = -1;
  known_ = 0;
}

void ReversePenalty::Move(int32_t from, int32_t to) {
  if (to == 0) known_before_moves_ = known_;
  lists_[to] = from < known_before_moves_ ? lists_[from] : RecentPositions{};
  known_ = to + 1;
}

void ReversePenalty::Reach(int32_t node) {
  for (; known_ <= node; ++known_) lists_[known_] = RecentPositions{};
}

void ReversePenalty::BeginSearch(const State& root) {
  if (root.tick() != history_tick_) {
    history_.Push(AvatarCell(root));
    history_tick_ = root.tick();
  }
  Reach(0);
  lists_[0] = history_;
}

void ReversePenalty::Record(int32_t parent, int32_t child, const State& state) {
  Reach(child);
  RecentPositions list = List(parent);
  list.Push(AvatarCell(state));
  lists_[child] = list;
}

RecentPositions ReversePenalty::List(int32_t node) const {
  return node < known_ ? lists_[node] : RecentPositions{};
}

bool ReversePenalty::Penalised(int32_t parent, int32_t child) const {
  const int32_t cell = List(child).Newest();
  return cell != kNoCell && List(parent).Contains(cell);
}

}  // namespace vgdl
