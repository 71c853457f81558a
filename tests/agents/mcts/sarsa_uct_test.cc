#include "agents/mcts/sarsa_uct.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "agents/common/random.h"
#include "agents/mcts/tree.h"

namespace vgdl {
namespace {

// The MC back-up of the MCTS agent (mcts.cc, Step 4), which counts the visits, then Sarsa's.
void BackUp(Tree& tree, SarsaUct& sarsa, const std::vector<int32_t>& path,
            const std::vector<double>& values) {
  for (int32_t n : path) {
    Node& node = tree.node(n);
    node.visits += 1.0;
    node.total += values.back();
    node.bounds.Add(values.back());
  }
  sarsa.Backup(tree, path.data(), values.data(), static_cast<int>(path.size()));
}

// A line root -> n1 -> n2 (one action).
struct Line {
  Tree tree{16};
  int32_t n1 = kNoNode;
  int32_t n2 = kNoNode;
  Line() {
    tree.Reset(1);
    n1 = tree.AddChild(Tree::root(), 0);
    n2 = tree.AddChild(n1, 0);
  }
};

SarsaUct MakeSarsa(TdVariant variant, double lambda, double gamma = 1.0) {
  SarsaOptions o;
  o.variant = variant;
  o.lambda = lambda;
  o.gamma = gamma;
  SarsaUct sarsa(o);
  sarsa.Prefault(16);
  sarsa.Reset();
  return sarsa;
}

TEST(SarsaUct, DefaultsFollowTheThesis) {
  const SarsaOptions o;
  EXPECT_DOUBLE_EQ(o.gamma, 1.0);
  EXPECT_DOUBLE_EQ(o.lambda, 0.8);
  EXPECT_EQ(o.variant, TdVariant::kTd);
  EXPECT_FALSE(o.intermediate_rewards());
  EXPECT_FALSE(o.final_move_uses_v());
}

// Algorithm 4.5 by hand, lambda = 0.8, gamma = 1, three iterations on the line: X(s) along the
// path {1, 3, 4}, then {1, 2, 6}, then a shorter one, {1, 0} (root and n1 only).
TEST(SarsaUct, TdirFollowsAlgorithm45ByHand) {
  Line line;
  SarsaUct sarsa = MakeSarsa(TdVariant::kTdir, 0.8);
  const std::vector<int32_t> full{Tree::root(), line.n1, line.n2};

  BackUp(line.tree, sarsa, full, {1, 3, 4});
  // t = 2: R = 4 - 3 = 1, delta = 1 + 0 - 0 = 1, sum = 1, visits 1: V2 = 1.
  // t = 1: R = 3 - 1 = 2, delta = 2 + 0 - 0 = 2, sum = 0.8 * 1 + 2 = 2.8: V1 = 2.8.
  EXPECT_DOUBLE_EQ(sarsa.V(line.n2), 1.0);
  EXPECT_DOUBLE_EQ(sarsa.V(line.n1), 2.8);

  BackUp(line.tree, sarsa, full, {1, 2, 6});
  // t = 2: R = 4, delta = 4 + 0 - 1 = 3, sum = 3, visits 2: V2 = 1 + 3 / 2 = 2.5; V_next = 1.
  // t = 1: R = 1, delta = 1 + 1 - 2.8 = -0.8, sum = 0.8 * 3 - 0.8 = 1.6: V1 = 2.8 + 0.8 = 3.6.
  EXPECT_DOUBLE_EQ(sarsa.V(line.n2), 2.5);
  EXPECT_DOUBLE_EQ(sarsa.V(line.n1), 3.6);

  BackUp(line.tree, sarsa, {Tree::root(), line.n1}, {1, 0});
  // t = 1: R = -1, delta = -1 + 0 - 3.6 = -4.6, sum = -4.6, visits 3: V1 = 3.6 - 4.6 / 3.
  EXPECT_DOUBLE_EQ(sarsa.V(line.n2), 2.5);
  EXPECT_DOUBLE_EQ(sarsa.V(line.n1), 3.6 - 4.6 / 3.0);
  EXPECT_DOUBLE_EQ(sarsa.V(Tree::root()), 0.0) << "the root is never updated";
}

// The same iterations without intermediate rewards: R = X(s_T) - X(s_0) at t = T, 0 before.
TEST(SarsaUct, TdRewardsOnlyTheWholeSimulationByHand) {
  for (TdVariant variant : {TdVariant::kTd, TdVariant::kTdms}) {
    Line line;
    SarsaUct sarsa = MakeSarsa(variant, 0.8);
    const std::vector<int32_t> full{Tree::root(), line.n1, line.n2};

    BackUp(line.tree, sarsa, full, {1, 3, 4});
    // t = 2: R = 4 - 1 = 3, delta = 3, sum = 3: V2 = 3.
    // t = 1: R = 0, delta = 0 + 0 - 0 = 0, sum = 0.8 * 3 = 2.4: V1 = 2.4.
    EXPECT_DOUBLE_EQ(sarsa.V(line.n2), 3.0);
    EXPECT_DOUBLE_EQ(sarsa.V(line.n1), 2.4);

    BackUp(line.tree, sarsa, full, {1, 2, 6});
    // t = 2: R = 5, delta = 5 - 3 = 2, sum = 2, visits 2: V2 = 3 + 1 = 4; V_next = 3.
    // t = 1: R = 0, delta = 0 + 3 - 2.4 = 0.6, sum = 0.8 * 2 + 0.6 = 2.2: V1 = 2.4 + 1.1.
    EXPECT_DOUBLE_EQ(sarsa.V(line.n2), 4.0);
    EXPECT_DOUBLE_EQ(sarsa.V(line.n1), 3.5);

    BackUp(line.tree, sarsa, {Tree::root(), line.n1}, {1, 0});
    // t = 1: R = 0 - 1, delta = -1 - 3.5 = -4.5, sum = -4.5, visits 3: V1 = 3.5 - 1.5.
    EXPECT_DOUBLE_EQ(sarsa.V(line.n1), 2.0);
  }
}

TEST(SarsaUct, GammaDiscountsTheTrace) {
  Line line;
  SarsaUct sarsa = MakeSarsa(TdVariant::kTd, 0.8, 0.9);
  BackUp(line.tree, sarsa, {Tree::root(), line.n1, line.n2}, {1, 3, 4});
  // t = 2: R = 3, delta = 3: V2 = 3. t = 1: delta = 0 + 0.9 * 0 - 0, sum = 0.8 * 0.9 * 3.
  EXPECT_DOUBLE_EQ(sarsa.V(line.n2), 3.0);
  EXPECT_DOUBLE_EQ(sarsa.V(line.n1), 0.8 * 0.9 * 3.0);

  BackUp(line.tree, sarsa, {Tree::root(), line.n1, line.n2}, {1, 2, 6});
  // t = 2: R = 5, delta = 5 - 3 = 2, sum = 2, visits 2: V2 = 4; V_next = 3.
  // t = 1: delta = 0 + 0.9 * 3 - 2.16 = 0.54, sum = 0.72 * 2 + 0.54 = 1.98: V1 = 2.16 + 0.99.
  EXPECT_DOUBLE_EQ(sarsa.V(line.n2), 4.0);
  EXPECT_DOUBLE_EQ(sarsa.V(line.n1), 2.16 + 0.99);
}

// §4.2.6: without intermediate rewards and with lambda = 1, Sarsa-UCT's V is UCT's MC mean
// minus X(s_0), here on a random tree of depth up to 4 grown by random iterations.
TEST(SarsaUct, TdWithLambdaOneIsTheMcMeanMinusTheRootValue) {
  Tree tree(4096);
  tree.Reset(2);
  SarsaUct sarsa = MakeSarsa(TdVariant::kTd, 1.0);
  sarsa.Prefault(tree.max_nodes());  // room for every node the random iterations may add
  AgentRandom rng(3);
  const double x0 = 5.0;
  for (int iteration = 0; iteration < 300; ++iteration) {
    std::vector<int32_t> path{Tree::root()};
    std::vector<double> values{x0};
    const int depth = 1 + rng.NextInt(4);
    for (int d = 0; d < depth; ++d) {
      const int a = rng.NextInt(2);
      int32_t child = tree.child(path.back(), a);
      if (child == kNoNode) child = tree.AddChild(path.back(), a);
      path.push_back(child);
      values.push_back(rng.NextInt(21) - 10.0);
    }
    BackUp(tree, sarsa, path, values);
  }
  for (int32_t n = 1; n < tree.size(); ++n) {
    EXPECT_NEAR(sarsa.V(n), tree.node(n).mean() - x0, 1e-9) << "node " << n;
  }
}

TEST(SarsaUct, SelectionValueAddsTheParentStateValue) {
  Line line;
  SarsaUct sarsa = MakeSarsa(TdVariant::kTd, 0.8);
  BackUp(line.tree, sarsa, {Tree::root(), line.n1, line.n2}, {30, 30, 31});
  // §4.2.6's Aliens example: V is the gain from the parent on, X(s_{t-1}) what was gained
  // before.
  EXPECT_DOUBLE_EQ(sarsa.V(line.n2), 1.0);
  EXPECT_DOUBLE_EQ(sarsa.SelectionValue(line.n2, 30.0), 31.0);
}

TEST(SarsaUct, ANewNodeStartsAtZeroEvenOverOldEntries) {
  Line line;
  SarsaUct sarsa = MakeSarsa(TdVariant::kTd, 0.8);
  BackUp(line.tree, sarsa, {Tree::root(), line.n1, line.n2}, {0, 0, 10});
  ASSERT_NE(sarsa.V(line.n2), 0.0);

  // A fresh tree reuses the indices: the old entries must not leak into the new nodes.
  line.tree.Reset(1);
  sarsa.Reset();
  const int32_t m1 = line.tree.AddChild(Tree::root(), 0);
  EXPECT_DOUBLE_EQ(sarsa.V(m1), 0.0);
  const int32_t m2 = line.tree.AddChild(m1, 0);
  BackUp(line.tree, sarsa, {Tree::root(), m1, m2}, {0, 0, 0});
  EXPECT_DOUBLE_EQ(sarsa.V(m1), 0.0);
  EXPECT_DOUBLE_EQ(sarsa.V(m2), 0.0);
}

TEST(SarsaUct, MoveKeepsTheValuesOfAReusedSubtree) {
  // Tree reuse: n1 becomes the root and n2 its child; a node added after the compaction (at
  // n2's old index) is new.
  Line line;
  SarsaUct sarsa = MakeSarsa(TdVariant::kTdir, 0.8);
  BackUp(line.tree, sarsa, {Tree::root(), line.n1, line.n2}, {1, 3, 4});
  const double v1 = sarsa.V(line.n1);
  const double v2 = sarsa.V(line.n2);
  ASSERT_NE(v2, 0.0);

  Tree reused(16);
  reused.Reset(1);
  const int32_t k1 = reused.AddChild(Tree::root(), 0);
  sarsa.Move(line.n1, Tree::root());
  sarsa.Move(line.n2, k1);
  EXPECT_DOUBLE_EQ(sarsa.V(Tree::root()), v1);
  EXPECT_DOUBLE_EQ(sarsa.V(k1), v2);
  const int32_t fresh = reused.AddChild(k1, 0);
  ASSERT_EQ(fresh, line.n2);
  EXPECT_DOUBLE_EQ(sarsa.V(fresh), 0.0);
}

TEST(SarsaUct, BadOptionsAreRefusedWithTheirRange) {
  const std::vector<std::pair<double, double>> bad{
      {-0.1, 0.8}, {1.1, 0.8}, {1.0, -1.0}, {1.0, 2.0}};
  for (const auto& [gamma, lambda] : bad) {
    SarsaOptions o;
    o.gamma = gamma;
    o.lambda = lambda;
    try {
      ValidateSarsaOptions(o);
      ADD_FAILURE() << gamma << " " << lambda;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("must be in [0, 1]"), std::string::npos) << e.what();
    }
  }
  EXPECT_NO_THROW(ValidateSarsaOptions(SarsaOptions{}));
  EXPECT_EQ(ParseTdVariant("tdir"), TdVariant::kTdir);
  EXPECT_EQ(ParseTdVariant("tdms"), TdVariant::kTdms);
  EXPECT_EQ(ParseTdVariant("td"), TdVariant::kTd);
  EXPECT_THROW(ParseTdVariant("sarsa"), std::invalid_argument);
}

}  // namespace
}  // namespace vgdl
