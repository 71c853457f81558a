#include "agents/mcts/deterministic_detection.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <utility>

#include "agents/common/budget.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/mcts/mcts.h"
#include "engine/game.h"
#include "engine/state.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::LoadedGame;
using testing::MustLoadSearchGame;

// The classification of the game's level with the default options, the agent seed `seed` and
// a budget of `budget_calls` calls; the calls made go to `calls`.
Determinism Classify(const LoadedGame& game, uint64_t seed, int64_t budget_calls,
                     int64_t* calls = nullptr) {
  const State s0(game.def, game.level, 7);
  Budget budget = Budget::ForwardModelCalls(budget_calls);
  AgentRandom rng(seed);
  SimState a;
  SimState b;
  const Determinism d = ClassifyDeterminism(s0, DeterminismOptions{}, budget, rng, a, b);
  if (calls != nullptr) *calls = budget.calls();
  return d;
}

TEST(DeterministicDetection, DefaultsAreMaastCts2s) {
  const DeterminismOptions o;
  EXPECT_EQ(o.sequences, 5);
  EXPECT_EQ(o.length, 5);
  EXPECT_EQ(o.repeats, 3);
  EXPECT_EQ(o.max_calls(), 75);
}

TEST(DeterministicDetection, APuzzleWithoutRandomnessIsDeterministic) {
  // push: a box pushed into a hole, no NPC, no random rule.
  const LoadedGame game = MustLoadSearchGame("push");
  if (!game.def) return;
  for (uint64_t seed : {1u, 2u, 3u}) {
    int64_t calls = 0;
    EXPECT_EQ(Classify(game, seed, 1000, &calls), Determinism::kDeterministic) << seed;
    EXPECT_GT(calls, 0) << seed;
    EXPECT_LE(calls, DeterminismOptions{}.max_calls()) << seed;
  }
}

TEST(DeterministicDetection, AGameWithARandomNpcIsNot) {
  const LoadedGame game = MustLoadSearchGame("randomnpc");
  if (!game.def) return;
  EXPECT_EQ(Classify(game, 1, 1000), Determinism::kNpc);
}

TEST(DeterministicDetection, AnNpcSeenOnlyInTheMiddleOfASequenceCounts) {
  // passingnpc: a spawner makes one bomber (an NPC that moves straight on) on its second
  // tick; it hits the wall and dies within the sequence, so s_0 and the final states show no
  // NPC and the final states are equal: only the states in between show it.
  const LoadedGame game = MustLoadSearchGame("passingnpc");
  if (!game.def) return;
  State state(game.def, game.level, 7);
  ASSERT_FALSE(ShowsNpc(state));
  bool seen = false;
  for (int t = 0; t < DeterminismOptions{}.length; ++t) {
    Advance(state, Action::kNil, StepMode::kForwardModel);
    seen = seen || ShowsNpc(state);
  }
  ASSERT_TRUE(seen) << "the test game must show its NPC within a sequence";
  ASSERT_FALSE(ShowsNpc(state)) << "the test game's NPC must be gone by the end of a sequence";
  EXPECT_EQ(Classify(game, 1, 1000), Determinism::kNpc);
}

TEST(DeterministicDetection, AStochasticSpawnWithoutNpcIsNot) {
  // randomspawn: a SpawnPoint (not an NPC) that makes a coin with probability 0.5 each tick.
  const LoadedGame game = MustLoadSearchGame("randomspawn");
  if (!game.def) return;
  for (uint64_t seed : {1u, 2u, 3u}) {
    EXPECT_EQ(Classify(game, seed, 1000), Determinism::kDiffers) << seed;
  }
}

TEST(DeterministicDetection, ABudgetTooSmallClassifiesAsNotDeterministic) {
  const LoadedGame game = MustLoadSearchGame("push");
  if (!game.def) return;
  for (int64_t limit : {0, 1, 10, 40}) {
    int64_t calls = 0;
    EXPECT_EQ(Classify(game, 1, limit, &calls), Determinism::kOutOfBudget) << limit;
    EXPECT_EQ(calls, limit) << "every call is counted and the budget is used up";
  }
}

TEST(DeterministicDetection, BadOptionsAreRefusedWithTheirRange) {
  for (const DeterminismOptions& o :
       {DeterminismOptions{0, 5, 3}, DeterminismOptions{5, 0, 3}, DeterminismOptions{5, 5, 1},
        DeterminismOptions{5, 1001, 3}}) {
    try {
      ValidateDeterminismOptions(o);
      ADD_FAILURE() << o.sequences << " " << o.length << " " << o.repeats;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("must be in ["), std::string::npos) << e.what();
    }
  }
  EXPECT_NO_THROW(ValidateDeterminismOptions(DeterminismOptions{}));
}

// The agent classifies at Init, and in a deterministic game tree reuse keeps the old
// statistics undecayed (§4.2.5): gamma is 1 whatever tr_gamma says.
TEST(DeterministicDetection, TheAgentsVerdictDecidesTheTreeReuseDecay) {
  for (const auto& [name, deterministic] :
       {std::pair<const char*, bool>{"push", true}, {"randomnpc", false}}) {
    const LoadedGame game = MustLoadSearchGame(name);
    if (!game.def) return;
    MctsOptions o = MctsOptions::Soemers();
    o.deterministic_detection = true;
    o.tree_reuse = true;
    o.tree_reuse_gamma = 0.5;
    o.init_search = false;
    MctsAgent agent("mcts", o, 3);
    State state(game.def, game.level, 1);
    Budget init = Budget::ForwardModelCalls(1000);
    agent.Init(state.Fork(), init);
    EXPECT_EQ(agent.deterministic(), deterministic) << name;
    Budget budget = Budget::ForwardModelCalls(500);
    const Action played = agent.Act(state.Fork(), budget);
    const ActionList actions = ActionList::Of(state, /*with_nil=*/false);
    const Node kept = agent.tree().node(agent.tree().child(Tree::root(), actions.IndexOf(played)));
    Advance(state, played, StepMode::kRealGame);
    Budget none = Budget::ForwardModelCalls(0);
    agent.Act(state.Fork(), none);
    EXPECT_DOUBLE_EQ(agent.tree().node(Tree::root()).visits,
                     kept.visits * (deterministic ? 1.0 : 0.5))
        << name;
  }
}

}  // namespace
}  // namespace vgdl
