// The enhanced MCTS of the hybrid agent (Joppen et al. 2016, §3.2, Algorithm 2).
#include "agents/hybrid/enhanced_mcts.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "agents/common/budget.h"
#include "agents/common/random.h"
#include "agents/hybrid/knowledge_base.h"
#include "agents/hybrid/target_selection.h"
#include "engine/observation.h"
#include "engine/state.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::MustLoadSearchGame;

// One search from the level's start with `calls` calls; the statistics of the search.
EnhancedMcts::Stats SearchOnce(const EnhancedMctsOptions& options, const char* game_name,
                               int64_t calls) {
  const auto game = MustLoadSearchGame(game_name);
  const State root(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(root);
  TargetSelector targets;
  targets.Init(root, kb);
  AgentRandom rng(7);
  EnhancedMcts mcts(options);
  mcts.Init(root, rng);
  const auto& heat = kb.DangerHeatmap(root);
  targets.Update(root, kb, heat);
  Budget budget = Budget::ForwardModelCalls(calls);
  mcts.Search(root, budget, kb, targets, heat, rng);
  EXPECT_LE(budget.calls(), calls);
  return mcts.stats();
}

// In the minefield most random moves lose: rollouts that walk onto a trap are propagated as
// losses unless backtracking tries the losing step's alternatives (lines 13-18).
TEST(HybridMcts, BacktrackingAvoidsALossThatAPlainRolloutWalksInto) {
  EnhancedMctsOptions options;
  options.pre_prune = false;  // the knowledge base would learn to prune the traps
  options.informed = false;   // random rollouts
  const auto with = SearchOnce(options, "minefield", 4000);
  options.backtrack = 0;
  const auto without = SearchOnce(options, "minefield", 4000);
  ASSERT_GT(with.iterations, 50);
  ASSERT_GT(without.iterations, 50);
  // Rollouts that walked onto a trap: without backtracking every one is propagated as a loss,
  // with it few are.
  ASSERT_GT(with.rollout_losses, 20);
  ASSERT_GT(without.rollout_losses, 20);
  EXPECT_EQ(without.rollout_losses_kept, without.rollout_losses);
  EXPECT_LT(static_cast<double>(with.rollout_losses_kept),
            0.1 * static_cast<double>(with.rollout_losses));
  EXPECT_LT(with.losses_propagated, without.losses_propagated);
  EXPECT_GT(with.backtracks, 0);
  EXPECT_EQ(without.backtracks, 0);
}

TEST(HybridMcts, RefusesBadOptions) {
  EnhancedMctsOptions o;
  o.epsilon = 1.5;
  EXPECT_THROW(ValidateEnhancedMctsOptions(o), std::invalid_argument);
  o = EnhancedMctsOptions{};
  o.backtrack = 7;
  EXPECT_THROW(ValidateEnhancedMctsOptions(o), std::invalid_argument);
}

}  // namespace
}  // namespace vgdl
