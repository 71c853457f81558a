// Tree reuse (Soemers 2016 §4.2.3): the subtree below the action played is kept, with its
// statistics decayed by gamma, and everything else is dropped.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "agents/mcts/mcts.h"
#include "agents/mcts/tree.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::LoadedGame;
using testing::MustLoadSearchGame;

TEST(TreeReuse, KeepSubtreeKeepsExactlyTheSubtreeInIndexOrder) {
  Tree tree(100);
  tree.Prefault();
  tree.Reset(3);
  const int32_t a = tree.AddChild(Tree::root(), 0);  // 1
  const int32_t b = tree.AddChild(Tree::root(), 1);  // 2
  const int32_t ba = tree.AddChild(b, 0);            // 3
  const int32_t aa = tree.AddChild(a, 0);            // 4 (dropped)
  const int32_t bb = tree.AddChild(b, 2);            // 5
  const int32_t bab = tree.AddChild(ba, 1);          // 6
  tree.node(bab).visits = 7.0;
  (void)aa;
  std::vector<std::pair<int32_t, int32_t>> moves;
  tree.KeepSubtree(b, Tree::kDefaultMaxKept,
                   [&](int32_t from, int32_t to) { moves.emplace_back(from, to); });
  const std::vector<std::pair<int32_t, int32_t>> expected{{b, 0}, {ba, 1}, {bb, 2}, {bab, 3}};
  EXPECT_EQ(moves, expected);
  ASSERT_EQ(tree.size(), 4);
  EXPECT_EQ(tree.node(0).parent, kNoNode);
  EXPECT_EQ(tree.node(0).depth, 0);
  EXPECT_EQ(tree.child(0, 0), 1);
  EXPECT_EQ(tree.child(0, 1), kNoNode);
  EXPECT_EQ(tree.child(0, 2), 2);
  EXPECT_EQ(tree.node(1).parent, 0);
  EXPECT_EQ(tree.node(2).parent, 0);
  EXPECT_EQ(tree.node(3).parent, 1);
  EXPECT_EQ(tree.node(3).depth, 2);
  EXPECT_EQ(tree.child(1, 1), 3);
  EXPECT_DOUBLE_EQ(tree.node(3).visits, 7.0);
  EXPECT_EQ(tree.node(0).expanded, 2);
  // The kept tree grows on as usual.
  EXPECT_EQ(tree.AddChild(0, 1), 4);
}

// With a cap, the first-created nodes of the subtree are kept and the rest dropped: a kept
// node's child past the cap no longer exists, so it is no longer fully expanded and the search
// may create the child again.
TEST(TreeReuse, KeepSubtreeKeepsAtMostTheCapsFirstCreatedNodes) {
  Tree tree(100);
  tree.Prefault();
  tree.Reset(2);
  const int32_t a = tree.AddChild(Tree::root(), 0);  // 1 (the new root)
  const int32_t aa = tree.AddChild(a, 0);            // 2
  const int32_t ab = tree.AddChild(a, 1);            // 3
  const int32_t aaa = tree.AddChild(aa, 0);          // 4 (past the cap)
  const int32_t aab = tree.AddChild(aa, 1);          // 5 (past the cap)
  tree.AddChild(Tree::root(), 1);                    // 6 (not in the subtree)
  (void)ab;
  (void)aaa;
  (void)aab;
  ASSERT_TRUE(tree.FullyExpanded(aa));
  std::vector<int32_t> moved;
  tree.KeepSubtree(a, 3, [&](int32_t from, int32_t) { moved.push_back(from); });
  EXPECT_EQ(moved, (std::vector<int32_t>{1, 2, 3}));
  ASSERT_EQ(tree.size(), 3);
  EXPECT_EQ(tree.child(0, 0), 1);
  EXPECT_EQ(tree.child(0, 1), 2);
  EXPECT_TRUE(tree.FullyExpanded(0));
  EXPECT_EQ(tree.child(1, 0), kNoNode);
  EXPECT_EQ(tree.child(1, 1), kNoNode);
  EXPECT_EQ(tree.node(1).expanded, 0);
  EXPECT_FALSE(tree.FullyExpanded(1));
  // The dropped child is created again, after the kept nodes.
  EXPECT_EQ(tree.AddChild(1, 1), 3);
  EXPECT_EQ(tree.node(3).depth, 2);
}

// Depths are counted from the new root also for nodes placed after the new root's old slot
// was overwritten by the compaction.
TEST(TreeReuse, DepthsCountFromTheNewRootThroughoutTheCompaction) {
  Tree tree(100);
  tree.Prefault();
  tree.Reset(2);
  int32_t n = Tree::root();
  for (int d = 0; d < 6; ++d) n = tree.AddChild(n, 0);  // a line 0-1-2-3-4-5-6
  const int32_t new_root = 2;
  tree.KeepSubtree(new_root, Tree::kDefaultMaxKept, [](int32_t, int32_t) {});
  ASSERT_EQ(tree.size(), 5);
  for (int32_t i = 0; i < tree.size(); ++i) EXPECT_EQ(tree.node(i).depth, i) << i;
}

// The tree of a search, the subtree of the action it played, and the tree the next search
// starts from (before any iteration: a budget of no call).
TEST(TreeReuse, TheNextSearchStartsFromThePlayedSubtreeDecayed) {
  const LoadedGame game = MustLoadSearchGame("hazard");
  if (!game.def) return;
  MctsOptions o = MctsOptions::Soemers();
  o.init_search = false;
  o.tree_reuse = true;
  o.tree_reuse_gamma = 0.5;
  MctsAgent agent("mcts", o, 11);
  State state(game.def, game.level, 1);
  Budget init = Budget::ForwardModelCalls(0);
  agent.Init(state.Fork(), init);
  Budget first = Budget::ForwardModelCalls(2000);
  const Action played = agent.Act(state.Fork(), first);
  const ActionList actions = ActionList::Of(state, /*with_nil=*/false);
  const int32_t child = agent.tree().child(Tree::root(), actions.IndexOf(played));
  ASSERT_NE(child, kNoNode);
  // The played child's subtree: its size and statistics.
  int32_t subtree = 0;
  double deepest_visits = 0.0;
  for (int32_t n = 0; n < agent.tree().size(); ++n) {
    for (int32_t m = n; m != kNoNode; m = agent.tree().node(m).parent) {
      if (m == child) {
        ++subtree;
        break;
      }
    }
  }
  const Node kept_root = agent.tree().node(child);
  deepest_visits = kept_root.visits;
  Advance(state, played, StepMode::kRealGame);
  Budget none = Budget::ForwardModelCalls(0);
  agent.Act(state.Fork(), none);
  EXPECT_EQ(agent.tree().size(), subtree);
  EXPECT_DOUBLE_EQ(agent.tree().node(Tree::root()).visits, deepest_visits * 0.5);
  EXPECT_DOUBLE_EQ(agent.tree().node(Tree::root()).total, kept_root.total * 0.5);

  // Without tree reuse the next search starts from a bare root.
  o.tree_reuse = false;
  MctsAgent fresh("mcts", o, 11);
  State again(game.def, game.level, 1);
  fresh.Init(again.Fork(), init);
  Budget b2 = Budget::ForwardModelCalls(2000);
  Advance(again, fresh.Act(again.Fork(), b2), StepMode::kRealGame);
  Budget none2 = Budget::ForwardModelCalls(0);
  fresh.Act(again.Fork(), none2);
  EXPECT_EQ(fresh.tree().size(), 1);
}

}  // namespace
}  // namespace vgdl
