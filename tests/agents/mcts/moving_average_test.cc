// Moving-average returns (Gudmundsson and Björnsson 2011, Eq. 3-4). Their effect on action
// selection is shown by the n-armed bandit of the paper (deterministic_bandit_test.cc).
#include "agents/mcts/moving_average.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>

#include "agents/mcts/tree.h"

namespace vgdl {
namespace {

TEST(MovingAverage, DefaultsOfThePaper) {
  const MovingAverageOptions o;
  EXPECT_EQ(o.m, 30);
  EXPECT_DOUBLE_EQ(o.lambda0, 0.05);
  EXPECT_DOUBLE_EQ(MovingAverageStep(1, o), 1.0);
  EXPECT_DOUBLE_EQ(MovingAverageStep(30, o), 1.0 / 30.0);
  EXPECT_DOUBLE_EQ(MovingAverageStep(31, o), 0.05);
}

// The arithmetic mean for the first M samples, then the step lambda_0: after 30 losses and one
// win the value is 0.05, where the mean would be 1/31; a run of wins then moves it toward 1
// far faster than the mean.
TEST(MovingAverage, TheMeanForMSamplesThenAFixedStep) {
  MovingAverage ma;
  ma.Prefault(4);
  ma.Reset();
  for (int i = 0; i < 30; ++i) ma.Update(1, i % 2 == 0 ? 1.0 : 0.0);
  EXPECT_NEAR(ma.Value(1, -1.0), 0.5, 1e-12);  // 15 wins of 30: the mean
  ma.Update(1, 1.0);
  EXPECT_NEAR(ma.Value(1, -1.0), 0.5 + 0.05 * 0.5, 1e-12);
  for (int i = 0; i < 20; ++i) ma.Update(1, 1.0);
  const double mean = (15.0 + 21.0) / 51.0;
  EXPECT_NEAR(ma.Value(1, -1.0), 1.0 - 0.475 * std::pow(0.95, 20), 1e-12);
  EXPECT_GT(ma.Value(1, -1.0), mean + 0.1);
  EXPECT_DOUBLE_EQ(ma.Samples(1), 51.0);
}

TEST(MovingAverage, ANodeWithoutItsBackUpsKeepsItsMean) {
  MovingAverage ma;
  ma.Prefault(8);
  ma.Reset();
  ma.Update(3, 2.0);
  EXPECT_DOUBLE_EQ(ma.Value(3, -1.0), 2.0);   // the first sample is the value
  EXPECT_DOUBLE_EQ(ma.Value(2, 0.25), 0.25);  // emptied when node 3 was written
  EXPECT_DOUBLE_EQ(ma.Value(5, 0.75), 0.75);  // never reached
  ma.Reset();
  EXPECT_DOUBLE_EQ(ma.Value(3, 0.5), 0.5);
}

TEST(MovingAverage, TreeReuseMovesTheValues) {
  Tree tree(8);
  tree.Prefault();
  tree.Reset(2);
  MovingAverage ma;
  ma.Prefault(8);
  const int32_t a = tree.AddChild(Tree::root(), 0);
  const int32_t b = tree.AddChild(Tree::root(), 1);
  const int32_t bb = tree.AddChild(b, 1);
  ma.Update(a, 1.0);
  ma.Update(b, 3.0);
  ma.Update(bb, 5.0);
  tree.KeepSubtree(b, Tree::kDefaultMaxKept,
                   [&ma](int32_t from, int32_t to) { ma.Move(from, to); });
  EXPECT_DOUBLE_EQ(ma.Value(Tree::root(), 0.0), 3.0);
  EXPECT_DOUBLE_EQ(ma.Value(tree.child(Tree::root(), 1), 0.0), 5.0);
  const int32_t fresh = tree.AddChild(Tree::root(), 0);
  EXPECT_DOUBLE_EQ(ma.Samples(fresh), 0.0);
}

TEST(MovingAverage, OptionsOutsideTheirRangeAreRefused) {
  try {
    ValidateMovingAverageOptions({.m = 0, .lambda0 = 0.05});
    ADD_FAILURE();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("[1, 1000000]"), std::string::npos) << e.what();
  }
  try {
    ValidateMovingAverageOptions({.m = 30, .lambda0 = 0.0});
    ADD_FAILURE();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("(0, 1]"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace vgdl
