#include "agents/mcts/knowledge_evaluation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "agents/common/evaluation.h"
#include "agents/mcts/mcts.h"
#include "engine/game.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::LoadedGame;
using testing::MustLoadSearchGame;
using testing::Play;

// tests/data/search/kbe_lvl0.txt (x to the right, y down):
//   wwwwwwwwwwwwww
//   wACc..w......w   A (1,1); C (2,1): a coin (+2) and a gold (+5); c (3,1): a coin
//   w.....w......w
//   wwwww.w..x...w   x (9,3): the exit, a Door (portal), 14 steps from A
//   wb..w.w......w   b: a box (Passive), r: a gem (Resource), walled in with it
//   wr..w......w.w
//   wwwwwwwwwwwnww   n: a ghost (RandomNPC), walled in
//   wwwwwwwwwwwwww
// The avatar is a ShootAvatar (moving without turning in place first) whose bolts are Missiles.
TypeId Type(const State& s, const char* name) {
  const TypeId t = s.def().FindType(name);
  EXPECT_NE(t, kNoType) << name;
  return t;
}

// One forward-model step of `s`, observed by `kbe` as a simulation step is.
void Step(KnowledgeBasedEvaluation& kbe, State& s, Action a) {
  const double value_before = GameValue(s);
  const size_t events_before = s.events().size();
  Advance(s, a, StepMode::kForwardModel);
  kbe.ObserveStep(value_before, events_before, s);
}

TEST(KnowledgeBasedEvaluation, TypesStartWithTheWeightsOfTable41) {
  const LoadedGame game = MustLoadSearchGame("kbe");
  if (!game.def) return;
  State s(game.def, game.level, 1);
  KnowledgeBasedEvaluation kbe;
  kbe.Init(s);
  kbe.BeginTick(s);
  struct Expected {
    const char* type;
    ObsCategory category;
    double weight;
    bool excluded;
  };
  for (const Expected& e : {Expected{"coin", ObsCategory::kStatic, 0.0, false},
                            Expected{"exit", ObsCategory::kPortal, 1.0, false},
                            Expected{"gem", ObsCategory::kResource, 1.0, false},
                            Expected{"box", ObsCategory::kMovable, 0.25, false},
                            Expected{"ghost", ObsCategory::kNpc, 0.1, false},
                            Expected{"wall", ObsCategory::kStatic, 0.0, true},
                            Expected{"avatar", ObsCategory::kAvatar, 0.0, true}}) {
    const auto& k = kbe.type(Type(s, e.type));
    EXPECT_TRUE(k.known) << e.type;
    EXPECT_EQ(k.category, e.category) << e.type;
    EXPECT_DOUBLE_EQ(k.weight, e.weight) << e.type;
    EXPECT_EQ(k.excluded, e.excluded) << e.type;
    EXPECT_DOUBLE_EQ(k.learning_rate, 0.8) << e.type;
    EXPECT_EQ(k.events, 0) << e.type;
  }
  EXPECT_FALSE(kbe.type(Type(s, "floor")).known);  // hidden from the player
  const TypeId bolt = Type(s, "bolt");
  EXPECT_FALSE(kbe.type(bolt).known);  // no bolt yet

  // A bolt the avatar shoots is observed as a sprite it created, and left out of Eq. 4.2.
  Advance(s, Action::kRight, StepMode::kForwardModel);
  Advance(s, Action::kUse, StepMode::kForwardModel);
  ASSERT_GT(s.count_of(bolt), 0);
  kbe.KnowledgeValue(s);
  EXPECT_TRUE(kbe.type(bolt).known);
  EXPECT_EQ(kbe.type(bolt).category, ObsCategory::kFromAvatar);
  EXPECT_TRUE(kbe.type(bolt).excluded);

  // Every tick, every weight grows by 1e-4.
  kbe.BeginTick(s);
  EXPECT_DOUBLE_EQ(kbe.type(Type(s, "exit")).weight, 1.0 + 1e-4);
  EXPECT_DOUBLE_EQ(kbe.type(Type(s, "ghost")).weight, 0.1 + 1e-4);
  EXPECT_DOUBLE_EQ(kbe.type(Type(s, "wall")).weight, 1e-4);
}

// Eq. 4.3 and 4.4 for one type, as the test expects them.
struct ExpectedType {
  double weight = 0.0;
  double learning_rate = 0.8;
  double delta_sum = 0.0;
  int events = 0;
  void Update(double delta) {
    delta_sum += delta;
    ++events;
    weight += (delta_sum / events - weight) * learning_rate;
    learning_rate = std::max(0.1, 0.75 * learning_rate);
  }
};

TEST(KnowledgeBasedEvaluation, CollisionsUpdateTheWeightsByEquations43And44) {
  const LoadedGame game = MustLoadSearchGame("kbe");
  if (!game.def) return;
  State s(game.def, game.level, 1);
  KnowledgeBasedEvaluation kbe;
  kbe.Init(s);
  kbe.BeginTick(s);
  const TypeId coin = Type(s, "coin");
  const TypeId gold = Type(s, "gold");
  const TypeId wall = Type(s, "wall");

  // Right onto C: the avatar hits a coin and a gold in the same step, +7 for both.
  Step(kbe, s, Action::kRight);
  ASSERT_DOUBLE_EQ(Score(s), 7.0);
  EXPECT_EQ(kbe.type(coin).events, 1);
  EXPECT_DOUBLE_EQ(kbe.type(coin).delta_sum, 7.0);
  EXPECT_DOUBLE_EQ(kbe.type(coin).weight, 0.0 + (7.0 - 0.0) * 0.8);  // 5.6
  EXPECT_DOUBLE_EQ(kbe.type(coin).learning_rate, 0.6);
  EXPECT_DOUBLE_EQ(kbe.type(gold).weight, 5.6);
  // Right onto c: a coin alone, +2. Delta_coin = 9 over 2 events: mean 4.5.
  Step(kbe, s, Action::kRight);
  ASSERT_DOUBLE_EQ(Score(s), 9.0);
  EXPECT_EQ(kbe.type(coin).events, 2);
  EXPECT_DOUBLE_EQ(kbe.type(coin).delta_sum, 9.0);
  EXPECT_DOUBLE_EQ(kbe.type(coin).weight, 5.6 + (4.5 - 5.6) * 0.6);  // 4.94
  EXPECT_DOUBLE_EQ(kbe.type(coin).learning_rate, 0.45);
  EXPECT_EQ(kbe.type(gold).events, 1);  // untouched
  EXPECT_DOUBLE_EQ(kbe.type(gold).weight, 5.6);

  // Two steps to (5,1) without collisions, then into the wall at (6,1) again and again: each
  // bump is an event with no change in X, so the wall's weight tends to 0 and its learning
  // rate decays to its floor of 0.1. A new tick adds 1e-4 first.
  Step(kbe, s, Action::kRight);
  Step(kbe, s, Action::kRight);
  EXPECT_EQ(kbe.type(wall).events, 0);
  kbe.BeginTick(s);
  ExpectedType expected_wall;
  expected_wall.weight = 1e-4;
  for (int bump = 0; bump < 10; ++bump) {
    Step(kbe, s, Action::kRight);
    expected_wall.Update(0.0);
    EXPECT_EQ(kbe.type(wall).events, expected_wall.events);
    EXPECT_DOUBLE_EQ(kbe.type(wall).weight, expected_wall.weight) << "bump " << bump;
    EXPECT_DOUBLE_EQ(kbe.type(wall).learning_rate, expected_wall.learning_rate) << "bump " << bump;
  }
  EXPECT_DOUBLE_EQ(kbe.type(wall).learning_rate, 0.1);
  EXPECT_DOUBLE_EQ(kbe.type(coin).weight, 4.94 + 1e-4);  // only the tick's increment
}

// The avatar's walk from A to the exit: down, right to x = 5, down to y = 5, right to x = 9,
// up to the exit's cell. No score on the way.
const std::vector<Action> kWalkToExit = {
    Action::kDown,  Action::kRight, Action::kRight, Action::kRight, Action::kRight,
    Action::kDown,  Action::kDown,  Action::kDown,  Action::kRight, Action::kRight,
    Action::kRight, Action::kRight, Action::kUp,    Action::kUp};

TEST(KnowledgeBasedEvaluation, ApproachingAnObjectOfPositiveWeightRaisesTheEvaluation) {
  const LoadedGame game = MustLoadSearchGame("kbe");
  if (!game.def) return;
  const State root(game.def, game.level, 1);
  KnowledgeBasedEvaluation kbe;
  kbe.Init(root);
  kbe.BeginTick(root);
  EXPECT_EQ(kbe.type(Type(root, "exit")).root_distance, 14);
  // The states along the walk; only the exit (weight 1) is relevant and reachable.
  std::vector<State> walk = {root};
  for (Action a : kWalkToExit) {
    walk.push_back(walk.back());
    Advance(walk.back(), a, StepMode::kForwardModel);
  }
  for (size_t i = 0; i < walk.size(); ++i) {
    ASSERT_DOUBLE_EQ(GameValue(walk[i]), 0.0) << "step " << i;
    EXPECT_DOUBLE_EQ(kbe.KnowledgeValue(walk[i]), static_cast<double>(i)) << "step " << i;
  }
  // Once the bounds have seen the whole walk, the evaluation rises along it from X to X + 0.5.
  for (const State& s : walk) kbe.Evaluate(s, GameValue(s));
  double previous = -1.0;
  for (size_t i = 0; i < walk.size(); ++i) {
    const double x = GameValue(walk[i]);
    const double v = kbe.Evaluate(walk[i], x);
    EXPECT_GE(v, x) << "step " << i;
    EXPECT_LE(v, x + 0.5) << "step " << i;
    EXPECT_GT(v, previous) << "step " << i;
    previous = v;
  }
  EXPECT_DOUBLE_EQ(kbe.Evaluate(walk.front(), 0.0), 0.0);
  EXPECT_DOUBLE_EQ(kbe.Evaluate(walk.back(), 0.0), 0.5);
}

TEST(KnowledgeBasedEvaluation, OnlyStatesWithTheRootsValueGetTheBonusUnlessAlways) {
  const LoadedGame game = MustLoadSearchGame("kbe");
  if (!game.def) return;
  const State root(game.def, game.level, 1);
  State toward_exit = root;  // one step closer to the exit, X unchanged
  Advance(toward_exit, Action::kDown, StepMode::kForwardModel);
  State scored = root;  // onto the coin and gold: X = 7, one step closer to the exit as well
  Advance(scored, Action::kRight, StepMode::kForwardModel);
  ASSERT_DOUBLE_EQ(GameValue(scored), 7.0);

  for (const bool always : {false, true}) {
    KnowledgeBasedEvaluation kbe(KnowledgeEvaluationOptions{.always = always});
    kbe.Init(root);
    kbe.BeginTick(root);
    EXPECT_DOUBLE_EQ(kbe.root_value(), 0.0);
    EXPECT_DOUBLE_EQ(kbe.Evaluate(toward_exit, 0.0), 0.5) << "always " << always;
    const double v = kbe.Evaluate(scored, 7.0);
    if (always) {
      EXPECT_DOUBLE_EQ(v, 7.5);
    } else {
      EXPECT_DOUBLE_EQ(v, 7.0);
    }
  }
}

TEST(KnowledgeBasedEvaluation, FarRewardGameIsARoomWithOneWinningGemBeyondTenSteps) {
  const LoadedGame game = MustLoadSearchGame("far_reward");
  if (!game.def) return;
  const State start(game.def, game.level, 1);
  GridDistance grid;
  grid.Init(start);
  EXPECT_EQ(grid.ClosestOfType(start, grid.AvatarCell(start), Type(start, "gem")), 19);
  KnowledgeBasedEvaluation kbe;
  kbe.Init(start);
  kbe.BeginTick(start);
  EXPECT_DOUBLE_EQ(kbe.type(Type(start, "gem")).weight, 1.0);  // a resource
  // Walking right collects the gem and wins with a score of 1.
  State walk = start;
  for (int i = 0; i < 19 && !walk.ended(); ++i) Advance(walk, Action::kRight, StepMode::kRealGame);
  EXPECT_TRUE(IsWin(walk));
  EXPECT_DOUBLE_EQ(Score(walk), 1.0);
  EXPECT_EQ(walk.tick(), 19);
  // Standing still loses when the tick counter reaches 60 (GVGAI's Timeout: tick >= limit, so
  // the player makes 61 moves, as 2001 in GVGAI's 2000-tick games).
  State idle = start;
  while (!idle.ended()) Advance(idle, Action::kNil, StepMode::kRealGame);
  EXPECT_TRUE(IsLoss(idle));
  EXPECT_EQ(idle.tick(), 61);
}

// The end-to-end behaviour KBE exists for: the gem is 19 cells away, beyond what any 10-step
// play-out reaches, so every simulation of plain MCTS ends with the root's value and it wanders;
// with KBE the distance to the gem (a resource, initial weight 1) tells the simulations apart
// and the agent walks to it before the time runs out.
TEST(KnowledgeBasedEvaluation, MctsWalksToARewardBeyondItsHorizon) {
  const LoadedGame game = MustLoadSearchGame("far_reward");
  if (!game.def) return;
  int wins_with = 0;
  int wins_without = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    for (bool kbe : {true, false}) {
      MctsOptions o = MctsOptions::Soemers();
      o.knowledge_evaluation = kbe;
      MctsAgent agent("mcts", o, seed);
      const auto result = Play(agent, game, /*game_seed=*/1, /*calls_per_act=*/300,
                               /*max_ticks=*/100, /*init_calls=*/2000);
      (kbe ? wins_with : wins_without) += result.won ? 1 : 0;
    }
  }
  EXPECT_EQ(wins_with, 3);
  EXPECT_EQ(wins_without, 0);
}

}  // namespace
}  // namespace vgdl
