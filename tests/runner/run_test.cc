// Whole runs: with forward-model-call budgets the same plan gives the same results, in any
// number of threads and split into shards.
#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>

#include "agents/registry.h"
#include "runner/episode.h"
#include "runner/parallel.h"
#include "runner/plan.h"
#include "runner/results.h"
#include "tests/runner/test_support.h"

namespace vgdl {
namespace {

// The results of a plan, as sorted JSON lines without the fields that measure time.
std::vector<std::string> Play(const std::vector<RunGame>& games, const PlanInput& input,
                              const Rules& rules, int threads) {
  const auto plan = PlanEpisodes(input);
  std::mutex mutex;
  std::vector<std::string> lines;
  RunParallel(plan.size(), threads, [&](size_t i) {
    const EpisodeTask& task = plan[i];
    const AgentFactory factory = [&task](uint64_t seed) {
      std::string error;
      auto agent = CreateAgent(task.agent, seed, &error);
      if (agent == nullptr) throw std::runtime_error(error);
      return agent;
    };
    EpisodeResult r = RunEpisode(games[static_cast<size_t>(task.game_index)], task, factory, rules);
    EXPECT_TRUE(r.error.empty()) << r.error;
    r.init_ms = r.mean_act_ms = r.max_act_ms = r.mean_act_wall_ms = r.max_act_wall_ms = 0.0;
    r.max_act_raw_ms = r.clock_excess_ms = r.max_act_unchecked_ms = r.max_unchecked_ms = 0.0;
    r.max_act_unchecked_wall_ms = r.max_act_system_ms = 0.0;
    r.max_act_page_faults = 0;
    r.max_act_tick = -1;
    std::lock_guard lock(mutex);
    lines.push_back(ToJsonLine(r));
  });
  std::sort(lines.begin(), lines.end());
  return lines;
}

class RunTest : public ::testing::Test {
 protected:
  void SetUp() override {
    games_ = {testing::LoadTestGame("coins"), testing::LoadTestGame("maze")};
    if (::testing::Test::HasFailure()) GTEST_SKIP() << "test games do not load";
    input_.agents = {CanonicalAgentSpec("random", nullptr), CanonicalAgentSpec("osla", nullptr)};
    input_.games = {games_[0].name, games_[1].name};
    input_.levels = {{0}, {0}};
    input_.reps = 3;
    input_.seed = 2024;
  }
  std::vector<RunGame> games_;
  PlanInput input_;
};

TEST_F(RunTest, CallBudgetRunsAreReproducible) {
  const Rules rules = Rules::ForwardModelCalls(20);
  const auto first = Play(games_, input_, rules, 1);
  const auto second = Play(games_, input_, rules, 1);
  ASSERT_EQ(first.size(), 12u);
  EXPECT_EQ(first, second);
}

TEST_F(RunTest, ThreadsDoNotChangeResults) {
  const Rules rules = Rules::ForwardModelCalls(20);
  EXPECT_EQ(Play(games_, input_, rules, 1), Play(games_, input_, rules, 2));
}

TEST_F(RunTest, ShardsMergeIntoTheWholeRun) {
  const Rules rules = Rules::ForwardModelCalls(20);
  const auto whole = Play(games_, input_, rules, 1);
  std::vector<std::string> merged;
  for (int k = 1; k <= 3; ++k) {
    PlanInput part = input_;
    part.shard = {k, 3};
    const auto lines = Play(games_, part, rules, 1);
    merged.insert(merged.end(), lines.begin(), lines.end());
  }
  std::sort(merged.begin(), merged.end());
  EXPECT_EQ(merged, whole);
}

TEST_F(RunTest, SeedsMatterInAStochasticGame) {
  // Random play on coins: different run seeds give different episodes (at least one differs).
  PlanInput a = input_;
  a.agents = {input_.agents[0]};
  a.games = {input_.games[0]};
  a.levels = {{0}};
  a.reps = 4;
  PlanInput b = a;
  b.seed = a.seed + 1;
  const Rules rules = Rules::ForwardModelCalls(20);
  const auto ra = Play(games_, a, rules, 1);
  const auto rb = Play(games_, b, rules, 1);
  EXPECT_NE(ra, rb);
}

}  // namespace
}  // namespace vgdl
