// The SpriteSet rules of spec §2.5: ids, classes, inheritance, type sets, sprite order.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/vgdl/lang_test_util.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

using testing::FormatAll;
using testing::LoadClean;
using testing::TypeNamed;

std::vector<std::string> Names(const GameDef& game, const std::vector<TypeId>& ids) {
  std::vector<std::string> names;
  for (TypeId t : ids) names.push_back(game.type(t).name);
  return names;
}

std::shared_ptr<const GameDef> LoadGvgai(const std::filesystem::path& dir, const char* folder,
                                         const char* game) {
  GameLoad load = LoadGameFromFile(dir / "games" / folder / (std::string(game) + ".txt"));
  EXPECT_TRUE(load.game) << FormatAll(load.diagnostics);
  return load.game;
}

TEST(SpriteSet, AncestorClassWinsOverOwnClass) {
  GameLoad load = LoadGameFromText(R"(BasicGame
  SpriteSet
    avatar > OngoingShootAvatar stype=bullet
      avatarSlow > speed=0.25
      avatarFast > MissileAvatar speed=1
        turbo > img=fast
    bullet > Missile
)",
                                   "x-racer.txt");
  const auto game = load.game;
  ASSERT_TRUE(game) << FormatAll(load.diagnostics);
  // turbo is a MissileAvatar that inherits stype: GVGAI logs "Unknown field" for it.
  ASSERT_EQ(load.diagnostics.items().size(), 1u) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.diagnostics.items()[0].message,
            "unknown parameter 'stype' for MissileAvatar 'turbo'; GVGAI logs \"Unknown field\" "
            "and ignores it");
  EXPECT_EQ(TypeNamed(*game, "avatar").cls, SpriteClass::kOngoingShootAvatar);
  EXPECT_EQ(TypeNamed(*game, "avatarSlow").cls, SpriteClass::kOngoingShootAvatar);
  // x-racer: a class under an ancestor's class is ignored for the node itself ...
  EXPECT_EQ(TypeNamed(*game, "avatarFast").cls, SpriteClass::kOngoingShootAvatar);
  // ... but passed to its children.
  EXPECT_EQ(TypeNamed(*game, "turbo").cls, SpriteClass::kMissileAvatar);
  EXPECT_EQ(TypeNamed(*game, "turbo").speed, 1.0);  // inherited from avatarFast
}

TEST(SpriteSet, GvgaiTrickyClassCases) {
  VGDL_REQUIRE_GVGAI(dir);
  const auto pacman = LoadGvgai(dir, "gridphysics", "pacman");
  const auto portals = LoadGvgai(dir, "gridphysics", "portals");
  const auto frogs = LoadGvgai(dir, "gridphysics", "frogs");
  const auto eighth = LoadGvgai(dir, "gridphysics", "eighthpassenger");
  ASSERT_TRUE(pacman && portals && frogs && eighth);
  EXPECT_EQ(TypeNamed(*pacman, "power").cls, SpriteClass::kImmovable);
  EXPECT_EQ(TypeNamed(*pacman, "redOk").cls, SpriteClass::kRandomPathAltChaser);
  EXPECT_EQ(TypeNamed(*portals, "portalentry").cls, SpriteClass::kImmovable);
  EXPECT_EQ(TypeNamed(*portals, "entry1").cls, SpriteClass::kPortal);
  EXPECT_EQ(TypeNamed(*portals, "entry2").cls, SpriteClass::kPortal);
  EXPECT_EQ(TypeNamed(*portals, "entry1").stype, portals->FindType("exit1"));
  EXPECT_EQ(TypeNamed(*frogs, "goal").cls, SpriteClass::kImmovable);
  EXPECT_EQ(TypeNamed(*eighth, "doorClosed").cls, SpriteClass::kDoor);
  EXPECT_EQ(pacman->obs.size(), 1u);
}

TEST(SpriteSet, AliensIdsOrderAndSubtypes) {
  VGDL_REQUIRE_GVGAI(dir);
  const auto game = LoadGvgai(dir, "gridphysics", "aliens");
  ASSERT_TRUE(game);
  EXPECT_EQ(Names(*game, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}),
            (std::vector<std::string>{"wall", "avatar", "background", "base", "missile", "sam",
                                      "bomb", "alien", "alienGreen", "alienBlue", "portal",
                                      "portalSlow", "portalFast"}));
  EXPECT_EQ(Names(*game, game->sprite_order),
            (std::vector<std::string>{"wall", "background", "base", "sam", "bomb", "alienGreen",
                                      "alienBlue", "portalSlow", "portalFast", "avatar"}));
  const SpriteDef& sam = TypeNamed(*game, "sam");
  EXPECT_EQ(Names(*game, sam.itypes), (std::vector<std::string>{"missile", "sam"}));
  EXPECT_EQ(Names(*game, sam.subtypes), (std::vector<std::string>{"missile", "sam"}));
  EXPECT_EQ(Names(*game, TypeNamed(*game, "missile").subtypes),
            (std::vector<std::string>{"missile", "sam", "bomb"}));
  EXPECT_TRUE(sam.singleton);
  EXPECT_FALSE(TypeNamed(*game, "missile").singleton);
  EXPECT_FALSE(TypeNamed(*game, "missile").is_leaf);
  EXPECT_EQ(TypeNamed(*game, "bomb").speed, 0.5);
  EXPECT_EQ(TypeNamed(*game, "alienGreen").cooldown, 3);  // inherited from alien
  EXPECT_EQ(TypeNamed(*game, "alienGreen").stype, game->FindType("bomb"));
  EXPECT_EQ(TypeNamed(*game, "alienGreen").orientation, dir::kRight);  // Bomber default
  EXPECT_EQ(TypeNamed(*game, "portalSlow").stype, game->FindType("alienBlue"));
  EXPECT_EQ(TypeNamed(*game, "portalSlow").total, 20);
  EXPECT_TRUE(TypeNamed(*game, "portalSlow").hidden[0]);  // inherited from portal
  EXPECT_EQ(TypeNamed(*game, "avatar").cls, SpriteClass::kFlakAvatar);
  EXPECT_EQ(TypeNamed(*game, "avatar").stype, game->FindType("sam"));
  // GVGAI's default wall: never declared in aliens.
  const SpriteDef& wall = game->type(kWallType);
  EXPECT_FALSE(wall.declared);
  EXPECT_EQ(wall.cls, SpriteClass::kImmovable);
  EXPECT_TRUE(wall.solid);
  EXPECT_EQ(wall.color, (Color{30, 30, 30}));
  EXPECT_EQ(wall.subtypes, std::vector<TypeId>{kWallType});
}

TEST(SpriteSet, DefaultsAndOverrides) {
  const auto game = LoadClean(R"(BasicGame
  SpriteSet
    gem > Resource limit=5
      ruby > value=3
      opal >
    group > Immovable color=RED
      a > color=BLUE
      b >
    shot > Flicker
    slow > Missile cooldown=0
    hurt > Immovable healthPoints=4
  LevelMapping
    r > ruby
)");
  ASSERT_TRUE(game);
  EXPECT_EQ(TypeNamed(*game, "ruby").limit, 5);
  EXPECT_EQ(TypeNamed(*game, "ruby").value, 3);
  EXPECT_EQ(TypeNamed(*game, "opal").value, 1);
  EXPECT_EQ(game->resource_limit[static_cast<size_t>(game->FindType("ruby"))], 5);
  EXPECT_EQ(game->resource_limit[static_cast<size_t>(game->FindType("group"))], 0);
  EXPECT_EQ(TypeNamed(*game, "a").color, (Color{0, 0, 200}));
  EXPECT_EQ(TypeNamed(*game, "b").color, (Color{200, 0, 0}));
  EXPECT_EQ(TypeNamed(*game, "b").raw_params.at("color"), "RED");
  EXPECT_EQ(TypeNamed(*game, "shot").limit, 1);
  EXPECT_EQ(TypeNamed(*game, "slow").cooldown, 1);  // forced to at least 1
  EXPECT_TRUE(TypeNamed(*game, "slow").is_oriented);
  EXPECT_EQ(TypeNamed(*game, "hurt").max_health_points, 4);
  EXPECT_EQ(game->char_mapping['r'], std::vector<TypeId>{game->FindType("ruby")});
  EXPECT_EQ(game->char_mapping['w'], std::vector<TypeId>{kWallType});
  EXPECT_EQ(game->char_mapping['A'], std::vector<TypeId>{kAvatarType});
  EXPECT_EQ(game->type(kAvatarType).cls, SpriteClass::kMovingAvatar);
}

TEST(SpriteSet, RedeclaredLeafMovesInTheOrderAndLastDeclarationWins) {
  GameLoad load = LoadGameFromText(R"(BasicGame
  SpriteSet
    wall > Immovable color=RED
    floor > Immovable
    wall > Passive
)",
                                   "g.txt");
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  EXPECT_EQ(Names(*load.game, load.game->sprite_order),
            (std::vector<std::string>{"floor", "wall", "avatar"}));
  EXPECT_EQ(load.game->type(kWallType).cls, SpriteClass::kPassive);
  EXPECT_EQ(load.game->type_count(), 3);
  ASSERT_EQ(load.diagnostics.items().size(), 1u);
  EXPECT_EQ(load.diagnostics.items()[0].severity, Severity::kNote);
}

TEST(SpriteSet, HiddenListsCoverEveryPlayer) {
  const auto game = LoadClean(R"(BasicGame no_players=2
  SpriteSet
    a > Immovable hidden=True
    b > Immovable hidden=False,True
    c > Immovable
    avatar > MovingAvatar
)");
  ASSERT_TRUE(game);
  EXPECT_EQ(TypeNamed(*game, "a").hidden, (std::vector<bool>{true, true}));
  EXPECT_EQ(TypeNamed(*game, "b").hidden, (std::vector<bool>{false, true}));
  EXPECT_EQ(TypeNamed(*game, "c").hidden, (std::vector<bool>{false, false}));
  EXPECT_EQ(TypeNamed(*game, "c").invisible, (std::vector<bool>{false, false}));
}

TEST(SpriteSet, TypingCascadeDropsAreWarnings) {
  GameLoad load = LoadGameFromText(R"(BasicGame
  SpriteSet
    gem > Resource value=0.5 limit=1.5
    hunter > Chaser stype=gem maxDistance=3.5
    near > Chaser stype=gem maxDistance=3
    painted > Immovable img=RED
)",
                                   "g.txt");
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  const GameDef& game = *load.game;
  EXPECT_EQ(TypeNamed(game, "gem").value, 1);
  EXPECT_EQ(TypeNamed(game, "gem").limit, 2);
  EXPECT_EQ(TypeNamed(game, "hunter").max_distance, -1.0);  // a float field takes no Double
  EXPECT_EQ(TypeNamed(game, "near").max_distance, 3.0);
  EXPECT_TRUE(TypeNamed(game, "painted").img.empty());
  EXPECT_EQ(load.diagnostics.WarningCount(), 4) << FormatAll(load.diagnostics);
  EXPECT_NE(FormatAll(load.diagnostics).find("value=0.5 is ignored: GVGAI reads '0.5' as a Double"),
            std::string::npos);
}

TEST(SpriteSet, UnknownParameterIsAWarningWithASuggestion) {
  GameLoad load =
      LoadGameFromText("BasicGame\n  SpriteSet\n    a > Immovable colour=RED\n", "g.txt");
  ASSERT_TRUE(load.game);
  ASSERT_EQ(load.diagnostics.items().size(), 1u);
  EXPECT_EQ(load.diagnostics.items()[0].hint, "did you mean 'color'?");
}

TEST(SpriteSet, SingletonMarksOnlyTheNodeThatSaysSo) {
  const auto game = LoadClean(R"(BasicGame
  SpriteSet
    g > Immovable singleton=True
      x >
      y > singleton=false
)");
  ASSERT_TRUE(game);
  EXPECT_TRUE(TypeNamed(*game, "g").singleton);
  EXPECT_FALSE(TypeNamed(*game, "x").singleton);
  EXPECT_FALSE(TypeNamed(*game, "y").singleton);
}

TEST(SpriteSet, ShootAvatarListsAndFlakAmmo) {
  const auto game = LoadClean(R"(BasicGame
  SpriteSet
    avatar > ShootAvatar stype=arrow,bomb ammo=arrows
    flak > FlakAvatar stype=arrow ammo=arrows minAmmo=2
    arrow > Missile
    bomb > Missile
    arrows > Resource
)");
  ASSERT_TRUE(game);
  const TypeId arrow = game->FindType("arrow");
  const TypeId bomb = game->FindType("bomb");
  const TypeId arrows = game->FindType("arrows");
  EXPECT_EQ(TypeNamed(*game, "avatar").stypes, (std::vector<TypeId>{arrow, bomb}));
  EXPECT_EQ(TypeNamed(*game, "avatar").ammo, std::vector<TypeId>{arrows});
  EXPECT_EQ(TypeNamed(*game, "flak").stype, arrow);
  EXPECT_EQ(TypeNamed(*game, "flak").ammo, std::vector<TypeId>{arrows});
  EXPECT_EQ(TypeNamed(*game, "flak").min_ammo, 2);
}

TEST(SpriteSet, SpriteGvgaiCannotCreateIsNotedAndRefusedInLevels) {
  GameLoad load = LoadGameFromText(R"(BasicGame
  SpriteSet
    avatar > ShootAvatar
  LevelMapping
    A > avatar
)",
                                   "g.txt");
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.diagnostics.ErrorCount() + load.diagnostics.WarningCount(), 0);
  EXPECT_TRUE(load.game->char_mapping['A'].empty());
  EXPECT_TRUE(load.game->unbuildable_chars.count('A'));
  LevelLoad level = LoadLevelFromText(*load.game, "..A..\n", "l.txt");
  EXPECT_FALSE(level.level);
  EXPECT_EQ(level.diagnostics.ErrorCount(), 1) << FormatAll(level.diagnostics);
}

TEST(SpriteSet, NestingDepthIsBounded) {
  std::string text = "BasicGame\n  SpriteSet\n";
  for (int i = 0; i < 100; ++i) {
    text +=
        std::string(static_cast<size_t>(4 + i), ' ') + "s" + std::to_string(i) + " > Immovable\n";
  }
  GameLoad load = LoadGameFromText(text, "g.txt");
  EXPECT_FALSE(load.game);
  EXPECT_EQ(load.diagnostics.ErrorCount(), 1);
}

}  // namespace
}  // namespace vgdl
