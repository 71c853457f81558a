// Macro actions (Frydenberg et al. 2015, §V-B): an edge repeats its action, every tick
// simulated and charged; the commitment option plays the rest of the macro.
#include "agents/mcts/macro_actions.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "agents/common/budget.h"
#include "agents/mcts/action_statistics.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

TEST(MacroActions, TheRepeatOfThePaperIsThree) {
  EXPECT_EQ(kMacroRepeat, 3);
}

// The behaviour a macro edge exists for: one edge goes three ticks deep, and the budget pays
// for all three.
TEST(MacroActions, AMacroEdgeAdvancesThreeTicksAndIsChargedThreeCalls) {
  const auto game = testing::MustLoadSearchGame("corridor");
  ASSERT_NE(game.def, nullptr);
  State state(game.def, game.level, 1);
  const int start_cell = AvatarCell(state);
  Budget budget = Budget::ForwardModelCalls(100);
  const MacroStepResult r = StepMacro(state, Action::kRight, kMacroRepeat, budget);
  EXPECT_EQ(r.ticks, 3);
  EXPECT_TRUE(r.in_budget);
  EXPECT_EQ(budget.calls(), 3);
  EXPECT_EQ(state.tick(), 3);
  EXPECT_EQ(AvatarCell(state), start_cell + 3);  // three cells to the right
}

TEST(MacroActions, AnEdgeStopsWhenTheBudgetHasNoRoom) {
  const auto game = testing::MustLoadSearchGame("corridor");
  ASSERT_NE(game.def, nullptr);
  State state(game.def, game.level, 1);
  Budget budget = Budget::ForwardModelCalls(2);
  const MacroStepResult r = StepMacro(state, Action::kRight, kMacroRepeat, budget);
  EXPECT_EQ(r.ticks, 2);
  EXPECT_FALSE(r.in_budget);
  EXPECT_EQ(budget.calls(), 2);  // never over the budget
  EXPECT_EQ(state.tick(), 2);
}

TEST(MacroActions, AnEdgeStopsAtGameOver) {
  const auto game = testing::MustLoadSearchGame("minefield");
  ASSERT_NE(game.def, nullptr);
  State state(game.def, game.level, 1);
  Budget budget = Budget::ForwardModelCalls(100);
  const MacroStepResult r = StepMacro(state, Action::kUp, kMacroRepeat, budget);  // a trap
  EXPECT_TRUE(state.ended());
  EXPECT_EQ(r.ticks, 1);
  EXPECT_TRUE(r.in_budget);
  EXPECT_EQ(budget.calls(), 1);
}

TEST(MacroActions, ARepeatOutsideItsRangeIsRefused) {
  for (int bad : {0, -1, kMaxMacroRepeat + 1}) {
    try {
      ValidateMacroRepeat(bad);
      ADD_FAILURE() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("[1, 64]"), std::string::npos) << e.what();
    }
  }
  EXPECT_NO_THROW(ValidateMacroRepeat(3));
}

TEST(MacroActions, ACommitmentPlaysTheRestOfTheMacroTickByTick) {
  MacroCommitment commitment;
  EXPECT_FALSE(commitment.Next(0).has_value());
  commitment.Start(/*action=*/2, /*tick=*/5, /*repeat=*/3);
  EXPECT_TRUE(commitment.committed());
  EXPECT_EQ(commitment.Next(6), 2);
  EXPECT_EQ(commitment.Next(7), 2);
  EXPECT_FALSE(commitment.Next(8).has_value());  // the macro's three ticks are played
  // A skipped tick (the runner's NIL after an overspent act) ends the commitment.
  commitment.Start(1, 10, 3);
  EXPECT_FALSE(commitment.Next(12).has_value());
  EXPECT_FALSE(commitment.committed());
}

}  // namespace
}  // namespace vgdl
