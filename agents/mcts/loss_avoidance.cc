#include "agents/mcts/loss_avoidance.h"

#include <algorithm>
#include <limits>

#include "agents/common/evaluation.h"

namespace vgdl {

void LossAvoidance::Reserve(int max_depth) {
  path_.reserve(static_cast<size_t>(std::max(max_depth, 1)));
}

bool LossAvoidance::CollectPath(const Tree& tree, int32_t node) {
  path_.clear();
  for (int32_t n = tree.node(node).parent; n != Tree::root(); n = tree.node(n).parent) {
    if (path_.size() == path_.capacity()) return false;  // would allocate inside the act
    path_.push_back(tree.node(n).action);
  }
  std::reverse(path_.begin(), path_.end());
  return true;
}

LossAvoidance::Backup LossAvoidance::Avoid(const State& root, const ActionList& actions,
                                           int32_t losing_node, double loss_value, Tree& tree,
                                           Budget& budget, AgentRandom& rng,
                                           const Evaluator& evaluate) {
  const Backup loss{losing_node, loss_value};
  if (!CollectPath(tree, losing_node)) return loss;
  ++processes_;
  State& state = replay_.CopyFrom(root, rng);
  int32_t node = Tree::root();
  for (const int8_t a : path_) {
    if (!SimulateStepWithin(state, actions[a], budget)) return loss;
    node = tree.child(node, a);
    // A stochastic game may end earlier this time: back that up, with no LA of its own.
    if (state.ended()) return Backup{node, evaluate(state)};
  }
  return BestSibling(actions, losing_node, loss_value, tree, budget, rng, evaluate);
}

LossAvoidance::Backup LossAvoidance::BestSibling(const ActionList& actions, int32_t losing_node,
                                                 double loss_value, Tree& tree, Budget& budget,
                                                 AgentRandom& rng, const Evaluator& evaluate) {
  const int32_t parent = tree.node(losing_node).parent;
  const int losing_action = tree.node(losing_node).action;
  std::array<double, kMaxSearchActions> values{};
  std::array<int32_t, kMaxSearchActions> nodes{};
  int tried = 0;
  Backup best{losing_node, loss_value};
  for (int a = 0; a < actions.size(); ++a) {
    double value = loss_value;
    if (a != losing_action) {
      if (!budget.HasRoom()) break;
      State& sibling = sibling_.CopyFrom(replay_.get(), rng);
      SimulateStep(sibling, actions[a], budget);
      value = evaluate(sibling);
    }
    int32_t child = tree.child(parent, a);
    if (child == kNoNode) child = tree.AddChild(parent, a);
    values[static_cast<size_t>(tried)] = value;
    nodes[static_cast<size_t>(tried)] = child;
    ++tried;
    if (child != kNoNode && value > best.value) best = Backup{child, value};
  }
  // The siblings not backed up keep what was learnt of them, with a small weight.
  for (int i = 0; i < tried; ++i) {
    const int32_t n = nodes[static_cast<size_t>(i)];
    if (n == kNoNode || n == best.node) continue;
    Node& sibling = tree.node(n);
    sibling.visits += 1.0 / tried;
    sibling.total += values[static_cast<size_t>(i)] / tried;
    sibling.bounds.Add(values[static_cast<size_t>(i)]);
  }
  return best;
}

}  // namespace vgdl
