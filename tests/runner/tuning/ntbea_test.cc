// NTBEA on synthetic noisy functions with a known tuple structure, without games: it finds
// the optimum within its budget, its 2-tuples see an optimum that the 1-tuples hide, and a run
// is a function of its seed.
#include "runner/tuning/ntbea.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "agents/common/random.h"

namespace vgdl {
namespace {

// Parameters of 5 values: fitness = a(x0) + b(x1, x2) + uniform noise in [-0.5, 0.5]; the
// other parameters do not matter. The optimum is (4, 3, 1, any...), worth 1.2; the next best,
// (3, 3, 1, any...), is worth 1.1: a tenth of the noise's range.
//
// A 2-tuple term whose pieces agree with the whole: x1 = 3 and x2 = 1 are each worth 0.4,
// together 0.8.
double AgreeingPair(int x1, int x2) {
  if (x1 == 3 && x2 == 1) return 0.8;
  return x1 == 3 || x2 == 1 ? 0.4 : 0.0;
}
// A deceptive one: 0.8 at (3, 1); 0 where only one of x1 = 3 and x2 = 1 holds; elsewhere
// 0.5 where x1 = 0 or x2 = 4. Over uniform samples x1 = 0 is worth 0.4 and x1 = 3 only 0.16
// (x2 = 4 and x2 = 1 likewise): statistics of single parameters point away from the optimum,
// which a tuple holding x1 and x2 together shows. The best points elsewhere are worth 0.9.
double DeceptivePair(int x1, int x2) {
  if (x1 == 3 && x2 == 1) return 0.8;
  if ((x1 == 3) != (x2 == 1)) return 0.0;
  return x1 == 0 || x2 == 4 ? 0.5 : 0.0;
}

using PairTerm = double (*)(int, int);

double Truth(const TuningPoint& x, PairTerm pair) {
  return 0.1 * x[0] + pair(x[1], x[2]);
}

class NoisyFunction {
 public:
  NoisyFunction(uint64_t seed, PairTerm pair) : noise_(seed), pair_(pair) {}
  double operator()(const TuningPoint& x, int /*evaluation*/) {
    return Truth(x, pair_) + noise_.NextDouble() - 0.5;
  }

 private:
  AgentRandom noise_;
  PairTerm pair_;
};

const std::vector<int> kDimensions{5, 5, 5, 5};

// Runs NTBEA with the thesis's settings but `evaluations`, over `parameters` parameters, for
// seeds 1 to 5, and expects the optimum recommended every time.
void ExpectOptimumFound(PairTerm pair, size_t parameters, int evaluations, bool full_tuple = true) {
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    NtbeaSettings settings;
    settings.evaluations = evaluations;
    settings.full_tuple = full_tuple;
    settings.seed = seed;
    Ntbea ntbea(std::vector<int>(parameters, 5), settings);
    NoisyFunction f(seed + 100, pair);
    const TuningPoint best = ntbea.Run(TuningPoint(parameters, 0), f);
    EXPECT_TRUE(best[0] == 4 && best[1] == 3 && best[2] == 1)
        << "seed " << seed << ": recommended (" << best[0] << "," << best[1] << "," << best[2]
        << ",...), worth " << Truth(best, pair);
  }
}

TEST(Ntbea, FindsTheOptimumOfANoisyFunctionWithinItsBudget) {
  // 6 parameters: 600 evaluations are 4% of the 15625 points. Moving to a random neighbour
  // instead of the best by UCB finds the optimum 12 times in 20 seeds, NTBEA 20 times.
  ExpectOptimumFound(AgreeingPair, 6, 600);
}

TEST(Ntbea, ItsTwoTuplesFindAnOptimumThatOneTuplesHide) {
  // 1- and 2-tuples only (the L-tuple holds x1 and x2 together too): NTBEA finds the optimum
  // 20 times in 20 seeds, 10 times without its 2-tuples.
  ExpectOptimumFound(DeceptivePair, 4, 600, /*full_tuple=*/false);
}

std::vector<TuningPoint> Trajectory(uint64_t seed) {
  NtbeaSettings settings;
  settings.evaluations = 100;
  settings.seed = seed;
  Ntbea ntbea(kDimensions, settings);
  NoisyFunction f(7, AgreeingPair);
  std::vector<TuningPoint> points;
  ntbea.Run({0, 0, 0, 0}, f, [&](const NtbeaStep& step) { points.push_back(step.point); });
  return points;
}

TEST(Ntbea, IsReproducibleBySeed) {
  EXPECT_EQ(Trajectory(3), Trajectory(3));
  EXPECT_NE(Trajectory(3), Trajectory(4));
}

TEST(Ntbea, NeverEvaluatesAPointTheValidityTestRefuses) {
  NtbeaSettings settings;
  settings.evaluations = 200;
  settings.seed = 9;
  // Refuses x0 > x1 (as rhea refuses elites >= p): the optimum (4, 3, ...) is out.
  Ntbea ntbea(kDimensions, settings, [](const TuningPoint& x) { return x[0] <= x[1]; });
  NoisyFunction f(11, AgreeingPair);
  int evaluated = 0;
  ntbea.Run({0, 0, 0, 0}, f, [&](const NtbeaStep& step) {
    ++evaluated;
    EXPECT_LE(step.point[0], step.point[1]) << "evaluation " << step.evaluation;
  });
  EXPECT_EQ(evaluated, 200);
}

TEST(NTupleModel, AveragesTheMeansOfTheTuplesThatSawThePoint) {
  NTupleModel model({2, 2}, /*full_tuple=*/true);  // two parameters: the L-tuple is the 2-tuple
  model.Add({0, 0}, 1.0);
  model.Add({0, 1}, 0.0);
  // (0,0): x0=0 has mean 0.5, x1=0 mean 1, the pair (0,0) mean 1.
  EXPECT_DOUBLE_EQ(*model.Mean({0, 0}), (0.5 + 1.0 + 1.0) / 3);
  // (1,0): only x1=0 was seen.
  EXPECT_DOUBLE_EQ(*model.Mean({1, 0}), 1.0);
  EXPECT_DOUBLE_EQ(*model.Mean({1, 1}), 0.0);  // only x1=1 was seen, in (0,1)
  EXPECT_EQ(model.Count({0, 0}), 1);
  EXPECT_EQ(model.Count({1, 0}), 0);
  // Unseen combinations explore more: (1,1) shares only x1=1 with what was evaluated.
  EXPECT_GT(model.Ucb({1, 1}, 2.0, 0.5), model.Ucb({0, 1}, 2.0, 0.5));
  NTupleModel one({3, 2}, true);
  one.Add({0, 0}, 1.0);
  EXPECT_FALSE(one.Mean({2, 1}).has_value());  // no value of it was evaluated
}

TEST(Ntbea, RanksTheNeighboursOfAPointByTheModel) {
  NtbeaSettings settings;
  settings.evaluations = 40;
  Ntbea ntbea({3, 2}, settings);
  EXPECT_TRUE(ntbea.Recommendation().empty());
  ntbea.Run({0, 0}, [](const TuningPoint& x, int) { return x[0] / 2.0; });
  const TuningPoint best = ntbea.Recommendation();
  EXPECT_EQ(best[0], 2);
  const auto neighbours = ntbea.RankedNeighbours(best, 10);
  ASSERT_EQ(neighbours.size(), 3u);  // 2 other values of x0, 1 of x1
  for (size_t i = 1; i < neighbours.size(); ++i) {
    EXPECT_GE(ntbea.model().Mean(neighbours[i - 1]).value_or(-1.0),
              ntbea.model().Mean(neighbours[i]).value_or(-1.0));
  }
  EXPECT_EQ(ntbea.RankedNeighbours(best, 2).size(), 2u);
}

}  // namespace
}  // namespace vgdl
