#include "agents/rhea/statistical_tree.h"

#include <limits>

#include "agents/common/evaluation.h"
#include "agents/common/ucb1.h"

namespace vgdl::rhea {

StatisticalTree::StatisticalTree(int max_nodes)
    : trees_{Tree(max_nodes), Tree(max_nodes)}, source_(static_cast<size_t>(max_nodes)) {}

void StatisticalTree::Prefault() {
  for (Tree& t : trees_) t.Prefault();
}

void StatisticalTree::Reset(int num_actions) {
  mutable_tree().Reset(num_actions);
}

void StatisticalTree::Update(std::span<const int8_t> path, double value) {
  Tree& t = mutable_tree();
  int32_t node = Tree::root();
  for (size_t depth = 0;; ++depth) {
    Node& n = t.node(node);
    n.visits += 1.0;
    n.total += value;
    n.bounds.Add(value);
    if (depth == path.size()) return;
    const int a = path[depth];
    int32_t next = t.child(node, a);
    if (next == kNoNode) next = t.AddChild(node, a);
    if (next == kNoNode) return;  // the pool is full
    node = next;
  }
}

void StatisticalTree::Reroot(int action, double discount, int num_actions) {
  const Tree& from = tree();
  const bool keep = num_actions == from.num_actions() && action >= 0 &&
                    action < from.num_actions() && from.child(Tree::root(), action) != kNoNode;
  if (!keep) {
    Reset(num_actions);
    return;
  }
  Tree& to = trees_[1 - current_];
  to.Reset(num_actions);
  source_[0] = from.child(Tree::root(), action);
  // Breadth first: the copy's nodes are appended in order, so index i of the copy is the i-th
  // node to visit.
  for (int32_t i = 0; i < to.size(); ++i) {
    const Node& old = from.node(source_[static_cast<size_t>(i)]);
    Node& copy = to.node(i);
    copy.visits = old.visits;
    copy.total = old.total * discount;
    copy.bounds = old.bounds;
    for (int a = 0; a < num_actions; ++a) {
      const int32_t old_child = old.children[static_cast<size_t>(a)];
      if (old_child == kNoNode) continue;
      const int32_t new_child = to.AddChild(i, a);
      if (new_child == kNoNode) break;  // the pool is full: the rest is dropped
      source_[static_cast<size_t>(new_child)] = old_child;
    }
  }
  current_ = 1 - current_;
}

int StatisticalTree::FinalMove(TreeFinalMove rule, double c, AgentRandom& rng) const {
  const Tree& t = tree();
  const Node& root = t.node(Tree::root());
  int best = -1;
  double best_value = std::numeric_limits<double>::lowest();
  for (int a = 0; a < t.num_actions(); ++a) {
    const int32_t child = t.child(Tree::root(), a);
    if (child == kNoNode) continue;
    const Node& n = t.node(child);
    double value = n.visits;
    if (rule == TreeFinalMove::kUcb) {
      value = Ucb1(n.mean(), c, Ucb1LogParent(root.visits, Ucb1Parent::kAsIs), n.visits,
                   Ucb1Visits::kPlusTieEpsilon);
    }
    value = TieBreakNoise(value, kTieEpsilon, rng.NextDouble());
    if (value > best_value) {
      best_value = value;
      best = a;
    }
  }
  return best;
}

}  // namespace vgdl::rhea
