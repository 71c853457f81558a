// The knowledge base of the hybrid agent (Joppen et al. 2016, §4).
#include "agents/hybrid/knowledge_base.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "agents/common/budget.h"
#include "agents/common/evaluation.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/hybrid/target_selection.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "engine/state.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::MustLoadSearchGame;

// Figure 4.5 of the paper: the blocked-movement rule keeps only I_2 in [5, 5]; the effect-type
// rule ignores I_1 (a class B example lies inside its interval) and keeps I_2 in [8, 9].
TEST(HybridKnowledge, InventoryRulesAreFigure45s) {
  InventoryRule blocked;
  InventoryRule effect;
  auto inv = [](int a, int b) {
    Inventory i{};
    i[0] = a;
    i[1] = b;
    return i;
  };
  blocked.Add(inv(10, 5), true);
  blocked.Add(inv(5, 5), true);
  for (const Inventory& i : {inv(3, 8), inv(7, 9), inv(6, 10)}) blocked.Add(i, false);
  effect.Add(inv(3, 8), true);
  effect.Add(inv(7, 9), true);
  effect.Add(inv(6, 10), false);
  EXPECT_FALSE(blocked.Relevant(0));
  ASSERT_TRUE(blocked.Relevant(1));
  EXPECT_EQ(blocked.lo(1), 5);
  EXPECT_EQ(blocked.hi(1), 5);
  EXPECT_TRUE(blocked.Matches(inv(0, 5)));
  EXPECT_FALSE(blocked.Matches(inv(10, 6)));
  EXPECT_FALSE(effect.Relevant(0));
  ASSERT_TRUE(effect.Relevant(1));
  EXPECT_EQ(effect.lo(1), 8);
  EXPECT_EQ(effect.hi(1), 9);
  EXPECT_TRUE(effect.Matches(inv(100, 9)));
  EXPECT_FALSE(effect.Matches(inv(3, 10)));
}

// The classifier of (avatar, wall) learns that the wall blocks and that of (avatar, trap) that
// the trap loses the game, from the transitions alone.
TEST(HybridKnowledge, ClassifierLearnsThatOneObjectBlocksAndAnotherKills) {
  const auto game = MustLoadSearchGame("hybrid_collide");
  const State start(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(start);
  const TypeId avatar = AvatarType(start);
  const TypeId wall = game.def->FindType("wall");
  const TypeId trap = game.def->FindType("trap");
  const Inventory none{};
  EXPECT_FALSE(kb.Predict(avatar, wall, none).known);
  EXPECT_FALSE(kb.Predict(avatar, trap, none).known);

  // Left into the wall, then right twice into the trap.
  State s = start;
  for (Action a : {Action::kLeft, Action::kRight, Action::kRight}) {
    const State before = s;
    Advance(s, a, StepMode::kForwardModel);
    kb.Observe(before, a, s);
  }
  ASSERT_TRUE(IsLoss(s));
  const CollisionPrediction w = kb.Predict(avatar, wall, none);
  const CollisionPrediction t = kb.Predict(avatar, trap, none);
  EXPECT_TRUE(w.known);
  EXPECT_TRUE(w.blocked);
  EXPECT_FALSE(w.loses());
  EXPECT_TRUE(t.known);
  EXPECT_FALSE(t.blocked);
  EXPECT_TRUE(t.loses());
  EXPECT_EQ(kb.classifier(avatar, wall).collisions(), 1);
  EXPECT_EQ(kb.classifier(avatar, trap).collisions(), 1);
}

// §4.3: once the wanderer is known to be stochastic with a maximal step of one cell per axis,
// the heatmap around it is the Manhattan distance on every cell its breadth-first search
// reaches (walls excepted), as computed by hand below.
// Shows `kb` successors of hybrid_heat's start under ACTION_NIL, twice each, until it has
// learnt that the wanderer moves at random a cell a tick.
void LearnTheWanderer(const testing::LoadedGame& game, const State& start, KnowledgeBase& kb) {
  const TypeId wanderer = game.def->FindType("wanderer");
  AgentRandom rng(3);
  SimState a;
  SimState b;
  // Two successors of the same state and action until they differ; transitions teach the step.
  State s = start;
  for (int i = 0; i < 200 && !(kb.IsStochasticType(wanderer) && kb.max_step_x(wanderer) == 1 &&
                               kb.max_step_y(wanderer) == 1);
       ++i) {
    State& x = a.CopyFrom(s, rng);
    State& y = b.CopyFrom(s, rng);
    Advance(x, Action::kNil, StepMode::kForwardModel);
    Advance(y, Action::kNil, StepMode::kForwardModel);
    kb.ObserveRepeat(x, y);
    kb.Observe(s, Action::kNil, x);
    s = x;
  }
  ASSERT_TRUE(kb.IsStochasticType(wanderer));
  ASSERT_EQ(kb.max_step_x(wanderer), 1);
  ASSERT_EQ(kb.max_step_y(wanderer), 1);
}

TEST(HybridKnowledge, HeatmapMatchesOneComputedByHand) {
  const auto game = MustLoadSearchGame("hybrid_heat");
  const State start(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(start);
  const TypeId wanderer = game.def->FindType("wanderer");
  LearnTheWanderer(game, start, kb);
  EXPECT_TRUE(kb.stochastic());
  EXPECT_EQ(kb.step_frequency(wanderer), 1);

  const double inf = KnowledgeBase::kNoHeat;
  // The level: wanderer at (3, 3), inner wall at (2..4, 2).
  const std::vector<std::vector<double>> expected = {
      {inf, inf, inf, inf, inf, inf, inf},  //
      {inf, 4, 3, 2, 3, 4, inf},            //
      {inf, 3, inf, inf, inf, 3, inf},      //
      {inf, 2, 1, 0, 1, 2, inf},            //
      {inf, 3, 2, 1, 2, 3, inf},            //
      {inf, inf, inf, inf, inf, inf, inf},
  };
  const std::vector<double>& heat = kb.DangerHeatmap(start);
  for (int y = 0; y < 6; ++y) {
    for (int x = 0; x < 7; ++x) {
      EXPECT_EQ(heat[static_cast<size_t>(y * 7 + x)],
                expected[static_cast<size_t>(y)][static_cast<size_t>(x)])
          << "cell (" << x << ", " << y << ")";
    }
  }
}

// The wanderer has never touched the avatar. By default (§6's worst case) that makes it
// dangerous and the heatmap above is its; with unmet_danger = false (the authors' code: only a
// predicted loss is dangerous) nothing is, until a collision shows a loss.
TEST(HybridKnowledge, AnUnmetStochasticTypeIsHarmlessWithoutUnmetDanger) {
  const auto game = MustLoadSearchGame("hybrid_heat");
  const State start(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(start, SpawnerRule::kAny, /*unmet_danger=*/false);
  LearnTheWanderer(game, start, kb);
  const TypeId wanderer = game.def->FindType("wanderer");
  EXPECT_FALSE(kb.Dangerous(AvatarType(start), wanderer));
  for (double h : kb.DangerHeatmap(start)) EXPECT_EQ(h, KnowledgeBase::kNoHeat);
}

// A deterministic game shows no stochastic effect: two successors are always equal.
TEST(HybridKnowledge, DeterministicGameShowsNoStochasticEffect) {
  const auto game = MustLoadSearchGame("push");
  const State start(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(start);
  AgentRandom rng(3);
  SimState a;
  SimState b;
  for (Action act : {Action::kLeft, Action::kDown, Action::kNil, Action::kRight}) {
    State& x = a.CopyFrom(start, rng);
    State& y = b.CopyFrom(start, rng);
    Advance(x, act, StepMode::kForwardModel);
    Advance(y, act, StepMode::kForwardModel);
    EXPECT_FALSE(kb.ObserveRepeat(x, y));
  }
  EXPECT_FALSE(kb.stochastic());
}

// Plays `actions` from `start` (then NIL until `ticks` ticks), giving each transition to the
// knowledge base as the real game would: Observe and ObserveTick. Returns the last state.
State PlayObserved(KnowledgeBase& kb, const State& start, const std::vector<Action>& actions,
                   int ticks) {
  State s = start;
  for (int i = 0; i < ticks && !s.ended(); ++i) {
    const Action a =
        i < static_cast<int>(actions.size()) ? actions[static_cast<size_t>(i)] : Action::kNil;
    const State before = s;
    Advance(s, a, StepMode::kRealGame);
    kb.Observe(before, a, s);
    kb.ObserveTick(before, s);
  }
  return s;
}

// §4.2: the avatar steps on the entry and lands on the exit, five cells on: the entry is learnt
// to be a portal to the exit's type (an object no rule names, which the level keeps frozen).
TEST(HybridKnowledge, LearnsAPortalFromATeleport) {
  const auto game = MustLoadSearchGame("hybrid_portal");
  const State start(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(start);
  const TypeId entry = game.def->FindType("entry");
  const TypeId exit = game.def->FindType("exit");
  EXPECT_FALSE(kb.IsPortal(entry));
  const State end = PlayObserved(kb, start, {Action::kRight, Action::kRight}, 2);
  ASSERT_EQ(kb.grid().AvatarCell(end), kb.grid().AvatarCell(start) + 6) << "not teleported";
  EXPECT_TRUE(kb.IsPortal(entry));
  EXPECT_EQ(kb.PortalExit(entry), exit);
  EXPECT_FALSE(kb.IsPortal(exit));
}

// §4.5: rocks appear on the spawner with nothing else changing near it, so the spawner is
// learnt to spawn rocks; once a rock has killed the avatar, touching the spawner is predicted
// to lose too, though the avatar never touched it.
TEST(HybridKnowledge, LearnsASpawnerAndPredictsItsSpawnsEffect) {
  const auto game = MustLoadSearchGame("hybrid_spawner");
  const State start(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(start);
  const TypeId avatar = AvatarType(start);
  const TypeId spawner = game.def->FindType("spawner");
  const TypeId rock = game.def->FindType("rock");
  const Inventory none{};
  const State end = PlayObserved(kb, start, {}, 100);
  ASSERT_TRUE(IsLoss(end)) << "a rock should have reached the avatar";
  EXPECT_EQ(kb.SpawnedBy(spawner), rock);
  EXPECT_TRUE(kb.Predict(avatar, rock, none).loses());
  EXPECT_EQ(kb.classifier(avatar, spawner).collisions(), 0);
  EXPECT_TRUE(kb.Predict(avatar, spawner, none).loses());
}

// A rock appears on a cell holding the floor and the spawner. §4.5's rule takes the first object
// not yet a spawner, the floor, which then predicts the rock's kill on every floor cell; with
// SpawnerRule::kAlone (the authors' code) a cell of several types and no portal teaches nothing.
TEST(HybridKnowledge, ASpawnCellOfSeveralTypesTeachesNothingUnderTheAloneRule) {
  const auto game = MustLoadSearchGame("hybrid_spawner_floor");
  const State start(game.def, game.level, 1);
  const TypeId avatar = AvatarType(start);
  const TypeId floor = game.def->FindType("floor");
  const TypeId rock = game.def->FindType("rock");
  const Inventory none{};
  KnowledgeBase paper;
  paper.Init(start, SpawnerRule::kAny);
  PlayObserved(paper, start, {}, 30);
  EXPECT_EQ(paper.SpawnedBy(floor), rock);
  EXPECT_TRUE(paper.Predict(avatar, floor, none).loses());
  KnowledgeBase alone;
  alone.Init(start, SpawnerRule::kAlone);
  PlayObserved(alone, start, {}, 30);
  EXPECT_EQ(alone.SpawnedBy(floor), kNoType);
  EXPECT_FALSE(alone.Predict(avatar, floor, none).loses());
}

// §4.2: the movement frequency of a type is the interval between the ticks on which it moved:
// 3 for the walker with cooldown 3; the random walker's intervals differ, so it counts as
// moving every tick (1), as does a type never seen to move.
TEST(HybridKnowledge, LearnsEachTypesMovementFrequency) {
  const auto game = MustLoadSearchGame("hybrid_pace");
  const State start(game.def, game.level, 7);
  KnowledgeBase kb;
  kb.Init(start);
  const TypeId slow = game.def->FindType("slow");
  const TypeId fickle = game.def->FindType("fickle");
  const TypeId wall = game.def->FindType("wall");
  PlayObserved(kb, start, {}, 60);
  EXPECT_EQ(kb.step_frequency(slow), 3);
  EXPECT_EQ(kb.max_step_x(slow), 1);
  EXPECT_EQ(kb.max_step_y(slow), 0);
  EXPECT_EQ(kb.step_frequency(fickle), 1);
  EXPECT_EQ(kb.step_frequency(wall), 1);
}

// §4.2's control counter: an avatar slower than a cell a tick spends most ticks of a move on
// its cell, which is control (the authors' code counts it so), not twenty strikes against it.
TEST(HybridKnowledge, AnAvatarSlowerThanACellATickStaysInControl) {
  const auto game = MustLoadSearchGame("hybrid_slow");
  const State start(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(start);
  std::vector<Action> actions;
  for (int i = 0; i < 80; ++i) actions.push_back(i / 8 % 2 == 0 ? Action::kRight : Action::kLeft);
  const State end = PlayObserved(kb, start, actions, 80);
  ASSERT_NE(kb.grid().AvatarCell(end), GridDistance::kNoCell);
  EXPECT_TRUE(kb.AvatarInControl(game.def->FindType("avatar")));
}

// An avatar that keeps moving while it is told nothing makes changes the player did not make:
// every transition counts, NIL included, and twenty of them take the type out of control.
TEST(HybridKnowledge, AnAvatarCarriedWhileItWaitsLeavesThePlayersControl) {
  const auto game = MustLoadSearchGame("hybrid_drift");
  const State start(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(start);
  const State end = PlayObserved(kb, start, {}, 30);
  ASSERT_GT(kb.grid().AvatarCell(end), kb.grid().AvatarCell(start) + 20) << "not carried";
  EXPECT_FALSE(kb.AvatarInControl(game.def->FindType("avatar")));
}

// §5's "use action is possible": the avatar's bullets remove the rock (and score), so USE is
// learnt to act on rocks, not on the walls that stop the bullets; target selection then values
// a rock by the feature's weight more than before.
TEST(HybridKnowledge, LearnsWhatTheAvatarsUseActsOn) {
  const auto game = MustLoadSearchGame("hybrid_shoot");
  const State start(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(start);
  TargetSelector targets;
  targets.Init(start, kb);
  const TypeId rock = game.def->FindType("rock");
  const TypeId wall = game.def->FindType("wall");
  const double before = targets.Desirability(start, kb, rock);
  std::vector<Action> actions(16, Action::kNil);
  actions[0] = Action::kUse;
  actions[8] = Action::kUse;
  const State end = PlayObserved(kb, start, actions, 16);
  ASSERT_TRUE(end.sprites_of(rock).empty()) << "the first bullet should have hit the rock";
  EXPECT_TRUE(kb.UseAffects(rock));
  EXPECT_FALSE(kb.UseAffects(wall));
  ASSERT_GT(targets.weights().use, 0.0);
  EXPECT_EQ(targets.Desirability(start, kb, rock) - before, targets.weights().use);
}

// The floor under the avatar's first cell is inert: the avatar stands on it and meets it in no
// collision; a wall it bumps into is not, nor a type never seen under the avatar.
TEST(HybridKnowledge, LearnsThatTheFloorIsInert) {
  const auto game = MustLoadSearchGame("hybrid_room");
  const State start(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(start);
  const TypeId avatar = AvatarType(start);
  const TypeId floor = game.def->FindType("floor");
  const TypeId wall = game.def->FindType("wall");
  EXPECT_TRUE(kb.Inert(avatar, floor));
  EXPECT_FALSE(kb.Inert(avatar, wall));
  PlayObserved(kb, start, {Action::kUp, Action::kUp, Action::kUp}, 3);
  EXPECT_GT(kb.classifier(avatar, wall).collisions(), 0);
  EXPECT_TRUE(kb.Inert(avatar, floor));
  EXPECT_FALSE(kb.Inert(avatar, wall));
}

}  // namespace
}  // namespace vgdl
