// Target selection of the hybrid agent (Joppen et al. 2016, §5).
#include "agents/hybrid/target_selection.h"

#include <gtest/gtest.h>

#include <vector>

#include "agents/hybrid/knowledge_base.h"
#include "engine/game.h"
#include "engine/state.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::MustLoadSearchGame;

// Whether the gem of hybrid_target is the target, tick by tick for `ticks` ticks, the avatar
// standing still all along (ACTION_NIL).
std::vector<bool> GemTargeted(int ban_ticks, int ticks) {
  const auto game = MustLoadSearchGame("hybrid_target");
  const TypeId gem = game.def->FindType("gem");
  State state(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(state);
  TargetSelector targets;
  targets.Init(state, kb, ban_ticks);
  std::vector<bool> targeted;
  for (int t = 0; t < ticks; ++t) {
    targets.Update(state, kb, kb.DangerHeatmap(state));
    targeted.push_back(targets.has_target() && targets.target_type() == gem);
    Advance(state, Action::kNil, StepMode::kRealGame);
  }
  return targeted;
}

// The first tick from `from` on whose entry is `value`, or -1.
int FirstFrom(const std::vector<bool>& v, int from, bool value) {
  for (int t = from; t < static_cast<int>(v.size()); ++t) {
    if (v[static_cast<size_t>(t)] == value) return t;
  }
  return -1;
}

// §5: "In case the distance to the selected object does not decrease after multiple steps, the
// object is disregarded and a new target is chosen." With ban_ticks = 0 it is disregarded for
// the rest of the game; with ban_ticks = 30 it is chosen again 30 ticks after the tick on which
// it was disregarded.
TEST(HybridTargets, ADisregardedTargetComesBackAfterBanTicks) {
  const std::vector<bool> for_good = GemTargeted(0, 80);
  const std::vector<bool> for_a_while = GemTargeted(30, 80);
  ASSERT_TRUE(for_good[0]) << "the gem, one step away and never met, is the first target";
  const int dropped = FirstFrom(for_good, 0, false);
  ASSERT_GT(dropped, 0);
  EXPECT_LE(dropped, TargetSelector::kPatience + 2);
  EXPECT_EQ(FirstFrom(for_good, dropped, true), -1) << "banned for the rest of the game";

  EXPECT_EQ(FirstFrom(for_a_while, 0, false), dropped);
  // Banned on the tick before `dropped`, for 30 ticks from that tick on.
  EXPECT_EQ(FirstFrom(for_a_while, dropped, true), dropped - 1 + 30);
}

// The type of the target chosen on hybrid_street's second tick, after the knowledge base has
// seen the avatar walk into the wall on its left (so the walls are met) and stand on its
// street, under `met`.
TypeId StreetGameTarget(MetRule met) {
  const auto game = MustLoadSearchGame("hybrid_street");
  State state(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(state);
  State next = state;
  Advance(next, Action::kLeft, StepMode::kRealGame);
  kb.Observe(state, Action::kLeft, next);
  kb.ObserveTick(state, next);
  TargetSelector targets;
  targets.Init(next, kb, /*ban_ticks=*/0, met);
  targets.Update(next, kb, kb.DangerHeatmap(next));
  return targets.has_target() ? targets.target_type() : kNoType;
}

// §5's "not yet encountered": a street the avatar has stood on but never collided with (no rule
// for the pair) has been met under met=cell, as the authors' code learns it, so the gem 15
// steps away is the target; under met=collision the street is never met and, one step away,
// outranks the gem for the whole game (superman, docs/hybrid-evaluation.md).
TEST(HybridTargets, AStreetStoodOnIsMetUnderMetCell) {
  const auto game = MustLoadSearchGame("hybrid_street");
  EXPECT_EQ(StreetGameTarget(MetRule::kSharedCell), game.def->FindType("gem"));
  EXPECT_EQ(StreetGameTarget(MetRule::kCollision), game.def->FindType("street"));
}

}  // namespace
}  // namespace vgdl
