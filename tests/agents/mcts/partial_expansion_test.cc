// Partial expansion with first-play urgency (Frydenberg et al. 2015, §V-C).
#include "agents/mcts/partial_expansion.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "agents/common/random.h"
#include "agents/mcts/tree.h"

namespace vgdl {
namespace {

TEST(PartialExpansion, AChildAboveTheUrgencyIsDescendedInto) {
  EXPECT_EQ(ChoosePartialExpansionStep(true, 1.2, kDefaultFpu), PartialExpansionStep::kDescend);
  EXPECT_EQ(ChoosePartialExpansionStep(true, 0.9, kDefaultFpu), PartialExpansionStep::kExpand);
  EXPECT_EQ(ChoosePartialExpansionStep(true, 1.0, 1.0), PartialExpansionStep::kExpand);  // tie
  EXPECT_EQ(ChoosePartialExpansionStep(false, 0.0, 0.0), PartialExpansionStep::kExpand);
}

// One iteration's selection of a UCB1 tree search (C = 0.6, values in [0, 1]) where the value
// of a node is fixed by `value_of_action`: returns the node at which the iteration expands,
// having created its new child. With `fpu` = infinity, plain expansion.
int32_t SelectAndExpand(Tree& tree, double fpu, AgentRandom& rng, double (*value_of_action)(int)) {
  int32_t node = Tree::root();
  for (;;) {
    int best = -1;
    double best_value = std::numeric_limits<double>::lowest();
    const double log_n = std::log(tree.node(node).visits + 1.0);
    for (int a = 0; a < tree.num_actions(); ++a) {
      const int32_t child = tree.child(node, a);
      if (child == kNoNode) continue;
      const Node& c = tree.node(child);
      const double value = c.mean() + 0.6 * std::sqrt(log_n / (c.visits + 1e-6));
      if (value > best_value) {
        best_value = value;
        best = a;
      }
    }
    const bool descend = tree.FullyExpanded(node)
                             ? best >= 0
                             : ChoosePartialExpansionStep(best >= 0, best_value, fpu) ==
                                   PartialExpansionStep::kDescend;
    if (!descend) break;
    node = tree.child(node, best);
  }
  const int a = tree.RandomUnexpandedAction(node, rng);
  const int32_t child = tree.AddChild(node, a);
  const double value = value_of_action(a);
  for (int32_t n = child; n != kNoNode; n = tree.node(n).parent) {
    tree.node(n).visits += 1.0;
    tree.node(n).total += value;
  }
  return node;
}

// Action 0 pays 1, every other action 0.
double OnlyTheFirstPays(int a) {
  return a == 0 ? 1.0 : 0.0;
}

// The behaviour partial expansion exists for: once a child has shown a high value, the search
// goes below it (a grandchild of the root) before the root's last child exists.
TEST(PartialExpansion, AGrandchildIsSelectedBeforeTheLastChildIsExpanded) {
  auto first_grandchild_before_full_root = [](double fpu) {
    Tree tree(256);
    tree.Reset(6);
    AgentRandom rng(7);
    for (int it = 0; it < 40; ++it) {
      const int32_t expanded_at = SelectAndExpand(tree, fpu, rng, &OnlyTheFirstPays);
      if (expanded_at != Tree::root()) return !tree.FullyExpanded(Tree::root());
    }
    return false;
  };
  EXPECT_TRUE(first_grandchild_before_full_root(kDefaultFpu));
  // Plain expansion: every child of the root exists before any grandchild does.
  EXPECT_FALSE(first_grandchild_before_full_root(std::numeric_limits<double>::infinity()));
}

TEST(PartialExpansion, AnUrgencyOutsideItsRangeIsRefused) {
  for (double bad : {-0.1, 11.0, std::nan("")}) {
    try {
      ValidateFpu(bad);
      ADD_FAILURE() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("[0, 10"), std::string::npos) << e.what();
    }
  }
  EXPECT_NO_THROW(ValidateFpu(kDefaultFpu));
}

}  // namespace
}  // namespace vgdl
