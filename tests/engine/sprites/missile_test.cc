// Missile and RandomMissile: passive movement along the orientation, first move skipped.
#include <gtest/gtest.h>

#include "tests/engine/sprites/sprite_test_util.h"

namespace vgdl {
namespace {

using testing::Only;
using testing::RectOf;
using testing::Tick;
using testing::TinyGame;

constexpr const char* kGame = R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    rocket > Missile orientation=RIGHT
    slow > Missile orientation=DOWN cooldown=3
    half > Missile orientation=LEFT speed=0.5
    drifter > RandomMissile
    avatar > MovingAvatar
  LevelMapping
    r > rocket
    s > slow
    h > half
    d > drifter
    A > avatar
  InteractionSet
    avatar wall > stepBack
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

constexpr const char* kLevel =
    "wwwwwwwwwww\n"
    "wr.......hw\n"
    "w.s.......w\n"
    "w.........w\n"
    "w.........w\n"
    "w.........w\n"
    "w.....d...w\n"
    "wA........w\n"
    "wwwwwwwwwww\n";

TEST(MissileTest, SkipsItsFirstMoveThenMovesOneCellPerTick) {
  TinyGame g(kGame, kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);
  EXPECT_EQ(RectOf(s, "rocket").x, 10);
  Tick(s);
  EXPECT_EQ(RectOf(s, "rocket").x, 20);
  Tick(s);
  EXPECT_EQ(RectOf(s, "rocket").x, 30);
}

TEST(MissileTest, CooldownSpacesTheMoves) {
  TinyGame g(kGame, kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  // cooldown=3: lastmove reaches 3 at tick 2, then every third tick.
  const int expected_y[] = {20, 20, 30, 30, 30, 40, 40, 40, 50};
  for (const int y : expected_y) {
    Tick(s);
    EXPECT_EQ(RectOf(s, "slow").y, y) << "tick " << s.tick() - 1;
  }
}

TEST(MissileTest, FractionalSpeedMovesWholePixels) {
  TinyGame g(kGame, kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);
  Tick(s);
  EXPECT_EQ(RectOf(s, "half").x, 90 - 5);
}

TEST(MissileTest, RandomMissileDrawsItsDirectionOnceAndKeepsIt) {
  TinyGame g(kGame, kLevel);
  ASSERT_TRUE(g.ok());
  for (int64_t seed = 1; seed <= 8; ++seed) {
    State s = g.Start(seed);
    JavaRandom replica = s.rng();
    const Vec2 expected = dir::kBase[replica.NextInt(4)];
    Tick(s);
    EXPECT_EQ(s.sprite(Only(s, "drifter")).orientation, expected);
    EXPECT_EQ(s.rng(), replica);
    Tick(s);
    EXPECT_EQ(s.rng(), replica);  // no more draws
    const Rect r = RectOf(s, "drifter");
    EXPECT_EQ(r.x, 60 + static_cast<int>(expected.x) * 10);
    EXPECT_EQ(r.y, 60 + static_cast<int>(expected.y) * 10);
  }
}

TEST(ErraticMissileTest, FliesLikeAMissile) {
  TinyGame g(R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    rock > ErraticMissile orientation=LEFT
    avatar > MovingAvatar
  LevelMapping
    r > rock
    A > avatar
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)",
             "wwwwwww\nw....rw\nwA....w\nwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);  // first move skipped
  EXPECT_EQ(RectOf(s, "rock"), (Rect{50, 10, 10, 10}));
  Tick(s);
  EXPECT_EQ(RectOf(s, "rock"), (Rect{40, 10, 10, 10}));
  Tick(s);
  EXPECT_EQ(RectOf(s, "rock"), (Rect{30, 10, 10, 10}));
  EXPECT_EQ(s.sprite(Only(s, "rock")).orientation, dir::kLeft);
}

}  // namespace
}  // namespace vgdl
