#include "agents/common/ucb1.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace vgdl {
namespace {

// Bit for bit: the four users must keep the results of the formula they wrote out before.
void ExpectSameBits(double a, double b) {
  EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0) << a << " vs " << b;
}

const std::vector<double> kCounts = {0.0, 0.36, 1.0, 2.0, 7.2, 10.0, 1e3, 123456.0};
const std::vector<double> kQs = {-0.5, 0.0, 0.3, 0.9999, 1.0};

TEST(Ucb1, MctsSelectionIsGvgaisFormula) {
  for (double parent : kCounts) {
    for (double visits : kCounts) {
      for (double q : kQs) {
        const double log_parent = Ucb1LogParent(parent, Ucb1Parent::kPlusOne);
        ExpectSameBits(Ucb1(q, 1.4, log_parent, visits, Ucb1Visits::kPlusTieEpsilon),
                       q + 1.4 * std::sqrt(std::log(parent + 1.0) / (visits + kTieEpsilon)));
      }
    }
  }
}

TEST(Ucb1, HybridSelectionCountsVisitsAsGiven) {
  for (double parent : kCounts) {
    for (double visits : {1.0, 3.0, 17.5}) {
      ExpectSameBits(
          Ucb1(0.4, 0.7, Ucb1LogParent(parent, Ucb1Parent::kPlusOne), visits, Ucb1Visits::kAsIs),
          0.4 + 0.7 * std::sqrt(std::log(parent + 1.0) / visits));
    }
  }
}

TEST(Ucb1, StatisticalTreeTakesTheRootCountAsIs) {
  for (double root : {1.0, 2.0, 50.0}) {
    for (double visits : kCounts) {
      ExpectSameBits(Ucb1(0.25, 2.0, Ucb1LogParent(root, Ucb1Parent::kAsIs), visits,
                          Ucb1Visits::kPlusTieEpsilon),
                     0.25 + 2.0 * std::sqrt(std::log(root) / (visits + kTieEpsilon)));
    }
  }
}

TEST(Ucb1, BanditMutationCountsAtLeastOnePull) {
  for (double total : kCounts) {
    ExpectSameBits(
        Ucb1(0.1, 0.3, Ucb1LogParent(total, Ucb1Parent::kAtLeastOne), 2.0, Ucb1Visits::kAsIs),
        0.1 + 0.3 * std::sqrt(std::log(std::max(1.0, total)) / 2.0));
  }
  EXPECT_EQ(Ucb1LogParent(0.0, Ucb1Parent::kAtLeastOne), 0.0);
}

}  // namespace
}  // namespace vgdl
