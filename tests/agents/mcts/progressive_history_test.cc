#include "agents/mcts/progressive_history.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "agents/common/evaluation.h"
#include "agents/mcts/action_statistics.h"

namespace vgdl {
namespace {

constexpr int32_t kSmall = 1 << 10;

ValueBounds Bounds(double min, double max) {
  ValueBounds b;
  b.Add(min);
  b.Add(max);
  return b;
}

void RecordAction(ActionStatistics& t, int action, int cell, double value) {
  t.RecordSimulation(&action, &cell, 1, value);
}

// Eq. 4.1's third term, computed here by hand: Q(a) * W / (n - n * Q(S) + 1).
TEST(ProgressiveHistory, BonusIsEquation41) {
  ActionStatistics t;
  t.Init(1, kSmall);
  RecordAction(t, 2, 5, 10.0);
  RecordAction(t, 2, 5, 0.0);
  const ValueBounds bounds = Bounds(0.0, 20.0);  // Q(a) = (5 - 0) / 20 = 0.25
  EXPECT_DOUBLE_EQ(ProgressiveHistory::ActionValue(t, 2, 5, bounds), 0.25);

  const ProgressiveHistory ph;  // W = 1 (§5.2.5)
  EXPECT_DOUBLE_EQ(ph.w(), 1.0);
  EXPECT_DOUBLE_EQ(ph.Bonus(t, 2, 5, bounds, 3.0, 0.4), 0.25 * 1.0 / (3.0 - 3.0 * 0.4 + 1.0));
  EXPECT_DOUBLE_EQ(ProgressiveHistory(2.0).Bonus(t, 2, 5, bounds, 3.0, 0.4),
                   0.25 * 2.0 / (3.0 - 3.0 * 0.4 + 1.0));
  // An unvisited child gets Q(a) * W; a child with Q(S) = 1 keeps it however often visited.
  EXPECT_DOUBLE_EQ(ph.Bonus(t, 2, 5, bounds, 0.0, 0.4), 0.25);
  EXPECT_DOUBLE_EQ(ph.Bonus(t, 2, 5, bounds, 50.0, 1.0), 0.25);
  // A child that did badly loses the bias as it is visited.
  EXPECT_DOUBLE_EQ(ph.Bonus(t, 2, 5, bounds, 9.0, 0.0), 0.25 / 10.0);
  EXPECT_DOUBLE_EQ(ProgressiveHistoryTerm(0.25, 3.0, 0.4, 1.0), 0.25 / 2.8);
}

// §4.2.1: "If there is no Q(a_i) value available for an action a_i, it is set to 1".
TEST(ProgressiveHistory, AnActionWithoutDataCountsAsTheBest) {
  ActionStatistics t;
  t.Init(1, kSmall);
  RecordAction(t, 2, 5, 10.0);
  const ValueBounds bounds = Bounds(0.0, 20.0);
  EXPECT_DOUBLE_EQ(ProgressiveHistory::ActionValue(t, 3, 5, bounds), 1.0);
  EXPECT_DOUBLE_EQ(ProgressiveHistory::ActionValue(t, 2, 6, bounds), 1.0) << "another cell";
  EXPECT_DOUBLE_EQ(ProgressiveHistory().Bonus(t, 3, 5, bounds, 3.0, 0.5), 1.0 / 2.5);
}

TEST(ProgressiveHistory, NormalisationStaysInTheUnitInterval) {
  EXPECT_DOUBLE_EQ(NormaliseIntoUnit(7.0, ValueBounds{}), 0.5) << "no bounds yet";
  EXPECT_DOUBLE_EQ(NormaliseIntoUnit(7.0, Bounds(7.0, 7.0)), 0.5) << "no spread (MaastCTS2)";
  EXPECT_DOUBLE_EQ(NormaliseIntoUnit(-5.0, Bounds(0.0, 10.0)), 0.0);
  EXPECT_DOUBLE_EQ(NormaliseIntoUnit(15.0, Bounds(0.0, 10.0)), 1.0);
  EXPECT_DOUBLE_EQ(NormaliseIntoUnit(2.5, Bounds(0.0, 10.0)), 0.25);
  // Q(S) beyond [0, 1] cannot make the denominator smaller than 1.
  EXPECT_DOUBLE_EQ(ProgressiveHistoryTerm(1.0, 4.0, 3.0, 1.0), 1.0);
  EXPECT_DOUBLE_EQ(ProgressiveHistoryTerm(1.0, 4.0, -1.0, 1.0), 1.0 / 5.0);
}

// A selection step over two children with UCB1 plus the bonus, the way the agent adds it.
struct Child {
  int action;
  double visits;
  double q;  // normalised mean
};
int SelectWithProgressiveHistory(const ActionStatistics& t, int cell, const ValueBounds& bounds,
                                 const std::vector<Child>& children, bool with_bonus) {
  const ProgressiveHistory ph;
  double parent_visits = 0.0;
  for (const Child& c : children) parent_visits += c.visits;
  int best = -1;
  double best_value = 0.0;
  for (const Child& c : children) {
    double value = c.q + 0.6 * std::sqrt(std::log(parent_visits) / c.visits);
    if (with_bonus) value += ph.Bonus(t, c.action, cell, bounds, c.visits, c.q);
    if (best < 0 || value > best_value) {
      best = c.action;
      best_value = value;
    }
  }
  return best;
}

// The point of PH's cell key: an action that paid in the avatar's current cell is preferred,
// and the same action is not preferred in a cell where it did not pay.
TEST(ProgressiveHistory, BiasesSelectionTowardWhatPaidInTheSameCell) {
  ActionStatistics t;
  t.Init(1, kSmall);
  // In cell 5 action 1 paid and action 0 did not; in cell 9 the other way round.
  for (int i = 0; i < 4; ++i) {
    RecordAction(t, 1, 5, 10.0);
    RecordAction(t, 0, 5, 0.0);
    RecordAction(t, 0, 9, 10.0);
    RecordAction(t, 1, 9, 0.0);
  }
  const ValueBounds bounds = Bounds(0.0, 10.0);
  // Plain UCB1 prefers action 0 slightly (a higher mean, the same visits).
  const std::vector<Child> children = {{0, 4.0, 0.52}, {1, 4.0, 0.5}};
  EXPECT_EQ(SelectWithProgressiveHistory(t, 5, bounds, children, false), 0);
  EXPECT_EQ(SelectWithProgressiveHistory(t, 5, bounds, children, true), 1);
  EXPECT_EQ(SelectWithProgressiveHistory(t, 9, bounds, children, true), 0);
  EXPECT_GT(ProgressiveHistory().Bonus(t, 1, 5, bounds, 4.0, 0.5),
            ProgressiveHistory().Bonus(t, 1, 9, bounds, 4.0, 0.5));
}

TEST(ProgressiveHistory, BadWeightIsRefused) {
  EXPECT_THROW(ProgressiveHistory(-1.0), std::invalid_argument);
  EXPECT_THROW(ProgressiveHistory(std::nan("")), std::invalid_argument);
  EXPECT_THROW(ProgressiveHistory{std::numeric_limits<double>::infinity()}, std::invalid_argument);
}

}  // namespace
}  // namespace vgdl
