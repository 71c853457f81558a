// Speed effects: halfSpeed, waterPhysics, increaseSpeedToAll, decreaseSpeedToAll,
// setSpeedForAll (the *ForAll ones include subtypes).
#include "tests/engine/effects/effect_test_util.h"

namespace vgdl::testing {
namespace {

constexpr std::string_view kGame = R"(BasicGame square_size=10
    SpriteSet
        car > Missile orientation=RIGHT speed=0.5
            redcar >
            bluecar > speed=0.25
        truck > Missile orientation=LEFT speed=1
        avatar > MovingAvatar
    LevelMapping
        r > redcar
        b > bluecar
        t > truck
    InteractionSet
        avatar truck > halfSpeed
        avatar redcar > waterPhysics
        avatar bluecar > increaseSpeedToAll stype=car value=0.5
        truck redcar > decreaseSpeedToAll stype=car value=0.375
        truck bluecar > setSpeedForAll stype=car value=2
    TerminationSet
        Timeout limit=1000 win=True
)";

constexpr std::string_view kLevel =
    "A    \n"
    "r b t\n";

class SpeedTest : public ::testing::Test {
 protected:
  SpeedTest() : state_(MakeState(kGame, kLevel)) {}
  void Run(EffectKind kind) {
    ExecuteEffect(state_, FindEffect(state_, kind), First(state_, "avatar"),
                  First(state_, "truck"));
  }
  double SpeedOf(std::string_view type) { return state_.sprite(First(state_, type)).speed; }

  State state_;
};

TEST_F(SpeedTest, HalfSpeedHalvesTheFirstSprite) {
  Run(EffectKind::kHalfSpeed);
  EXPECT_DOUBLE_EQ(SpeedOf("avatar"), 0.5);
  EXPECT_DOUBLE_EQ(SpeedOf("truck"), 1.0);
}

TEST_F(SpeedTest, WaterPhysicsSetsGravity) {
  Run(EffectKind::kWaterPhysics);
  EXPECT_DOUBLE_EQ(state_.sprite(First(state_, "avatar")).gravity, 0.2);
}

TEST_F(SpeedTest, ForAllEffectsReachSubtypesButNotOtherTypes) {
  Run(EffectKind::kIncreaseSpeedToAll);
  EXPECT_DOUBLE_EQ(SpeedOf("redcar"), 1.0);
  EXPECT_DOUBLE_EQ(SpeedOf("bluecar"), 0.75);
  EXPECT_DOUBLE_EQ(SpeedOf("truck"), 1.0);
  Run(EffectKind::kDecreaseSpeedToAll);
  EXPECT_DOUBLE_EQ(SpeedOf("redcar"), 0.625);
  EXPECT_DOUBLE_EQ(SpeedOf("bluecar"), 0.375);
  Run(EffectKind::kDecreaseSpeedToAll);
  Run(EffectKind::kDecreaseSpeedToAll);
  EXPECT_DOUBLE_EQ(SpeedOf("redcar"), 0.0);  // never below 0
  EXPECT_DOUBLE_EQ(SpeedOf("bluecar"), 0.0);
  Run(EffectKind::kSetSpeedForAll);
  EXPECT_DOUBLE_EQ(SpeedOf("redcar"), 2.0);
  EXPECT_DOUBLE_EQ(SpeedOf("bluecar"), 2.0);
  EXPECT_DOUBLE_EQ(SpeedOf("truck"), 1.0);
}

constexpr std::string_view kPlayedGame = R"(BasicGame square_size=10
    SpriteSet
        mud > Immovable
        water > Immovable
        faster > Immovable
        slower > Immovable
        setter > Immovable
        car >
            redcar > Missile orientation=RIGHT speed=1
            bluecar > Missile orientation=RIGHT speed=2
        log > Missile orientation=RIGHT speed=1
        avatar > MovingAvatar
    LevelMapping
        m > mud
        ~ > water
        f > faster
        s > slower
        t > setter
        r > redcar
        b > bluecar
        l > log
    InteractionSet
        log mud > halfSpeed
        avatar water > waterPhysics
        faster avatar > increaseSpeedToAll stype=car value=0.5
        slower avatar > decreaseSpeedToAll stype=car value=1.5
        setter avatar > setSpeedForAll stype=car value=3
    TerminationSet
        Timeout limit=1000 win=True
)";

TEST(SpeedPlayedTest, HalfSpeedHalvesTheSpeedOnEveryTickOfOverlap) {
  State s = MakeState(kPlayedGame, "l m    \n      A\n");
  const SpriteRef log = First(s, "log");
  Step(s);
  Step(s);  // 0 -> 10: not yet on the mud at 20
  EXPECT_DOUBLE_EQ(s.sprite(log).speed, 1.0);
  Step(s);  // 10 -> 20: on the mud
  EXPECT_DOUBLE_EQ(s.sprite(log).speed, 0.5);
  Step(s);  // 20 -> 25, still on the mud
  EXPECT_EQ(RectOf(s, log).x, 25);
  EXPECT_DOUBLE_EQ(s.sprite(log).speed, 0.25);
}

TEST(SpeedPlayedTest, WaterPhysicsSetsTheGravityOfTheSpriteInTheWater) {
  State s = MakeState(kPlayedGame, "A~ \n");
  const SpriteRef avatar = First(s, "avatar");
  Step(s);
  EXPECT_DOUBLE_EQ(s.sprite(avatar).gravity, 0.0);
  Step(s, Action::kRight);
  EXPECT_DOUBLE_EQ(s.sprite(avatar).gravity, 0.2);
}

TEST(SpeedPlayedTest, SpeedToAllEffectsChangeEverySpriteOfTheTypeAndItsSubtypes) {
  State s = MakeState(kPlayedGame, "A      \nf      \ns      \nt      \nr      \nb      \n");
  const SpriteRef red = First(s, "redcar");
  const SpriteRef blue = First(s, "bluecar");
  Step(s, Action::kDown);  // increase by 0.5
  EXPECT_DOUBLE_EQ(s.sprite(red).speed, 1.5);
  EXPECT_DOUBLE_EQ(s.sprite(blue).speed, 2.5);
  Step(s, Action::kDown);  // decrease by 1.5, not below 0
  EXPECT_DOUBLE_EQ(s.sprite(red).speed, 0.0);
  EXPECT_DOUBLE_EQ(s.sprite(blue).speed, 1.0);
  Step(s, Action::kDown);  // set to 3
  EXPECT_DOUBLE_EQ(s.sprite(red).speed, 3.0);
  EXPECT_DOUBLE_EQ(s.sprite(blue).speed, 3.0);
}

}  // namespace
}  // namespace vgdl::testing
