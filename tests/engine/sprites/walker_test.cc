// Walker and WalkerJumper in continuous physics.
#include <gtest/gtest.h>

#include "tests/engine/sprites/sprite_test_util.h"

namespace vgdl {
namespace {

using testing::Only;
using testing::Tick;
using testing::TinyGame;

constexpr const char* kGame = R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    walker > Walker physicstype=CONT
    steerer > Walker physicstype=CONT airsteering=True orientation=LEFT
    jumper > WalkerJumper physicstype=CONT probability=1.0
    avatar > MovingAvatar
  LevelMapping
    k > walker
    s > steerer
    j > jumper
    A > avatar
  InteractionSet
    avatar wall > stepBack
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

constexpr const char* kLevel =
    "wwwwwwwwwwww\n"
    "w..........w\n"
    "w....k.....w\n"
    "w..........w\n"
    "wA.........w\n"
    "wwwwwwwwwwww\n";

TEST(WalkerTest, PicksASideOnceThenWalksAtMaxSpeed) {
  TinyGame g(kGame, kLevel);
  ASSERT_TRUE(g.ok());
  for (int64_t seed = 1; seed <= 4; ++seed) {
    State s = g.Start(seed);
    JavaRandom replica = s.rng();
    const double heading = replica.NextInt(2) == 0 ? -1.0 : 1.0;
    Tick(s);
    const SpriteRef w = Only(s, "walker");
    EXPECT_EQ(s.sprite(w).rect.x, 50);
    EXPECT_EQ(s.sprite(w).orientation, (Vec2{heading, 0.0}));
    EXPECT_DOUBLE_EQ(s.sprite(w).speed, 5.0);
    Tick(s);
    Tick(s);
    EXPECT_EQ(s.sprite(w).rect.x, 50 + static_cast<int32_t>(heading) * 10);
    EXPECT_EQ(s.rng(), replica);  // it only steers again when blocked
  }
}

TEST(WalkerTest, AirsteeringKeepsItsHeadingWithoutDrawing) {
  TinyGame g(kGame,
             "wwwwwwwwwwww\nw..........w\nw....s.....w\nw..........w\nwA.........w\n"
             "wwwwwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  const JavaRandom start = s.rng();
  Tick(s);
  Tick(s);
  const Sprite& w = s.sprite(Only(s, "steerer"));
  EXPECT_EQ(w.rect.x, 45);
  EXPECT_EQ(w.orientation, dir::kLeft);
  EXPECT_EQ(s.rng(), start);
}

TEST(WalkerTest, JumperOnlyRollsOnTheGround) {
  TinyGame g(kGame,
             "wwwwwwwwwwww\nw..........w\nw....j.....w\nw..........w\nwA.........w\n"
             "wwwwwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start(5);
  const JavaRandom start = s.rng();
  Tick(s);
  EXPECT_EQ(s.rng(), start);  // in the air: no roll
  EXPECT_EQ(s.sprite(Only(s, "jumper")).rect.y, 20);
  // Standing on something (the collision pass would set this): it rolls and, with
  // probability 1, jumps: an immediate 5-pixel lift.
  s.sprite(Only(s, "jumper")).set(SpriteFlag::kOnGround);
  JavaRandom replica = s.rng();
  replica.NextDouble();
  Tick(s);
  const Sprite& j = s.sprite(Only(s, "jumper"));
  EXPECT_EQ(j.rect.y, 15);
  EXPECT_FALSE(j.has(SpriteFlag::kOnGround));
  EXPECT_EQ(s.rng(), replica);
}

}  // namespace
}  // namespace vgdl
