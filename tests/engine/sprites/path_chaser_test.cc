// PathChaser and PathAltChaser: the path finder's first step; PathAltChaser's memory of a
// target that has left the game.
#include <gtest/gtest.h>

#include <string>

#include "engine/path_finder.h"
#include "tests/engine/sprites/sprite_test_util.h"

namespace vgdl {
namespace {

using testing::ExpectDrawnMove;
using testing::RectOf;
using testing::Tick;
using testing::TinyGame;

constexpr const char* kChaseGame = R"(BasicGame square_size=10 obs=wall
  SpriteSet
    wall > Immovable
    goal > Immovable
    hunter > PathChaser stype=goal
    avatar > MovingAvatar
  LevelMapping
    g > goal
    h > hunter
    A > avatar
  InteractionSet
    avatar wall > stepBack
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

TEST(PathChaserTest, FollowsThePathAroundWalls) {
  // Greedy steps (LEFT, DOWN) lead into walls; the path goes right and around.
  TinyGame g(kChaseGame,
             "wwwwwwwww\n"
             "w.......w\n"
             "w.wwwww.w\n"
             "w...h...w\n"
             "wwwwwww.w\n"
             "wgA.....w\n"
             "wwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  ASSERT_NE(s.path_finder(), nullptr) << "the State must build the path finder for obs=";
  const JavaRandom start = s.rng();
  Tick(s);
  EXPECT_EQ(RectOf(s, "hunter"), (Rect{50, 30, 10, 10}));
  Tick(s);
  Tick(s);
  Tick(s);
  EXPECT_EQ(RectOf(s, "hunter"), (Rect{70, 40, 10, 10}));
  EXPECT_EQ(s.rng(), start);  // following a path draws nothing
}

TEST(PathChaserTest, WithoutATargetItMovesAtRandom) {
  TinyGame g(kChaseGame, "wwwwwww\nw.....w\nw..h..w\nw.....w\nwA....w\nwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start(6);
  ExpectDrawnMove(s, "hunter", dir::kBase);
}

constexpr const char* kNoObsGame = R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    goal > Immovable
    hunter > PathChaser stype=goal
    avatar > MovingAvatar
  LevelMapping
    g > goal
    h > hunter
    A > avatar
  InteractionSet
    avatar wall > stepBack
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

TEST(PathChaserTest, WithoutAPathFinderItStandsStill) {
  TinyGame g(kNoObsGame, "wwwwwww\nw.h.g.w\nwA....w\nwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  EXPECT_EQ(s.path_finder(), nullptr);
  const Rect before = RectOf(s, "hunter");
  Tick(s);
  EXPECT_EQ(RectOf(s, "hunter"), before);
}

constexpr const char* kAltGame = R"(BasicGame square_size=10 obs=wall
  SpriteSet
    wall > Immovable
    pill > Immovable
    ghost > PathAltChaser stype1=hungry stype2=powered
    pacman > MovingAvatar
      hungry >
      powered >
  LevelMapping
    p > pill
    g > ghost
    A > hungry
  InteractionSet
    pacman wall > stepBack
    hungry pill > transformTo stype=powered
  TerminationSet
    SpriteCounter stype=pacman limit=0 win=False
)";

TEST(PathAltChaserTest, HeadsForWhereItsTargetLeftTheGame) {
  TinyGame g(kAltGame,
             "wwwwwwwwwwww\n"
             "wg.........w\n"
             "w.wwwwwwww.w\n"
             "w.pA.......w\n"
             "wwwwwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start(11);
  const JavaRandom start = s.rng();
  // Tick 0: the avatar steps onto the pill; the ghost sets off toward it (DOWN), then the
  // avatar turns into `powered`, so no `hungry` sprite is left.
  Tick(s, Action::kLeft);
  ASSERT_EQ(testing::CountOf(s, "hungry"), 0);
  ASSERT_EQ(testing::CountOf(s, "powered"), 1);
  EXPECT_EQ(RectOf(s, "ghost"), (Rect{10, 20, 10, 10}));
  // The ghost keeps going to the spot where `hungry` was last: DOWN, then RIGHT.
  Tick(s);
  EXPECT_EQ(RectOf(s, "ghost"), (Rect{10, 30, 10, 10}));
  Tick(s);
  EXPECT_EQ(RectOf(s, "ghost"), (Rect{20, 30, 10, 10}));
  EXPECT_EQ(s.rng(), start);
  // There, with nothing to chase, it moves at random.
  JavaRandom replica = s.rng();
  const Vec2 d = dir::kBase[replica.NextInt(4)];
  Tick(s);
  EXPECT_EQ(RectOf(s, "ghost"),
            (Rect{20, 30, 10, 10})
                .translated(static_cast<int32_t>(d.x) * 10, static_cast<int32_t>(d.y) * 10));
  EXPECT_EQ(s.rng(), replica);
}

constexpr const char* kShotChaseGame = R"(BasicGame square_size=10 obs=wall
  SpriteSet
    wall > Immovable
    shot > Missile orientation=UP speed=1
    ghost > PathAltChaser stype1=shot stype2=wall
    avatar > MovingAvatar
  LevelMapping
    s > shot
    g > ghost
    A > avatar
  InteractionSet
    shot EOS > killSprite
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

TEST(PathAltChaserTest, RemembersTheRectItsTargetHadWhenItLeftTheGame) {
  // The ghost (updated before the shot) takes the shot as its target; in tick 1 (a missile
  // skips its first) the shot flies off the top and is killed there. GVGAI keeps the shot
  // object, at y = -10.
  TinyGame g(kShotChaseGame,
             "..s..\n"
             ".....\n"
             "g...A\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);
  Tick(s);
  ASSERT_EQ(testing::CountOf(s, "shot"), 0);
  ASSERT_EQ(s.chase_memory().size(), 1u);
  EXPECT_EQ(s.chase_memory()[0].target_rect, (Rect{20, -10, 10, 10}));
}

constexpr const char* kWallHuggerGame = R"(BasicGame square_size=10 obs=wall
  SpriteSet
    wall > Immovable
    ghost > PathAltChaser stype1=avatar stype2=wall
    avatar > MovingAvatar
  LevelMapping
    g > ghost
    A > avatar
  InteractionSet
    avatar wall > stepBack
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

TEST(PathAltChaserTest, FallsBackToTheLastPositionThatHadAPath) {
  TinyGame g(kWallHuggerGame,
             "wwwwwwww\n"
             "wg.....w\n"
             "w......w\n"
             "w.....Aw\n"
             "wwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  ASSERT_NE(s.path_finder(), nullptr);
  const PathFinder& finder = *s.path_finder();
  Tick(s);
  const Rect after_first = RectOf(s, "ghost");
  EXPECT_NE(after_first, (Rect{10, 10, 10, 10}));
  // The avatar walks into the wall: while the ghost moves it stands in a wall cell, which has
  // no path, so the ghost heads for where the avatar was when it last had one.
  Tick(s, Action::kRight);
  const auto step =
      finder.FirstStep(PathFinder::CellOfPixel(after_first.x, after_first.y, 10), Cell{6, 3});
  ASSERT_TRUE(step.has_value());
  EXPECT_EQ(RectOf(s, "ghost"), after_first.translated(static_cast<int32_t>(step->x) * 10,
                                                       static_cast<int32_t>(step->y) * 10));
}

constexpr const char* kRandomAltGame = R"(BasicGame square_size=10 obs=wall
  SpriteSet
    wall > Immovable
    ghost > RandomPathAltChaser stype1=avatar epsilon=%s
    avatar > MovingAvatar
  LevelMapping
    g > ghost
    A > avatar
  InteractionSet
    avatar wall > stepBack
    ghost wall > stepBack
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

std::string RandomAltGame(const char* epsilon) {
  std::string game = kRandomAltGame;
  game.replace(game.find("%s"), 2, epsilon);
  return game;
}

TEST(RandomPathAltChaserTest, WithEpsilonZeroItDrawsAndThenFollowsThePath) {
  TinyGame g(RandomAltGame("0"),
             "wwwwwww\n"
             "wg...Aw\n"
             "wwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start(5);
  JavaRandom replica = s.rng();
  for (int i = 1; i <= 3; ++i) {
    replica.NextDouble();  // the epsilon draw happens on every update
    Tick(s);
    EXPECT_EQ(RectOf(s, "ghost"), (Rect{10 + 10 * i, 10, 10, 10}));
    EXPECT_EQ(s.rng(), replica);
  }
}

TEST(RandomPathAltChaserTest, WithEpsilonOneItMovesAtRandom) {
  TinyGame g(RandomAltGame("1"),
             "wwwwwww\n"
             "w.....w\n"
             "w..g..w\n"
             "w.....w\n"
             "wA....w\n"
             "wwwwwww\n");
  ASSERT_TRUE(g.ok());
  for (int64_t seed = 1; seed <= 4; ++seed) {
    State s = g.Start(seed);
    JavaRandom replica = s.rng();
    replica.NextDouble();
    const Vec2 d = dir::kBase[replica.NextInt(4)];
    Tick(s);
    EXPECT_EQ(RectOf(s, "ghost"),
              (Rect{30, 20, 10, 10})
                  .translated(static_cast<int32_t>(d.x) * 10, static_cast<int32_t>(d.y) * 10));
    EXPECT_EQ(s.rng(), replica);
  }
}

}  // namespace
}  // namespace vgdl
