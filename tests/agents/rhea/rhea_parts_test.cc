// The parts of `rhea`, one concept at a time: operators, fitness assignment, replacement,
// bandit mutation, diversity, dynamic depth, the statistical tree.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "agents/rhea/bandit_mutation.h"
#include "agents/rhea/diversity.h"
#include "agents/rhea/dynamic_depth.h"
#include "agents/rhea/evolving_population.h"
#include "agents/rhea/fitness.h"
#include "agents/rhea/operators.h"
#include "agents/rhea/shift_buffer.h"
#include "agents/rhea/statistical_tree.h"

namespace vgdl::rhea {
namespace {

int Changed(const std::vector<int8_t>& a, const std::vector<int8_t>& b) {
  int n = 0;
  for (size_t i = 0; i < a.size(); ++i) n += a[i] != b[i] ? 1 : 0;
  return n;
}

TEST(RheaOperators, BitMutationsChangeExactlyThatManyGenes) {
  AgentRandom rng(1);
  for (int n : {1, 2, 3}) {
    for (int trial = 0; trial < 200; ++trial) {
      std::vector<int8_t> genes(14, 2);
      MutateBits(genes, n, 5, rng);
      EXPECT_EQ(Changed(genes, std::vector<int8_t>(14, 2)), n);
    }
  }
  std::vector<int8_t> short_genes(2, 0);
  MutateBits(short_genes, 3, 4, rng);  // n >= L: every gene
  EXPECT_EQ(Changed(short_genes, std::vector<int8_t>(2, 0)), 2);
}

TEST(RheaOperators, SoftmaxMutationFavoursTheFirstGenes) {
  // p_i ~ exp(-(i + 1)): gene 0 about 63% of the time, gene 1 about 23%.
  AgentRandom rng(2);
  std::vector<int> hits(10);
  for (int trial = 0; trial < 10000; ++trial) {
    std::vector<int8_t> genes(10, 0);
    MutateSoftmax(genes, 3, rng);
    ASSERT_EQ(Changed(genes, std::vector<int8_t>(10, 0)), 1);
    for (size_t i = 0; i < 10; ++i) hits[i] += genes[i] != 0 ? 1 : 0;
  }
  EXPECT_NEAR(hits[0], 6321, 200);
  EXPECT_NEAR(hits[1], 2325, 150);
  EXPECT_LT(hits[5], 50);
}

TEST(RheaOperators, PointCrossoversAlternateSlicesOfTheParents) {
  AgentRandom rng(3);
  const std::vector<int8_t> a(12, 1);
  const std::vector<int8_t> b(12, 2);
  for (int trial = 0; trial < 100; ++trial) {
    std::vector<int8_t> child(12, 0);
    Cross(a, b, child, Crossover::kOnePoint, rng);
    int switches = 0;
    for (size_t i = 1; i < 12; ++i) switches += child[i] != child[i - 1] ? 1 : 0;
    EXPECT_EQ(child[0], 1);
    EXPECT_EQ(child[11], 2);
    EXPECT_EQ(switches, 1);
    Cross(a, b, child, Crossover::kTwoPoint, rng);
    EXPECT_EQ(child[0], 1);
    switches = 0;
    for (size_t i = 1; i < 12; ++i) switches += child[i] != child[i - 1] ? 1 : 0;
    EXPECT_LE(switches, 2);
    if (switches == 1) {
      EXPECT_EQ(child[11], 2);
    }
    if (switches == 2) {
      EXPECT_EQ(child[11], 1);
    }
  }
}

TEST(RheaOperators, SelectionsPreferTheBest) {
  std::vector<Individual> pop(5);
  for (size_t i = 0; i < 5; ++i) pop[i].fitness = 1.0 - 0.25 * static_cast<double>(i);
  AgentRandom rng(4);
  std::vector<int> rank(5), roulette(5);
  for (int t = 0; t < 15000; ++t) {
    ++rank[static_cast<size_t>(SelectParent(pop, Selection::kRank, 2, rng))];
    ++roulette[static_cast<size_t>(SelectParent(pop, Selection::kRoulette, 2, rng))];
  }
  // Rank: weights 5, 4, 3, 2, 1 of 15. Roulette: fitness - worst = 1, .75, .5, .25, ~0 of 2.5.
  EXPECT_NEAR(rank[0], 5000, 250);
  EXPECT_NEAR(rank[4], 1000, 150);
  EXPECT_NEAR(roulette[0], 6000, 250);
  EXPECT_LT(roulette[4], 10);
  Options share;
  share.tournament_share = 0.5;
  EXPECT_EQ(TournamentSize(share), 5);
  EXPECT_EQ(TournamentSize(Options{}), 2);
}

TEST(RheaFitness, EveryAssignmentOfTheThesis) {
  const std::vector<double> f{0.2, 0.5, 0.1, 0.4};
  EXPECT_DOUBLE_EQ(AssignFitness(f, FitnessAssignment::kLast, 0.9), 0.4);
  EXPECT_DOUBLE_EQ(AssignFitness(f, FitnessAssignment::kDelta, 0.9), 0.2);
  EXPECT_DOUBLE_EQ(AssignFitness(f, FitnessAssignment::kAverage, 0.9), 0.3);
  EXPECT_DOUBLE_EQ(AssignFitness(f, FitnessAssignment::kMin, 0.9), 0.1);
  EXPECT_DOUBLE_EQ(AssignFitness(f, FitnessAssignment::kMax, 0.9), 0.5);
  EXPECT_DOUBLE_EQ(AssignFitness(f, FitnessAssignment::kDiscount, 0.9),
                   0.2 + 0.5 * 0.9 + 0.1 * 0.81 + 0.4 * 0.729);
}

TEST(RheaPopulation, PlusKeepsGoodParentsGenerationalReplacesThem) {
  for (Replacement rule : {Replacement::kPlus, Replacement::kGenerational}) {
    Population pop(4, 4, 3);
    const double parents[] = {0.9, 0.8, 0.7, 0.6};
    const double kids[] = {0.1, 0.75, 0.2, 0.3};
    for (size_t i = 0; i < 4; ++i) {
      pop.parents()[i].fitness = parents[i];
      pop.offspring()[i].fitness = kids[i];
    }
    pop.Replace(rule, /*elites=*/1, /*children=*/4);
    std::vector<double> next;
    for (const Individual& ind : pop.parents()) next.push_back(ind.fitness);
    if (rule == Replacement::kPlus) {
      EXPECT_EQ(next, (std::vector<double>{0.9, 0.8, 0.75, 0.7}));
    } else {
      EXPECT_EQ(next, (std::vector<double>{0.9, 0.75, 0.3, 0.2}));
    }
  }
}

TEST(RheaShiftBuffer, DropsThePlayedGenesAndAppendsRandomOnes) {
  std::vector<Individual> pop(1);
  pop[0].genes = {0, 1, 2, 3, 4};
  pop[0].fitness = pop[0].reward = 0.8;
  AgentRandom rng(5);
  ShiftGenomes(pop, 2, 5, 0.5, rng);
  EXPECT_EQ(pop[0].genes[0], 2);
  EXPECT_EQ(pop[0].genes[1], 3);
  EXPECT_EQ(pop[0].genes[2], 4);
  EXPECT_DOUBLE_EQ(pop[0].fitness, 0.4);
  // Genes beyond a smaller action set are redrawn.
  pop[0].genes = {4, 4, 4, 4};
  ShiftGenomes(pop, 1, 3, 1.0, rng);
  for (int8_t g : pop[0].genes) EXPECT_LT(g, 3);
}

TEST(RheaBandit, MutatesTheGeneWithTheHighestUcb) {
  BanditMutation bandits(6, std::sqrt(2.0));
  bandits.Reset(6, 4);
  AgentRandom rng(6);
  // Every gene mutated once; gene 3 gained the most.
  for (int g = 0; g < 6; ++g) bandits.Update({g, 1}, g == 3 ? 0.9 : 0.1);
  EXPECT_EQ(bandits.BestGene(rng), 3);
  std::vector<int8_t> genes(6, 0);
  const auto choice = bandits.Mutate(genes, BanditLevel::kIndividual, rng);
  EXPECT_EQ(choice.gene, 3);
  EXPECT_NE(genes[3], 0);
  // An arm never tried beats every tried one: after shifting by 2, the two new last genes.
  bandits.Shift(2, 0.9);
  const int next = bandits.BestGene(rng);
  EXPECT_TRUE(next == 4 || next == 5) << next;
}

TEST(RheaBandit, GeneLevelPicksTheValueWithTheHighestUcb) {
  BanditMutation bandits(3, std::sqrt(2.0));
  bandits.Reset(3, 4);
  AgentRandom rng(7);
  // Gene 1: values 1, 2, 3 tried once each; value 2 gained most.
  bandits.Update({1, 1}, 0.0);
  bandits.Update({1, 2}, 0.8);
  bandits.Update({1, 3}, 0.1);
  bandits.Update({0, 1}, 0.0);
  bandits.Update({2, 1}, 0.0);
  int checked = 0;
  for (int trial = 0; trial < 30; ++trial) {
    std::vector<int8_t> genes(3, 0);
    // The gene level draws the position uniformly; the trials that draw gene 1 are checked.
    const auto choice = bandits.Mutate(genes, BanditLevel::kGene, rng);
    if (choice.gene != 1) continue;
    ++checked;
    // Value 0 is the gene's own, so it is excluded; 2 has the best mean gain.
    EXPECT_EQ(choice.value, 2);
  }
  EXPECT_GT(checked, 3);
}

TEST(RheaDiversity, GenotypicScoreAndMutation) {
  Diversity diversity(DiversityType::kGenotypic, 4);
  Individual a;
  a.genes = {0, 1, 2, 3};
  EXPECT_DOUBLE_EQ(diversity.Score(a), 1.0);
  diversity.Add(a);
  EXPECT_DOUBLE_EQ(diversity.Score(a), 0.0);  // every value seen by every explored individual
  Individual b;
  b.genes = {0, 1, 3, 2};
  EXPECT_DOUBLE_EQ(diversity.Score(b), 0.5);
  diversity.Add(b);
  diversity.Add(b);
  // Gene 0 (value 0) and gene 1 (value 1) were explored 3 times; the first is mutated, to the
  // least explored value of gene 0 other than its own: 1 (never seen there, lowest index).
  Individual child;
  child.genes = {0, 1, 3, 2};
  AgentRandom rng(8);
  diversity.Mutate(child, b, 4, rng);
  EXPECT_EQ(child.genes, (std::vector<int8_t>{1, 1, 3, 2}));
}

TEST(RheaDynamicDepth, GrowsOnFlatShrinksOnRuggedEveryOmegaTicks) {
  DynamicDepth dd(15, 0.05, 0.4, 5, 500);
  dd.Reset();
  EXPECT_EQ(dd.Length(0, 15), 15);  // no landscape yet
  for (int i = 0; i < 10; ++i) dd.Observe(0.5);
  dd.EndDecision();
  EXPECT_EQ(dd.Length(14, 15), 15);  // not a check tick
  EXPECT_EQ(dd.Length(15, 15), 20);  // flat: sigma 0 < 0.05
  for (int i = 0; i < 10; ++i) dd.Observe(i % 2 == 0 ? 0.0 : 1.0);
  dd.EndDecision();
  EXPECT_NEAR(dd.landscape(), 0.5, 1e-12);
  EXPECT_EQ(dd.Length(30, 20), 15);  // rugged: sigma 0.5 > 0.4
  EXPECT_EQ(dd.Length(45, 3), 1);    // clamped at 1
}

TEST(RheaStatisticalTree, CountsEveryWalkAndCarriesThePlayedSubtree) {
  StatisticalTree tree(64);
  tree.Reset(3);
  const std::vector<int8_t> a{0, 1, 2};
  const std::vector<int8_t> b{0, 2};
  const std::vector<int8_t> c{1};
  tree.Update(a, 1.0);
  tree.Update(b, 0.5);
  tree.Update(c, 0.0);
  const Tree& t = tree.tree();
  EXPECT_EQ(t.node(Tree::root()).visits, 3.0);
  const int32_t zero = t.child(Tree::root(), 0);
  EXPECT_EQ(t.node(zero).visits, 2.0);
  EXPECT_DOUBLE_EQ(t.node(zero).mean(), 0.75);
  AgentRandom rng(9);
  EXPECT_EQ(tree.FinalMove(TreeFinalMove::kMostVisited, std::sqrt(2.0), rng), 0);
  tree.Reroot(0, 0.5, 3);
  const Tree& carried = tree.tree();
  EXPECT_EQ(carried.node(Tree::root()).visits, 2.0);
  EXPECT_DOUBLE_EQ(carried.node(Tree::root()).total, 0.75);  // (1 + 0.5) x 0.5
  EXPECT_EQ(carried.size(), 4);                              // the root, 1, 1-2, 2
  EXPECT_NE(carried.child(carried.child(Tree::root(), 1), 2), kNoNode);
}

}  // namespace
}  // namespace vgdl::rhea
