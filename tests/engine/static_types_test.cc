// Which types the pair-effect loop may index once and reuse (engine/static_types.h), and that
// the grids built on them find exactly the collisions GVGAI's all-pairs loop finds.
#include "engine/static_types.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/engine/sprites/sprite_test_util.h"

namespace vgdl {
namespace {

using testing::CountOf;
using testing::TinyGame;

// FindStaticTypes with the analyses it builds on, as a State calls it.
std::vector<bool> StaticTypes(const TinyGame& g) {
  return FindStaticTypes(g.def(), FindTypesBornWithOtherLastRect(g.def()),
                         FindTypesThatMayTurnOriented(g.def()));
}

bool IsStatic(const TinyGame& g, std::string_view type) {
  return StaticTypes(g)[static_cast<size_t>(g.Type(type))];
}

constexpr const char* kMaze = R"(BasicGame square_size=10
  SpriteSet
    floor > Immovable
    movable >
      avatar > MovingAvatar
      monster > RandomNPC cons=2
      wall > Immovable
    key > Immovable
    withkey > Immovable
    gem > Resource
    rolling > Passive
  LevelMapping
    . > floor
    m > floor monster
    k > floor key
  InteractionSet
    movable wall > stepBack
    avatar monster > killSprite
    key avatar > transformTo stype=withkey
    withkey avatar > stepBack
    rolling avatar > bounceForward
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

TEST(StaticTypesTest, SceneryIsStaticAndMoversAreNot) {
  TinyGame g(kMaze, "wwwww\nwA.mw\nw.k.w\nwwwww\n");
  ASSERT_TRUE(g.ok());
  EXPECT_TRUE(IsStatic(g, "floor"));
  // stepBack on walls restores a lastrect that always equals rect.
  EXPECT_TRUE(IsStatic(g, "wall"));
  EXPECT_TRUE(IsStatic(g, "key"));
  EXPECT_TRUE(IsStatic(g, "gem"));
  EXPECT_FALSE(IsStatic(g, "avatar"));
  EXPECT_FALSE(IsStatic(g, "monster"));
  // bounceForward pushes s1.
  EXPECT_FALSE(IsStatic(g, "rolling"));
  // A transformation hands the old sprite's lastrect to the new one, so stepBack can move it.
  EXPECT_FALSE(IsStatic(g, "withkey"));
}

TEST(StaticTypesTest, UndoAllMovesOnlyTransformationTargets) {
  TinyGame g(R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    hole > Immovable
    filled > Immovable
    crate > Immovable
    rubble > Immovable
    plank > Immovable wMult=2
    box > Passive
    avatar > MovingAvatar
  InteractionSet
    box avatar > bounceForward
    box wall > undoAll
    hole box > transformTo stype=filled
    crate box > transformIfCount stype=filled stypeCount=box geq=2 estype=rubble
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)",
             "wwww\nwA.w\nwwww\n");
  ASSERT_TRUE(g.ok());
  EXPECT_TRUE(IsStatic(g, "wall"));
  EXPECT_TRUE(IsStatic(g, "hole"));
  EXPECT_TRUE(IsStatic(g, "crate"));
  EXPECT_FALSE(IsStatic(g, "filled"));
  EXPECT_FALSE(IsStatic(g, "rubble"));  // transformIfCount's else branch makes it too
  // The first sprite of a scaled type is born with a lastrect of the block's size.
  EXPECT_FALSE(IsStatic(g, "plank"));
  EXPECT_FALSE(IsStatic(g, "box"));
}

TEST(StaticTypesTest, WallBouncesMoveTheBouncerAndRestoreTheWalls) {
  TinyGame g(R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    pad > Immovable
    gate > Immovable
    ball > Missile orientation=RIGHT speed=1
    avatar > MovingAvatar
  InteractionSet
    ball wall > wallBounce
    ball pad > wallReverse
    pad avatar > transformTo stype=gate
    ball gate > wallBounce
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)",
             "wwww\nwA.w\nwwww\n");
  ASSERT_TRUE(g.ok());
  // The walls a bounce hits go back to their lastrect, which is where they are.
  EXPECT_TRUE(IsStatic(g, "wall"));
  EXPECT_TRUE(IsStatic(g, "pad"));
  // A transformation target's lastrect is its predecessor's: restoring it can move it.
  EXPECT_FALSE(IsStatic(g, "gate"));
  EXPECT_FALSE(IsStatic(g, "ball"));
}

TEST(StaticTypesTest, SpeedsAndOrientationDecideForPassiveSprites) {
  TinyGame g(R"(BasicGame square_size=10
  SpriteSet
    crate > Passive
    belt > Passive orientation=RIGHT speed=0
    slider > Passive orientation=RIGHT speed=1
    lift > Passive physicstype=CONT
    avatar > MovingAvatar
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)",
             "A.\n");
  ASSERT_TRUE(g.ok());
  EXPECT_TRUE(IsStatic(g, "crate"));
  EXPECT_TRUE(IsStatic(g, "belt"));
  EXPECT_FALSE(IsStatic(g, "slider"));
  EXPECT_FALSE(IsStatic(g, "lift"));
}

TEST(StaticTypesTest, TakeOrientationCanSetAnUnorientedTypeMoving) {
  // transformToSingleton's takeOrientation orients the marker it makes: with a speed, passive
  // grid movement then moves it (engine/sprites/sprite_util.h).
  const auto game = [](const std::string& take) {
    return R"(BasicGame square_size=10
  SpriteSet
    marker > Passive speed=1
    post > Immovable
    bolt > Missile orientation=LEFT
    avatar > MovingAvatar
  InteractionSet
    post bolt > transformToSingleton stype=marker stype_other=post)" +
           take + R"(
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";
  };
  TinyGame turns(game(" takeOrientation=True"), "A.\n");
  ASSERT_TRUE(turns.ok());
  EXPECT_FALSE(IsStatic(turns, "marker"));
  EXPECT_TRUE(FindTypesThatMayTurnOriented(turns.def())[static_cast<size_t>(turns.Type("marker"))]);
  TinyGame keeps(game(""), "A.\n");
  ASSERT_TRUE(keeps.ok());
  EXPECT_TRUE(IsStatic(keeps, "marker"));
  EXPECT_FALSE(
      FindTypesThatMayTurnOriented(keeps.def())[static_cast<size_t>(keeps.Type("marker"))]);
}

TEST(StaticTypesTest, TypeVersionsChangeWithTheSpriteList) {
  TinyGame g(kMaze, "wwwww\nwA.mw\nw.k.w\nwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  const TypeId key = g.Type("key");
  const TypeId wall = g.Type("wall");
  const uint64_t key_before = s.type_version(key);
  const uint64_t wall_before = s.type_version(wall);
  State copy = s;
  EXPECT_EQ(copy.type_version(key), key_before);
  // The avatar walks onto the key: the key is removed at the end of the tick.
  Advance(s, Action::kDown, StepMode::kForwardModel);
  Advance(s, Action::kRight, StepMode::kForwardModel);
  ASSERT_EQ(CountOf(s, "key"), 0);
  EXPECT_NE(s.type_version(key), key_before);
  EXPECT_EQ(s.type_version(wall), wall_before);
  // A fresh state never reuses another state's versions.
  const State other = g.Start();
  EXPECT_NE(other.type_version(wall), wall_before);
}

TEST(PairTraitsTest, GroupsOverlapOnlyInTypesThatCanHaveSprites) {
  TinyGame g(kMaze, "wwwww\nwA.mw\nw.k.w\nwwwww\n");
  ASSERT_TRUE(g.ok());
  const auto traits = FindPairTraits(g.def(), StaticTypes(g));
  ASSERT_EQ(traits.size(), 5u);
  // `movable wall`: walls are movable too.
  EXPECT_TRUE(traits[0].types_overlap);
  // `avatar monster`: both subtype sets hold their abstract parent `movable`, which neither the
  // level mapping nor any parameter creates.
  EXPECT_FALSE(traits[1].types_overlap);
}

constexpr const char* kScenery = R"(BasicGame square_size=10
  SpriteSet
    floor > Immovable hidden=True
    decor > Immovable
    lamp > Immovable singleton=True
    egg > Immovable
    nest > SpawnPoint stype=egg prob=0
    wall > Immovable
    avatar > MovingAvatar
  LevelMapping
    . > floor
    d > floor decor
    l > floor lamp
    n > floor nest
    A > floor avatar
  InteractionSet
    avatar wall > stepBack
  TerminationSet
    SpriteCounter stype=decor limit=0 win=True
    SpriteCounter stype=avatar limit=0 win=False
)";

TEST(FrozenTypesTest, OnlySceneryNoRuleReachesIsFrozen) {
  TinyGame g(kScenery, "wwwww\nwA.dw\nwl.nw\nwwwww\n");
  ASSERT_TRUE(g.ok());
  const State s = g.Start();
  EXPECT_TRUE(s.is_frozen_type(g.Type("floor")));
  // A termination only counts it.
  EXPECT_TRUE(s.is_frozen_type(g.Type("decor")));
  EXPECT_FALSE(s.is_frozen_type(g.Type("wall")));  // in the InteractionSet
  EXPECT_FALSE(s.is_frozen_type(g.Type("egg")));   // named by the nest's stype
  EXPECT_FALSE(s.is_frozen_type(g.Type("nest")));  // its update spawns
  EXPECT_FALSE(s.is_frozen_type(g.Type("avatar")));
  // A singleton could be refused at creation; its slots cannot be fixed in advance.
  EXPECT_FALSE(s.is_frozen_type(g.Type("lamp")));
}

TEST(FrozenTypesTest, FrozenSpritesAreOrdinarySpritesToReaders) {
  TinyGame g(kScenery, "wwwww\nwA.dw\nwl.nw\nwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  // Ids follow creation order across frozen and pooled sprites: row by row, each cell's
  // mapping in order (`A > floor avatar`: the floor first).
  const auto floors = testing::SpritesOf(s, "floor");
  const auto avatars = testing::SpritesOf(s, "avatar");
  ASSERT_EQ(floors.size(), 6u);
  ASSERT_EQ(avatars.size(), 1u);
  const State& view = s;
  EXPECT_EQ(view.sprite(avatars[0]).id, view.sprite(floors[0]).id + 1);
  EXPECT_EQ(view.sprite(floors[1]).id, view.sprite(avatars[0]).id + 1);
  EXPECT_EQ(view.sprite(floors[0]).rect, (Rect{10, 10, 10, 10}));
  EXPECT_EQ(s.sprite_count(), 5 * 2 + 4 + 6 + 1 + 1 + 1 + 1);
  // Copies read the same frozen sprites, and advancing leaves them as they were.
  State copy = s;
  Advance(copy, Action::kRight, StepMode::kForwardModel);
  Advance(copy, Action::kRight, StepMode::kForwardModel);
  const State& copy_view = copy;
  EXPECT_EQ(copy_view.sprite(floors[2]).rect, view.sprite(floors[2]).rect);
  EXPECT_EQ(CountOf(copy, "floor"), 6);
  EXPECT_NE(copy_view.sprite(avatars[0]).rect, view.sprite(avatars[0]).rect);
}

}  // namespace
}  // namespace vgdl
