// Loss avoidance (Soemers 2016 §4.1.2): a play-out that loses backs up the best sibling of
// the losing node instead of the loss.
#include "agents/mcts/loss_avoidance.h"

#include <gtest/gtest.h>

#include "agents/common/evaluation.h"
#include "agents/mcts/mcts.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::LoadedGame;

double Value(const State& s) {
  return GameValue(s);
}
using testing::MustLoadSearchGame;

TEST(LossAvoidance, BacksUpTheSiblingThatSurvives) {
  const LoadedGame game = MustLoadSearchGame("hazard");
  if (!game.def) return;
  const State root(game.def, game.level, 1);
  const ActionList actions = ActionList::Of(root, /*with_nil=*/false);
  const int left = actions.IndexOf(Action::kLeft);
  const int right = actions.IndexOf(Action::kRight);
  // The tree of a play-out that went right, then left, left: into the trap.
  Tree tree(100);
  tree.Prefault();
  tree.Reset(actions.size());
  const int32_t r = tree.AddChild(Tree::root(), right);
  const int32_t rl = tree.AddChild(r, left);
  const int32_t rll = tree.AddChild(rl, left);
  State lost = root;
  for (Action a : {Action::kRight, Action::kLeft, Action::kLeft}) {
    Advance(lost, a, StepMode::kForwardModel);
  }
  ASSERT_TRUE(IsLoss(lost));

  LossAvoidance la;
  la.Reserve(64);
  Budget budget = Budget::ForwardModelCalls(100);
  AgentRandom rng(1);
  const LossAvoidance::Backup b =
      la.Avoid(root, actions, rll, GameValue(lost), tree, budget, rng, Value);
  // Replayed right, left (2 calls), then the 3 other actions once each.
  EXPECT_EQ(budget.calls(), 2 + (actions.size() - 1));
  ASSERT_NE(b.node, kNoNode);
  EXPECT_NE(b.node, rll);
  EXPECT_EQ(tree.node(b.node).parent, rl);
  EXPECT_DOUBLE_EQ(b.value, 0.0);  // a surviving state, not the loss's -1e7 - 1
  // Every sibling now has a node; the losing node keeps its loss at weight 1/4.
  EXPECT_TRUE(tree.FullyExpanded(rl));
  EXPECT_DOUBLE_EQ(tree.node(rll).visits, 0.25);
  EXPECT_LT(tree.node(rll).mean(), -1e6);
}

TEST(LossAvoidance, AnEarlyEndOfTheReplayIsBackedUpWhereItHappened) {
  const LoadedGame game = MustLoadSearchGame("hazard");
  if (!game.def) return;
  const State root(game.def, game.level, 1);
  const ActionList actions = ActionList::Of(root, /*with_nil=*/false);
  const int left = actions.IndexOf(Action::kLeft);
  // A path whose first step already loses (as a stochastic game could, on replay).
  Tree tree(100);
  tree.Prefault();
  tree.Reset(actions.size());
  const int32_t l = tree.AddChild(Tree::root(), left);
  const int32_t ll = tree.AddChild(l, left);
  LossAvoidance la;
  la.Reserve(64);
  Budget budget = Budget::ForwardModelCalls(100);
  AgentRandom rng(1);
  const LossAvoidance::Backup b = la.Avoid(root, actions, ll, -5.0, tree, budget, rng, Value);
  EXPECT_EQ(b.node, l);
  EXPECT_LT(b.value, -1e6);
  EXPECT_EQ(budget.calls(), 1);
}

// In a corridor between traps most random play-outs lose: without loss avoidance the way
// along the corridor looks like a certain loss, with it like the survivable line it is.
TEST(LossAvoidance, TheCorridorAmongTrapsDoesNotLookLikeACertainLoss) {
  const LoadedGame game = MustLoadSearchGame("minefield");
  if (!game.def) return;
  auto corridor_mean = [&](bool la) {
    MctsOptions o = MctsOptions::Soemers();
    o.init_search = false;
    o.loss_avoidance = la;
    MctsAgent agent("mcts", o, 7);
    const State state(game.def, game.level, 1);
    Budget init = Budget::ForwardModelCalls(0);
    agent.Init(state.Fork(), init);
    Budget budget = Budget::ForwardModelCalls(1000);
    agent.Act(state.Fork(), budget);
    const int right = ActionList::Of(state, /*with_nil=*/false).IndexOf(Action::kRight);
    return agent.tree().node(agent.tree().child(Tree::root(), right)).mean();
  };
  const double plain = corridor_mean(false);
  const double avoiding = corridor_mean(true);
  EXPECT_LT(plain, -0.9e7);  // nearly every play-out along the corridor lost
  EXPECT_GT(avoiding, -0.5e7);
}

}  // namespace
}  // namespace vgdl
