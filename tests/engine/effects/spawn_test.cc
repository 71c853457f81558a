// Creation effects: spawn, spawnIfHasMore/Less, spawnBehind, spawnAbove/Below/Left/Right,
// cloneSprite, spawnIfCounterSubTypes, updateSpawnType. The spawn* effects draw one
// nextDouble() per execution, before anything else.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>

#include "tests/engine/effects/effect_test_util.h"

namespace vgdl::testing {
namespace {

constexpr std::string_view kGame = R"(BasicGame square_size=10
    SpriteSet
        coin > Resource limit=9
        egg > Immovable
        gem > Immovable singleton=True
        nest > Immovable
        trail > Immovable
        flag > Immovable
        blob > Immovable
        team > Immovable
            red >
            blue >
        bomb > Missile orientation=DOWN speed=1
        shell > Missile orientation=DOWN speed=1
        factory > SpawnPoint stype=bomb prob=0 cooldown=1
        walker > Missile orientation=RIGHT speed=1
        avatar > MovingAvatar
    LevelMapping
        n > nest
        f > factory
        w > walker
        r > red
        b > blue
    InteractionSet
        nest avatar > spawn stype=egg prob=0.5 scoreChange=1
        avatar nest > spawnIfHasMore resource=coin limit=2 spend=2 stype=egg scoreChange=3
        avatar egg > spawnIfHasLess resource=coin limit=0 stype=egg scoreChange=4
        nest walker > spawnBehind stype=trail
        nest flag > spawnAbove stype=flag
        nest blob > spawnBelow stype=flag stepBack=True
        nest trail > spawnLeft stype=flag
        nest egg > spawnRight stype=flag
        blob avatar > cloneSprite
        nest red > spawnIfCounterSubTypes stype=gem estype=egg stypeCount=team limit=2 subTypesNum=1 scoreChange=5
        nest gem > spawn stype=gem
        nest factory > updateSpawnType stype=shell spawnPoint=factory
    TerminationSet
        Timeout limit=1000 win=True
)";

constexpr std::string_view kLevel =
    "A n f\n"
    "w r b\n";

class SpawnTest : public ::testing::Test {
 protected:
  SpawnTest() : state_(MakeState(kGame, kLevel)) {
    avatar_ = First(state_, "avatar");
    nest_ = First(state_, "nest");
  }
  void Run(EffectKind kind, SpriteRef s1, SpriteRef s2, int nth = 0) {
    ExecuteEffect(state_, FindEffect(state_, kind, nth), s1, s2);
  }
  double Score() const { return state_.player(0).score; }

  State state_;
  SpriteRef avatar_ = kNoSprite;
  SpriteRef nest_ = kNoSprite;
};

TEST_F(SpawnTest, SpawnDrawsOnEveryExecutionAndHonoursProb) {
  int made = 0;
  for (int i = 0; i < 40; ++i) {
    JavaRandom expected = state_.rng();
    const bool pass = expected.NextDouble() < 0.5;
    const int before = Count(state_, "egg");
    Run(EffectKind::kSpawn, nest_, avatar_);
    EXPECT_EQ(state_.rng(), expected);
    EXPECT_EQ(Count(state_, "egg"), before + (pass ? 1 : 0));
    made += pass ? 1 : 0;
  }
  EXPECT_GT(made, 5);
  EXPECT_LT(made, 35);
  EXPECT_EQ(Score(), 40.0);  // spawn scores whether or not the draw passed
  EXPECT_EQ(RectOf(state_, First(state_, "egg")), RectOf(state_, nest_));
}

TEST_F(SpawnTest, SpawnIsRefusedBySingletons) {
  Run(EffectKind::kSpawn, nest_, First(state_, "factory"), 1);  // first gem
  Run(EffectKind::kSpawn, nest_, First(state_, "factory"), 1);  // refused
  EXPECT_EQ(Count(state_, "gem"), 1);
}

TEST_F(SpawnTest, SpawnIfHasMoreDrawsFirstThenSpendsOnSuccess) {
  const TypeId coin = Type(state_, "coin");
  JavaRandom expected = state_.rng();
  expected.NextDouble();
  Run(EffectKind::kSpawnIfHasMore, avatar_, nest_);  // no coins: the draw still happens
  EXPECT_EQ(state_.rng(), expected);
  EXPECT_EQ(Count(state_, "egg"), 0);
  EXPECT_EQ(Score(), 0.0);
  state_.ModifyResource(avatar_, coin, 3);
  Run(EffectKind::kSpawnIfHasMore, avatar_, nest_);
  EXPECT_EQ(Count(state_, "egg"), 1);
  EXPECT_EQ(RectOf(state_, First(state_, "egg")), RectOf(state_, avatar_));
  EXPECT_EQ(state_.resource(avatar_, coin), 1);
  EXPECT_EQ(Score(), 3.0);
}

TEST_F(SpawnTest, SpawnIfHasLessScoresOnlyWhenItSpawns) {
  const SpriteRef egg = state_.AddSprite(Type(state_, "egg"), 0, 0);
  Run(EffectKind::kSpawnIfHasLess, avatar_, egg);  // 0 coins <= 0
  EXPECT_EQ(Count(state_, "egg"), 2);
  EXPECT_EQ(Score(), 4.0);
  state_.ModifyResource(avatar_, Type(state_, "coin"), 1);
  Run(EffectKind::kSpawnIfHasLess, avatar_, egg);
  EXPECT_EQ(Count(state_, "egg"), 2);
  EXPECT_EQ(Score(), 4.0);
}

TEST_F(SpawnTest, SpawnBehindNeedsTheSecondSpriteToHaveMovedClear) {
  const SpriteRef walker = First(state_, "walker");
  Move(state_, walker, Rect{0, 10, 10, 10}, Rect{5, 10, 10, 10});  // half a cell: overlaps
  JavaRandom expected = state_.rng();
  expected.NextDouble();
  Run(EffectKind::kSpawnBehind, nest_, walker);
  EXPECT_EQ(Count(state_, "trail"), 0);
  EXPECT_EQ(state_.rng(), expected);
  Move(state_, walker, Rect{0, 10, 10, 10}, Rect{10, 10, 10, 10});
  Run(EffectKind::kSpawnBehind, nest_, walker);
  ASSERT_EQ(Count(state_, "trail"), 1);
  EXPECT_EQ(RectOf(state_, First(state_, "trail")), (Rect{0, 10, 10, 10}));
}

TEST_F(SpawnTest, SpawnBesideUsesTheSecondSpritesCell) {
  const SpriteRef flag = state_.AddSprite(Type(state_, "flag"), 30, 30);
  const SpriteRef trail = state_.AddSprite(Type(state_, "trail"), 60, 60);
  const SpriteRef egg = state_.AddSprite(Type(state_, "egg"), 80, 80);
  Run(EffectKind::kSpawnAbove, nest_, flag);
  Run(EffectKind::kSpawnLeft, nest_, trail);
  Run(EffectKind::kSpawnRight, nest_, egg);
  const auto flags = Sprites(state_, "flag");
  ASSERT_EQ(flags.size(), 4u);
  EXPECT_EQ(RectOf(state_, flags[1]), (Rect{30, 20, 10, 10}));
  EXPECT_EQ(RectOf(state_, flags[2]), (Rect{50, 60, 10, 10}));
  EXPECT_EQ(RectOf(state_, flags[3]), (Rect{90, 80, 10, 10}));
}

// GVGAI adds the offset to the position in doubles and casts the sum to int: the new sprite
// stops at the int range's ends instead of wrapping around.
TEST_F(SpawnTest, SpawnBesideStopsAtTheIntRangesEnds) {
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  const SpriteRef flag = state_.AddSprite(Type(state_, "flag"), 30, kMin + 5);
  const SpriteRef egg = state_.AddSprite(Type(state_, "egg"), kMax - 5, 80);
  Run(EffectKind::kSpawnAbove, nest_, flag);
  Run(EffectKind::kSpawnRight, nest_, egg);
  const auto flags = Sprites(state_, "flag");
  ASSERT_EQ(flags.size(), 3u);
  EXPECT_EQ(RectOf(state_, flags[1]), (Rect{30, kMin, 10, 10}));
  EXPECT_EQ(RectOf(state_, flags[2]), (Rect{kMax, 80, 10, 10}));
}

TEST_F(SpawnTest, SpawnBelowWithStepBackUsesTheLastCellAndNeedsAMove) {
  const SpriteRef blob = state_.AddSprite(Type(state_, "blob"), 40, 40);
  Run(EffectKind::kSpawnBelow, nest_, blob);  // did not move: nothing
  EXPECT_EQ(Count(state_, "flag"), 0);
  Move(state_, blob, Rect{40, 30, 10, 10}, Rect{40, 40, 10, 10});
  Run(EffectKind::kSpawnBelow, nest_, blob);
  ASSERT_EQ(Count(state_, "flag"), 1);
  EXPECT_EQ(RectOf(state_, First(state_, "flag")), (Rect{40, 40, 10, 10}));
}

TEST_F(SpawnTest, CloneSpriteCopiesTheFirstSpritesTypeWithoutDrawing) {
  const SpriteRef blob = state_.AddSprite(Type(state_, "blob"), 40, 40);
  const JavaRandom before = state_.rng();
  Run(EffectKind::kCloneSprite, blob, avatar_);
  EXPECT_EQ(Count(state_, "blob"), 2);
  EXPECT_EQ(RectOf(state_, Sprites(state_, "blob")[1]), (Rect{40, 40, 10, 10}));
  EXPECT_EQ(state_.rng(), before);
}

TEST_F(SpawnTest, SpawnIfCounterSubTypesCountsParentAndChildrenHalved) {
  const SpriteRef red = First(state_, "red");
  // team: red and blue non-empty -> 3 non-empty entries (team, red, blue) / 2 = 1; count 2.
  Run(EffectKind::kSpawnIfCounterSubTypes, nest_, red);
  EXPECT_EQ(Count(state_, "gem"), 1);
  EXPECT_EQ(Score(), 5.0);
  // A third team sprite: count 3 != limit 2, estype instead and no score.
  state_.AddSprite(Type(state_, "red"), 0, 0);
  Run(EffectKind::kSpawnIfCounterSubTypes, nest_, red);
  EXPECT_EQ(Count(state_, "egg"), 1);
  EXPECT_EQ(Score(), 5.0);
}

TEST_F(SpawnTest, UpdateSpawnTypeChangesWhatSpawnPointsMake) {
  const SpriteRef factory = First(state_, "factory");
  EXPECT_EQ(state_.sprite(factory).spawn_type, Type(state_, "bomb"));
  Run(EffectKind::kUpdateSpawnType, nest_, factory);
  EXPECT_EQ(state_.sprite(factory).spawn_type, Type(state_, "shell"));
}

// GVGAI's BomberRandomMissile keeps its own missile list; updateSpawnType replaces the first
// entry equal to s2's type in each bomber's list, and the bomber then draws from that list.
TEST(UpdateSpawnTypeTest, ReplacesS2sTypeInEachBomberRandomMissilesList) {
  constexpr std::string_view kBombers = R"(BasicGame square_size=10
    SpriteSet
        floor > Immovable
        red > Missile orientation=DOWN speed=0
        blue > Missile orientation=DOWN speed=0
        green > Missile orientation=DOWN speed=0
        lever > Immovable
        cannon > BomberRandomMissile stypeMissile=red,blue,red prob=0
        avatar > MovingAvatar
    LevelMapping
        . > floor
        c > cannon
        r > red
        l > lever
    InteractionSet
        lever red > updateSpawnType stype=green spawnPoint=cannon
    TerminationSet
        Timeout limit=1000 win=True
)";
  State state = MakeState(kBombers, "c.c\nrlA\n");
  const auto cannons = Sprites(state, "cannon");
  ASSERT_EQ(cannons.size(), 2u);
  const TypeId red = Type(state, "red");
  const TypeId blue = Type(state, "blue");
  const TypeId green = Type(state, "green");
  ExecuteEffect(state, FindEffect(state, EffectKind::kUpdateSpawnType), First(state, "lever"),
                First(state, "red"));
  for (const SpriteRef c : cannons) {
    EXPECT_EQ(state.missile_type(c, 0), green);
    EXPECT_EQ(state.missile_type(c, 1), blue);
    EXPECT_EQ(state.missile_type(c, 2), red);
  }
  // Copies carry the replaced lists; a fresh state starts from the definition again.
  const State copy = state;
  EXPECT_EQ(copy.missile_type(cannons[0], 0), green);
  EXPECT_EQ(MakeState(kBombers, "c.c\nrlA\n").missile_type(cannons[0], 0), red);
}

// Through the tick loop: one game, one or two effect lines per test (%s).
constexpr std::string_view kPlayedGame = R"(BasicGame square_size=10
    SpriteSet
        gem > Resource
        nest > Immovable
        button > Immovable
        ground > Immovable
        seed > Immovable
        lever > Immovable
        egg > Immovable
        flag > Immovable
        trail > Immovable
        rock > Immovable
        hatchery > SpawnPoint stype=egg
        altar > Immovable
        rune > Immovable
            runeA >
            runeB >
        reward > Immovable
        junk > Immovable
        avatar > MovingAvatar
    LevelMapping
        g > gem
        n > nest
        b > button
        . > ground
        s > seed
        l > lever
        h > hatchery
        a > altar
        x > runeA
        y > runeB
    InteractionSet
        gem avatar > collectResource
        %s
    TerminationSet
        Timeout limit=1000 win=True
)";

TEST(SpawnPlayedTest, SpawnDrawsAgainstProbEveryTickOfOverlap) {
  for (int64_t seed = 1; seed <= 3; ++seed) {
    State s = MakeState(Fill(kPlayedGame, "avatar nest > spawn stype=egg prob=0.5"), "An\n", seed);
    JavaRandom replica = s.rng();
    int expected = 0;
    for (int t = 0; t < 8; ++t) {
      expected += replica.NextDouble() < 0.5 ? 1 : 0;
      Step(s, t == 0 ? Action::kRight : Action::kNil);
    }
    EXPECT_EQ(Count(s, "egg"), expected);
    EXPECT_EQ(s.rng(), replica);
    for (SpriteRef egg : Sprites(s, "egg")) EXPECT_EQ(RectOf(s, egg), (Rect{10, 0, 10, 10}));
  }
}

TEST(SpawnPlayedTest, SpawnIfHasMoreSpendsTheResource) {
  State s = MakeState(
      Fill(kPlayedGame, "avatar nest > spawnIfHasMore resource=gem limit=1 stype=egg spend=1"),
      "Agn\n");
  const SpriteRef avatar = First(s, "avatar");
  Step(s, Action::kRight);
  Step(s, Action::kRight);  // one gem on the nest: an egg, the gem spent
  EXPECT_EQ(Count(s, "egg"), 1);
  EXPECT_EQ(s.resource(avatar, Type(s, "gem")), 0);
  Step(s);  // still on the nest, no gem left
  EXPECT_EQ(Count(s, "egg"), 1);
}

TEST(SpawnPlayedTest, SpawnIfHasLessOnlyForAPoorAvatar) {
  State s = MakeState(
      Fill(kPlayedGame, "avatar nest > spawnIfHasLess resource=gem limit=0 stype=egg"), "Angn\n");
  Step(s, Action::kRight);  // no gem: an egg at the first nest
  EXPECT_EQ(Count(s, "egg"), 1);
  Step(s, Action::kRight);
  Step(s, Action::kRight);  // one gem: nothing at the second nest
  EXPECT_EQ(Count(s, "egg"), 1);
  EXPECT_EQ(RectOf(s, First(s, "egg")), (Rect{10, 0, 10, 10}));
}

TEST(SpawnPlayedTest, SpawnBehindLeavesATrailWhereTheAvatarWas) {
  State s = MakeState(Fill(kPlayedGame, "ground avatar > spawnBehind stype=trail"), "A...\n");
  Step(s, Action::kRight);
  ASSERT_EQ(Count(s, "trail"), 1);
  EXPECT_EQ(RectOf(s, First(s, "trail")), (Rect{0, 0, 10, 10}));
  Step(s);  // standing still: no trail
  EXPECT_EQ(Count(s, "trail"), 1);
  Step(s, Action::kRight);
  ASSERT_EQ(Count(s, "trail"), 2);
  EXPECT_EQ(RectOf(s, Sprites(s, "trail")[1]), (Rect{10, 0, 10, 10}));
}

TEST(SpawnPlayedTest, SpawnAboveBelowLeftRightAroundTheSecondSprite) {
  struct Case {
    const char* effect;
    Rect at;
  };
  // The avatar steps from (0,10) onto the button at (10,10).
  for (const Case& c :
       {Case{"spawnAbove", Rect{10, 0, 10, 10}}, Case{"spawnBelow", Rect{10, 20, 10, 10}},
        Case{"spawnLeft", Rect{0, 10, 10, 10}}, Case{"spawnRight", Rect{20, 10, 10, 10}},
        Case{"spawnAbove stepBack=True", Rect{0, 0, 10, 10}}}) {
    State s =
        MakeState(Fill(kPlayedGame, std::string("button avatar > ") + c.effect + " stype=flag"),
                  "...\nAb.\n...\n");
    Step(s, Action::kRight);
    ASSERT_EQ(Count(s, "flag"), 1) << c.effect;
    EXPECT_EQ(RectOf(s, First(s, "flag")), c.at) << c.effect;
  }
}

TEST(SpawnPlayedTest, CloneSpriteClonesEveryOverlappingSeed) {
  State s = MakeState(Fill(kPlayedGame, "seed avatar > cloneSprite"), "As.\n");
  Step(s, Action::kRight);
  EXPECT_EQ(Count(s, "seed"), 2);
  Step(s);  // both seeds touch the avatar: four
  EXPECT_EQ(Count(s, "seed"), 4);
  for (SpriteRef seed : Sprites(s, "seed")) EXPECT_EQ(RectOf(s, seed), (Rect{10, 0, 10, 10}));
  Step(s, Action::kRight);
  EXPECT_EQ(Count(s, "seed"), 4);
}

TEST(SpawnPlayedTest, UpdateSpawnTypeSwitchesTheSpawnPointsProduct) {
  State s = MakeState(
      Fill(kPlayedGame, "lever avatar > updateSpawnType stype=rock spawnPoint=hatchery"), "Al.h\n");
  Step(s, Action::kRight);  // the hatchery makes an egg, then the lever switches it
  EXPECT_EQ(Count(s, "egg"), 1);
  EXPECT_EQ(Count(s, "rock"), 0);
  Step(s, Action::kRight);
  EXPECT_EQ(Count(s, "egg"), 1);
  EXPECT_EQ(Count(s, "rock"), 1);
}

// The avatar steps onto the altar, whose spawnIfCounterSubTypes counts the runes.
State AfterStepOntoTheAltar(int limit, int sub_types_num, std::string_view level) {
  State s =
      MakeState(Fill(kPlayedGame,
                     "altar avatar > spawnIfCounterSubTypes stype=reward estype=junk "
                     "stypeCount=rune limit=" +
                         std::to_string(limit) + " subTypesNum=" + std::to_string(sub_types_num)),
                level);
  Step(s, Action::kRight);
  return s;
}

TEST(SpawnPlayedTest, SpawnIfCounterSubTypesChoosesByCountAndLiveSubtypes) {
  // Two runes of two kinds: count 2, and half of the live subtype count is 1.
  const State hit = AfterStepOntoTheAltar(2, 1, "Aa.\nxy.\n");
  ASSERT_EQ(Count(hit, "reward"), 1);
  EXPECT_EQ(Count(hit, "junk"), 0);
  EXPECT_EQ(RectOf(hit, First(hit, "reward")), (Rect{10, 0, 10, 10}));
  const State miss = AfterStepOntoTheAltar(3, 1, "Aa.\nxy.\n");
  EXPECT_EQ(Count(miss, "reward"), 0);
  EXPECT_EQ(Count(miss, "junk"), 1);
}

// GVGAI counts a type of the subtype list only when it has sprites of its own: the parent
// `rune`, which the level never places, is not counted although its subtypes hold a live
// rune. One kind of rune is one non-empty subtype, and half of it is 0.
TEST(SpawnPlayedTest, SpawnIfCounterSubTypesCountsOnlyTypesWithSpritesOfTheirOwn) {
  const State s = AfterStepOntoTheAltar(1, 0, "Aa.\nx..\n");
  EXPECT_EQ(Count(s, "reward"), 1);
  EXPECT_EQ(Count(s, "junk"), 0);
}

// GVGAI refuses a creation while its sprite count (num_sprites) is above 10000, and that count
// drops once per kill-list entry: a sprite killed twice in a tick lowers it twice. Here 9995
// sprites stand, five dust sprites are each killed twice (one count too many each), and ten
// rocks appear one a tick (the maker and the quarry leave after their last). GVGAI's count
// stays at most 10000, so no rock is refused, while the true count passes 10000.
TEST(SpawnPlayedTest, TheSpriteLimitCountsEveryKillOfASpriteKilledTwice) {
  constexpr std::string_view kQuarryGame = R"(BasicGame square_size=10
    SpriteSet
        rock > Immovable
        dust > Immovable
        pit > Immovable
        maker > SpawnPoint stype=dust cooldown=1 total=5
        quarry > SpawnPoint stype=rock cooldown=1 total=10
        avatar > MovingAvatar
    LevelMapping
        r > rock
        m > pit maker
        q > quarry
    InteractionSet
        pit maker > killAll stype=dust
        pit maker > killAll stype=dust
    TerminationSet
        Timeout limit=1000 win=True
)";
  std::string level = "Amq" + std::string(97, 'r') + "\n";
  for (int row = 1; row < 100; ++row) level += std::string(100, 'r') + "\n";
  level.replace(level.size() - 7, 6, "      ");  // 9991 rocks: 9995 sprites in all
  State s = MakeState(kQuarryGame, level);
  ASSERT_EQ(s.sprite_count(), 9995);
  for (int t = 0; t < 12; ++t) Step(s);
  EXPECT_EQ(Count(s, "dust"), 0);
  EXPECT_EQ(Count(s, "rock"), 9991 + 10);
  EXPECT_EQ(s.sprite_count(), 9995 + 10 - 2);
  EXPECT_EQ(s.sprite_limit_tick(), -1);  // nothing was refused
}

// The first refusal is remembered (State::sprite_limit_tick), for the tools to report: GVGAI
// logs each refusal and ends the game after 25 logged messages (quirk 11), the engine plays
// on. tests/data/sprite_limit/quarry: 9998 rocks, the avatar and a quarry making a rock each
// tick. The first rock makes 10001 sprites, and every later one is refused.
TEST(SpawnPlayedTest, TheFirstTickTheSpriteLimitRefusedASpriteIsRemembered) {
  const auto text = [](const char* file) {
    std::ifstream in(std::filesystem::path(VGDL_TEST_DATA_DIR) / "sprite_limit" / file);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  };
  State s = MakeState(text("quarry.txt"), text("quarry_lvl0.txt"));
  ASSERT_EQ(s.sprite_count(), 10000);
  Step(s);
  EXPECT_EQ(s.sprite_count(), 10001);
  EXPECT_EQ(s.sprite_limit_tick(), -1);
  Step(s);
  Step(s);
  EXPECT_EQ(s.sprite_count(), 10001);
  EXPECT_EQ(s.sprite_limit_tick(), 1);
}

}  // namespace
}  // namespace vgdl::testing
