// RandomNPC and RandomInertial: one nextInt(4) per fresh move, `cons` repeats.
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
    bug > RandomNPC
    ant > RandomNPC cons=2
    puck > RandomInertial
    avatar > MovingAvatar
  LevelMapping
    b > bug
    a > ant
    p > puck
    A > avatar
  InteractionSet
    avatar wall > stepBack
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

constexpr const char* kBugLevel =
    "wwwwwwwwwwwww\n"
    "w...........w\n"
    "w...........w\n"
    "w...........w\n"
    "w.....b.....w\n"
    "w...........w\n"
    "w...........w\n"
    "wA..........w\n"
    "wwwwwwwwwwwww\n";

TEST(RandomNpcTest, DrawsADirectionEveryUpdateAndMovesOneCell) {
  TinyGame g(kGame, kBugLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start(3);
  JavaRandom replica = s.rng();
  Rect expected = RectOf(s, "bug");
  for (int t = 0; t < 3; ++t) {
    const Vec2 d = dir::kBase[replica.NextInt(4)];
    expected = expected.translated(static_cast<int32_t>(d.x) * 10, static_cast<int32_t>(d.y) * 10);
    Tick(s);
    EXPECT_EQ(RectOf(s, "bug"), expected) << "tick " << t;
    EXPECT_EQ(s.rng(), replica);
  }
}

TEST(RandomNpcTest, ConsStandsStillFirstThenRepeatsEachMove) {
  TinyGame g(kGame,
             "wwwwwwwwwwwww\nw...........w\nw...........w\nw...........w\nw.....a.....w\n"
             "w...........w\nw...........w\nwA..........w\nwwwwwwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start(5);
  const JavaRandom start = s.rng();
  const Rect origin = RectOf(s, "ant");
  // cons=2: the first two updates repeat the initial NONE move and draw nothing.
  Tick(s);
  Tick(s);
  EXPECT_EQ(RectOf(s, "ant"), origin);
  EXPECT_EQ(s.rng(), start);
  // Then one draw, and the same move twice more without drawing.
  JavaRandom replica = s.rng();
  const Vec2 d = dir::kBase[replica.NextInt(4)];
  for (int i = 1; i <= 3; ++i) {
    Tick(s);
    EXPECT_EQ(RectOf(s, "ant"), origin.translated(static_cast<int32_t>(d.x) * 10 * i,
                                                  static_cast<int32_t>(d.y) * 10 * i));
    EXPECT_EQ(s.rng(), replica);
  }
  replica.NextInt(4);
  Tick(s);
  EXPECT_EQ(s.rng(), replica);
}

TEST(RandomNpcTest, RandomInertialAcceleratesThenDrifts) {
  TinyGame g(kGame,
             "wwwwwwwwwwwww\nw...........w\nw...........w\nw...........w\nw.....p.....w\n"
             "w...........w\nw...........w\nwA..........w\nwwwwwwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start(9);
  JavaRandom replica = s.rng();
  const Vec2 d = dir::kBase[replica.NextInt(4)];
  const Rect origin = RectOf(s, "puck");
  Tick(s);
  // The push only sets the velocity: speed 1 along d; the position changes next tick.
  const Sprite& p = s.sprite(Only(s, "puck"));
  EXPECT_EQ(p.rect, origin);
  EXPECT_EQ(p.orientation, d);
  EXPECT_DOUBLE_EQ(p.speed, 1.0);
  Tick(s);
  EXPECT_EQ(RectOf(s, "puck"),
            origin.translated(static_cast<int32_t>(d.x), static_cast<int32_t>(d.y)));
}

}  // namespace
}  // namespace vgdl
