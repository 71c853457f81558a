// The n-armed bandit of Gudmundsson and Björnsson 2011 ("MCTS: Improved Action Selection
// Techniques for Deterministic Games", section "Intuition Model and Noise Levels", Figures 3b,
// 4-7): a model of choosing a move in a deterministic game with win/loss outcomes, on which
// UCB1 with the sufficiency threshold (ST, Eq. 2) and with moving-average returns (MA, Eq.
// 3-4) choose the winning arm more often than plain UCB1 (UCT), as the paper reports.
//
// The model: pulling arm i for the k-th time wins (1) with probability M_i(k), its mean's path
// after k samples, else loses (0). A task gathers k samples with one selection rule (C = 0.4,
// alpha = 0.6, M = 30, lambda_0 = 0.05, the paper's values) and then bets on one arm; V(k) = 1
// if that arm's true value is 1. A trial is 1000 tasks. The paths, as the text gives them:
//   arm 0 and arm 1 ("the first and second path are the same up to k_i = 400. After that the
//   first path moves towards 1 and the second to 0"), the two promising arms;
//   every other arm: "a constant mean value of 0.4 up to k_i = 499 and is 0 when k_i = 500",
//   the noise.
// What the text does not give (the paths are drawn in Figure 3b only), chosen here:
//   - the promising arms' common mean up to k_i = 400: 0.9, well above the noise and above
//     alpha (they are "promising", and UCT "distinguishes the two promising arms from the
//     others in the first few steps");
//   - after k_i = 400 the paths move by a constant step of 0.01 per sample (a random walk's
//     "constant step size") until they reach 1 or 0.
//   The outcome depends on these: with a common mean of 0.7, ST still beats UCT but MA does not
//   (docs/agents.md, "The n-armed bandit").
//   - the arm bet on: the highest Q (the agent's estimate), ties broken at random; an arm never
//     pulled is never bet on;
//   - UCB1's log term uses the samples gathered so far, ln(k - 1) before the k-th pull, and an
//     arm never pulled has an infinite exploration term (the paper's convention).
// The test: 50 arms (Figure 6, medium noise), 1000 samples, the measure V(1000) over one
// trial of 1000 tasks, with fixed seeds (no timing).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "agents/common/random.h"
#include "agents/mcts/moving_average.h"
#include "agents/mcts/sufficiency_threshold.h"

namespace vgdl {
namespace {

constexpr double kC = 0.4;              // "We set C = 0.4 in UCT"
constexpr int kSplit = 400;             // where the promising paths part
constexpr double kPromisingMean = 0.9;  // a choice (see above)
constexpr double kPathStep = 0.01;      // a choice (see above)
constexpr int kNoiseEnd = 500;
constexpr double kNoiseMean = 0.4;

// M_i(k): the win probability of the k-th pull (k >= 1) of arm i; arm 0 is the winner.
double PathMean(int arm, int k) {
  if (arm >= 2) return k < kNoiseEnd ? kNoiseMean : 0.0;
  if (k <= kSplit) return kPromisingMean;
  const double moved = kPathStep * (k - kSplit);
  return arm == 0 ? std::min(1.0, kPromisingMean + moved) : std::max(0.0, kPromisingMean - moved);
}

enum class Rule { kUct, kSufficiencyThreshold, kMovingAverage };

struct Arm {
  double n = 0.0;  // pulls
  double q = 0.0;  // the rule's estimate
};

// The arm maximising `value_of(arm)` among those `eligible`, ties broken at random.
template <typename ValueOf>
size_t BestArm(const std::vector<Arm>& arms, AgentRandom& rng, const ValueOf& value_of) {
  size_t best = arms.size();
  double best_value = -std::numeric_limits<double>::infinity();
  for (size_t a = 0; a < arms.size(); ++a) {
    const double value = value_of(arms[a]) + 1e-9 * rng.NextDouble();
    if (value > best_value) {
      best_value = value;
      best = a;
    }
  }
  return best;
}

// One task: `samples` pulls under `rule`; true if the arm bet on afterwards is the winner.
bool RunTask(Rule rule, int num_arms, int samples, AgentRandom& rng) {
  const MovingAverageOptions ma;
  std::vector<Arm> arms(static_cast<size_t>(num_arms));
  for (int k = 1; k <= samples; ++k) {
    double max_q = -std::numeric_limits<double>::infinity();
    for (const Arm& arm : arms) {
      if (arm.n > 0.0) max_q = std::max(max_q, arm.q);
    }
    const double c = rule == Rule::kSufficiencyThreshold
                         ? SufficiencyThresholdC(kC, max_q, kSufficiencyAlpha)
                         : kC;
    const double log_n = std::log(static_cast<double>(k - 1));
    // An arm never pulled comes first (an infinite exploration term).
    const size_t pick = BestArm(arms, rng, [c, log_n](const Arm& arm) {
      return arm.n == 0.0 ? 10.0 : arm.q + c * std::sqrt(log_n / arm.n);
    });
    Arm& arm = arms[pick];
    arm.n += 1.0;
    const double r =
        rng.NextDouble() < PathMean(static_cast<int>(pick), static_cast<int>(arm.n)) ? 1.0 : 0.0;
    const double step = rule == Rule::kMovingAverage ? MovingAverageStep(arm.n, ma) : 1.0 / arm.n;
    arm.q += step * (r - arm.q);
  }
  const size_t bet = BestArm(arms, rng, [](const Arm& arm) { return arm.n > 0.0 ? arm.q : -1.0; });
  return bet == 0;
}

// V-bar(k): the fraction of `tasks` tasks that bet on the winner after `samples` pulls.
double OptimalArmRate(Rule rule, int arms, int samples, int tasks, uint64_t seed) {
  AgentRandom rng(seed);
  int wins = 0;
  for (int t = 0; t < tasks; ++t) wins += RunTask(rule, arms, samples, rng) ? 1 : 0;
  return static_cast<double>(wins) / tasks;
}

TEST(DeterministicBandit, TheModelFollowsThePaper) {
  EXPECT_DOUBLE_EQ(PathMean(0, 1), PathMean(1, 1));
  EXPECT_DOUBLE_EQ(PathMean(0, kSplit), PathMean(1, kSplit));
  EXPECT_DOUBLE_EQ(PathMean(0, 3000), 1.0);
  EXPECT_DOUBLE_EQ(PathMean(1, 3000), 0.0);
  EXPECT_DOUBLE_EQ(PathMean(2, 499), 0.4);
  EXPECT_DOUBLE_EQ(PathMean(2, 500), 0.0);
}

// Figure 6's setting (50 arms, medium noise): UCT spreads its samples over the noisy arms and
// rarely gets far enough along a promising arm to tell the winner; ST stops exploring while an
// arm looks sufficiently good and proves or refutes it, MA forgets the promising arms' common
// past once they part.
TEST(DeterministicBandit, SufficiencyThresholdAndMovingAverageFindTheWinnerMoreOftenThanUct) {
  constexpr int kArms = 50;
  constexpr int kSamples = 1000;
  constexpr int kTasks = 1000;  // "a single trial of 1000 tasks"
  const double uct = OptimalArmRate(Rule::kUct, kArms, kSamples, kTasks, 11);
  const double st = OptimalArmRate(Rule::kSufficiencyThreshold, kArms, kSamples, kTasks, 11);
  const double ma = OptimalArmRate(Rule::kMovingAverage, kArms, kSamples, kTasks, 11);
  RecordProperty("uct", std::to_string(uct));
  RecordProperty("st", std::to_string(st));
  RecordProperty("ma", std::to_string(ma));
  EXPECT_GT(st, uct + 0.1) << "ST " << st << " UCT " << uct;
  // MA's lead is smaller (0.05 to 0.10 over seeds in this model: MA 0.76-0.80, UCT 0.70-0.72).
  EXPECT_GT(ma, uct + 0.02) << "MA " << ma << " UCT " << uct;
}

}  // namespace
}  // namespace vgdl
