// Chaser, Fleeing and LOSChaser: greedy 1-pixel probes toward the closest targets, duplicates
// in the candidate list weighting the draw.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "engine/physics/physics.h"
#include "engine/sprites/families.h"
#include "engine/sprites/sprite_util.h"
#include "tests/engine/sprites/sprite_test_util.h"

namespace vgdl {
namespace {

using testing::ExpectDrawnMove;
using testing::Moved;
using testing::Only;
using testing::RectOf;
using testing::Tick;
using testing::TinyGame;

constexpr const char* kGame = R"(BasicGame square_size=10
  SpriteSet
    wall > Immovable
    goal > Immovable
    hunter > Chaser stype=goal
    coward > Fleeing stype=goal
    shortsighted > Chaser stype=goal maxDistance=15
    watcher > LOSChaser stype=goal
    avatar > MovingAvatar
  LevelMapping
    g > goal
    h > hunter
    c > coward
    s > shortsighted
    l > watcher
    A > avatar
  InteractionSet
    avatar wall > stepBack
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

TEST(ChaserTest, StepsTowardATargetInLine) {
  TinyGame g(kGame, "wwwwwwww\nwh....gw\nw......w\nwA.....w\nwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  JavaRandom replica = s.rng();
  replica.NextInt(1);  // one candidate: RIGHT
  Tick(s);
  EXPECT_EQ(RectOf(s, "hunter"), (Rect{20, 10, 10, 10}));
  EXPECT_EQ(s.rng(), replica);
}

TEST(ChaserTest, DiagonalTargetOffersTwoMoves) {
  TinyGame g(kGame, "wwwwwwww\nwh.....w\nw......w\nw.....gw\nwA.....w\nwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  // Probes in [UP, LEFT, DOWN, RIGHT]: DOWN and RIGHT bring it closer.
  const Vec2 candidates[] = {dir::kDown, dir::kRight};
  for (int64_t seed = 1; seed <= 6; ++seed) {
    State s = g.Start(seed);
    SCOPED_TRACE(seed);
    ExpectDrawnMove(s, "hunter", candidates);
  }
}

TEST(ChaserTest, EquallyCloseTargetsEachAddTheirMovesDuplicatesIncluded) {
  // Two goals at distance 3, up-right (+1,-2) and (+2,-1): each offers [UP, RIGHT], so the
  // draw is over four candidates.
  TinyGame g(kGame, "wwwwwww\nw..g..w\nw...g.w\nw.h...w\nwA....w\nwwwwwww\n");
  ASSERT_TRUE(g.ok());
  const Vec2 candidates[] = {dir::kUp, dir::kRight, dir::kUp, dir::kRight};
  for (int64_t seed = 1; seed <= 10; ++seed) {
    State s = g.Start(seed);
    SCOPED_TRACE(seed);
    ExpectDrawnMove(s, "hunter", candidates);
  }
}

TEST(ChaserTest, FleeingStepsAway) {
  TinyGame g(kGame, "wwwwwwww\nw......w\nw..gc..w\nw......w\nwA.....w\nwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  // Goal to the left: UP, DOWN and RIGHT all increase the Manhattan distance.
  const Vec2 candidates[] = {dir::kUp, dir::kDown, dir::kRight};
  for (int64_t seed = 1; seed <= 6; ++seed) {
    State s = g.Start(seed);
    SCOPED_TRACE(seed);
    ExpectDrawnMove(s, "coward", candidates);
  }
}

TEST(ChaserTest, TargetsBeyondMaxDistanceAreIgnored) {
  TinyGame g(kGame, "wwwwwwww\nws...g.w\nw......w\nwA.....w\nwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start(4);
  ExpectDrawnMove(s, "shortsighted", dir::kBase);  // a random move instead
}

TEST(ChaserTest, WallsDoNotStopTheChoice) {
  // The goal is straight below behind a wall: the chaser still picks DOWN (stepBack is the
  // game's business; this game has none for it).
  TinyGame g(kGame, "wwwwwww\nw..h..w\nwwwwwww\nw..g..w\nwA....w\nwwwwwww\n");
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s);
  EXPECT_EQ(RectOf(s, "hunter"), (Rect{30, 20, 10, 10}));
}

TEST(ChaserTest, LosChaserSeesOnlyAlongItsLastRandomMove) {
  TinyGame g(kGame, "wwwwwwwww\nw.......w\nw...l...w\nw.......w\nwA......w\nwwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  // No goal in sight: every update is a random move, the first one included.
  State s = g.Start(2);
  ExpectDrawnMove(s, "watcher", dir::kBase);
}

TEST(ChaserTest, LosChaserChasesWhatItSees) {
  TinyGame g(kGame,
             "wwwwwwwww\nw...g...w\nw.......w\nwg..l..gw\nw.......w\nwA..g...w\nwwwwwwwww\n");
  ASSERT_TRUE(g.ok());
  // Goals in all four directions. Its first move is random (nothing seen yet); afterwards it
  // sees the goal ahead along that move and keeps chasing it: the second move repeats the
  // first one without a random direction draw, only the candidate draw (one candidate).
  for (int64_t seed = 1; seed <= 6; ++seed) {
    State s = g.Start(seed);
    JavaRandom replica = s.rng();
    const Vec2 d = dir::kBase[replica.NextInt(4)];
    const Rect before = RectOf(s, "watcher");
    Tick(s);
    ASSERT_EQ(RectOf(s, "watcher"), Moved(before, d));
    replica.NextInt(1);
    Tick(s);
    EXPECT_EQ(RectOf(s, "watcher"), Moved(Moved(before, d), d)) << "seed " << seed;
    EXPECT_EQ(s.rng(), replica);
  }
}

// kGame with `physics` (" physicstype=CONT", or "" for the grid) appended to each of `lines`.
std::string WithPhysics(const char* physics, std::initializer_list<std::string_view> lines) {
  std::string game = kGame;
  for (const std::string_view line : lines) game.insert(game.find(line) + line.size(), physics);
  return game;
}

// AppendMovesToward decides each probe by the sign of the offset on its axis. This checks
// that rule against GVGAI's definition, the physics distance before and after a one-pixel
// probe, for grid (Manhattan) and continuous (Euclidean) physics, near and far.
TEST(ChaserTest, ProbeRuleMatchesTheDistanceComparison) {
  for (const char* physics : {"", " physicstype=CONT"}) {
    TinyGame g(WithPhysics(physics, {"hunter > Chaser stype=goal"}), "h.g\nA..\n");
    ASSERT_TRUE(g.ok());
    State s = g.Start();
    const SpriteRef hunter = Only(s, "hunter");
    const SpriteRef goal = Only(s, "goal");
    const SpriteDef& d = s.def_of(hunter);
    for (const int32_t far : {0, 1000, 70000}) {
      for (int32_t dx = -3; dx <= 3; ++dx) {
        for (int32_t dy = -3; dy <= 3; ++dy) {
          s.sprite(hunter).rect.x = 100 + dx + far;
          s.sprite(hunter).rect.y = 100 + dy;
          s.sprite(goal).rect.x = 100;
          s.sprite(goal).rect.y = 100;
          const Rect me = s.sprite(hunter).rect;
          const Rect other = s.sprite(goal).rect;
          for (const bool fleeing : {false, true}) {
            std::vector<Vec2> expected;
            const double dist = PhysicsDistance(d, me, other);
            for (const Vec2 u : dir::kBase) {
              const Rect probe =
                  me.translated(static_cast<int32_t>(u.x), static_cast<int32_t>(u.y));
              const double probe_dist = PhysicsDistance(d, probe, other);
              if (fleeing ? dist < probe_dist : dist > probe_dist) expected.push_back(u);
            }
            std::vector<Vec2> moves;
            AppendMovesToward(s, hunter, goal, fleeing, moves);
            EXPECT_EQ(moves, expected) << "physics '" << physics << "' offset " << dx + far << ","
                                       << dy << (fleeing ? " fleeing" : "");
          }
        }
      }
    }
  }
}

// GVGAI's distance subtracts getMinX()/getMinY() doubles: offsets across the whole int range
// do not wrap around.
TEST(ChaserTest, PhysicsDistanceSubtractsPositionsAsDoubles) {
  TinyGame g(kGame, "h.g\nA..\n");
  ASSERT_TRUE(g.ok());
  const SpriteDef& grid = g.def().types[static_cast<size_t>(g.Type("hunter"))];
  SpriteDef cont = grid;
  cont.physics = PhysicsType::kContinuous;
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  const Rect a{kMax, kMin, 10, 10};
  const Rect b{kMin, kMax - 1, 10, 10};
  EXPECT_EQ(PhysicsDistance(grid, a, b), 4294967295.0 + 4294967294.0);
  EXPECT_EQ(PhysicsDistance(cont, a, b),
            std::sqrt(4294967295.0 * 4294967295.0 + 4294967294.0 * 4294967294.0));
}

// Far from the origin the sign rule no longer matches GVGAI's distance comparison: a probe
// against the int range's end does not move (java.awt.Rectangle.translate stops there), and a
// one-pixel change of a small offset is lost in the Euclidean distance of a huge one.
TEST(ChaserTest, FarFromTheOriginProbesCompareDistancesAsGvgaiDoes) {
  for (const char* physics : {"", " physicstype=CONT"}) {
    TinyGame g(WithPhysics(physics, {"coward > Fleeing stype=goal", "hunter > Chaser stype=goal"}),
               "h.g\nc..\nA..\n");
    ASSERT_TRUE(g.ok());
    State s = g.Start();
    const SpriteRef hunter = Only(s, "hunter");
    const SpriteRef coward = Only(s, "coward");
    const SpriteRef goal = Only(s, "goal");
    constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
    const bool grid = *physics == '\0';
    // Fleeing at the right end of the range from a goal to its left: RIGHT does not move; in
    // Euclidean distance UP and DOWN add 1 to a squared offset near 2^62, which rounds away.
    s.sprite(coward).rect = Rect{kMax, 0, 10, 10};
    s.sprite(goal).rect = Rect{0, 0, 10, 10};
    std::vector<Vec2> moves;
    AppendMovesToward(s, coward, goal, /*fleeing=*/true, moves);
    EXPECT_EQ(moves, grid ? (std::vector<Vec2>{dir::kUp, dir::kDown}) : (std::vector<Vec2>{}))
        << physics;
    // Chasing a goal one pixel to the right and 2^30 pixels down: in Euclidean distance RIGHT
    // changes the squared offset 2^60 + 1 by 1, which rounds away.
    s.sprite(hunter).rect = Rect{0, 0, 10, 10};
    s.sprite(goal).rect = Rect{1, 1 << 30, 10, 10};
    moves.clear();
    AppendMovesToward(s, hunter, goal, /*fleeing=*/false, moves);
    EXPECT_EQ(moves,
              grid ? (std::vector<Vec2>{dir::kDown, dir::kRight}) : (std::vector<Vec2>{dir::kDown}))
        << physics;
  }
}

// GVGAI's lastDirection subtracts getMinX()/getMinY() doubles: a move across the whole int
// range does not wrap around to a short move the other way.
TEST(SpriteUtilTest, LastDirectionSubtractsPositionsAsDoubles) {
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  Sprite sp;
  sp.lastrect = Rect{kMin + 3, kMax - 1, 10, 10};
  sp.rect = Rect{kMax - 2, kMin, 10, 10};
  EXPECT_EQ(LastDirection(sp), (Vec2{4294967290.0, -4294967294.0}));
}

}  // namespace
}  // namespace vgdl
