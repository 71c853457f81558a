#include "agents/iw/iw1.h"

#include <gtest/gtest.h>

#include <string>

#include "agents/common/safety.h"
#include "agents/registry.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::ExpectActsWithinGvgaiTime;
using testing::ExpectEveryCallCountedWithinBudget;
using testing::ExpectNoCallAfterAStall;
using testing::ExpectReproducible;
using testing::LoadedGame;
using testing::MustLoadBundledGame;
using testing::MustLoadSearchGame;
using testing::Play;
using testing::ShortestSolution;

// IW(1) re-plans every tick; with enough budget each search reaches the goal, so the game is
// won in exactly the optimal number of moves.
void ExpectShortestSolution(const std::string& name, const Iw1Options& options) {
  const LoadedGame game = MustLoadSearchGame(name);
  if (!game.def) return;
  const int optimum = ShortestSolution(game, 60);
  ASSERT_GT(optimum, 0) << name << " has no solution";
  for (uint64_t seed : {1u, 2u}) {
    Iw1Agent agent("iw1", options, seed);
    const auto result = Play(agent, game, 1, /*calls_per_act=*/20000, /*max_ticks=*/100);
    EXPECT_TRUE(result.won) << name;
    EXPECT_EQ(static_cast<int>(result.actions.size()), optimum) << name << " seed " << seed;
    EXPECT_TRUE(agent.last_found_win());
    EXPECT_EQ(agent.last_plan_depth(), 1);
  }
}

TEST(Iw1, FindsTheShortestPathThroughAMaze) {
  ExpectShortestSolution("maze", Iw1Options{});
}

TEST(Iw1, FindsTheShortestSolutionOfABoxPushingLevel) {
  ExpectShortestSolution("push", Iw1Options{});
}

TEST(Iw1, StillShortestWhenNodesAreReSimulatedInsteadOfCached) {
  Iw1Options o;
  o.state_cache_mb = 0.0;  // only the root's children are cached
  ExpectShortestSolution("maze", o);
  ExpectShortestSolution("push", o);
}

TEST(Iw1, FirstSearchPlansTheWholeMaze) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  const int optimum = ShortestSolution(game, 60);
  State state(game.def, game.level, 1);
  Iw1Agent agent("iw1", Iw1Options{}, 1);
  Budget budget = Budget::ForwardModelCalls(20000);
  agent.Act(state.Fork(), budget);
  EXPECT_TRUE(agent.last_found_win());
  EXPECT_EQ(agent.last_plan_depth(), optimum);
  // Novelty pruning keeps the search far below a breadth-first search of 4^optimum states.
  EXPECT_LT(budget.calls(), 4000);
  EXPECT_EQ(agent.LastStats().fm_calls, budget.calls());
}

TEST(Iw1, SafetyPrepruningAvoidsAnImmediateLoss) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  // The avatar has a trap to its right and nothing to gain anywhere.
  LevelLoad level = LoadLevelFromText(*game.def, "wwwww\nw...w\nwAt.w\nw...w\nwwwww\n", "t");
  ASSERT_TRUE(level.level);
  for (uint64_t seed = 0; seed < 20; ++seed) {
    State state(game.def, *level.level, 1);
    Iw1Agent agent("iw1", Iw1Options{}, seed);
    Budget budget = Budget::ForwardModelCalls(200);
    EXPECT_NE(agent.Act(state.Fork(), budget), Action::kRight) << "seed " << seed;
  }
}

TEST(SafetyPrepruning, CountsLossesPerActionOverCompleteRounds) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  LevelLoad level = LoadLevelFromText(*game.def, "wwwww\nw...w\nwAt.w\nw...w\nwwwww\n", "t");
  ASSERT_TRUE(level.level);
  State root(game.def, *level.level, 1);
  const ActionList actions = ActionList::Of(root, false);
  const int right = actions.IndexOf(Action::kRight);
  ASSERT_GE(right, 0);
  AgentRandom rng(1);
  SimState scratch;
  int seen = 0;
  Budget budget = Budget::ForwardModelCalls(1000);
  const SafetyCounts counts =
      RunSafetyPrepruning(root, actions, 10, budget, rng, scratch, [&](int, State&) { ++seen; });
  EXPECT_EQ(counts.rounds, 10);
  EXPECT_EQ(seen, 10 * actions.size());
  EXPECT_EQ(budget.calls(), 10 * actions.size());
  EXPECT_EQ(counts.losses[static_cast<size_t>(right)], 10);
  EXPECT_FALSE(counts.safe(right));
  EXPECT_EQ(counts.safe_count(), actions.size() - 1);

  // A budget ending in the third round: only two rounds count.
  Budget small = Budget::ForwardModelCalls(2 * actions.size() + 1);
  const SafetyCounts partial =
      RunSafetyPrepruning(root, actions, 10, small, rng, scratch, [](int, State&) {});
  EXPECT_EQ(partial.rounds, 2);
  EXPECT_EQ(partial.losses[static_cast<size_t>(right)], 2);
}

TEST(Iw1, CallBudgetRunsAreReproducible) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  auto make = [](uint64_t seed) {
    std::string error;
    auto agent = CreateAgent("iw1", seed, &error);
    EXPECT_NE(agent, nullptr) << error;
    return agent;
  };
  auto a = make(5);
  auto b = make(5);
  // A small budget, so that decisions depend on random tie-breaking.
  const auto ra = Play(*a, game, 2, 40, 30);
  const auto rb = Play(*b, game, 2, 40, 30);
  EXPECT_EQ(ra.actions, rb.actions);
  for (size_t i = 0; i < ra.stats.size(); ++i) {
    EXPECT_EQ(ra.stats[i].fm_calls, rb.stats[i].fm_calls);
    EXPECT_LE(ra.stats[i].fm_calls, 40);
  }
}

TEST(Iw1, StochasticGameIsReproducibleWithCallBudgets) {
  const LoadedGame game = MustLoadBundledGame("starguard");
  if (!game.def) return;
  ExpectReproducible([] { return std::make_unique<Iw1Agent>("iw1", Iw1Options{}, 8); }, game, 4,
                     500, 30);
}

TEST(Iw1, TinyBudgetsStillAnswer) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  State state(game.def, game.level, 1);
  for (int64_t calls : {0, 1, 3, 7}) {
    Iw1Agent agent("iw1", Iw1Options{}, 1);
    Budget budget = Budget::ForwardModelCalls(calls);
    const Action a = agent.Act(state.Fork(), budget);
    EXPECT_LE(budget.calls(), calls);
    EXPECT_NE(AvailableActions(state).end(),
              std::find(AvailableActions(state).begin(), AvailableActions(state).end(), a));
  }
}

TEST(Iw1, CountsEveryCallAndNeverExceedsTheCallBudget) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  ExpectEveryCallCountedWithinBudget(game, 0, 700, 23, [](int64_t calls) {
    return std::make_unique<Iw1Agent>("iw1", Iw1Options{}, static_cast<uint64_t>(calls));
  });
}

TEST(Iw1, ADeadlineEndsTheSearchAtOnce) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  // IW(1) solves the maze in 124 calls: the stalls come before.
  for (int64_t stall_at : {1, 7, 60}) {
    SCOPED_TRACE("stalled at call " + std::to_string(stall_at));
    Iw1Agent agent("iw1", Iw1Options{}, 1);
    ExpectNoCallAfterAStall(game, stall_at, agent);
  }
}

TEST(Iw1, TimeBudgetIsRespected) {
  const LoadedGame game = MustLoadBundledGame("starguard");
  if (!game.def) return;
  Iw1Agent agent("iw1", Iw1Options{}, 1);
  ExpectActsWithinGvgaiTime(agent, game, 1'000'000'000);
}

}  // namespace
}  // namespace vgdl
