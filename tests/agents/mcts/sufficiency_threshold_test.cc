// Sufficiency threshold (Gudmundsson and Björnsson 2011, Eq. 2). Its effect on action selection
// is shown by the n-armed bandit of the paper (deterministic_bandit_test.cc).
#include "agents/mcts/sufficiency_threshold.h"

#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>

namespace vgdl {
namespace {

TEST(SufficiencyThreshold, ExplorationStopsWhileAChildExceedsAlpha) {
  EXPECT_DOUBLE_EQ(kSufficiencyAlpha, 0.6);
  EXPECT_DOUBLE_EQ(SufficiencyThresholdC(0.4, 0.61, kSufficiencyAlpha), 0.0);
  // "when all Q(s, a) <= alpha": alpha itself keeps exploring.
  EXPECT_DOUBLE_EQ(SufficiencyThresholdC(0.4, 0.6, kSufficiencyAlpha), 0.4);
  EXPECT_DOUBLE_EQ(SufficiencyThresholdC(0.4, 0.2, kSufficiencyAlpha), 0.4);
  EXPECT_DOUBLE_EQ(SufficiencyThresholdC(0.4, -std::numeric_limits<double>::infinity(), 0.6), 0.4);
}

TEST(SufficiencyThreshold, AnAlphaOutsideTheUnitIntervalIsRefused) {
  for (double bad : {-0.1, 1.1}) {
    try {
      ValidateSufficiencyAlpha(bad);
      ADD_FAILURE() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("[0, 1]"), std::string::npos) << e.what();
    }
  }
  EXPECT_NO_THROW(ValidateSufficiencyAlpha(0.6));
}

}  // namespace
}  // namespace vgdl
