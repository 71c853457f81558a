// SpawnPoint and its relatives: the (start + tick) % cooldown phase, a random float drawn on
// every update, totals, and the orientation given to products.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "tests/engine/sprites/sprite_test_util.h"

namespace vgdl {
namespace {

using testing::CountOf;
using testing::Only;
using testing::SpritesOf;
using testing::Tick;
using testing::TinyGame;

constexpr const char* kGame = R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    egg > Immovable
    bolt > Missile
    upbolt > Missile orientation=UP
    nest > SpawnPoint stype=egg cooldown=3
    lucky > SpawnPoint stype=egg prob=0.5
    twice > SpawnPoint stype=egg total=2
    plane > Bomber stype=bolt cooldown=2 speed=1
    aimed > Bomber stype=bolt spawnorientation=DOWN
    own > Bomber stype=upbolt
    drunk > RandomBomber stype=egg
    mixer > BomberRandomMissile stypeMissile=bolt,egg
    multi > SpawnPointMultiSprite stypes=egg,bolt total=3
    avatar > ShootAvatar stype=nest
  LevelMapping
    n > nest
    l > lucky
    t > twice
    p > plane
    a > aimed
    o > own
    d > drunk
    m > mixer
    u > multi
    A > avatar
  InteractionSet
    avatar wall > stepBack
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

std::string Level(char c) {
  std::string level =
      "wwwwwwwww\nw.......w\nw.......w\nw...X...w\nw.......w\nwA......w\nwwwwwwwww\n";
  level[level.find('X')] = c;
  return level;
}

TEST(SpawnPointTest, SpawnsWhenStartPlusTickIsAMultipleOfTheCooldown) {
  TinyGame g(kGame, Level('n'));
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  // First update at tick 0, so start = 0: spawns at ticks 0, 3, 6, ...
  const int expected[] = {1, 1, 1, 2, 2, 2, 3};
  for (const int n : expected) {
    Tick(s);
    EXPECT_EQ(CountOf(s, "egg"), n) << "tick " << s.tick() - 1;
  }
  EXPECT_EQ(s.sprite(Only(s, "egg")).rect, (Rect{40, 30, 10, 10}));
}

TEST(SpawnPointTest, PhaseCountsFromTheFirstUpdateTickAddedToTheTick) {
  TinyGame g(kGame, "wwwwwww\nw.....w\nwA....w\nwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);
  Tick(s, Action::kUse);  // a nest appears at tick 1 and is updated that tick: start = 1
  ASSERT_EQ(CountOf(s, "nest"), 1);
  // (1 + tick) % 3 == 0 at ticks 2, 5, 8 (not 1, 4, 7).
  EXPECT_EQ(CountOf(s, "egg"), 0);
  Tick(s);
  EXPECT_EQ(CountOf(s, "egg"), 1);
  Tick(s);
  Tick(s);
  EXPECT_EQ(CountOf(s, "egg"), 1);
  Tick(s);
  EXPECT_EQ(CountOf(s, "egg"), 2);
}

TEST(SpawnPointTest, DrawsAFloatEveryUpdateAndSpawnsBelowProb) {
  TinyGame g(kGame, Level('l'));
  ASSERT_TRUE(g.ok());
  State s = g.Start(17);
  JavaRandom replica = s.rng();
  int expected = 0;
  for (int t = 0; t < 20; ++t) {
    if (replica.NextFloat() < 0.5f) ++expected;
    Tick(s);
    ASSERT_EQ(CountOf(s, "egg"), expected) << "tick " << t;
    ASSERT_EQ(s.rng(), replica);
  }
  EXPECT_GT(expected, 0);
  EXPECT_LT(expected, 20);
}

// Seventy spawn points, drawn ahead in a loop that spawns between draws and runs past the
// generator's jump table: each still draws its own float, in creation order.
TEST(SpawnPointTest, ManySpawnPointsDrawInCreationOrder) {
  std::string level = "wwwwwwwwwwww\n";
  for (int row = 0; row < 7; ++row) level += "wllllllllllw\n";
  level += "wA.........w\nwwwwwwwwwwww\n";
  TinyGame g(kGame, level);
  ASSERT_TRUE(g.ok());
  State s = g.Start(5);
  ASSERT_EQ(CountOf(s, "lucky"), 70);
  JavaRandom replica = s.rng();
  std::vector<Rect> expected;
  for (int t = 0; t < 3; ++t) {
    for (const SpriteRef spawner : SpritesOf(s, "lucky")) {
      if (replica.NextFloat() < 0.5f) expected.push_back(s.sprite(spawner).rect);
    }
    Tick(s);
    ASSERT_EQ(s.rng(), replica) << "tick " << t;
    std::vector<Rect> eggs;
    for (const SpriteRef egg : SpritesOf(s, "egg")) eggs.push_back(s.sprite(egg).rect);
    ASSERT_EQ(eggs, expected) << "tick " << t;
  }
}

// A float equal to prob does not spawn; the next float up from it does.
TEST(SpawnPointTest, SpawnsOnlyStrictlyBelowProb) {
  JavaRandom replica = TinyGame(kGame, Level('l')).Start(9).rng();
  const float roll = replica.NextFloat();
  for (const float prob : {roll, std::nextafter(roll, 2.0f)}) {
    std::string game = kGame;
    char text[40];
    std::snprintf(text, sizeof text, "prob=%.17g", static_cast<double>(prob));
    game.replace(game.find("prob=0.5"), 8, text);
    TinyGame g(game, Level('l'));
    ASSERT_TRUE(g.ok());
    State s = g.Start(9);
    Tick(s);
    EXPECT_EQ(CountOf(s, "egg"), prob > roll ? 1 : 0) << text;
  }
}

TEST(SpawnPointTest, KillsItselfAfterItsTotal) {
  TinyGame g(kGame, Level('t'));
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);
  EXPECT_EQ(CountOf(s, "twice"), 1);
  Tick(s);
  EXPECT_EQ(CountOf(s, "egg"), 2);
  EXPECT_EQ(CountOf(s, "twice"), 0);
}

TEST(SpawnPointTest, BomberMovesAndDropsOrientedProducts) {
  TinyGame g(kGame, Level('p'));
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  // cooldown=2 gates both the spawning phase (ticks 0, 2, ...) and the passive movement
  // (first move skipped at tick 0, then whenever lastmove reaches 2).
  Tick(s);
  ASSERT_EQ(CountOf(s, "bolt"), 1);
  // A product without an orientation of its own takes the spawner's (RIGHT).
  EXPECT_EQ(s.sprite(SpritesOf(s, "bolt")[0]).orientation, dir::kRight);
  EXPECT_EQ(s.sprite(Only(s, "plane")).rect.x, 40);
  Tick(s);
  EXPECT_EQ(CountOf(s, "bolt"), 1);
  EXPECT_EQ(s.sprite(Only(s, "plane")).rect.x, 50);
  Tick(s);
  EXPECT_EQ(CountOf(s, "bolt"), 2);
  EXPECT_EQ(s.sprite(Only(s, "plane")).rect.x, 50);  // lastmove 1 < cooldown 2
  EXPECT_EQ(s.sprite(SpritesOf(s, "bolt")[1]).rect.x, 50);
}

TEST(SpawnPointTest, SpawnOrientationWinsAndOwnOrientationIsKept) {
  TinyGame g(kGame, Level('a'));
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);
  EXPECT_EQ(s.sprite(Only(s, "bolt")).orientation, dir::kDown);

  TinyGame g2(kGame, Level('o'));
  ASSERT_TRUE(g2.ok());
  State s2 = g2.Start();
  Tick(s2);
  EXPECT_EQ(s2.sprite(Only(s2, "upbolt")).orientation, dir::kUp);
}

TEST(SpawnPointTest, RandomBomberMovesBeforeRollingItsDie) {
  TinyGame g(kGame, Level('d'));
  ASSERT_TRUE(g.ok());
  State s = g.Start(23);
  JavaRandom replica = s.rng();
  const Vec2 d = dir::kBase[replica.NextInt(4)];
  replica.NextFloat();
  Tick(s);
  const Rect moved = Rect{40, 30, 10, 10}.translated(static_cast<int32_t>(d.x) * 10,
                                                     static_cast<int32_t>(d.y) * 10);
  EXPECT_EQ(s.sprite(Only(s, "drunk")).rect, moved);
  // The egg appears where the bomber is after its move.
  EXPECT_EQ(s.sprite(Only(s, "egg")).rect, moved);
  EXPECT_EQ(s.rng(), replica);
}

TEST(SpawnPointTest, BomberRandomMissileDrawsTheMissileFirst) {
  TinyGame g(kGame, Level('m'));
  ASSERT_TRUE(g.ok());
  for (int64_t seed = 1; seed <= 6; ++seed) {
    State s = g.Start(seed);
    JavaRandom replica = s.rng();
    const bool bolt = replica.NextInt(2) == 0;
    replica.NextFloat();
    Tick(s);
    EXPECT_EQ(CountOf(s, "bolt"), bolt ? 1 : 0);
    EXPECT_EQ(CountOf(s, "egg"), bolt ? 0 : 1);
    EXPECT_EQ(s.rng(), replica);
  }
}

TEST(SpawnPointTest, MultiSpriteSpawnsOneOfEachAndCountsEach) {
  TinyGame g(kGame, Level('u'));
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);
  EXPECT_EQ(CountOf(s, "egg"), 1);
  EXPECT_EQ(CountOf(s, "bolt"), 1);
  EXPECT_EQ(CountOf(s, "multi"), 1);
  Tick(s);  // four products now: total=3 reached
  EXPECT_EQ(CountOf(s, "egg"), 2);
  EXPECT_EQ(CountOf(s, "multi"), 0);
}

}  // namespace
}  // namespace vgdl
