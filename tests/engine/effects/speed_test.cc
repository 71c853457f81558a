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

}  // namespace
}  // namespace vgdl::testing
