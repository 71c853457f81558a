// Meta effects: shieldFrom (per tick, keyed on s1's leaf type) and addTimer (queued delegate,
// scoring both at the collision and when it fires).
#include <algorithm>

#include "tests/engine/effects/effect_test_util.h"

namespace vgdl::testing {
namespace {

constexpr std::string_view kShieldGame = R"(BasicGame square_size=10
    SpriteSet
        water > Immovable
        log > Immovable
        avatar > MovingAvatar
    LevelMapping
        ~ > water
        l > water log
    InteractionSet
        avatar log > shieldFrom ftype=killSprite stype=water
        avatar water > killSprite
    TerminationSet
        Timeout limit=1000 win=True
)";

TEST(ShieldFromTest, RegistersAShieldOnTheLeafTypeOfTheFirstSprite) {
  State state = MakeState(kShieldGame, "Al~\n");
  const SpriteRef avatar = First(state, "avatar");
  ExecuteEffect(state, FindEffect(state, EffectKind::kShieldFrom), avatar, First(state, "log"));
  ASSERT_EQ(state.shields().size(), 1u);
  EXPECT_EQ(state.shields()[0].first, Type(state, "avatar"));
  EXPECT_EQ(state.shields()[0].second, Type(state, "water"));
  EXPECT_EQ(state.shields()[0].effect, EffectKind::kKillSprite);
}

TEST(ShieldFromTest, ALogProtectsFromTheWaterForThatTick) {
  State state = MakeState(kShieldGame, "Al~\n");
  const SpriteRef avatar = First(state, "avatar");
  Step(state, Action::kRight);  // onto water + log: shielded
  EXPECT_FALSE(state.sprite(avatar).disabled());
  EXPECT_TRUE(state.shields().empty());  // cleared with the tick
  Step(state, Action::kRight);           // water only
  EXPECT_TRUE(state.sprite(avatar).disabled());
}

constexpr std::string_view kParentShieldGame = R"(BasicGame square_size=10
    SpriteSet
        water > Immovable
        log > Immovable
        moving >
            avatar > MovingAvatar
    LevelMapping
        l > water log
    InteractionSet
        avatar log > shieldFrom ftype=killSprite stype=water
        moving water > killSprite
    TerminationSet
        Timeout limit=1000 win=True
)";

TEST(ShieldFromTest, APairWrittenWithTheParentTypeIsNotShielded) {
  State state = MakeState(kParentShieldGame, "Al\n");
  const SpriteRef avatar = First(state, "avatar");
  Step(state, Action::kRight);
  EXPECT_TRUE(state.sprite(avatar).disabled());
}

constexpr std::string_view kTimerGame = R"(BasicGame square_size=10
    SpriteSet
        button > Immovable
        egg > Immovable
        chick > Immovable
        avatar > MovingAvatar
    LevelMapping
        x > button avatar
        e > egg
    InteractionSet
        avatar button > addTimer timer=2 ftype=transformToAll stype=egg stypeTo=chick scoreChange=1
    TerminationSet
        Timeout limit=1000 win=True
)";

TEST(AddTimerTest, QueuesTheDelegateAtTickPlusTimer) {
  State state = MakeState(kTimerGame, "x e\n");
  const EffectDef& add = FindEffect(state, EffectKind::kAddTimer);
  ASSERT_GE(add.timer_delegate, 0);
  EXPECT_EQ(state.def().effects[static_cast<size_t>(add.timer_delegate)].kind,
            EffectKind::kTransformToAll);
  const size_t queued = state.timers().size();
  ExecuteEffect(state, add, First(state, "avatar"), First(state, "button"));
  ASSERT_EQ(state.timers().size(), queued + 1);
  // The timer queued last.
  const auto queue = state.timers().entries();
  const QueuedTimer& t = *std::max_element(
      queue.begin(), queue.end(),
      [](const QueuedTimer& a, const QueuedTimer& b) { return a.insertion < b.insertion; });
  EXPECT_EQ(t.next_execution, state.tick() + 2);
  EXPECT_EQ(t.time_effect, -1);
  // The queue holds the addTimer itself (GVGAI queues a copy of it around the delegate).
  EXPECT_EQ(t.effect, static_cast<EffectId>(&add - state.def().effects.data()));
  EXPECT_EQ(state.player(0).score, 1.0);
}

// GVGAI's queued timer copies the addTimer's timer and repeating flag: with repeating=True
// it fires every `timer` ticks after the first, for the rest of the game.
TEST(AddTimerTest, RepeatingTimersFireEveryTimerTicks) {
  constexpr std::string_view kRepeating = R"(BasicGame square_size=10
    SpriteSet
        trigger > Immovable
        avatar > NullAvatar
    LevelMapping
        x > trigger avatar
    InteractionSet
        trigger avatar > addTimer timer=5 ftype=killSprite repeating=True scoreChange=1
        trigger avatar > killSprite
    TerminationSet
        Timeout limit=1000 win=True
)";
  State state = MakeState(kRepeating, "x\n");
  std::vector<int> scored_at;
  double last = 0.0;
  for (int tick = 0; tick < 21; ++tick) {
    Step(state);
    if (state.player(0).score != last) scored_at.push_back(tick);
    last = state.player(0).score;
  }
  // The collision at tick 0 scores and queues the timer; it fires at 5, 10, 15, 20.
  EXPECT_EQ(scored_at, (std::vector<int>{0, 5, 10, 15, 20}));
  EXPECT_EQ(state.player(0).score, 5.0);
}

TEST(AddTimerTest, ScoresAtTheCollisionAndAgainWhenTheTimerFires) {
  State state = MakeState(kTimerGame, "x e\n");
  std::vector<double> scores;
  std::vector<int> eggs;
  for (int i = 0; i < 4; ++i) {
    Step(state);
    scores.push_back(state.player(0).score);
    eggs.push_back(Count(state, "egg"));
  }
  // A new timer every tick of contact (+1 each), and each fires two ticks later (+1).
  EXPECT_EQ(scores, (std::vector<double>{1, 2, 4, 6}));
  EXPECT_EQ(eggs, (std::vector<int>{1, 1, 0, 0}));
  EXPECT_EQ(Count(state, "chick"), 1);
}

}  // namespace
}  // namespace vgdl::testing
