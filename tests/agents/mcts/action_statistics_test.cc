#include "agents/mcts/action_statistics.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "engine/game.h"
#include "engine/state.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

// A small table: these tests need a few N-grams, not 16 MB.
constexpr int32_t kSmall = 1 << 10;

NGramStat Gram(const ActionStatistics& t, std::vector<int> actions, std::vector<int> cells) {
  return t.Lookup(actions.data(), cells.data(), static_cast<int>(actions.size()));
}

void Record(ActionStatistics& t, std::vector<int> actions, std::vector<int> cells, double value) {
  t.RecordSimulation(actions.data(), cells.data(), static_cast<int>(actions.size()), value);
}

TEST(ActionStatistics, RecordsEveryNGramUpToThreeWithItsSimulationsMean) {
  ActionStatistics t;
  t.Init(3, kSmall);
  Record(t, {0, 1, 2}, {5, 6, 7}, 4.0);
  Record(t, {0, 1, 3}, {5, 6, 7}, 2.0);

  EXPECT_EQ(Gram(t, {0}, {5}).count, 2.0);
  EXPECT_EQ(Gram(t, {0}, {5}).mean, 3.0);
  EXPECT_EQ(Gram(t, {2}, {7}).count, 1.0);
  EXPECT_EQ(Gram(t, {2}, {7}).mean, 4.0);
  EXPECT_EQ(Gram(t, {0, 1}, {5, 6}).count, 2.0);
  EXPECT_EQ(Gram(t, {0, 1}, {5, 6}).mean, 3.0);
  EXPECT_EQ(Gram(t, {1, 3}, {6, 7}).mean, 2.0);
  EXPECT_EQ(Gram(t, {0, 1, 2}, {5, 6, 7}).count, 1.0);
  EXPECT_EQ(Gram(t, {0, 1, 2}, {5, 6, 7}).mean, 4.0);
  EXPECT_EQ(Gram(t, {0, 1, 3}, {5, 6, 7}).mean, 2.0);
  // Only N-grams that occurred: none across simulations, none in another order.
  EXPECT_FALSE(Gram(t, {2, 0}, {7, 5}).seen());
  EXPECT_FALSE(Gram(t, {1, 0}, {6, 5}).seen());
  EXPECT_FALSE(Gram(t, {4}, {5}).seen());
}

// §4.2.2: "If a specific N-gram occurs twice in the same simulation, that evaluation is
// counted twice when computing the average for that N-gram."
TEST(ActionStatistics, AnNGramOccurringTwiceInASimulationCountsTwice) {
  ActionStatistics t;
  t.Init(3, kSmall);
  Record(t, {2, 2, 2, 2}, {3, 3, 3, 3}, 6.0);
  Record(t, {2}, {3}, 1.0);
  EXPECT_EQ(Gram(t, {2}, {3}).count, 5.0);
  EXPECT_EQ(Gram(t, {2}, {3}).mean, (4 * 6.0 + 1.0) / 5);
  EXPECT_EQ(Gram(t, {2, 2}, {3, 3}).count, 3.0);
  EXPECT_EQ(Gram(t, {2, 2, 2}, {3, 3, 3}).count, 2.0);
  EXPECT_EQ(Gram(t, {2, 2, 2}, {3, 3, 3}).mean, 6.0);
}

// §4.2.1: the cell of the avatar before an action is part of that action's key, for every
// action of an N-gram.
TEST(ActionStatistics, TheSameActionsInOtherCellsAreOtherNGrams) {
  ActionStatistics t;
  t.Init(3, kSmall);
  Record(t, {1, 4}, {10, 11}, 8.0);
  Record(t, {1, 4}, {20, 11}, -8.0);
  EXPECT_EQ(Gram(t, {1}, {10}).mean, 8.0);
  EXPECT_EQ(Gram(t, {1}, {20}).mean, -8.0);
  EXPECT_EQ(Gram(t, {4}, {11}).count, 2.0);
  EXPECT_EQ(Gram(t, {1, 4}, {10, 11}).mean, 8.0);
  EXPECT_EQ(Gram(t, {1, 4}, {20, 11}).mean, -8.0);
  EXPECT_FALSE(Gram(t, {1}, {11}).seen());
  // A missing avatar is a cell of its own.
  Record(t, {1}, {kNoCell}, 3.0);
  EXPECT_EQ(Gram(t, {1}, {kNoCell}).mean, 3.0);
  EXPECT_EQ(t.Action(1, 10).mean, 8.0);
}

TEST(ActionStatistics, RecordsOnlyUpToItsLongestNGram) {
  ActionStatistics t;
  t.Init(1, kSmall);
  Record(t, {0, 1, 2}, {5, 6, 7}, 4.0);
  EXPECT_EQ(t.Action(1, 6).count, 1.0);
  EXPECT_FALSE(Gram(t, {0, 1}, {5, 6}).seen());
  t.Init(2, kSmall);
  EXPECT_FALSE(t.Action(1, 6).seen()) << "Init forgets";
  Record(t, {0, 1, 2}, {5, 6, 7}, 4.0);
  EXPECT_EQ(Gram(t, {0, 1}, {5, 6}).count, 1.0);
  EXPECT_FALSE(Gram(t, {0, 1, 2}, {5, 6, 7}).seen());
}

// Move Decay (§4.2.2): sums and counts are multiplied by gamma; new data then outweighs old.
TEST(ActionStatistics, DecayScalesSumsAndCounts) {
  ActionStatistics t;
  t.Init(3, kSmall);
  Record(t, {0, 1}, {5, 6}, 10.0);
  Record(t, {0, 1}, {5, 6}, 10.0);
  t.Decay(0.5);
  EXPECT_DOUBLE_EQ(t.Action(0, 5).count, 1.0);
  EXPECT_DOUBLE_EQ(t.Action(0, 5).mean, 10.0);
  EXPECT_DOUBLE_EQ(Gram(t, {0, 1}, {5, 6}).count, 1.0);
  t.Decay(0.5);
  Record(t, {0}, {5}, 0.0);  // sum 20 * 0.25 + 0, count 2 * 0.25 + 1
  EXPECT_DOUBLE_EQ(t.Action(0, 5).count, 1.5);
  EXPECT_DOUBLE_EQ(t.Action(0, 5).mean, 5.0 / 1.5);
  EXPECT_DOUBLE_EQ(Gram(t, {0, 1}, {5, 6}).count, 0.5) << "read decayed without a write";
  t.Decay(1.0);
  EXPECT_DOUBLE_EQ(t.Action(0, 5).count, 1.5);
}

TEST(ActionStatistics, DecayByZeroForgetsEverything) {
  ActionStatistics t;
  t.Init(3, kSmall);
  Record(t, {0, 1, 2}, {5, 6, 7}, 10.0);
  t.Decay(0.0);
  EXPECT_FALSE(t.Action(0, 5).seen());
  EXPECT_FALSE(Gram(t, {0, 1, 2}, {5, 6, 7}).seen());
  Record(t, {0}, {5}, 2.0);
  EXPECT_EQ(t.Action(0, 5).count, 1.0);
  EXPECT_EQ(t.Action(0, 5).mean, 2.0);
  t.Clear();
  EXPECT_FALSE(t.Action(0, 5).seen());
}

// Thousands of moves of decay (a long game) neither overflow nor lose new data.
TEST(ActionStatistics, LongDecayStaysFinite) {
  ActionStatistics t;
  t.Init(1, kSmall);
  for (int move = 0; move < 5000; ++move) {
    Record(t, {0}, {5}, 1.0);
    t.Decay(kMoveDecay);
  }
  Record(t, {0}, {5}, 1.0);
  EXPECT_NEAR(t.Action(0, 5).count, 1.0 / (1.0 - kMoveDecay), 1e-9);
  EXPECT_DOUBLE_EQ(t.Action(0, 5).mean, 1.0);
}

// A full probe window: the new N-gram replaces the entry with the smallest decayed count.
TEST(ActionStatistics, AFullWindowEvictsTheLeastCountedEntry) {
  ActionStatistics t;
  t.Init(1, ActionStatistics::kWindow);  // one window covers the whole table
  for (int cell = 0; cell < ActionStatistics::kWindow; ++cell) {
    for (int i = 0; i < 2 + cell; ++i) Record(t, {0}, {cell}, 1.0);
  }
  Record(t, {1}, {0}, 7.0);  // the least counted: (0, cell 0), 2 occurrences
  EXPECT_EQ(t.evictions(), 1);
  EXPECT_EQ(t.Action(1, 0).mean, 7.0);
  EXPECT_FALSE(t.Action(0, 0).seen());
  for (int cell = 1; cell < ActionStatistics::kWindow; ++cell) {
    EXPECT_EQ(t.Action(0, cell).count, 2.0 + cell) << cell;
  }
  t.Clear();  // cleared entries are worth nothing: any of them makes room
  Record(t, {2}, {9}, 1.0);
  EXPECT_EQ(t.Action(2, 9).count, 1.0);
}

// The trace collects an iteration's actions with the cells before them, as RecordSimulation
// and NST's history read them.
TEST(ActionStatistics, ASimulationTraceIsRecordedAsItsActions) {
  ActionStatistics t;
  t.Init(3, kSmall);
  SimulationTrace trace;
  trace.Reserve(16);
  trace.Push(3, 40);
  trace.Push(3, 41);
  trace.Push(0, 42);
  EXPECT_EQ(trace.length(), 3);
  EXPECT_EQ(trace.history().cells[1], 41);
  t.RecordSimulation(trace.history(), 5.0);
  EXPECT_EQ(Gram(t, {3, 3, 0}, {40, 41, 42}).mean, 5.0);
  EXPECT_EQ(Gram(t, {3, 0}, {41, 42}).count, 1.0);
  trace.Clear();
  EXPECT_EQ(trace.length(), 0);
}

TEST(ActionStatistics, BadValuesAreRefused) {
  ActionStatistics t;
  EXPECT_FALSE(t.Action(0, 0).seen()) << "before Init: no data, no crash";
  EXPECT_THROW(t.Init(0, kSmall), std::invalid_argument);
  EXPECT_THROW(t.Init(4, kSmall), std::invalid_argument);
  EXPECT_THROW(t.Init(3, 1000), std::invalid_argument);
  EXPECT_THROW(t.Init(3, 4), std::invalid_argument);
  t.Init(3, kSmall);
  EXPECT_THROW(t.Decay(-0.1), std::invalid_argument);
  EXPECT_THROW(t.Decay(1.5), std::invalid_argument);
}

// The avatar's cell is its grid cell, row-major; without an avatar it is kNoCell.
TEST(ActionStatistics, AvatarCellFollowsTheAvatar) {
  const testing::LoadedGame game = testing::MustLoadSearchGame("lookahead");
  ASSERT_NE(game.def, nullptr);
  State state(game.def, game.level, 1);
  const int width = state.width_cells();
  EXPECT_EQ(AvatarCell(state), 2 * width + 2);  // the A of lookahead_lvl0.txt
  Advance(state, Action::kLeft);
  EXPECT_EQ(AvatarCell(state), 2 * width + 1);
  Advance(state, Action::kDown);
  EXPECT_EQ(AvatarCell(state), 3 * width + 1);
  Advance(state, Action::kDown);  // onto the trap, which kills the avatar
  EXPECT_EQ(AvatarCell(state), kNoCell);
}

}  // namespace
}  // namespace vgdl
