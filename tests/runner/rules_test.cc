// GVGAI's competition rules (spec §12) as the runner applies them.
#include "runner/rules.h"

#include <gtest/gtest.h>

#include "engine/game.h"
#include "runner/episode.h"
#include "tests/runner/test_support.h"

namespace vgdl {
namespace {

using testing::LoadTestGame;
using testing::Scripted;
using testing::ScriptedAgent;
using testing::TaskFor;

constexpr int64_t kMs = kNanosPerMilli;

TEST(JudgeAct, FortyMillisecondsIsStillInTime) {
  const Rules rules = Rules::Competition();
  EXPECT_EQ(JudgeAct(rules, 40 * kMs), ActVerdict::kInTime);
  EXPECT_EQ(JudgeAct(rules, 40 * kMs + 1), ActVerdict::kOverspent);
}

TEST(JudgeAct, DisqualifiesOnlyPastFiftyWholeMilliseconds) {
  // GVGAI compares the truncated elapsed milliseconds with ACTION_TIME_DISQ.
  const Rules rules = Rules::Competition();
  EXPECT_EQ(JudgeAct(rules, 50 * kMs), ActVerdict::kOverspent);
  EXPECT_EQ(JudgeAct(rules, 51 * kMs - 1), ActVerdict::kOverspent);
  EXPECT_EQ(JudgeAct(rules, 51 * kMs), ActVerdict::kDisqualified);
}

TEST(JudgeAct, CallBudgetsIgnoreTheClock) {
  const Rules rules = Rules::ForwardModelCalls(100);
  EXPECT_EQ(JudgeAct(rules, 10'000 * kMs), ActVerdict::kInTime);
  EXPECT_FALSE(InitTooLong(rules, 10'000 * kMs));
  EXPECT_EQ(rules.init_calls, 2500);
  EXPECT_EQ(rules.Describe(), "100calls");
}

TEST(JudgeAct, InitAndTeardownLimits) {
  const Rules rules = Rules::Competition();
  EXPECT_FALSE(InitTooLong(rules, 1000 * kMs));
  EXPECT_TRUE(InitTooLong(rules, 1000 * kMs + 1));
  EXPECT_FALSE(TeardownTooLong(rules, 100 * kMs));
  EXPECT_TRUE(TeardownTooLong(rules, 100 * kMs + 1));
}

TEST(Rules, CustomBudgetKeepsGvgaisDisqualificationSlack) {
  const Rules rules = Rules::CpuTimeMs(100);
  EXPECT_EQ(rules.act_ns, 100 * kMs);
  EXPECT_EQ(rules.disqualify_ns, 110 * kMs);
  EXPECT_EQ(rules.Describe(), "100ms");
  EXPECT_EQ(Rules::Competition().Describe(), "40ms");
}

TEST(Rules, ActBudgetEndsAMarginBeforeTheLimit) {
  Rules rules = Rules::Competition();
  rules.margin_ns = 5 * kMs;
  Budget budget = rules.ActBudget();  // Remaining() reads the clock
  EXPECT_FALSE(budget.counts_calls());
  EXPECT_LE(budget.Remaining(), 35 * kMs);
  EXPECT_GT(budget.Remaining(), 30 * kMs);
}

// Episodes on tests/data/agents/onestep.txt: RIGHT wins at once, LEFT loses.

TEST(Episode, QuickWinnerIsReportedLikeGvgai) {
  ScriptedAgent agent;
  agent.script = {Action::kRight};
  const RunGame game = LoadTestGame("onestep");
  const EpisodeResult r =
      RunEpisode(game, TaskFor("onestep"), Scripted(agent), Rules::Competition());
  EXPECT_TRUE(r.error.empty()) << r.error;
  EXPECT_TRUE(r.win);
  EXPECT_EQ(r.ticks, 0);  // GVGAI reports the last tick processed
  EXPECT_EQ(r.score, 1.0);
  EXPECT_EQ(r.actions, 1);
  EXPECT_EQ(r.overspent, 0);
  EXPECT_FALSE(r.disqualified);
}

TEST(Episode, OverspentActionIsPlayedAsNil) {
  ScriptedAgent agent;
  agent.script = {Action::kRight};
  agent.act_ms = {45.0};  // over 40 ms, under 50 ms: the winning move becomes NIL
  const RunGame game = LoadTestGame("onestep");
  const EpisodeResult r =
      RunEpisode(game, TaskFor("onestep"), Scripted(agent), Rules::Competition());
  EXPECT_TRUE(r.error.empty()) << r.error;
  EXPECT_EQ(r.overspent, 1);
  EXPECT_FALSE(r.disqualified);
  EXPECT_TRUE(r.win);
  EXPECT_EQ(r.ticks, 1);  // won one tick later
  EXPECT_EQ(r.actions, 2);
  EXPECT_GE(r.max_act_ms, 45.0);
}

TEST(Episode, ActionOverFiftyMillisecondsDisqualifies) {
  ScriptedAgent agent;
  agent.script = {Action::kNil, Action::kRight};
  agent.act_ms = {0.0, 52.0};
  const RunGame game = LoadTestGame("onestep");
  const EpisodeResult r =
      RunEpisode(game, TaskFor("onestep"), Scripted(agent), Rules::Competition());
  EXPECT_TRUE(r.error.empty()) << r.error;
  EXPECT_TRUE(r.disqualified);
  EXPECT_EQ(r.disqualified_for, "act");
  EXPECT_FALSE(r.win);
  EXPECT_EQ(r.score, -1000.0);
  EXPECT_EQ(r.ticks, 1);
}

TEST(Episode, SlowInitDisqualifies) {
  ScriptedAgent agent;
  agent.script = {Action::kRight};
  agent.init_ms = 1010.0;
  const RunGame game = LoadTestGame("onestep");
  const EpisodeResult r =
      RunEpisode(game, TaskFor("onestep"), Scripted(agent), Rules::Competition());
  EXPECT_TRUE(r.disqualified);
  EXPECT_EQ(r.disqualified_for, "init");
  EXPECT_EQ(r.score, -1000.0);
  EXPECT_EQ(r.actions, 0);
  EXPECT_GE(r.init_ms, 1010.0);
}

TEST(Episode, CallBudgetsNeverPenaliseTime) {
  ScriptedAgent agent;
  agent.script = {Action::kRight};
  agent.act_ms = {60.0};
  const RunGame game = LoadTestGame("onestep");
  const EpisodeResult r =
      RunEpisode(game, TaskFor("onestep"), Scripted(agent), Rules::ForwardModelCalls(10));
  EXPECT_FALSE(r.disqualified);
  EXPECT_EQ(r.overspent, 0);
  EXPECT_TRUE(r.win);
  EXPECT_EQ(r.budget, "10calls");
}

TEST(Episode, ActionTheAvatarLacksIsPlayedAsNil) {
  ScriptedAgent agent;
  agent.script = {Action::kUse, Action::kRight};  // MovingAvatar has no USE
  const RunGame game = LoadTestGame("onestep");
  const EpisodeResult r =
      RunEpisode(game, TaskFor("onestep"), Scripted(agent), Rules::Competition());
  EXPECT_TRUE(r.win);
  EXPECT_EQ(r.ticks, 1);
}

TEST(Episode, LosingMoveLoses) {
  ScriptedAgent agent;
  agent.script = {Action::kLeft};
  const RunGame game = LoadTestGame("onestep");
  const EpisodeResult r =
      RunEpisode(game, TaskFor("onestep"), Scripted(agent), Rules::Competition());
  EXPECT_FALSE(r.win);
  EXPECT_EQ(r.score, -1.0);
  EXPECT_EQ(r.ticks, 0);
}

TEST(Episode, EscapeAbortsAfterTheTick) {
  ScriptedAgent agent;
  agent.script = {Action::kEscape};
  const RunGame game = LoadTestGame("onestep");
  const EpisodeResult r =
      RunEpisode(game, TaskFor("onestep"), Scripted(agent), Rules::Competition());
  EXPECT_TRUE(r.aborted);
  EXPECT_FALSE(r.win);
  EXPECT_EQ(r.ticks, 0);
  EXPECT_EQ(r.actions, 1);
}

TEST(Episode, GameEndsAtTick2000) {
  ScriptedAgent agent;
  agent.script = {Action::kRight};  // the goal of maze level 1 is walled off
  const RunGame game = LoadTestGame("maze");
  const EpisodeResult r =
      RunEpisode(game, TaskFor("maze", 1), Scripted(agent), Rules::Competition());
  EXPECT_TRUE(r.error.empty()) << r.error;
  EXPECT_FALSE(r.win);
  EXPECT_EQ(r.ticks, 2000);
  EXPECT_EQ(r.actions, 2001);  // ticks 0..2000
  EXPECT_EQ(r.score, 0.0);
}

TEST(Episode, AgentExceptionIsReportedNotThrown) {
  ScriptedAgent agent;
  agent.script = {Action::kNil};
  agent.on_act = [](int tick) {
    if (tick == 3) throw std::runtime_error("boom");
  };
  const RunGame game = LoadTestGame("onestep");
  const EpisodeResult r =
      RunEpisode(game, TaskFor("onestep"), Scripted(agent), Rules::Competition());
  EXPECT_NE(r.error.find("agent act"), std::string::npos) << r.error;
  EXPECT_NE(r.error.find("boom"), std::string::npos) << r.error;
  EXPECT_FALSE(r.win);
  EXPECT_EQ(r.actions, 3);
}

TEST(Episode, FactoryFailureIsReported) {
  const RunGame game = LoadTestGame("onestep");
  const AgentFactory none = [](uint64_t) -> std::unique_ptr<Agent> { return nullptr; };
  const EpisodeResult r = RunEpisode(game, TaskFor("onestep"), none, Rules::Competition());
  EXPECT_NE(r.error.find("agent init"), std::string::npos) << r.error;
}

TEST(Episode, MissingLevelIsAnError) {
  ScriptedAgent agent;
  const RunGame game = LoadTestGame("onestep");
  const EpisodeResult r =
      RunEpisode(game, TaskFor("onestep", 7), Scripted(agent), Rules::Competition());
  EXPECT_FALSE(r.error.empty());
  EXPECT_FALSE(r.win);
}

TEST(Episode, AgentsGetForksNotTheRealGame) {
  // An agent that advances its observation must not change the real game.
  struct Meddler : Agent {
    void Init(const State&, Budget&) override {}
    Action Act(const State& observation, Budget& budget) override {
      State copy = observation;
      budget.CountCall();
      Advance(copy, Action::kLeft, StepMode::kForwardModel);  // would lose in the real game
      return Action::kRight;
    }
    std::string Name() const override { return "meddler"; }
  };
  const RunGame game = LoadTestGame("onestep");
  const AgentFactory factory = [](uint64_t) { return std::make_unique<Meddler>(); };
  const EpisodeResult r = RunEpisode(game, TaskFor("onestep"), factory, Rules::Competition());
  EXPECT_TRUE(r.win);
  EXPECT_EQ(r.mean_fm_calls, 1.0);
}

// The agent's iterations per action are recorded (the simulations per tick papers report).
TEST(RunEpisode, RecordsTheAgentsIterationsPerAction) {
  struct Counter : Agent {
    int64_t n = 0;
    void Init(const State&, Budget&) override {}
    Action Act(const State&, Budget&) override {
      ++n;
      return Action::kNil;
    }
    AgentStats LastStats() const override { return {.iterations = n, .fm_calls = 0}; }
    std::string Name() const override { return "counter"; }
  };
  const RunGame game = LoadTestGame("onestep");
  const AgentFactory factory = [](uint64_t) { return std::make_unique<Counter>(); };
  const EpisodeResult r =
      RunEpisode(game, TaskFor("onestep"), factory, Rules::ForwardModelCalls(10));
  ASSERT_GT(r.actions, 0);
  // Iterations 1, 2, ..., n: their mean is (n + 1) / 2.
  EXPECT_DOUBLE_EQ(r.mean_iterations, (static_cast<double>(r.actions) + 1.0) / 2.0);
}

}  // namespace
}  // namespace vgdl
