// Pre-pruning of the hybrid agent (Joppen et al. 2016, §6): what the knowledge base predicts
// about where a move takes the avatar.
#include "agents/hybrid/pruning.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "agents/common/action_list.h"
#include "agents/common/evaluation.h"
#include "agents/hybrid/knowledge_base.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "engine/state.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::MustLoadSearchGame;

bool Allowed(const PrePruneResult& r, int i) {
  return i >= 0 && (r.allowed & (1u << i)) != 0;
}

// §4.2 and §6: having been teleported once (level 0) and killed by a trap, the agent knows the
// entry leads to the exit and that traps lose. On level 1 the trap lies on the exit: the step
// into the entry is predicted to lose and pruned, though nothing deadly lies on the entry.
TEST(HybridPruning, APortalsEntryLosesWhenItsExitDoes) {
  const auto game = MustLoadSearchGame("hybrid_portal");
  State s(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(s);
  for (Action a : {Action::kRight, Action::kRight, Action::kRight, Action::kRight}) {
    const State before = s;
    Advance(s, a, StepMode::kRealGame);
    kb.Observe(before, a, s);
  }
  ASSERT_TRUE(IsLoss(s));
  const TypeId entry = game.def->FindType("entry");
  ASSERT_TRUE(kb.IsPortal(entry));
  ASSERT_FALSE(kb.Predict(AvatarType(s), entry, Inventory{}).loses());

  std::string error;
  const auto level1 = testing::LoadSearchGame("hybrid_portal", 1, &error);
  ASSERT_TRUE(level1) << error;
  State t(level1->def, level1->level, 1);
  Advance(t, Action::kRight, StepMode::kRealGame);  // next to the entry
  const ActionList actions = ActionList::Of(t, /*with_nil=*/true);
  const PrePruneResult r = PrePrune(t, actions, kb, nullptr);
  const int right = actions.IndexOf(Action::kRight);
  EXPECT_FALSE(Allowed(r, right));
  EXPECT_NE(r.losing & (1u << right), 0u);
  EXPECT_TRUE(Allowed(r, actions.IndexOf(Action::kLeft)));
}

// §6's two-action look-ahead: the oriented avatar faces right, so a press of UP, DOWN or LEFT
// only turns it and leaves it on its cell for a step. With danger one step from that cell, only
// RIGHT (a move away) is kept; with danger two steps below, DOWN (turn, then move) is pruned.
// A MovingAvatar in the same place is judged by the destination alone.
TEST(HybridPruning, AnOrientedAvatarsTurnIsJudgedTwoActionsAhead) {
  const auto game = MustLoadSearchGame("hybrid_oriented");
  const State s(game.def, game.level, 1);
  ASSERT_EQ(AvatarOrientation(s).x, 1.0);
  KnowledgeBase kb;
  kb.Init(s);
  const ActionList actions = ActionList::Of(s, /*with_nil=*/true);
  const int here = kb.grid().AvatarCell(s);
  const int w = kb.grid().width();
  std::vector<double> heat(static_cast<size_t>(w * kb.grid().height()), KnowledgeBase::kNoHeat);

  heat[static_cast<size_t>(here)] = 1.0;
  PrePruneResult r = PrePrune(s, actions, kb, &heat);
  EXPECT_TRUE(Allowed(r, actions.IndexOf(Action::kRight)));
  for (Action a : {Action::kUp, Action::kDown, Action::kLeft, Action::kNil}) {
    EXPECT_FALSE(Allowed(r, actions.IndexOf(a))) << static_cast<int>(a);
  }

  heat[static_cast<size_t>(here)] = KnowledgeBase::kNoHeat;
  heat[static_cast<size_t>(here + w)] = 2.0;
  r = PrePrune(s, actions, kb, &heat);
  EXPECT_FALSE(Allowed(r, actions.IndexOf(Action::kDown)));
  EXPECT_TRUE(Allowed(r, actions.IndexOf(Action::kUp)));
  EXPECT_TRUE(Allowed(r, actions.IndexOf(Action::kRight)));

  // The same room with a MovingAvatar: DOWN's destination is two steps from danger, kept.
  const auto moving = MustLoadSearchGame("hybrid_room");
  const State m(moving.def, moving.level, 1);
  KnowledgeBase mkb;
  mkb.Init(m);
  const ActionList mactions = ActionList::Of(m, /*with_nil=*/true);
  std::vector<double> mheat(static_cast<size_t>(mkb.grid().width() * mkb.grid().height()),
                            KnowledgeBase::kNoHeat);
  mheat[static_cast<size_t>(mkb.grid().AvatarCell(m) + mkb.grid().width())] = 2.0;
  EXPECT_TRUE(Allowed(PrePrune(m, mactions, mkb, &mheat), mactions.IndexOf(Action::kDown)));
}

}  // namespace
}  // namespace vgdl
