// BFTI with safety prepruning (Soemers 2016 §4.1.1): the root action that loses at once is
// pruned, so that even a search too short to evaluate the actions never plays it.
#include "agents/mcts/breadth_first_init.h"

#include <gtest/gtest.h>

#include <utility>

#include "agents/mcts/mcts.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::LoadedGame;
using testing::MustLoadSearchGame;

// The visits of the trap action's root child after one search of `calls` from the start of
// hazard (the trap is left of the avatar), and the action played.
std::pair<double, Action> TrapVisits(const LoadedGame& game, bool bfti, uint64_t seed,
                                     int64_t calls) {
  MctsOptions o = MctsOptions::Soemers();
  o.init_search = false;
  o.bfti = bfti;
  MctsAgent agent("mcts", o, seed);
  Budget init = Budget::ForwardModelCalls(0);
  const State state(game.def, game.level, 1);
  agent.Init(state.Fork(), init);
  Budget budget = Budget::ForwardModelCalls(calls);
  const Action played = agent.Act(state.Fork(), budget);
  const int left = ActionList::Of(state, /*with_nil=*/false).IndexOf(Action::kLeft);
  const int32_t child = agent.tree().child(Tree::root(), left);
  return {child == kNoNode ? 0.0 : agent.tree().node(child).visits, played};
}

// Plain MCTS spends simulations on the action that loses at once (UCB1 explores it); with
// safety prepruning no simulation selects it and it is never played.
TEST(BreadthFirstInit, NoSimulationSelectsTheActionThatLosesAtOnce) {
  const LoadedGame game = MustLoadSearchGame("hazard");
  if (!game.def) return;
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    const auto [pruned_visits, played] = TrapVisits(game, true, seed, 500);
    EXPECT_DOUBLE_EQ(pruned_visits, 0.0) << "seed " << seed;
    EXPECT_NE(played, Action::kLeft) << "seed " << seed;
    EXPECT_GT(TrapVisits(game, false, seed, 500).first, 0.0) << "seed " << seed;
  }
}

TEST(BreadthFirstInit, InitialisesEverySafeChildWithOneSimulation) {
  const LoadedGame game = MustLoadSearchGame("hazard");
  if (!game.def) return;
  const State root(game.def, game.level, 1);
  const ActionList actions = ActionList::Of(root, /*with_nil=*/false);
  Tree tree(1000);
  tree.Prefault();
  tree.Reset(actions.size());
  BreadthFirstInit bfti;
  Budget budget = Budget::ForwardModelCalls(1000);
  AgentRandom rng(3);
  int evaluations = 0;
  bfti.Run(root, actions, 3, tree, budget, rng, [&](const State& s) {
    ++evaluations;
    return GameValue(s);
  });
  EXPECT_EQ(budget.calls(), 3 * actions.size());
  EXPECT_EQ(evaluations, 3 * actions.size());
  EXPECT_TRUE(tree.FullyExpanded(Tree::root()));
  const int left = actions.IndexOf(Action::kLeft);
  for (int a = 0; a < actions.size(); ++a) {
    const Node& child = tree.node(tree.child(Tree::root(), a));
    EXPECT_EQ(bfti.Pruned(a), a == left) << a;
    // A safe child: one simulation's weight with the mean of its three (equal) evaluations.
    EXPECT_DOUBLE_EQ(child.visits, a == left ? 0.0 : 1.0) << a;
    if (a != left) {
      EXPECT_DOUBLE_EQ(child.mean(), 0.0) << a;
    }
  }
  EXPECT_DOUBLE_EQ(tree.node(Tree::root()).visits, actions.size() - 1.0);
  // Each safe action has its three successors cached, one simulation each.
  State scratch = root;
  const int right = actions.IndexOf(Action::kRight);
  for (int k = 0; k < 3; ++k) EXPECT_TRUE(bfti.TakeCached(right, scratch)) << k;
  EXPECT_FALSE(bfti.TakeCached(right, scratch));
  EXPECT_EQ(scratch.tick(), 1);
  EXPECT_FALSE(bfti.TakeCached(left, scratch));
}

}  // namespace
}  // namespace vgdl
