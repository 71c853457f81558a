#include "agents/mcts/tree.h"

#include <gtest/gtest.h>

#include <array>

namespace vgdl {
namespace {

TEST(Tree, ResetLeavesOnlyAnEmptyRoot) {
  Tree tree(100);
  tree.Reset(4);
  ASSERT_EQ(tree.size(), 1);
  EXPECT_EQ(tree.num_actions(), 4);
  const Node& root = tree.node(Tree::root());
  EXPECT_EQ(root.parent, kNoNode);
  EXPECT_EQ(root.depth, 0);
  EXPECT_EQ(root.expanded, 0);
  EXPECT_EQ(root.visits, 0.0);
  for (int a = 0; a < 4; ++a) EXPECT_EQ(tree.child(Tree::root(), a), kNoNode);
  EXPECT_FALSE(tree.FullyExpanded(Tree::root()));
}

TEST(Tree, AddChildLinksParentDepthAndAction) {
  Tree tree(100);
  tree.Reset(3);
  const int32_t c = tree.AddChild(Tree::root(), 2);
  ASSERT_NE(c, kNoNode);
  EXPECT_EQ(tree.child(Tree::root(), 2), c);
  EXPECT_EQ(tree.node(c).parent, Tree::root());
  EXPECT_EQ(tree.node(c).depth, 1);
  EXPECT_EQ(tree.node(c).action, 2);
  EXPECT_EQ(tree.node(Tree::root()).expanded, 1);
  const int32_t g = tree.AddChild(c, 0);
  EXPECT_EQ(tree.node(g).depth, 2);
  EXPECT_EQ(tree.node(g).parent, c);
}

TEST(Tree, FullyExpandedOnceEveryActionHasAChild) {
  Tree tree(100);
  tree.Reset(3);
  for (int a = 0; a < 3; ++a) {
    EXPECT_FALSE(tree.FullyExpanded(Tree::root()));
    tree.AddChild(Tree::root(), a);
  }
  EXPECT_TRUE(tree.FullyExpanded(Tree::root()));
}

TEST(Tree, FullPoolRefusesNewNodes) {
  Tree tree(3);
  tree.Reset(5);
  EXPECT_NE(tree.AddChild(Tree::root(), 0), kNoNode);
  EXPECT_NE(tree.AddChild(Tree::root(), 1), kNoNode);
  EXPECT_TRUE(tree.full());
  EXPECT_EQ(tree.AddChild(Tree::root(), 2), kNoNode);
  EXPECT_EQ(tree.size(), 3);
  EXPECT_EQ(tree.child(Tree::root(), 2), kNoNode);
  EXPECT_EQ(tree.node(Tree::root()).expanded, 2);
}

TEST(Tree, ResetAfterGrowthStartsOver) {
  Tree tree(100);
  tree.Reset(2);
  tree.AddChild(Tree::root(), 0);
  tree.AddChild(Tree::root(), 1);
  tree.node(Tree::root()).visits = 7;
  tree.Reset(2);
  EXPECT_EQ(tree.size(), 1);
  EXPECT_EQ(tree.node(Tree::root()).visits, 0.0);
  EXPECT_EQ(tree.child(Tree::root(), 0), kNoNode);
}

TEST(Tree, RandomUnexpandedActionPicksOnlyMissingChildrenUniformly) {
  Tree tree(100);
  tree.Reset(4);
  tree.AddChild(Tree::root(), 1);
  AgentRandom rng(7);
  std::array<int, 4> counts{};
  for (int i = 0; i < 3000; ++i) {
    const int a = tree.RandomUnexpandedAction(Tree::root(), rng);
    ASSERT_GE(a, 0);
    ASSERT_LT(a, 4);
    ++counts[static_cast<size_t>(a)];
  }
  EXPECT_EQ(counts[1], 0);
  for (int a : {0, 2, 3}) {
    EXPECT_GT(counts[static_cast<size_t>(a)], 850);
    EXPECT_LT(counts[static_cast<size_t>(a)], 1150);
  }
  for (int a : {0, 2, 3}) tree.AddChild(Tree::root(), a);
  EXPECT_EQ(tree.RandomUnexpandedAction(Tree::root(), rng), -1);
}

TEST(Tree, ActionCountIsCappedAtTheNodeWidth) {
  Tree tree(10);
  tree.Reset(kMaxSearchActions + 3);
  EXPECT_EQ(tree.num_actions(), kMaxSearchActions);
  tree.Reset(-1);
  EXPECT_EQ(tree.num_actions(), 0);
  EXPECT_TRUE(tree.FullyExpanded(Tree::root()));
}

// Growing the tree never moves a node (no reallocation inside a decision), across many chunks.
TEST(Tree, NodesNeverMoveAsTheTreeGrows) {
  constexpr int32_t kNodes = 100'000;
  constexpr int kActions = 4;
  Tree tree(kNodes);
  tree.Reset(kActions);
  const Node* root = &tree.node(Tree::root());
  // Breadth first: node p's children are p * kActions + 1 ... p * kActions + kActions.
  for (int32_t parent = 0; !tree.full(); ++parent) {
    for (int a = 0; a < kActions && !tree.full(); ++a) tree.AddChild(parent, a);
  }
  EXPECT_EQ(tree.size(), kNodes);
  EXPECT_EQ(&tree.node(Tree::root()), root);
  for (int32_t i = 1; i < kNodes; ++i) {
    const int32_t parent = (i - 1) / kActions;
    ASSERT_EQ(tree.node(i).parent, parent);
    ASSERT_EQ(tree.child(parent, (i - 1) % kActions), i);
    ASSERT_EQ(tree.node(i).depth, tree.node(parent).depth + 1);
  }
}

// A reset tree reuses its chunks: the same indices land on the same memory, and nodes come
// back fresh (no values left from the previous search).
TEST(Tree, ResetReusesMemoryWithFreshNodes) {
  constexpr int32_t kNodes = 20'000;  // two chunks
  Tree tree(kNodes);
  tree.Reset(1);
  int32_t last = Tree::root();
  while (!tree.full()) {
    last = tree.AddChild(last, 0);
    tree.node(last).visits = 3.0;
  }
  const Node* last_address = &tree.node(last);
  tree.Reset(1);
  int32_t again = Tree::root();
  while (!tree.full()) again = tree.AddChild(again, 0);
  EXPECT_EQ(again, last);
  EXPECT_EQ(&tree.node(again), last_address);
  EXPECT_EQ(tree.node(again).visits, 0.0);
  EXPECT_EQ(tree.node(again).expanded, 0);
}

TEST(Node, MeanIsZeroWithoutVisits) {
  Node n;
  EXPECT_EQ(n.mean(), 0.0);
  n.visits = 4;
  n.total = 10;
  EXPECT_DOUBLE_EQ(n.mean(), 2.5);
}

}  // namespace
}  // namespace vgdl
