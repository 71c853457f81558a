// The baseline agents: `random` and `osla` (one-step lookahead).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "agents/registry.h"
#include "engine/observation.h"
#include "engine/state.h"
#include "runner/episode.h"
#include "tests/agents/mcts/play_util.h"
#include "tests/runner/test_support.h"

namespace vgdl {
namespace {

using testing::LoadTestGame;
using testing::MakeAgent;

State Start(const RunGame& game, int level = 0) {
  return State(game.def, *game.levels[static_cast<size_t>(level)], 3);
}

TEST(Osla, TakesTheOneStepWin) {
  const RunGame game = LoadTestGame("onestep");
  ASSERT_TRUE(game.def);
  const State state = Start(game);
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    auto agent = MakeAgent("osla", seed);
    Budget init = Budget::ForwardModelCalls(100);
    agent->Init(state, init);
    Budget budget = Budget::ForwardModelCalls(100);
    EXPECT_EQ(agent->Act(state, budget), Action::kRight);
    EXPECT_EQ(agent->LastStats().fm_calls, 4);  // one per action: LEFT, RIGHT, DOWN, UP
    EXPECT_EQ(budget.calls(), 4);
  }
}

TEST(Osla, StaysWithinACallBudget) {
  const RunGame game = LoadTestGame("onestep");
  ASSERT_TRUE(game.def);
  const State state = Start(game);
  auto agent = MakeAgent("osla:samples=0");  // as many sweeps as the budget allows
  Budget budget = Budget::ForwardModelCalls(10);
  const Action a = agent->Act(state, budget);
  EXPECT_EQ(budget.calls(), 10);
  EXPECT_EQ(a, Action::kRight);
}

TEST(Osla, StopsOnATimeBudget) {
  const RunGame game = LoadTestGame("maze");
  ASSERT_TRUE(game.def);
  const State state = Start(game);
  auto agent = MakeAgent("osla:samples=0");
  Budget budget = Budget::CpuTime(10'000'000, 5'000'000);
  agent->Act(state, budget);
  EXPECT_GE(budget.ElapsedNanos(), 5'000'000);
  EXPECT_LT(budget.ElapsedNanos(), 6'000'000);
  EXPECT_GT(agent->LastStats().fm_calls, 4);
}

TEST(Osla, ADeadlineEndsTheSweepInFlight) {
  const testing::LoadedGame game = testing::MustLoadSearchGame("maze");
  if (!game.def) return;
  for (int64_t stall_at : {1, 3, 500}) {
    SCOPED_TRACE("stalled at call " + std::to_string(stall_at));
    testing::ExpectNoCallAfterAStall(game, stall_at, *MakeAgent("osla:samples=0"));
  }
}

TEST(Osla, WinsTheEpisode) {
  const RunGame game = LoadTestGame("onestep");
  const AgentFactory factory = [](uint64_t seed) { return MakeAgent("osla", seed); };
  const EpisodeResult r =
      RunEpisode(game, testing::TaskFor("onestep"), factory, Rules::Competition());
  EXPECT_TRUE(r.error.empty()) << r.error;
  EXPECT_TRUE(r.win);
  EXPECT_EQ(r.ticks, 0);
  EXPECT_EQ(r.mean_fm_calls, 4.0);
}

TEST(Random, PlaysOnlyTheAvatarsActionsAndReplaysFromItsSeed) {
  const RunGame game = LoadTestGame("maze");
  ASSERT_TRUE(game.def);
  const State state = Start(game);
  const std::vector<Action> offered = AvailableActions(state);
  auto a = MakeAgent("random", 11);
  auto b = MakeAgent("random", 11);
  auto c = MakeAgent("random", 12);
  std::set<Action> seen;
  bool differs = false;
  for (int i = 0; i < 200; ++i) {
    Budget budget = Budget::ForwardModelCalls(0);
    const Action x = a->Act(state, budget);
    EXPECT_EQ(b->Act(state, budget), x);
    differs = differs || c->Act(state, budget) != x;
    EXPECT_NE(std::find(offered.begin(), offered.end(), x), offered.end());
    seen.insert(x);
  }
  EXPECT_EQ(seen.size(), offered.size());  // 200 draws cover 4 actions
  EXPECT_TRUE(differs);
}

TEST(Random, NilOptionAddsNil) {
  const RunGame game = LoadTestGame("maze");
  ASSERT_TRUE(game.def);
  const State state = Start(game);
  auto agent = MakeAgent("random:nil", 5);
  bool nil = false;
  for (int i = 0; i < 200 && !nil; ++i) {
    Budget budget = Budget::ForwardModelCalls(0);
    nil = agent->Act(state, budget) == Action::kNil;
  }
  EXPECT_TRUE(nil);
}

TEST(Osla, BeatsRandomOnTheOneStepGame) {
  const RunGame game = LoadTestGame("onestep");
  int osla_wins = 0;
  int random_wins = 0;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    EpisodeTask task = testing::TaskFor("onestep", 0, seed);
    const AgentFactory osla = [](uint64_t s) { return MakeAgent("osla", s); };
    const AgentFactory random = [](uint64_t s) { return MakeAgent("random", s); };
    osla_wins += RunEpisode(game, task, osla, Rules::ForwardModelCalls(100)).win ? 1 : 0;
    random_wins += RunEpisode(game, task, random, Rules::ForwardModelCalls(100)).win ? 1 : 0;
  }
  EXPECT_EQ(osla_wins, 20);
  EXPECT_LT(random_wins, 20);
}

}  // namespace
}  // namespace vgdl
