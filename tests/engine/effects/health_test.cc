// Health effects: subtractHealthPoints (score on kill, stype targeting), addHealthPoints,
// addHealthPointsToMax.
#include <cstdint>
#include <limits>

#include "tests/engine/effects/effect_test_util.h"

namespace vgdl::testing {
namespace {

constexpr std::string_view kGame = R"(BasicGame square_size=10
    SpriteSet
        spike > Immovable
        potion > Immovable
        elixir > Immovable
        enemy > Immovable healthPoints=5
            imp >
            troll >
            ogre >
        avatar > MovingAvatar healthPoints=3 limitHealthPoints=4
    LevelMapping
        s > spike
        p > potion
        e > elixir
        i > imp
        t > troll
    InteractionSet
        avatar spike > subtractHealthPoints value=2 scoreChange=1 scoreChangeIfKilled=-10
        spike avatar > subtractHealthPoints stype=enemy value=2
        avatar potion > addHealthPoints value=1 scoreChange=2 killSecond=True
        avatar elixir > addHealthPointsToMax value=3 scoreChange=5
        avatar TIME > subtractHealthPoints timer=3 repeating=True scoreChange=1 scoreChangeIfKilled=50
    TerminationSet
        Timeout limit=1000 win=True
)";

constexpr std::string_view kLevel =
    "A s p e\n"
    "i i t  \n";

class HealthTest : public ::testing::Test {
 protected:
  HealthTest() : state_(MakeState(kGame, kLevel)) { avatar_ = First(state_, "avatar"); }
  void Run(EffectKind kind, SpriteRef s1, SpriteRef s2, int nth = 0) {
    ExecuteEffect(state_, FindEffect(state_, kind, nth), s1, s2);
  }
  int Hp(SpriteRef s) const { return state_.sprite(s).health; }
  double Score() const { return state_.player(0).score; }

  State state_;
  SpriteRef avatar_ = kNoSprite;
};

TEST_F(HealthTest, SubtractHealthPointsScoresDifferentlyOnTheKill) {
  const SpriteRef spike = First(state_, "spike");
  ASSERT_EQ(Hp(avatar_), 3);
  Run(EffectKind::kSubtractHealthPoints, avatar_, spike);
  EXPECT_EQ(Hp(avatar_), 1);
  EXPECT_FALSE(state_.sprite(avatar_).disabled());
  EXPECT_EQ(Score(), 1.0);
  Run(EffectKind::kSubtractHealthPoints, avatar_, spike);  // 1 - 2 <= 0: dies
  EXPECT_EQ(Hp(avatar_), -1);
  EXPECT_TRUE(state_.sprite(avatar_).disabled());
  EXPECT_EQ(Score(), -9.0);  // scoreChangeIfKilled instead of scoreChange
}

TEST_F(HealthTest, SubtractHealthPointsStypeHitsTheFirstSpriteOfTheLastNonEmptyGroup) {
  const SpriteRef spike = First(state_, "spike");
  const auto imps = Sprites(state_, "imp");
  const SpriteRef troll = First(state_, "troll");
  Run(EffectKind::kSubtractHealthPoints, spike, avatar_, 1);
  EXPECT_EQ(Hp(troll), 3);  // troll's group comes after imp's; ogre's is empty
  EXPECT_EQ(Hp(imps[0]), 5);
  EXPECT_EQ(Hp(avatar_), 3);
  state_.KillSprite(troll, true);
  state_.ClearKillList();
  Run(EffectKind::kSubtractHealthPoints, spike, avatar_, 1);
  EXPECT_EQ(Hp(imps[0]), 3);
  EXPECT_EQ(Hp(imps[1]), 5);
}

TEST_F(HealthTest, AddHealthPointsStaysStrictlyBelowTheLimit) {
  const SpriteRef potion = First(state_, "potion");
  Run(EffectKind::kAddHealthPoints, avatar_, potion);  // 3 + 1 < 4? no
  EXPECT_EQ(Hp(avatar_), 3);
  EXPECT_EQ(Score(), 0.0);
  EXPECT_FALSE(state_.in_kill_list(potion));
  state_.sprite(avatar_).health = 1;
  Run(EffectKind::kAddHealthPoints, avatar_, potion);
  EXPECT_EQ(Hp(avatar_), 2);
  EXPECT_EQ(Score(), 2.0);
  EXPECT_TRUE(state_.in_kill_list(potion));  // killSecond on success
}

TEST_F(HealthTest, AddHealthPointsRaisesTheMaximum) {
  state_.sprite(avatar_).health = 0;
  state_.sprite(avatar_).max_health = 1;
  Run(EffectKind::kAddHealthPoints, avatar_, First(state_, "potion"));
  Run(EffectKind::kAddHealthPoints, avatar_, First(state_, "potion"));
  EXPECT_EQ(Hp(avatar_), 2);
  EXPECT_EQ(state_.sprite(avatar_).max_health, 2);
}

// Java's int arithmetic: a sum past the int range wraps around, as in GVGAI (where C++'s
// would be undefined). The wrapped sum is below the limit, so it is kept.
TEST_F(HealthTest, HealthSumsWrapAroundAsInJava) {
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  state_.sprite(avatar_).health = kMax - 1;
  Run(EffectKind::kAddHealthPointsToMax, avatar_, First(state_, "elixir"));
  EXPECT_EQ(Hp(avatar_), std::numeric_limits<int32_t>::min() + 1);
  state_.sprite(avatar_).health = std::numeric_limits<int32_t>::min() + 1;
  Run(EffectKind::kSubtractHealthPoints, avatar_, First(state_, "spike"));
  EXPECT_EQ(Hp(avatar_), kMax);
}

TEST_F(HealthTest, AddHealthPointsToMaxCapsAndAlwaysScores) {
  const SpriteRef elixir = First(state_, "elixir");
  Run(EffectKind::kAddHealthPointsToMax, avatar_, elixir);  // 3 + 3 capped at 4
  EXPECT_EQ(Hp(avatar_), 4);
  EXPECT_EQ(state_.sprite(avatar_).max_health, 4);
  Run(EffectKind::kAddHealthPointsToMax, avatar_, elixir);
  EXPECT_EQ(Hp(avatar_), 4);
  EXPECT_EQ(Score(), 10.0);
}

TEST_F(HealthTest, TimedSubtractHealthPointsFiresAtTickZeroAndScoresEachTime) {
  // TIME without nextExecution fires first at tick 0, then every 3 ticks; the TIME wrapper
  // scores its own scoreChange even on the killing run.
  std::vector<int> hp;
  for (int i = 0; i < 7; ++i) {
    Step(state_);
    hp.push_back(Hp(avatar_));
  }
  EXPECT_EQ(hp, (std::vector<int>{2, 2, 2, 1, 1, 1, 0}));
  EXPECT_TRUE(state_.sprite(avatar_).disabled());  // 0 at tick 6
  EXPECT_EQ(Score(), 3.0);
}

// Through the tick loop: one game, one effect line per test (%s).
constexpr std::string_view kPlayedGame = R"(BasicGame square_size=10
    SpriteSet
        potion > Immovable
        spike > Immovable
        avatar > MovingAvatar healthPoints=1 limitHealthPoints=4
    LevelMapping
        p > potion
        s > spike
    InteractionSet
        %s
    TerminationSet
        Timeout limit=1000 win=True
)";

TEST(HealthPlayedTest, AddHealthPointsStaysBelowTheLimit) {
  State s = MakeState(
      Fill(kPlayedGame, "avatar potion > addHealthPoints value=2 killSecond=True scoreChange=1"),
      "App\n");
  const SpriteRef avatar = First(s, "avatar");
  Step(s, Action::kRight);  // 1 + 2 < 4: drunk
  EXPECT_EQ(s.sprite(avatar).health, 3);
  EXPECT_EQ(s.sprite(avatar).max_health, 3);
  EXPECT_EQ(Count(s, "potion"), 1);
  Step(s, Action::kRight);  // 3 + 2 is not below 4: nothing, the potion stays
  EXPECT_EQ(s.sprite(avatar).health, 3);
  EXPECT_EQ(Count(s, "potion"), 1);
  EXPECT_EQ(s.player(0).score, 1.0);
}

TEST(HealthPlayedTest, AddHealthPointsToMaxFillsUpToTheLimit) {
  State s = MakeState(
      Fill(kPlayedGame, "avatar potion > addHealthPointsToMax value=2 scoreChange=1"), "App \n");
  const SpriteRef avatar = First(s, "avatar");
  Step(s, Action::kRight);
  EXPECT_EQ(s.sprite(avatar).health, 3);
  Step(s, Action::kRight);  // capped at 4
  EXPECT_EQ(s.sprite(avatar).health, 4);
  EXPECT_EQ(s.sprite(avatar).max_health, 4);
  Step(s, Action::kRight);
  EXPECT_EQ(s.sprite(avatar).health, 4);
  EXPECT_EQ(s.player(0).score, 2.0);  // scored each time
}

TEST(HealthPlayedTest, SubtractHealthPointsOnSpikesKillsAtZero) {
  State s = MakeState(
      Fill(kPlayedGame,
           "avatar spike > subtractHealthPoints value=1 scoreChange=-1 scoreChangeIfKilled=-10"),
      "As\n");
  const SpriteRef avatar = First(s, "avatar");
  Step(s, Action::kRight);  // 1 - 1 = 0 <= 0: dead, with the kill score only
  EXPECT_EQ(s.sprite(avatar).health, 0);
  EXPECT_TRUE(s.sprite(avatar).disabled());
  EXPECT_EQ(s.player(0).score, -10.0);
}

}  // namespace
}  // namespace vgdl::testing
