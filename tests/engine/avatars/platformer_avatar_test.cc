// PlatformerAvatar and WizardAvatar: slower in the air, jumping only from the ground.
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
using testing::Ticks;
using testing::TinyGame;

std::string GameWith(const std::string& avatar_line) {
  return AvatarGame(avatar_line, "    block > Immovable\n");
}

constexpr const char* kLevel =
    "wwwwwwwwwwww\n"
    "w..........w\n"
    "w..........w\n"
    "w..........w\n"
    "w..........w\n"
    "w....A.....w\n"
    "w..........w\n"
    "wwwwwwwwwwww\n";

Sprite& Avatar(State& s) {
  return s.sprite(s.player(0).avatar);
}

TEST(PlatformerAvatarTest, RunsSlowerInTheAirAndJumpsFromTheGround) {
  TinyGame g(GameWith("PlatformerAvatar physicstype=CONT"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  const Rect start = Avatar(s).rect;
  Tick(s, Action::kRight);  // airborne: the push is divided by air_slowdown_factor 2
  EXPECT_DOUBLE_EQ(Avatar(s).speed, 0.5);
  EXPECT_EQ(Avatar(s).orientation, dir::kRight);
  EXPECT_EQ(s.player(0).last_movement, MovementType::kMove);
  Tick(s, Action::kUse);  // USE in the air does nothing
  EXPECT_EQ(Avatar(s).rect, start);
  // On the ground (the collision pass sets the flag): full push, and USE jumps with an
  // immediate 5-pixel lift.
  Avatar(s).set(SpriteFlag::kOnGround);
  Tick(s, Action::kRight);
  EXPECT_DOUBLE_EQ(Avatar(s).speed, 1.5);
  EXPECT_FALSE(Avatar(s).has(SpriteFlag::kOnGround));  // cleared every tick
  Avatar(s).set(SpriteFlag::kOnGround);
  Tick(s, Action::kUse);
  EXPECT_EQ(Avatar(s).rect.y, start.y - 5);
  EXPECT_EQ(Avatar(s).rect.x, start.x + 1);  // drifted 1 px at speed 1.5
  EXPECT_EQ(s.player(0).last_movement, MovementType::kStill);
}

TEST(WizardAvatarTest, CastsBlocksAheadAtMostEveryFiveTicks) {
  TinyGame g(GameWith("WizardAvatar stype=block"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  for (int t = 0; t < 5; ++t) Tick(s, t == 2 ? Action::kUp : Action::kNil);
  EXPECT_EQ(CountOf(s, "block"), 0);  // tick 2 is too early: last cast counts from tick 0
  Tick(s, Action::kUp);               // tick 5
  ASSERT_EQ(CountOf(s, "block"), 1);
  const Rect a = Avatar(s).rect;
  // 1.2 cells ahead of its facing (right at first), level with it.
  EXPECT_EQ(s.sprite(SpritesOf(s, "block")[0]).rect, (Rect{a.x + 12, a.y, 10, 10}));
  Tick(s, Action::kUp);  // tick 6: too soon again
  EXPECT_EQ(CountOf(s, "block"), 1);
  Tick(s, Action::kLeft);  // faces left (and steps left)
  Ticks(s, 2);
  Tick(s, Action::kUp);  // tick 10
  ASSERT_EQ(CountOf(s, "block"), 2);
  const Rect b = Avatar(s).rect;
  EXPECT_EQ(s.sprite(SpritesOf(s, "block")[1]).rect, (Rect{b.x - 12, b.y, 10, 10}));
}

}  // namespace
}  // namespace vgdl
