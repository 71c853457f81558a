// PositionKey (engine/position_key.h): what it keeps that SameGameState leaves out, what it
// leaves out because no rule reads it, and when the tick is part of it.
#include "engine/position_key.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/game.h"
#include "engine/observation.h"
#include "tests/engine/effects/effect_test_util.h"

namespace vgdl {
namespace {

using testing::First;
using testing::MakeState;

constexpr std::string_view kWalk = R"(BasicGame square_size=10
  SpriteSet
    floor > Immovable hidden=True
    exit > Door
    wall > Immovable
    avatar > MovingAvatar
  LevelMapping
    . > floor
    w > wall
    x > floor exit
    A > floor avatar
  InteractionSet
    avatar wall > stepBack
    exit avatar > killSprite
  TerminationSet
    SpriteCounter stype=exit limit=0 win=True
)";

constexpr std::string_view kLevel =
    "wwwww\n"
    "wA.xw\n"
    "wwwww\n";

// The key of `state` under the plan of the level's start, `initial`.
std::string Key(const State& initial, State& state) {
  std::string key;
  AppendPositionKey(state, PlanPositionKeys(initial), &key);
  return key;
}

State After(const State& initial, int nil_ticks) {
  State s(initial);
  for (int i = 0; i < nil_ticks; ++i) Advance(s, Action::kNil, StepMode::kRealGame);
  return s;
}

// stepBack returns a sprite to its lastrect, so two positions that differ only there have
// different futures; SameGameState does not look at it.
TEST(PositionKeyTest, KeepsTheLastRectThatStepBackReturnsTo) {
  const State initial = MakeState(kWalk, kLevel);
  State a(initial);
  State b(initial);
  b.sprite(First(b, "avatar")).lastrect.x += 10;
  EXPECT_TRUE(SameGameState(a, b));
  EXPECT_NE(Key(initial, a), Key(initial, b));
}

// Nothing in kWalk reads the clock, and every cooldown count from the cooldown up has the same
// future: an avatar that stands still is the same position on every tick after its first.
TEST(PositionKeyTest, AStillAvatarIsOnePositionWhenNoRuleReadsTheClock) {
  const State initial = MakeState(kWalk, kLevel);
  EXPECT_FALSE(PlanPositionKeys(initial).with_tick);
  State one = After(initial, 1);
  State five = After(initial, 5);
  EXPECT_EQ(Key(initial, one), Key(initial, five));
  EXPECT_FALSE(SameGameState(one, five));  // the tick differs
}

TEST(PositionKeyTest, ATimeoutPutsTheTickInThePosition) {
  std::string game(kWalk);
  game += "    Timeout limit=50 win=False\n";
  const State initial = MakeState(game, kLevel);
  const PositionKeyPlan plan = PlanPositionKeys(initial);
  EXPECT_TRUE(plan.with_tick);
  EXPECT_EQ(plan.clock_reader, "a Timeout termination");
  State one = After(initial, 1);
  State five = After(initial, 5);
  EXPECT_NE(Key(initial, one), Key(initial, five));
}

// Which scaled types have had a sprite is State's private bookkeeping: a scaled type the level
// does not place makes positions incomparable.
TEST(PositionKeyTest, AScaledTypeTheLevelDoesNotPlaceMakesKeysInexact) {
  std::string game(kWalk);
  game.replace(game.find("    avatar > MovingAvatar"), 25,
               "    avatar > MovingAvatar\n    shard > Immovable wMult=0.5");
  const PositionKeyPlan plan = PlanPositionKeys(MakeState(game, kLevel));
  EXPECT_FALSE(plan.exact);
  EXPECT_NE(plan.inexact_reason.find("'shard'"), std::string::npos) << plan.inexact_reason;
  EXPECT_TRUE(PlanPositionKeys(MakeState(kWalk, kLevel)).exact);
}

// The generator is part of a position: a stochastic game solved for one seed must not merge
// two positions whose random futures differ.
TEST(PositionKeyTest, KeepsTheGenerator) {
  const State initial = MakeState(kWalk, kLevel, 1);
  State a(initial);
  State b = MakeState(kWalk, kLevel, 2);
  EXPECT_NE(Key(initial, a), Key(initial, b));
}

// A type's list as it was at the start is one byte; a changed one is written out, so moving
// the avatar away and back gives the starting list again.
TEST(PositionKeyTest, AListAsAtTheStartIsShortAndAChangedOneIsWrittenOut) {
  const State initial = MakeState(kWalk, kLevel);
  State start(initial);
  State moved(initial);
  moved.sprite(First(moved, "avatar")).rect.x += 10;
  const std::string start_key = Key(initial, start);
  const std::string moved_key = Key(initial, moved);
  EXPECT_GT(moved_key.size(), start_key.size() + sizeof(Rect));
  moved.sprite(First(moved, "avatar")).rect.x -= 10;
  EXPECT_EQ(Key(initial, moved), start_key);
}

}  // namespace
}  // namespace vgdl
