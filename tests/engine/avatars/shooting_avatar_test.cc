// ShootAvatar, FlakAvatar, ShootOnlyAvatar and AimedAvatar: where projectiles appear, which
// way they fly, and what they cost.
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
using testing::Only;
using testing::SpritesOf;
using testing::Tick;
using testing::TinyGame;

std::string GameWith(const std::string& avatar_line) {
  return AvatarGame(avatar_line,
                    "    bullet > Missile\n"
                    "    sam > Missile orientation=UP\n"
                    "    bomb > Immovable\n"
                    "    ammo > Resource limit=10\n"
                    "    gold > Resource limit=10\n",
                    "    a > ammo\n"
                    "    g > gold\n",
                    "    ammo avatar > collectResource\n"
                    "    gold avatar > collectResource\n");
}

constexpr const char* kLevel =
    "wwwwwwww\n"
    "w......w\n"
    "w..A...w\n"
    "w......w\n"
    "wwwwwwww\n";

TEST(ShootAvatarTest, ShootsOneCellAheadAlongItsOrientation) {
  TinyGame g(GameWith("ShootAvatar stype=bullet"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kUse);
  ASSERT_EQ(CountOf(s, "bullet"), 1);
  const Sprite& b = s.sprite(Only(s, "bullet"));
  EXPECT_EQ(b.rect, (Rect{40, 20, 10, 10}));
  EXPECT_EQ(b.orientation, dir::kRight);
  EXPECT_TRUE(b.has(SpriteFlag::kFromAvatar));
  EXPECT_EQ(s.player(0).last_movement, MovementType::kStill);
  // Turn up (rotate in place), then fire: the new bullet goes up from the cell above.
  Tick(s, Action::kUp);
  Tick(s, Action::kUse);
  const auto bullets = SpritesOf(s, "bullet");
  ASSERT_EQ(bullets.size(), 2u);
  EXPECT_EQ(s.sprite(bullets[1]).rect, (Rect{30, 10, 10, 10}));
  EXPECT_EQ(s.sprite(bullets[1]).orientation, dir::kUp);
}

TEST(ShootAvatarTest, NonOrientedProjectilesKeepTheirOrientation) {
  TinyGame g(GameWith("ShootAvatar stype=bomb"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kUse);
  EXPECT_EQ(s.sprite(Only(s, "bomb")).orientation, dir::kNone);
}

TEST(ShootAvatarTest, AmmoIsNeededAndSpent) {
  TinyGame g(GameWith("ShootAvatar stype=bullet ammo=ammo"),
             "wwwwwwww\nw......w\nw.aA...w\nw......w\nwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  const TypeId ammo = g.Type("ammo");
  Tick(s, Action::kUse);
  EXPECT_EQ(CountOf(s, "bullet"), 0);
  Tick(s, Action::kLeft);  // turns left
  Tick(s, Action::kLeft);  // steps onto the ammo and collects it
  ASSERT_EQ(s.resource(s.player(0).avatar, ammo), 1);
  Tick(s, Action::kUse);
  EXPECT_EQ(CountOf(s, "bullet"), 1);
  EXPECT_EQ(s.resource(s.player(0).avatar, ammo), 0);
}

TEST(ShootAvatarTest, FirstWeaponWithAmmoFires) {
  // Weapon 0 (bomb) needs gold; weapon 1 (bullet) has no ammo declared and always fires.
  TinyGame g(GameWith("ShootAvatar stype=bomb,bullet ammo=gold"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kUse);
  EXPECT_EQ(CountOf(s, "bomb"), 0);
  EXPECT_EQ(CountOf(s, "bullet"), 1);
}

TEST(FlakAvatarTest, SpawnsOnItselfAndKeepsTheProjectileOrientation) {
  TinyGame g(GameWith("FlakAvatar stype=sam"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kUse);
  ASSERT_EQ(CountOf(s, "sam"), 1);
  const Sprite& shot = s.sprite(Only(s, "sam"));
  EXPECT_EQ(shot.rect, Avatar(s).rect);
  EXPECT_EQ(shot.orientation, dir::kUp);
  EXPECT_TRUE(shot.has(SpriteFlag::kFromAvatar));
}

TEST(FlakAvatarTest, MinAmmoAndAmmoCost) {
  TinyGame g(GameWith("FlakAvatar stype=sam ammo=ammo minAmmo=1 ammoCost=2"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  const TypeId ammo = g.Type("ammo");
  s.ModifyResource(s.player(0).avatar, ammo, 1);
  Tick(s, Action::kUse);  // 1 is not above minAmmo 1
  EXPECT_EQ(CountOf(s, "sam"), 0);
  s.ModifyResource(s.player(0).avatar, ammo, 2);
  Tick(s, Action::kUse);
  EXPECT_EQ(CountOf(s, "sam"), 1);
  EXPECT_EQ(s.resource(s.player(0).avatar, ammo), 1);
}

TEST(ShootOnlyAvatarTest, EachActionFiresItsWeapon) {
  TinyGame g(GameWith("ShootOnlyAvatar stype=bullet,bomb"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kUp);  // action 1 of [LEFT, UP, RIGHT, DOWN, USE]: weapon 1
  EXPECT_EQ(CountOf(s, "bomb"), 1);
  EXPECT_EQ(Avatar(s).rect, (Rect{30, 20, 10, 10}));  // it never moves
  Tick(s, Action::kLeft);  // weapon 0, fired along its (unchanged) orientation
  ASSERT_EQ(CountOf(s, "bullet"), 1);
  EXPECT_EQ(s.sprite(Only(s, "bullet")).rect, (Rect{40, 20, 10, 10}));
  Tick(s, Action::kUse);  // weapon 4 does not exist
  EXPECT_EQ(CountOf(s, "bullet") + CountOf(s, "bomb"), 2);
}

TEST(AimedAvatarTest, AimsAndShootsTwicePerUse) {
  TinyGame g(GameWith("AimedAvatar stype=bullet"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kUp);  // turns by -0.15 rad, does not move
  const Sprite& a = Avatar(s);
  EXPECT_EQ(a.rect, (Rect{30, 20, 10, 10}));
  EXPECT_DOUBLE_EQ(a.orientation.x, std::cos(-0.15));
  EXPECT_DOUBLE_EQ(a.orientation.y, std::sin(-0.15));
  EXPECT_DOUBLE_EQ(a.rotation, std::atan2(a.orientation.y, a.orientation.x));
  Tick(s, Action::kUse);
  const auto bullets = SpritesOf(s, "bullet");
  ASSERT_EQ(bullets.size(), 2u);
  // (int)(30 + cos(-0.15) * 10), (int)(20 + sin(-0.15) * 10)
  EXPECT_EQ(s.sprite(bullets[0]).rect, (Rect{39, 18, 10, 10}));
  EXPECT_EQ(s.sprite(bullets[1]).rect, (Rect{39, 18, 10, 10}));
  EXPECT_DOUBLE_EQ(s.sprite(bullets[0]).orientation.y, std::sin(-0.15));
}

}  // namespace
}  // namespace vgdl
