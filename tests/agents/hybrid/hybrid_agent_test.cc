// The hybrid agent (Joppen et al. 2016, §3): the switch to MCTS, budgets and time.
#include "agents/hybrid/hybrid_agent.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "agents/common/budget.h"
#include "agents/registry.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "engine/state.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::MustLoadSearchGame;

// Plays `ticks` ticks of `name` with `calls` per act, recording the agent's mode after each.
std::vector<HybridAgent::Mode> PlayModes(const std::string& name, int ticks, HybridAgent** out,
                                         std::unique_ptr<Agent>& holder) {
  const auto game = MustLoadSearchGame(name);
  holder = testing::MakeAgent("hybrid");
  auto* agent = static_cast<HybridAgent*>(holder.get());
  *out = agent;
  State real(game.def, game.level, 11);
  Budget init = Budget::ForwardModelCalls(2000);
  agent->Init(real.Fork(), init);
  std::vector<HybridAgent::Mode> modes;
  for (int t = 0; t < ticks && !real.ended(); ++t) {
    Budget budget = Budget::ForwardModelCalls(500);
    const Action a = agent->Act(real.Fork(), budget);
    modes.push_back(agent->mode());
    Advance(real, a, StepMode::kRealGame);
  }
  return modes;
}

// A spawn point that spawns with probability 0.5 is the game's only random part and no NPC is
// on the board: the agent starts with the heuristic search (playing NIL) and switches to MCTS
// as soon as a stochastic effect is seen, for good.
TEST(HybridAgentTest, SwitchesToMctsOnTheFirstStochasticEffect) {
  HybridAgent* agent = nullptr;
  std::unique_ptr<Agent> holder;
  const auto modes = PlayModes("randomspawn", 12, &agent, holder);
  ASSERT_FALSE(modes.empty());
  EXPECT_TRUE(agent->knowledge().stochastic());
  ASSERT_GE(agent->switch_tick(), 0);
  EXPECT_LE(agent->switch_tick(), 2);
  for (size_t t = 0; t < modes.size(); ++t) {
    if (static_cast<int>(t) >= agent->switch_tick()) {
      EXPECT_EQ(modes[t], HybridAgent::Mode::kMcts) << "tick " << t;
    }
  }
}

// The same agent never leaves the heuristic search in a deterministic game.
TEST(HybridAgentTest, StaysWithHeuristicSearchInADeterministicGame) {
  HybridAgent* agent = nullptr;
  std::unique_ptr<Agent> holder;
  const auto modes = PlayModes("push", 12, &agent, holder);
  for (HybridAgent::Mode m : modes) EXPECT_NE(m, HybridAgent::Mode::kMcts);
  EXPECT_FALSE(agent->knowledge().stochastic());
  EXPECT_EQ(agent->switch_tick(), -1);
}

// An NPC on the board means MCTS from the start.
TEST(HybridAgentTest, UsesMctsWhenAnNpcIsOnTheBoard) {
  HybridAgent* agent = nullptr;
  std::unique_ptr<Agent> holder;
  const auto modes = PlayModes("randomnpc", 3, &agent, holder);
  ASSERT_FALSE(modes.empty());
  EXPECT_EQ(agent->switch_tick(), 0);
  EXPECT_EQ(modes[0], HybridAgent::Mode::kMcts);
}

TEST(HybridAgentTest, CallBudgetIsNeverExceeded) {
  for (const char* name : {"push", "randomnpc", "randomspawn"}) {
    const auto game = MustLoadSearchGame(name);
    testing::ExpectEveryCallCountedWithinBudget(game, 1, 400, 97, [](int64_t) {
      return testing::MakeAgent("hybrid:hs_nodes=4096,hs_states=64,mcts_nodes=4096");
    });
    // Whole games too: every act's calls within its budget.
    auto agent = testing::MakeAgent("hybrid:hs_nodes=4096,hs_states=64,mcts_nodes=4096");
    const auto result = testing::Play(*agent, game, 2, 150, 30, 300);
    for (const AgentStats& s : result.stats) EXPECT_LE(s.fm_calls, 150) << name;
  }
}

TEST(HybridAgentTest, ActsWithinGvgaiTime) {
  for (const char* name : {"push", "randomnpc", "kbe"}) {
    const auto game = MustLoadSearchGame(name);
    auto agent = testing::MakeAgent("hybrid");
    testing::ExpectActsWithinGvgaiTime(*agent, game, 1'000'000'000);
  }
}

TEST(HybridAgentTest, RefusesBadOptions) {
  std::string error;
  EXPECT_EQ(CreateAgent("hybrid:eps=2", 1, &error), nullptr);
  EXPECT_NE(error.find("[0, 1]"), std::string::npos) << error;
  EXPECT_EQ(CreateAgent("hybrid:hs_nodes=3", 1, &error), nullptr);
  EXPECT_NE(error.find("hs_nodes"), std::string::npos) << error;
  EXPECT_EQ(CreateAgent("hybrid:tick_share=0", 1, &error), nullptr);
}

}  // namespace
}  // namespace vgdl
