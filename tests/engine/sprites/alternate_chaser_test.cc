// AlternateChaser and RandomAltChaser: GVGAI's version only chases (stype2 is ignored), and
// its target list names each sprite of the chased type twice.
#include <gtest/gtest.h>

#include "tests/engine/sprites/sprite_test_util.h"

namespace vgdl {
namespace {

using testing::ExpectDrawnMove;
using testing::Moved;
using testing::RectOf;
using testing::Tick;
using testing::TinyGame;

constexpr const char* kGame = R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    prey > Immovable
    scary > Immovable
    ghost > AlternateChaser stype1=prey stype2=scary
    wisp > RandomAltChaser stype1=prey stype2=scary epsilon=0.5
    avatar > MovingAvatar
  LevelMapping
    p > prey
    x > scary
    g > ghost
    r > wisp
    A > avatar
  InteractionSet
    avatar wall > stepBack
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

TEST(AlternateChaserTest, ChasesWithEachTargetCountedTwice) {
  // The prey is down-right: each of its two entries offers [DOWN, RIGHT].
  TinyGame g(kGame, "wwwwwwww\nwg.....w\nw......w\nw....p.w\nwA.....w\nwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  const Vec2 candidates[] = {dir::kDown, dir::kRight, dir::kDown, dir::kRight};
  for (int64_t seed = 1; seed <= 12; ++seed) {
    State s = g.Start(seed);
    SCOPED_TRACE(seed);
    ExpectDrawnMove(s, "ghost", candidates);
  }
}

TEST(AlternateChaserTest, NeverFleesItsStype2) {
  // A scary sprite right next to it and no prey: a plain random move.
  TinyGame g(kGame, "wwwwwwww\nwgx....w\nw......w\nw......w\nwA.....w\nwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start(3);
  ExpectDrawnMove(s, "ghost", dir::kBase);
}

TEST(AlternateChaserTest, RandomAltChaserRollsEpsilonEveryUpdate) {
  TinyGame g(kGame, "wwwwwwww\nwr.....w\nw......w\nw.....pw\nwA.....w\nwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  for (int64_t seed = 1; seed <= 12; ++seed) {
    State s = g.Start(seed);
    JavaRandom replica = s.rng();
    Vec2 d;
    if (replica.NextDouble() < 0.5) {
      d = dir::kBase[replica.NextInt(4)];
    } else {
      const Vec2 candidates[] = {dir::kDown, dir::kRight, dir::kDown, dir::kRight};
      d = candidates[replica.NextInt(4)];
    }
    const Rect before = RectOf(s, "wisp");
    Tick(s);
    EXPECT_EQ(RectOf(s, "wisp"), Moved(before, d)) << "seed " << seed;
    EXPECT_EQ(s.rng(), replica);
  }
}

}  // namespace
}  // namespace vgdl
