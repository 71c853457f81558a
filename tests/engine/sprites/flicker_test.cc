// Flicker, Spreader and timeToLive: lifetimes counted in updates.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "tests/engine/sprites/sprite_test_util.h"

namespace vgdl {
namespace {

using testing::CountOf;
using testing::RectOf;
using testing::Tick;
using testing::TinyGame;

constexpr const char* kGame = R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    spark > Flicker
    longspark > Flicker limit=3
    sword > Flicker
    fire > Spreader
    ember > Spreader stype=ash spreadprob=0.5
    ash > Immovable
    crate > Immovable timeToLive=2
    avatar > ShootAvatar stype=sword
  LevelMapping
    s > spark
    l > longspark
    f > fire
    e > ember
    c > crate
    A > avatar
  InteractionSet
    avatar wall > stepBack
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

TEST(FlickerTest, LivesLimitPlusTwoUpdates) {
  TinyGame g(kGame, "wwwwww\nws.l.w\nw..A.w\nwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  // limit=1: updates at ticks 0 and 1 survive, the third update kills it.
  Tick(s);
  EXPECT_EQ(CountOf(s, "spark"), 1);
  Tick(s);
  EXPECT_EQ(CountOf(s, "spark"), 1);
  Tick(s);
  EXPECT_EQ(CountOf(s, "spark"), 0);
  // limit=3 lives five updates.
  EXPECT_EQ(CountOf(s, "longspark"), 1);
  Tick(s);
  EXPECT_EQ(CountOf(s, "longspark"), 1);
  Tick(s);
  EXPECT_EQ(CountOf(s, "longspark"), 0);
}

TEST(FlickerTest, AvatarMadeFlickerIsUpdatedInItsCreationTick) {
  TinyGame g(kGame, "wwwwww\nw....w\nw.A..w\nwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kUse);  // the sword appears one cell to the right and is updated at once
  ASSERT_EQ(CountOf(s, "sword"), 1);
  EXPECT_EQ(RectOf(s, "sword"), (Rect{30, 20, 10, 10}));
  Tick(s);
  EXPECT_EQ(CountOf(s, "sword"), 1);
  Tick(s);
  EXPECT_EQ(CountOf(s, "sword"), 0);
}

TEST(FlickerTest, SpreaderSpreadsOnItsSecondUpdateAndDiesOnItsThird) {
  TinyGame g(kGame, "wwwwwww\nw.....w\nw..f..w\nw.....w\nw.A...w\nwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);
  EXPECT_EQ(CountOf(s, "fire"), 1);
  Tick(s);
  // Four new fires around it, in the order UP, LEFT, DOWN, RIGHT.
  const auto fires = testing::SpritesOf(s, "fire");
  ASSERT_EQ(fires.size(), 5u);
  EXPECT_EQ(s.sprite(fires[1]).rect, (Rect{30, 10, 10, 10}));
  EXPECT_EQ(s.sprite(fires[2]).rect, (Rect{20, 20, 10, 10}));
  EXPECT_EQ(s.sprite(fires[3]).rect, (Rect{30, 30, 10, 10}));
  EXPECT_EQ(s.sprite(fires[4]).rect, (Rect{40, 20, 10, 10}));
  Tick(s);
  // The first fire dies; the four children had their first update.
  EXPECT_EQ(CountOf(s, "fire"), 4);
}

// GVGAI places the new sprites at lastrect + direction * size computed in doubles and cast to
// int: next to the int range's end they stop there instead of wrapping around.
TEST(FlickerTest, SpreaderAtTheIntRangesEndSpawnsAtTheEnd) {
  TinyGame g(kGame, "wwwwwww\nw.....w\nw..f..w\nw.....w\nw.A...w\nwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  s.sprite(testing::Only(s, "fire")).rect = Rect{kMax - 5, kMin + 5, 10, 10};
  Tick(s);
  const auto fires = testing::SpritesOf(s, "fire");
  ASSERT_EQ(fires.size(), 5u);
  EXPECT_EQ(s.sprite(fires[1]).rect, (Rect{kMax - 5, kMin, 10, 10}));       // up
  EXPECT_EQ(s.sprite(fires[2]).rect, (Rect{kMax - 15, kMin + 5, 10, 10}));  // left
  EXPECT_EQ(s.sprite(fires[3]).rect, (Rect{kMax - 5, kMin + 15, 10, 10}));  // down
  EXPECT_EQ(s.sprite(fires[4]).rect, (Rect{kMax, kMin + 5, 10, 10}));       // right
}

TEST(FlickerTest, SpreaderDrawsOnePerDirectionAndSpawnsItsStype) {
  TinyGame g(kGame, "wwwwwww\nw.....w\nw..e..w\nw.....w\nw.A...w\nwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start(7);
  Tick(s);
  JavaRandom replica = s.rng();
  int expected = 0;
  for (int i = 0; i < 4; ++i) expected += replica.NextDouble() < 0.5 ? 1 : 0;
  Tick(s);
  EXPECT_EQ(CountOf(s, "ash"), expected);
  EXPECT_EQ(s.rng(), replica);
}

TEST(FlickerTest, TimeToLiveKillsOnTheUpdateAfterItRunsOut) {
  TinyGame g(kGame, "wwwwww\nwc...w\nw.A..w\nwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);
  Tick(s);
  EXPECT_EQ(CountOf(s, "crate"), 1);
  Tick(s);
  EXPECT_EQ(CountOf(s, "crate"), 0);
}

TEST(OrientedFlickerTest, TakesTheShootersOrientationAndStaysPutForItsLifetime) {
  TinyGame g(R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    sword > OrientedFlicker limit=1
    avatar > ShootAvatar stype=sword
  LevelMapping
    A > avatar
  InteractionSet
    avatar wall > stepBack
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)",
             "wwwwww\nw.A..w\nw....w\nw....w\nwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kDown);  // rotate in place: faces DOWN
  Tick(s, Action::kUse);   // the sword appears one cell below, facing DOWN
  ASSERT_EQ(CountOf(s, "sword"), 1);
  const SpriteRef sword = testing::Only(s, "sword");
  EXPECT_EQ(s.sprite(sword).rect, (Rect{20, 20, 10, 10}));
  EXPECT_EQ(s.sprite(sword).orientation, dir::kDown);
  Tick(s);  // speed 0: oriented but it does not move
  ASSERT_EQ(CountOf(s, "sword"), 1);
  EXPECT_EQ(RectOf(s, "sword"), (Rect{20, 20, 10, 10}));
  Tick(s);  // third update (limit 1): gone
  EXPECT_EQ(CountOf(s, "sword"), 0);
}

}  // namespace
}  // namespace vgdl
