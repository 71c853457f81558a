// SpaceshipAvatar, LanderAvatar, CarAvatar and BirdAvatar in continuous physics.
#include <gtest/gtest.h>

#include <cmath>
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
  return AvatarGame(avatar_line, "    bullet > Missile physicstype=CONT speed=5\n");
}

constexpr const char* kLevel =
    "wwwwwwwwwwww\n"
    "w..........w\n"
    "w..........w\n"
    "w....A.....w\n"
    "w..........w\n"
    "w..........w\n"
    "wwwwwwwwwwww\n";

TEST(SpaceshipAvatarTest, SteersThrustsAndFiresTwice) {
  TinyGame g(GameWith("SpaceshipAvatar stype=bullet physicstype=CONT"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kRight);
  EXPECT_DOUBLE_EQ(Avatar(s).rotation, 0.3);
  Tick(s, Action::kLeft);
  Tick(s, Action::kLeft);
  EXPECT_DOUBLE_EQ(Avatar(s).rotation, 0.3 - 0.3 - 0.3);
  // Thrust: the impulse (cos r, sin r) from rest sets speed 1 along it.
  Tick(s, Action::kUp);
  EXPECT_DOUBLE_EQ(Avatar(s).speed, 1.0);
  EXPECT_DOUBLE_EQ(Avatar(s).orientation.x, std::cos(-0.3));
  EXPECT_DOUBLE_EQ(Avatar(s).orientation.y, std::sin(-0.3));
  Tick(s, Action::kUse);
  const auto bullets = SpritesOf(s, "bullet");
  ASSERT_EQ(bullets.size(), 2u);
  EXPECT_DOUBLE_EQ(s.sprite(bullets[0]).orientation.x, std::cos(-0.3));
  EXPECT_TRUE(s.sprite(bullets[1]).has(SpriteFlag::kFromAvatar));
}

TEST(LanderAvatarTest, OnlyThrustsForward) {
  TinyGame g(GameWith("LanderAvatar physicstype=CONT"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kDown);
  EXPECT_DOUBLE_EQ(Avatar(s).speed, 5.0);  // untouched: DOWN does nothing
  EXPECT_EQ(Avatar(s).orientation, dir::kNone);
  Tick(s, Action::kUp);
  // Impulse (1, 0) over a zero orientation: speed 1 along +x.
  EXPECT_DOUBLE_EQ(Avatar(s).speed, 1.0);
  EXPECT_EQ(Avatar(s).orientation, dir::kRight);
}

TEST(CarAvatarTest, GearsAreStickyAndItAlwaysPushes) {
  TinyGame g(GameWith("CarAvatar physicstype=CONT"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  // Forward gear from the start: GVGAI passes 5 as the speed argument, so the push (1, 0)
  // adds to 5 times its RIGHT orientation: speed 6.
  Tick(s);
  EXPECT_DOUBLE_EQ(Avatar(s).speed, 6.0);
  EXPECT_EQ(Avatar(s).orientation, dir::kRight);
  Tick(s, Action::kDown);  // reverse gear: pushes (-1, 0)
  EXPECT_EQ(Avatar(s).facing, 1);
  Tick(s);  // still in reverse
  EXPECT_EQ(Avatar(s).facing, 1);
  Tick(s, Action::kUp);
  EXPECT_EQ(Avatar(s).facing, 0);
}

TEST(BirdAvatarTest, FlapsUpAndIsPushedForward) {
  TinyGame g(GameWith("BirdAvatar physicstype=CONT"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  // Orientation RIGHT: |x| >= 0.5, so no push; USE flaps: (0, -10) on a zeroed vertical.
  Tick(s, Action::kUse);
  const Sprite& b = Avatar(s);
  const double vx = 1.0;
  const double vy = -10.0;
  const double len = std::sqrt(vx * vx + vy * vy);
  EXPECT_DOUBLE_EQ(b.speed, len);
  EXPECT_DOUBLE_EQ(b.orientation.x, vx / len);
  EXPECT_DOUBLE_EQ(b.rotation, std::atan2(b.orientation.y, b.orientation.x));
  EXPECT_EQ(CountOf(s, "bullet"), 0);
}

}  // namespace
}  // namespace vgdl
