#include "agents/mcts/breadth_first_init.h"

#include <utility>

#include "agents/common/safety.h"

namespace vgdl {

void BreadthFirstInit::Clear() {
  pruned_.fill(false);
  for (Slot& slot : slots_) slot.count = 0;
}

void BreadthFirstInit::Run(const State& root, const ActionList& actions, int samples, Tree& tree,
                           Budget& budget, AgentRandom& rng, const Evaluator& evaluate) {
  Clear();
  std::array<double, kMaxSearchActions> value_sums{};
  std::array<int, kMaxSearchActions> evaluated{};
  const SafetyCounts counts = RunSafetyPrepruning(
      root, actions, samples, budget, rng, scratch_, [&](int i, State& successor) {
        const auto a = static_cast<size_t>(i);
        value_sums[a] += evaluate(successor);
        ++evaluated[a];
        Slot& slot = slots_[a];
        if (slot.count >= kMaxCachedPerAction) return;
        SimState& cached = slot.states[static_cast<size_t>(slot.count++)];
        // The successor is not needed after this call: swap rather than copy it.
        if (cached.has_value()) {
          std::swap(cached.get(), successor);
        } else {
          cached.CopyFrom(successor, rng);
        }
      });
  for (int i = 0; i < actions.size(); ++i) {
    const auto a = static_cast<size_t>(i);
    pruned_[a] = !counts.safe(i);
    if (evaluated[a] == 0) continue;
    // A pruned action gets its node too (unvisited), so that the root counts as fully
    // expanded and no play-out starts with it; selection and the final move skip it.
    int32_t child = tree.child(Tree::root(), i);
    if (child == kNoNode) child = tree.AddChild(Tree::root(), i);
    if (child == kNoNode) continue;
    if (pruned_[a]) {
      slots_[a].count = 0;
      continue;
    }
    // One simulation's weight, for the child and for the root (§4.1.1).
    const double mean = value_sums[a] / evaluated[a];
    for (int32_t n : {child, Tree::root()}) {
      Node& node = tree.node(n);
      node.visits += 1.0;
      node.total += mean;
      node.bounds.Add(mean);
    }
  }
}

bool BreadthFirstInit::TakeCached(int action, State& state) {
  Slot& slot = slots_[static_cast<size_t>(action)];
  if (slot.count == 0) return false;
  std::swap(state, slot.states[static_cast<size_t>(--slot.count)].get());
  return true;
}

}  // namespace vgdl
