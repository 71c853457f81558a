// OngoingAvatar, OngoingShootAvatar and OngoingTurningAvatar: always moving, input steers.
#include <gtest/gtest.h>

#include <string>

#include "tests/engine/avatars/avatar_game.h"
#include "tests/engine/sprites/sprite_test_util.h"

namespace vgdl {
namespace {

using testing::Avatar;
using testing::AvatarGame;
using testing::CountOf;
using testing::SpritesOf;
using testing::Tick;
using testing::TinyGame;

std::string GameWith(const std::string& avatar_line) {
  return AvatarGame(avatar_line,
                    "    bullet > Missile\n"
                    "    trail > Immovable\n");
}

constexpr const char* kLevel =
    "wwwwwwwwww\n"
    "w........w\n"
    "w........w\n"
    "w...A....w\n"
    "w........w\n"
    "w........w\n"
    "wwwwwwwwww\n";

TEST(OngoingAvatarTest, KeepsMovingAndTurnsAtOnce) {
  TinyGame g(GameWith("OngoingAvatar"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);  // first passive move skipped
  EXPECT_EQ(Avatar(s).rect, (Rect{40, 30, 10, 10}));
  EXPECT_EQ(s.player(0).last_movement, MovementType::kMove);
  Tick(s);
  EXPECT_EQ(Avatar(s).rect, (Rect{50, 30, 10, 10}));
  Tick(s, Action::kDown);  // no rotate-in-place: turns and moves in the same tick
  EXPECT_EQ(Avatar(s).rect, (Rect{50, 40, 10, 10}));
  EXPECT_EQ(Avatar(s).orientation, dir::kDown);
  Tick(s, Action::kLeft);  // reversing is allowed too
  EXPECT_EQ(Avatar(s).rect, (Rect{40, 40, 10, 10}));
}

TEST(OngoingShootAvatarTest, ShootsOnlyWhenNotSteering) {
  TinyGame g(GameWith("OngoingShootAvatar stype=bullet"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kUse);
  ASSERT_EQ(CountOf(s, "bullet"), 1);
  // It fires after this tick's passive step (skipped on the first tick): one cell ahead.
  EXPECT_EQ(s.sprite(SpritesOf(s, "bullet")[0]).rect, (Rect{50, 30, 10, 10}));
  Tick(s, Action::kUp);
  EXPECT_EQ(CountOf(s, "bullet"), 1);
  Tick(s, Action::kUse);
  EXPECT_EQ(CountOf(s, "bullet"), 2);
}

TEST(OngoingTurningAvatarTest, TurnsOnlyAcrossItsHeadingAndLeavesATrail) {
  TinyGame g(GameWith("OngoingTurningAvatar spawnBehind=trail"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kLeft);  // reversing is refused; first move skipped anyway
  EXPECT_EQ(Avatar(s).orientation, dir::kRight);
  EXPECT_EQ(CountOf(s, "trail"), 0);
  Tick(s, Action::kLeft);
  EXPECT_EQ(Avatar(s).rect, (Rect{50, 30, 10, 10}));
  ASSERT_EQ(CountOf(s, "trail"), 1);
  EXPECT_EQ(s.sprite(SpritesOf(s, "trail")[0]).rect, (Rect{40, 30, 10, 10}));
  Tick(s, Action::kUp);
  EXPECT_EQ(Avatar(s).rect, (Rect{50, 20, 10, 10}));
  EXPECT_EQ(CountOf(s, "trail"), 2);
}

TEST(OngoingTurningAvatarTest, WithoutSpawnBehindItLeavesWalls) {
  TinyGame g(GameWith("OngoingTurningAvatar"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  const int walls = CountOf(s, "wall");
  Tick(s);
  Tick(s);
  EXPECT_EQ(CountOf(s, "wall"), walls + 1);
}

// GVGAI makes a type's second and later sprites by copying its first, and the copy loses
// `spawnBehind`: an avatar turned back into a type it had been leaves walls there (quirk 22,
// FIX). Here every sprite keeps its trail.
TEST(OngoingTurningAvatarTest, AnAvatarMadeAgainByTransformToKeepsItsTrail) {
  TinyGame g(
      "BasicGame square_size=10\n"
      "  SpriteSet\n"
      "    wall > Immovable\n"
      "    trail > Immovable\n"
      "    x > Immovable\n"
      "    y > Immovable\n"
      "    avatar > OngoingTurningAvatar spawnBehind=trail\n"
      "      first >\n"
      "      second >\n"
      "  LevelMapping\n"
      "    A > first\n"
      "    b > x\n"
      "    c > y\n"
      "  InteractionSet\n"
      "    avatar wall > stepBack\n"
      "    first x > transformTo stype=second\n"
      "    second y > transformTo stype=first\n"
      "  TerminationSet\n"
      "    SpriteCounter stype=avatar limit=0 win=False\n",
      "wwwwwwwwww\n"
      "wA.b.c...w\n"
      "wwwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  const int walls = CountOf(s, "wall");
  for (int i = 0; i < 8; ++i) Tick(s);
  // The second `first`, made at x=50 by `second y`, has since left that cell.
  EXPECT_EQ(s.def().type(Avatar(s).type).name, "first");
  EXPECT_GT(Avatar(s).rect.x, 50);
  EXPECT_EQ(CountOf(s, "wall"), walls);
  bool trail_at_50 = false;
  for (SpriteRef t : SpritesOf(s, "trail")) trail_at_50 |= s.sprite(t).rect.x == 50;
  EXPECT_TRUE(trail_at_50);
}

}  // namespace
}  // namespace vgdl
