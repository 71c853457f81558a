// `rhea` as a whole: options and presets, the budget as the thesis counts it, and each
// enhancement's effect on a small game (tests/data/search).
#include "agents/rhea/rhea_family_agent.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "agents/rhea/spec.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl::rhea {
namespace {

using testing::ExpectEveryCallCountedWithinBudget;
using testing::ExpectNoCallAfterAStall;
using testing::LoadedGame;
using testing::MustLoadSearchGame;
using testing::Play;

std::unique_ptr<RheaFamilyAgent> MakeRhea(const std::string& spec, uint64_t seed = 1) {
  std::string error;
  std::unique_ptr<Agent> agent = CreateAgent(spec, seed, &error);
  EXPECT_NE(agent, nullptr) << spec << ": " << error;
  if (agent == nullptr) return nullptr;
  return std::unique_ptr<RheaFamilyAgent>(dynamic_cast<RheaFamilyAgent*>(agent.release()));
}

// Init, then one act at tick 0 of `game` under a call budget; returns the calls made.
int64_t ActOnce(RheaFamilyAgent& agent, const LoadedGame& game, int64_t calls) {
  const State state(game.def, game.level, 1);
  Budget init = Budget::ForwardModelCalls(0);
  agent.Init(state.Fork(), init);
  Budget budget = Budget::ForwardModelCalls(calls);
  agent.Act(state.Fork(), budget);
  EXPECT_EQ(agent.LastStats().fm_calls, budget.calls());
  return budget.calls();
}

TEST(RheaSpec, DefaultsAreTable31) {
  const Options o = PresetOptions("rhea");
  EXPECT_EQ(o.population, 10);
  EXPECT_EQ(o.length, 15);
  EXPECT_EQ(o.OffspringCount(), 10);
  EXPECT_EQ(o.elites, 1);
  EXPECT_EQ(o.init, Initialisation::kRandom);
  EXPECT_EQ(o.genetic, GeneticOperator::kCrossoverAndMutation);
  EXPECT_EQ(o.selection, Selection::kTournament);
  EXPECT_EQ(o.crossover, Crossover::kUniform);
  EXPECT_EQ(o.mutation, Mutation::kUniform);
  EXPECT_EQ(o.fitness, FitnessAssignment::kLast);
  EXPECT_DOUBLE_EQ(o.diversity_weight, 0.0);
  EXPECT_EQ(o.frame_skip, 0);
  EXPECT_FALSE(o.shift || o.bandit || o.tree || o.dynamic_depth || o.diversity_fitness);
  EXPECT_DOUBLE_EQ(o.rollout_length, 0.0);
  EXPECT_EQ(o.dd_every, 15);
  EXPECT_DOUBLE_EQ(o.dd_low, 0.05);
  EXPECT_DOUBLE_EQ(o.dd_high, 0.4);
  EXPECT_EQ(o.dd_step, 5);
}

TEST(RheaSpec, PresetsAreTheThesisVariants) {
  const Options shift_roll = PresetOptions("ea-shift-roll");
  EXPECT_EQ(shift_roll.population, 10);
  EXPECT_EQ(shift_roll.length, 14);
  EXPECT_EQ(shift_roll.OffspringCount(), 9);
  EXPECT_TRUE(shift_roll.shift);
  EXPECT_DOUBLE_EQ(shift_roll.rollout_length, 0.5);
  EXPECT_EQ(shift_roll.rollout_repeats, 5);
  EXPECT_TRUE(PresetOptions("ea-shift").shift);
  EXPECT_DOUBLE_EQ(PresetOptions("ea-shift").rollout_length, 0.0);
  EXPECT_FALSE(PresetOptions("ea-roll").shift);
  EXPECT_EQ(PresetOptions("ea-roll").rollout_repeats, 5);
  EXPECT_TRUE(PresetOptions("ea-tree").tree);
  const Options sota = PresetOptions("rhea-sota");
  EXPECT_EQ(sota.population, 20);
  EXPECT_EQ(sota.length, 20);
  EXPECT_EQ(sota.OffspringCount(), 1);
  EXPECT_EQ(sota.genetic, GeneticOperator::kCrossoverOnly);
  // Every preset is in the registry, its defaults readable back.
  for (const char* name :
       {"rhea", "rhea-vanilla", "ea-shift", "ea-roll", "ea-shift-roll", "ea-tree", "rhea-sota"}) {
    auto agent = MakeRhea(name);
    ASSERT_NE(agent, nullptr) << name;
    EXPECT_EQ(agent->Name().rfind(std::string(name) + ":p=", 0), 0u) << agent->Name();
  }
  EXPECT_EQ(MakeRhea("ea-shift-roll")->options().rollout_repeats, 5);
}

TEST(RheaSpec, BadValuesAreRefusedWithTheirRange) {
  for (const char* spec :
       {"rhea:p=0", "rhea:elites=10", "rhea:l=0", "rhea:mutation=gaussian", "rhea:fitness=sum",
        "rhea:init=bfs", "rhea:rollout_length=-1", "rhea:diversity_weight=2", "rhea:tournament=0",
        "rhea:skip_fill=jump", "rhea:replace=steady", "rhea:tree_final=best", "rhea:dd_every=0"}) {
    std::string error;
    EXPECT_EQ(CreateAgent(spec, 1, &error), nullptr) << spec;
    EXPECT_NE(error.find("must be"), std::string::npos) << spec << ": " << error;
  }
}

TEST(RheaBudget, VanillaGenerationsCostOffspringTimesL) {
  // Nothing ends the maze within 15 ticks: every evaluation costs L. The first population is
  // P L = 150 calls; a generation breeds P = 10 offspring (Table 3.1), 150 calls, and starts only
  // when all of it fits.
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  auto agent = MakeRhea("rhea");
  EXPECT_EQ(ActOnce(*agent, game, 150 + 3 * 150 + 149), 150 + 3 * 150);
  EXPECT_EQ(agent->decision().generations, 3);
  EXPECT_EQ(agent->decision().evaluated, 10 + 30);
  // CIG'17 breeds P - E = 9 (135 calls).
  auto nine = MakeRhea("rhea:offspring=9");
  EXPECT_EQ(ActOnce(*nine, game, 150 + 3 * 135 + 134), 150 + 3 * 135);
  EXPECT_EQ(nine->decision().generations, 3);
}

TEST(RheaBudget, RolloutsAreChargedExactly) {
  // ea-roll: L = 14 and 5 rollouts of 7 ticks, 14 + 35 = 49 calls an individual in the maze.
  // The population costs 490, a generation of 9 offspring 441: at 1000 calls, one generation.
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  auto roll = MakeRhea("ea-roll");
  EXPECT_EQ(ActOnce(*roll, game, 1000), 490 + 441);
  EXPECT_EQ(roll->decision().generations, 1);
  // At 900 calls (CIG'17) no generation fits: the population alone, RHEA.md §1.5.
  auto at900 = MakeRhea("ea-roll");
  EXPECT_EQ(ActOnce(*at900, game, 900), 490);
  EXPECT_EQ(at900->decision().generations, 0);
  // With R = 10 the population costs 10 x (14 + 70) = 840.
  auto ten = MakeRhea("ea-roll:rollout_repeats=10");
  EXPECT_EQ(ActOnce(*ten, game, 900), 840);
}

TEST(RheaBudget, OneStepLookaheadSeedingCostsLTimesNPlusPTimesL) {
  // The maze's avatar has 4 moves + ACTION_NIL: 15 x 5 = 75 calls of seeding, 150 to evaluate.
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  auto agent = MakeRhea("rhea:init=1sla");
  EXPECT_EQ(ActOnce(*agent, game, 75 + 150 + 149), 75 + 150);
  EXPECT_EQ(agent->decision().seeding_calls, 75);
  EXPECT_EQ(agent->decision().evaluated, 10);
}

TEST(RheaShiftBuffer, DropsGeneZeroAppendsOneAndReevaluates) {
  // Two consecutive ticks of the maze; the second has just the budget to re-evaluate the
  // shifted population (P L = 140), so no generation changes it afterwards.
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  auto agent = MakeRhea("ea-shift");
  State real(game.def, game.level, 1);
  Budget first = Budget::ForwardModelCalls(1000);
  const Action played = agent->Act(real.Fork(), first);
  std::vector<std::vector<int8_t>> before;
  for (const Individual& ind : agent->population().parents()) before.push_back(ind.genes);
  Advance(real, played, StepMode::kRealGame);
  Budget second = Budget::ForwardModelCalls(140);
  agent->Act(real.Fork(), second);
  EXPECT_TRUE(agent->decision().carried);
  EXPECT_EQ(agent->decision().evaluated, 10);
  EXPECT_EQ(agent->decision().generations, 0);
  EXPECT_EQ(second.calls(), 140);
  std::vector<bool> matched(before.size(), false);
  for (const Individual& ind : agent->population().parents()) {
    ASSERT_EQ(ind.genes.size(), 14u);
    EXPECT_TRUE(ind.evaluated());
    bool found = false;
    for (size_t k = 0; k < before.size() && !found; ++k) {
      if (matched[k]) continue;
      if (std::equal(before[k].begin() + 1, before[k].end(), ind.genes.begin())) {
        matched[k] = found = true;
      }
    }
    EXPECT_TRUE(found) << "an individual that is no shifted one of the previous tick";
  }
}

TEST(RheaStatisticalTree, CountsEqualTheIndividualsEvaluatedThroughIt) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  auto agent = MakeRhea("ea-tree");
  ActOnce(*agent, game, 900);
  const Tree& tree = agent->tree()->tree();
  const int evaluated = agent->decision().evaluated;
  EXPECT_GT(evaluated, 10);
  EXPECT_EQ(tree.node(Tree::root()).visits, evaluated);
  double children = 0.0;
  for (int a = 0; a < tree.num_actions(); ++a) {
    const int32_t c = tree.child(Tree::root(), a);
    if (c != kNoNode) children += tree.node(c).visits;
  }
  EXPECT_EQ(children, evaluated);  // nothing ends the maze before a first gene
}

TEST(RheaStatisticalTree, PlaysTheMostVisitedRootChild) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  for (uint64_t seed : {1u, 2u, 3u}) {
    auto agent = MakeRhea("ea-tree", seed);
    const State state(game.def, game.level, 1);
    Budget budget = Budget::ForwardModelCalls(900);
    const Action a = agent->Act(state.Fork(), budget);
    const Tree& tree = agent->tree()->tree();
    int best = -1;
    for (int i = 0; i < tree.num_actions(); ++i) {
      const int32_t c = tree.child(Tree::root(), i);
      if (c == kNoNode) continue;
      if (best < 0 || tree.node(c).visits > tree.node(tree.child(Tree::root(), best)).visits) {
        best = i;
      }
    }
    EXPECT_EQ(a, ActionList::Of(state, true)[best]) << "seed " << seed;
  }
}

TEST(RheaBandit, MutationsNeverMakeAChildWorseThanItsParent) {
  // Mutation only, no elites, generational: child j is parent j with one bandit-chosen gene
  // changed, and a change for the worse is reverted, so after one generation the sorted
  // fitness values dominate the first population's, place by place. Two agents of the same
  // seed: one stops after the first population (80 calls at most), the other after one
  // generation. In the lookahead game many changes walk into the trap.
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  const std::string spec = "rhea:bandit,genetic=m,l=8,replace=generational,elites=0";
  int reverts = 0;
  int compared = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    auto first = MakeRhea(spec, seed);
    ActOnce(*first, game, 80);
    auto after = MakeRhea(spec, seed);
    ActOnce(*after, game, 160);
    if (first->decision().generations != 0 || after->decision().generations != 1) continue;
    ++compared;
    reverts += after->decision().bandit_reverts;
    for (size_t i = 0; i < 10; ++i) {
      EXPECT_GE(after->population().parents()[i].fitness, first->population().parents()[i].fitness)
          << "seed " << seed << ", place " << i;
    }
  }
  EXPECT_GE(compared, 6);
  EXPECT_GT(reverts, 0);
}

TEST(RheaSeeding, MctsPutsItsMostVisitedLineInTheFirstIndividual) {
  // Half of 4000 calls to MCTS; the line follows children with at least 4 visits. The budget
  // then leaves no room for a generation, so the seeded individual is still in the population.
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  // L = 4: MCTS iterations of at most 4 calls, deep lines from 2000 calls; 1000
  // offspring make a generation cost more than what is left.
  auto agent = MakeRhea("rhea:init=mcts,l=4,offspring=1000");
  ActOnce(*agent, game, 4000);
  const int line = agent->decision().seed_line;
  ASSERT_GE(line, 3);  // 1 in 125 that a random genome starts so
  // The line, read from the seeding MCTS's tree as Alg. 4 reads it.
  const Tree& tree = agent->mcts_seeder()->mcts().tree();
  const State state(game.def, game.level, 1);
  const ActionList mcts_actions = ActionList::Of(state, false);
  const ActionList genes_actions = ActionList::Of(state, true);
  std::vector<int8_t> expected;
  for (int32_t node = Tree::root(); static_cast<int>(expected.size()) < line;) {
    int32_t next = kNoNode;
    for (int a = 0; a < tree.num_actions(); ++a) {
      const int32_t c = tree.child(node, a);
      if (c == kNoNode || tree.node(c).visits < 4) continue;
      if (next == kNoNode || tree.node(c).visits > tree.node(next).visits) next = c;
    }
    ASSERT_NE(next, kNoNode);
    expected.push_back(
        static_cast<int8_t>(genes_actions.IndexOf(mcts_actions[tree.node(next).action])));
    node = next;
  }
  EXPECT_EQ(agent->decision().seeding_calls, 2000 + line);  // budget / 2 + |A|
  int carrying = 0;
  for (const Individual& ind : agent->population().parents()) {
    if (std::equal(expected.begin(), expected.end(), ind.genes.begin())) ++carrying;
  }
  EXPECT_GE(carrying, 1);
}

// Acts on consecutive ticks of `game` with ACTION_NIL played in between (the avatar stays where
// it is, so the landscape stays what it is), `ticks` times; the lengths used.
std::vector<int> LengthsOver(RheaFamilyAgent& agent, const LoadedGame& game, int ticks,
                             int64_t calls) {
  State real(game.def, game.level, 1);
  std::vector<int> lengths;
  for (int t = 0; t < ticks && !real.ended(); ++t) {
    Budget budget = Budget::ForwardModelCalls(calls);
    agent.Act(real.Fork(), budget);
    lengths.push_back(agent.decision().length);
    Advance(real, Action::kNil, StepMode::kRealGame);
  }
  return lengths;
}

TEST(RheaDynamicDepth, GrowsOnAFlatLandscapeShrinksOnARuggedOne) {
  // flat: nothing changes the value within any horizon (sigma 0). rugged: the avatar stands
  // between a trap and the exit, so random plans either win or lose (sigma about 0.5).
  const LoadedGame flat = MustLoadSearchGame("flat");
  const LoadedGame rugged = MustLoadSearchGame("rugged");
  if (!flat.def || !rugged.def) return;
  auto grows = MakeRhea("rhea:dynamic_depth");
  const std::vector<int> up = LengthsOver(*grows, flat, 31, 150);
  ASSERT_EQ(up.size(), 31u);
  EXPECT_EQ(up[14], 15);
  EXPECT_EQ(up[15], 20);
  EXPECT_EQ(up[30], 25);
  // 30 random individuals (about 50 calls), then no room for a generation (450).
  auto shrinks = MakeRhea("rhea:dynamic_depth,p=30");
  const std::vector<int> down = LengthsOver(*shrinks, rugged, 16, 400);
  ASSERT_EQ(down.size(), 16u);
  EXPECT_EQ(down[14], 15);
  EXPECT_EQ(down[15], 10);
  EXPECT_GT(shrinks->decision().landscape, 0.4);
}

TEST(RheaFrameSkip, SkippedTicksPlayTheFill) {
  const LoadedGame game = MustLoadSearchGame("flat");
  if (!game.def) return;
  auto repeat = MakeRhea("rhea:frame_skip=2");
  const auto r = Play(*repeat, game, 1, 300, 12);
  ASSERT_EQ(r.actions.size(), 12u);
  for (size_t t = 0; t < 12; ++t) EXPECT_EQ(r.actions[t], r.actions[t - t % 3]) << t;
  auto null = MakeRhea("rhea:frame_skip=3,skip_fill=null");
  const auto n = Play(*null, game, 1, 300, 12);
  for (size_t t = 0; t < 12; ++t) {
    if (t % 4 != 0) {
      EXPECT_EQ(n.actions[t], Action::kNil) << t;
    }
  }
  // Skipped ticks go on evolving the next decision's population.
  EXPECT_GT(n.stats[1].fm_calls, 0);
}

TEST(RheaDiversity, DiversityFitnessSpreadsThePopulation) {
  // In the flat room every plan is worth the same, so without diversity tournaments favour the
  // first individuals and the population collapses onto few plans; with diversity fitness the
  // plans least like those explored win, and the population stays spread out.
  const LoadedGame game = MustLoadSearchGame("flat");
  if (!game.def) return;
  auto mean_distance = [&](const std::string& spec) {
    auto agent = MakeRhea(spec);
    ActOnce(*agent, game, 3000);
    const auto parents = agent->population().parents();
    double sum = 0.0;
    int pairs = 0;
    for (size_t i = 0; i < parents.size(); ++i) {
      for (size_t j = i + 1; j < parents.size(); ++j, ++pairs) {
        for (size_t g = 0; g < parents[i].genes.size(); ++g) {
          sum += parents[i].genes[g] != parents[j].genes[g] ? 1.0 : 0.0;
        }
      }
    }
    return sum / pairs;
  };
  const double plain = mean_distance("rhea:replace=generational");
  for (const char* type : {"genotypic", "phenotypic"}) {
    const double spread =
        mean_distance(std::string("rhea:replace=generational,diversity_fitness,diversity_weight=1,"
                                  "diversity=") +
                      type);
    EXPECT_GT(spread, plain + 1.0) << type << " " << spread << " vs " << plain;
  }
}

// Every variant, several budgets, several ticks: no act goes over its budget and every call is
// counted.
TEST(RheaBudget, NoVariantEverExceedsItsCallBudget) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  const std::vector<std::string> variants{
      "rhea",
      "rhea-vanilla",
      "ea-shift",
      "ea-roll",
      "ea-shift-roll",
      "ea-tree",
      "rhea-sota",
      "rhea:init=1sla",
      "rhea:init=mcts,shift",
      "rhea:bandit,shift,tree",
      "rhea:dynamic_depth,shift,dd_every=2",
      "rhea:frame_skip=3,skip_fill=sequence,shift,init=1sla",
      "rhea:mutation=diversity,diversity=phenotypic,diversity_fitness,diversity_weight=0.5",
      "rhea:rollout_length=2,rollout_value=final,fitness=discount,replace=generational",
      "rhea:p=1,elites=0,l=6,mutation=softmax",
  };
  for (const std::string& spec : variants) {
    for (int64_t calls : {0, 7, 60, 480, 900, 1000}) {
      auto agent = MakeRhea(spec, static_cast<uint64_t>(calls) + 3);
      ASSERT_NE(agent, nullptr);
      const auto result = Play(*agent, game, 2, calls, 12);
      for (size_t t = 0; t < result.stats.size(); ++t) {
        EXPECT_LE(result.stats[t].fm_calls, calls) << spec << " at " << calls << ", tick " << t;
      }
    }
    ExpectEveryCallCountedWithinBudget(game, 0, 1200, 97, [&](int64_t calls) {
      return MakeRhea(spec, static_cast<uint64_t>(calls));
    });
  }
}

TEST(RheaBudget, ADeadlineEndsAnEvaluationInFlight) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  for (const char* spec : {"rhea", "ea-shift-roll", "ea-tree", "rhea:init=1sla"}) {
    auto agent = MakeRhea(spec);
    testing::CallsAroundAStall(game, 1000, *agent);
  }
}

TEST(Rhea, WinsWhenTheExitIsWithinItsHorizon) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  // (ea-tree, rhea-sota and 1SLA seeding lose some seeds here, as they lose games in the thesis:
  // rhea-sota's 20 x (20 + 40) calls do not even fill a population at 1000 calls.)
  for (const char* spec : {"rhea", "ea-shift", "ea-shift-roll", "rhea:init=mcts"}) {
    for (uint64_t seed : {1u, 2u}) {
      auto agent = MakeRhea(spec, seed);
      const auto result = Play(*agent, game, 5, 1000, 100);
      EXPECT_TRUE(result.won) << spec << " seed " << seed;
    }
  }
}

TEST(Rhea, CallBudgetRunsAreReproducible) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  for (const char* spec : {"ea-shift-roll", "rhea:init=mcts,tree,bandit"}) {
    auto a = MakeRhea(spec, 21);
    auto b = MakeRhea(spec, 21);
    EXPECT_EQ(Play(*a, game, 1, 600, 30).actions, Play(*b, game, 1, 600, 30).actions) << spec;
  }
  // A stochastic game (bundled): simulation copies draw their streams from the agent's generator.
  const testing::LoadedGame stochastic = testing::MustLoadBundledGame("starguard");
  if (!stochastic.def) return;
  for (const char* spec : {"ea-shift-roll", "rhea-sota", "rhea:init=mcts,tree,bandit"}) {
    auto a = MakeRhea(spec, 21);
    auto b = MakeRhea(spec, 21);
    const auto ra = Play(*a, stochastic, 9, 600, 30);
    const auto rb = Play(*b, stochastic, 9, 600, 30);
    EXPECT_EQ(ra.actions, rb.actions) << spec;
    EXPECT_EQ(ra.score, rb.score) << spec;
  }
}

}  // namespace
}  // namespace vgdl::rhea
