#include "agents/rhea/sample_rhea.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "agents/registry.h"
#include "agents/rhea/population.h"
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

TEST(Population, RandomGenomeStaysInRange) {
  AgentRandom rng(1);
  std::vector<int8_t> genes(200);
  RandomGenome(genes, 5, rng);
  std::vector<int> counts(5);
  for (int8_t g : genes) {
    ASSERT_GE(g, 0);
    ASSERT_LT(g, 5);
    ++counts[static_cast<size_t>(g)];
  }
  for (int c : counts) EXPECT_GT(c, 10);
}

TEST(Population, MutationAtRateOneChangesEveryGeneToAnotherAction) {
  AgentRandom rng(2);
  std::vector<int8_t> genes(100, 3);
  UniformMutation(genes, 6, 1.0, rng);
  for (int8_t g : genes) {
    EXPECT_NE(g, 3);
    EXPECT_GE(g, 0);
    EXPECT_LT(g, 6);
  }
  std::vector<int8_t> same(50, 0);
  UniformMutation(same, 6, 0.0, rng);
  EXPECT_EQ(same, std::vector<int8_t>(50, 0));
  UniformMutation(same, 1, 1.0, rng);  // a single action: nothing to mutate to
  EXPECT_EQ(same, std::vector<int8_t>(50, 0));
}

TEST(Population, MutationRateIsRespectedOnAverage) {
  AgentRandom rng(3);
  std::vector<int8_t> genes(15000, 0);
  UniformMutation(genes, 4, 1.0 / 15.0, rng);
  int changed = 0;
  for (int8_t g : genes) changed += g != 0 ? 1 : 0;
  EXPECT_NEAR(changed, 1000, 120);
}

TEST(Population, UniformCrossoverTakesEachGeneFromAParent) {
  AgentRandom rng(4);
  std::vector<int8_t> a(400, 1);
  std::vector<int8_t> b(400, 2);
  std::vector<int8_t> child(400, 0);
  UniformCrossover(a, b, child, rng);
  int from_a = 0;
  for (int8_t g : child) {
    ASSERT_TRUE(g == 1 || g == 2);
    from_a += g == 1 ? 1 : 0;
  }
  EXPECT_NEAR(from_a, 200, 40);
}

TEST(Population, TournamentReturnsTheBestOfItsDraws) {
  AgentRandom rng(5);
  std::vector<int> wins(10);
  for (int i = 0; i < 10000; ++i) ++wins[static_cast<size_t>(Tournament(10, 2, rng))];
  // The best of two uniform draws from 10: P(index k) = (2 (10 - k) - 1) / 100.
  EXPECT_NEAR(wins[0], 1900, 150);
  EXPECT_NEAR(wins[9], 100, 50);
  for (size_t k = 1; k < 10; ++k) EXPECT_LT(wins[k], wins[k - 1] + 100);
  EXPECT_EQ(Tournament(1, 2, rng), 0);
}

TEST(Population, SortBestFirstIsStable) {
  std::vector<Individual> pop(5);
  const double fitness[] = {1.0, 3.0, 1.0, 3.0, 2.0};
  for (size_t i = 0; i < 5; ++i) {
    pop[i].fitness = fitness[i];
    pop[i].genes = {static_cast<int8_t>(i)};
  }
  SortBestFirst(pop);
  const int8_t order[] = {1, 3, 4, 0, 2};
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(pop[i].genes[0], order[i]);
}

TEST(SampleRhea, RegistryDefaultsAreTheThesisOnes) {
  std::string error;
  auto agent = CreateAgent("sample-rhea", 1, &error);
  ASSERT_NE(agent, nullptr) << error;
  EXPECT_EQ(agent->Name(), "sample-rhea:p=10,l=15,elites=1,tournament=2");
  for (const char* bad : {"sample-rhea:p=0", "sample-rhea:elites=10", "sample-rhea:l=0",
                          "sample-rhea:tournament=0"}) {
    EXPECT_EQ(CreateAgent(bad, 1, &error), nullptr) << bad;
  }
}

TEST(SampleRhea, GenerationsUseWholeBudgetsOfFullGenerations) {
  // In the maze nothing ends the game within 15 ticks, so every evaluation costs L calls:
  // the first population 10 x 15 = 150, each generation 9 x 15 = 135.
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  State state(game.def, game.level, 1);
  SampleRheaAgent agent("sample-rhea", SampleRheaOptions{}, 1);
  Budget budget = Budget::ForwardModelCalls(150 + 3 * 135 + 134);
  const Action a = agent.Act(state.Fork(), budget);
  EXPECT_EQ(agent.LastStats().iterations, 3);
  EXPECT_EQ(budget.calls(), 150 + 3 * 135);
  EXPECT_EQ(agent.LastStats().fm_calls, budget.calls());
  const ActionList actions = ActionList::Of(state, true);
  EXPECT_EQ(a, actions[agent.best().genes.front()]);
}

TEST(SampleRhea, AnswersWithoutAFullPopulation) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  State state(game.def, game.level, 1);
  for (int64_t calls : {0, 14, 15, 40, 149}) {
    SampleRheaAgent agent("sample-rhea", SampleRheaOptions{}, 1);
    Budget budget = Budget::ForwardModelCalls(calls);
    const Action a = agent.Act(state.Fork(), budget);
    EXPECT_LE(budget.calls(), calls);
    EXPECT_EQ(agent.LastStats().iterations, 0);
    EXPECT_GE(ActionList::Of(state, true).IndexOf(a), 0);
  }
}

TEST(SampleRhea, CountsEveryCallAndNeverExceedsTheCallBudget) {
  // Genomes that walk into the trap end early, so evaluations cost 1 to L calls.
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  ExpectEveryCallCountedWithinBudget(game, 0, 1500, 53, [](int64_t calls) {
    return std::make_unique<SampleRheaAgent>("sample-rhea", SampleRheaOptions{},
                                             static_cast<uint64_t>(calls));
  });
}

TEST(SampleRhea, ADeadlineEndsAGenerationInFlight) {
  // In the maze every evaluation costs L = 15 calls: the first population takes 150 and each
  // generation 135, so the stall at call 1000 comes 40 calls into the seventh generation.
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  SampleRheaAgent agent("sample-rhea", SampleRheaOptions{}, 1);
  ExpectNoCallAfterAStall(game, 1000, agent);
  EXPECT_EQ(agent.LastStats().iterations, 6);
  // Also inside the first population (the fourth individual).
  SampleRheaAgent early("sample-rhea", SampleRheaOptions{}, 1);
  ExpectNoCallAfterAStall(game, 50, early);
  EXPECT_EQ(early.LastStats().iterations, 0);
}

TEST(SampleRhea, WinsWhenTheExitIsWithinItsHorizon) {
  // The exit is 6 moves away behind a wall: well within L = 15.
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  for (uint64_t seed : {1u, 2u, 3u}) {
    SampleRheaAgent agent("sample-rhea", SampleRheaOptions{}, seed);
    const auto result = Play(agent, game, 5, 1500, 100);
    EXPECT_TRUE(result.won) << "seed " << seed;
  }
}

TEST(SampleRhea, CallBudgetRunsAreReproducible) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  const auto make = [] {
    return std::make_unique<SampleRheaAgent>("sample-rhea", SampleRheaOptions{}, 21);
  };
  ExpectReproducible(make, game, 1, 600, 30);
  const LoadedGame stochastic = MustLoadBundledGame("starguard");
  if (!stochastic.def) return;
  ExpectReproducible(make, stochastic, 9, 600, 30);
}

TEST(SampleRhea, TimeBudgetIsRespected) {
  const LoadedGame game = MustLoadBundledGame("starguard");
  if (!game.def) return;
  SampleRheaAgent agent("sample-rhea", SampleRheaOptions{}, 1);
  ExpectActsWithinGvgaiTime(agent, game, 0);
}

}  // namespace
}  // namespace vgdl
