#include "agents/mcts/ngram_selection.h"

#include <gtest/gtest.h>

#include <array>
#include <stdexcept>
#include <vector>

#include "agents/common/random.h"
#include "agents/mcts/action_statistics.h"

namespace vgdl {
namespace {

constexpr int32_t kSmall = 1 << 12;

void Record(ActionStatistics& t, std::vector<int> actions, std::vector<int> cells, double value,
            int times = 1) {
  for (int i = 0; i < times; ++i) {
    t.RecordSimulation(actions.data(), cells.data(), static_cast<int>(actions.size()), value);
  }
}

NGramSelection Greedy() {
  NstOptions o;
  o.epsilon = 0.0;
  return NGramSelection(o);
}

// The greedy choice over several random streams (ties would show up as different answers).
std::vector<int> Choices(const NGramSelection& nst, const ActionStatistics& t,
                         const ActionHistory& history, int cell, int num_actions,
                         double max_score) {
  std::vector<int> choices;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    AgentRandom rng(seed);
    choices.push_back(nst.Choose(t, history, cell, num_actions, max_score, rng));
  }
  return choices;
}

TEST(NGramSelection, DefaultsFollowSection525) {
  const NstOptions o;
  EXPECT_EQ(o.epsilon, 0.5);
  EXPECT_EQ(o.k, 7.0);
  EXPECT_EQ(o.max_n, 3);
}

TEST(NGramSelection, GreedyPicksTheActionWhoseOneGramPaidInThisCell) {
  ActionStatistics t;
  t.Init(3, kSmall);
  Record(t, {0}, {5}, 1.0);
  Record(t, {1}, {5}, 9.0);
  Record(t, {2}, {5}, 3.0);
  Record(t, {2}, {6}, 50.0);  // another cell: not this cell's data
  const NGramSelection nst = Greedy();
  EXPECT_EQ(Choices(nst, t, {}, 5, 3, 50.0), std::vector<int>(20, 1));
  EXPECT_EQ(Choices(nst, t, {}, 6, 3, 1.0), std::vector<int>(20, 2))
      << "in cell 6 actions 0 and 1 have no data (max 1.0), action 2 has 50";
}

// §4.2.2: "a candidate action for which no data is available yet is given the maximum score
// observed so far in the entire game".
TEST(NGramSelection, AnUnseenActionScoresTheGamesMaximum) {
  ActionStatistics t;
  t.Init(3, kSmall);
  Record(t, {0}, {5}, 1.0);
  Record(t, {1}, {5}, 3.0);
  const NGramSelection nst = Greedy();
  EXPECT_DOUBLE_EQ(nst.Score(t, {}, 5, 2, 10.0), 10.0);
  EXPECT_EQ(Choices(nst, t, {}, 5, 3, 10.0), std::vector<int>(20, 2));
  EXPECT_EQ(Choices(nst, t, {}, 5, 3, 2.0), std::vector<int>(20, 1));
}

// N-grams with N > 1 count only once seen k = 7 times, and only with the previous action in
// the cell it was played from.
TEST(NGramSelection, TheTwoGramCountsAfterKOccurrences) {
  ActionStatistics t;
  t.Init(3, kSmall);
  Record(t, {1}, {5}, 6.0, 20);  // 1-gram <1>: mean 6
  Record(t, {2}, {5}, 0.0, 20);  // 1-gram <2>: mean 0 so far
  Record(t, {0}, {5}, 0.0, 20);  // data for action 0 too, or it would score the maximum
  const std::array<int, 1> prev_action = {0};
  const std::array<int, 1> prev_cell = {4};
  const ActionHistory after_0{prev_action.data(), prev_cell.data(), 1};
  const NGramSelection nst = Greedy();

  Record(t, {0, 2}, {4, 5}, 10.0, 6);  // <0, 2> paid 10, six times: below k
  EXPECT_DOUBLE_EQ(nst.Score(t, after_0, 5, 2, 10.0), 60.0 / 26.0);
  EXPECT_EQ(Choices(nst, t, after_0, 5, 3, 10.0), std::vector<int>(20, 1));

  Record(t, {0, 2}, {4, 5}, 10.0);  // the seventh: <0, 2> counts now
  EXPECT_DOUBLE_EQ(nst.Score(t, after_0, 5, 2, 10.0), (70.0 / 27.0 + 10.0) / 2.0);
  EXPECT_EQ(Choices(nst, t, after_0, 5, 3, 10.0), std::vector<int>(20, 2));

  // At the root there is no previous action, so only 1-grams count.
  EXPECT_EQ(Choices(nst, t, {}, 5, 3, 10.0), std::vector<int>(20, 1));
  // After action 0 played from another cell, <0, 2> is another N-gram without data.
  const std::array<int, 1> other_cell = {8};
  const ActionHistory elsewhere{prev_action.data(), other_cell.data(), 1};
  EXPECT_EQ(Choices(nst, t, elsewhere, 5, 3, 10.0), std::vector<int>(20, 1));
  // With N = 1 the 2-gram is never looked at.
  NstOptions one;
  one.epsilon = 0.0;
  one.max_n = 1;
  EXPECT_EQ(Choices(NGramSelection(one), t, after_0, 5, 3, 10.0), std::vector<int>(20, 1));
}

// The score is the average of the averages of the 1-, 2- and 3-gram.
TEST(NGramSelection, TheThreeGramJoinsTheAverage) {
  ActionStatistics t;
  t.Init(3, kSmall);
  Record(t, {1}, {5}, 5.0, 20);
  Record(t, {3, 0, 2}, {3, 4, 5}, 9.0, 7);
  Record(t, {0, 2}, {4, 5}, 0.0, 13);
  Record(t, {0}, {5}, 0.0, 20);  // data for action 0 too, or it would score the maximum
  // <2>: 63 / 20; <0, 2>: 63 / 20; <3, 0, 2>: 9.
  const std::array<int, 2> prev_actions = {3, 0};
  const std::array<int, 2> prev_cells = {3, 4};
  const ActionHistory after_3_0{prev_actions.data(), prev_cells.data(), 2};
  const ActionHistory after_0{prev_actions.data() + 1, prev_cells.data() + 1, 1};
  const NGramSelection nst = Greedy();
  EXPECT_DOUBLE_EQ(nst.Score(t, after_0, 5, 2, 10.0), 3.15);
  EXPECT_DOUBLE_EQ(nst.Score(t, after_3_0, 5, 2, 10.0), (3.15 + 3.15 + 9.0) / 3.0);
  EXPECT_EQ(Choices(nst, t, after_0, 5, 3, 10.0), std::vector<int>(20, 1));
  EXPECT_EQ(Choices(nst, t, after_3_0, 5, 3, 10.0), std::vector<int>(20, 2));
}

TEST(NGramSelection, TiesAreBrokenAtRandom) {
  ActionStatistics t;
  t.Init(3, kSmall);
  const NGramSelection nst = Greedy();
  std::array<int, 4> seen{};
  for (int a : Choices(nst, t, {}, 5, 4, 1.0)) ++seen[static_cast<size_t>(a)];
  for (int a = 0; a < 4; ++a) EXPECT_GT(seen[static_cast<size_t>(a)], 0) << a;
}

// With probability epsilon the action is uniformly random: with epsilon = 0.5 and three
// actions, the greedy one comes 1/2 + 1/6 of the time, each other one 1/6.
TEST(NGramSelection, EpsilonIsTheShareOfRandomActions) {
  ActionStatistics t;
  t.Init(3, kSmall);
  Record(t, {0}, {5}, 0.0);
  Record(t, {1}, {5}, 9.0);
  Record(t, {2}, {5}, 0.0);
  const NGramSelection nst;  // epsilon = 0.5
  AgentRandom rng(7);
  std::array<int, 3> seen{};
  constexpr int kDraws = 30000;
  for (int i = 0; i < kDraws; ++i) ++seen[static_cast<size_t>(nst.Choose(t, {}, 5, 3, 9.0, rng))];
  EXPECT_NEAR(seen[1] / double(kDraws), 2.0 / 3.0, 0.01);
  EXPECT_NEAR(seen[0] / double(kDraws), 1.0 / 6.0, 0.01);
  EXPECT_NEAR(seen[2] / double(kDraws), 1.0 / 6.0, 0.01);
}

TEST(NGramSelection, ChoosesOnlyAmongTheCandidates) {
  ActionStatistics t;
  t.Init(3, kSmall);
  Record(t, {1}, {5}, 9.0);
  Record(t, {3}, {5}, 4.0);
  Record(t, {4}, {5}, 1.0);
  const ActionSet three_and_four = (1u << 3) | (1u << 4);
  AgentRandom rng(3);
  EXPECT_EQ(Greedy().ChooseAmong(t, {}, 5, three_and_four, 9.0, rng), 3);
  NstOptions random;
  random.epsilon = 1.0;
  for (int i = 0; i < 200; ++i) {
    const int a = NGramSelection(random).ChooseAmong(t, {}, 5, three_and_four, 9.0, rng);
    EXPECT_TRUE(a == 3 || a == 4) << a;
  }
  EXPECT_EQ(Greedy().ChooseAmong(t, {}, 5, ActionSet{0}, 9.0, rng), -1);
}

TEST(NGramSelection, BadOptionsAreRefused) {
  NstOptions o;
  o.epsilon = 1.5;
  EXPECT_THROW(NGramSelection{o}, std::invalid_argument);
  o = {};
  o.k = -1.0;
  EXPECT_THROW(NGramSelection{o}, std::invalid_argument);
  o = {};
  o.max_n = 4;
  EXPECT_THROW(NGramSelection{o}, std::invalid_argument);
  o.max_n = 0;
  EXPECT_THROW(NGramSelection{o}, std::invalid_argument);
}

}  // namespace
}  // namespace vgdl
