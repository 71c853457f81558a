// The sprites that do nothing by themselves (spec §6): Immovable, Door, Conveyor, Passive,
// Resource, ResourcePack, SpriteProducer and Portal. The static ones never move, even with an
// orientation and a speed; the others drift like a Missile when given both.
#include <gtest/gtest.h>

#include "tests/engine/sprites/sprite_test_util.h"

namespace vgdl {
namespace {

using testing::CountOf;
using testing::Only;
using testing::RectOf;
using testing::Tick;
using testing::Ticks;
using testing::TinyGame;

constexpr const char* kDriftGame = R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    exit > Immovable
    rock > Immovable orientation=RIGHT speed=1
    door > Door orientation=RIGHT speed=1
    belt > Conveyor orientation=RIGHT speed=1
    pack > ResourcePack orientation=RIGHT speed=1
    portal > Portal stype=exit orientation=RIGHT speed=1
    box > Passive orientation=RIGHT speed=1
    gem > Resource orientation=RIGHT speed=1
    totem > SpriteProducer orientation=RIGHT speed=1
    avatar > MovingAvatar
  LevelMapping
    x > exit
    r > rock
    d > door
    c > belt
    k > pack
    p > portal
    b > box
    g > gem
    t > totem
    A > avatar
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

TEST(StaticSpritesTest, StaticClassesIgnoreOrientationAndSpeed) {
  TinyGame g(kDriftGame,
             "wwwwwwwwwww\n"
             "wr........w\n"
             "wd........w\n"
             "wc........w\n"
             "wk........w\n"
             "wp.......xw\n"
             "wb........w\n"
             "wg........w\n"
             "wt........w\n"
             "wA........w\n"
             "wwwwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Ticks(s, 3);
  // is_static (Immovable, Door, Conveyor, ResourcePack, Portal): no passive movement.
  EXPECT_EQ(RectOf(s, "rock"), (Rect{10, 10, 10, 10}));
  EXPECT_EQ(RectOf(s, "door"), (Rect{10, 20, 10, 10}));
  EXPECT_EQ(RectOf(s, "belt"), (Rect{10, 30, 10, 10}));
  EXPECT_EQ(RectOf(s, "pack"), (Rect{10, 40, 10, 10}));
  EXPECT_EQ(RectOf(s, "portal"), (Rect{10, 50, 10, 10}));
  // Passive, Resource and SpriteProducer move along their orientation, first move skipped.
  EXPECT_EQ(RectOf(s, "box"), (Rect{30, 60, 10, 10}));
  EXPECT_EQ(RectOf(s, "gem"), (Rect{30, 70, 10, 10}));
  EXPECT_EQ(RectOf(s, "totem"), (Rect{30, 80, 10, 10}));
}

TEST(StaticSpritesTest, ADoorIsAnExitTheAvatarRemoves) {
  TinyGame g(R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    exit > Door
    avatar > MovingAvatar
  LevelMapping
    e > exit
    A > avatar
  InteractionSet
    avatar wall > stepBack
    exit avatar > killSprite scoreChange=10
  TerminationSet
    SpriteCounter stype=exit limit=0 win=True
)",
             "wwwww\nwA.ew\nwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kRight);
  EXPECT_FALSE(s.ended());
  Tick(s, Action::kRight);
  EXPECT_EQ(CountOf(s, "exit"), 0);
  EXPECT_EQ(s.player(0).score, 10.0);
  ASSERT_TRUE(s.ended());
  EXPECT_EQ(s.player(0).winner, Winner::kWins);
}

TEST(StaticSpritesTest, AConveyorTurnsWhatCrossesItByAttractGaze) {
  // The crate moves DOWN onto the belt, takes its orientation and then moves RIGHT.
  TinyGame g(R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    belt > Conveyor orientation=RIGHT
    crate > Passive orientation=DOWN speed=1
    avatar > MovingAvatar
  LevelMapping
    c > crate
    b > belt
    A > avatar
  InteractionSet
    crate belt > attractGaze
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)",
             "wwwwww\nwc...w\nwb...w\nw...Aw\nwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);  // first move skipped
  Tick(s);  // onto the belt
  EXPECT_EQ(RectOf(s, "crate"), (Rect{10, 20, 10, 10}));
  EXPECT_EQ(s.sprite(Only(s, "crate")).orientation, dir::kRight);
  Tick(s);
  EXPECT_EQ(RectOf(s, "crate"), (Rect{20, 20, 10, 10}));
  EXPECT_EQ(RectOf(s, "belt"), (Rect{10, 20, 10, 10}));
}

TEST(StaticSpritesTest, APortalSendsTheAvatarToItsExit) {
  TinyGame g(R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    exit > Immovable
    portal > Portal stype=exit
    avatar > MovingAvatar
  LevelMapping
    x > exit
    p > portal
    A > avatar
  InteractionSet
    avatar wall > stepBack
    avatar portal > teleportToExit
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)",
             "wwwwwww\nwAp...w\nw....xw\nwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kRight);
  EXPECT_EQ(s.sprite(s.player(0).avatar).rect, (Rect{50, 20, 10, 10}));
  EXPECT_EQ(RectOf(s, "portal"), (Rect{20, 10, 10, 10}));
}

TEST(StaticSpritesTest, AResourcePackGivesNothing) {
  // GVGAI's ResourcePack has no resource type (§15 quirk 26); this engine ignores it in
  // collectResource (docs/vgdl-reference.md), while a Resource is collected.
  TinyGame g(R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    pack > ResourcePack
    gem > Resource
    avatar > MovingAvatar
  LevelMapping
    k > pack
    g > gem
    A > avatar
  InteractionSet
    avatar wall > stepBack
    pack avatar > collectResource
    gem avatar > collectResource
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)",
             "wwwww\nwAkgw\nwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  const SpriteRef avatar = s.player(0).avatar;
  Tick(s, Action::kRight);
  EXPECT_EQ(s.resource(avatar, g.Type("pack")), 0);
  EXPECT_EQ(CountOf(s, "pack"), 1);
  Tick(s, Action::kRight);
  EXPECT_EQ(s.resource(avatar, g.Type("gem")), 1);
  EXPECT_EQ(CountOf(s, "gem"), 0);
}

}  // namespace
}  // namespace vgdl
