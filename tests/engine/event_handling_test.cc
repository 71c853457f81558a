// The pair-effect loop (engine/event_handling.cc): repeated effects of one pair, the shortcut
// that skips an effect when the previous effect of its pair ran for no sprite, the memory of
// first sprites that touched none of a static second group (engine/pair_hits.h), the hits
// of a first sprite taken once, before its effects run, whichever way they are looked up, and
// the hits kept for later steps on a tiny level.
#include <string>
#include <string_view>

#include "tests/engine/effects/effect_test_util.h"

namespace vgdl::testing {
namespace {

// The avatar pushes the rightmost of three crates to the left. Crates are listed left to
// right, so each pass of `crate crate > bounceForward` moves the chain on by one crate only:
// pass 1 pushes the middle crate (hit by the right one), pass 2 the left one; pass 3 and
// later find nothing and are skipped.
std::string PushGame(int repeat) {
  return R"(BasicGame square_size=10
    SpriteSet
        crate > Passive
        avatar > MovingAvatar
    LevelMapping
        c > crate
    InteractionSet
        crate avatar > bounceForward
        crate crate > bounceForward repeat=)" +
         std::to_string(repeat) + R"(
    TerminationSet
        Timeout limit=100 win=True
)";
}

// The x positions of `type`'s sprites, in list order.
std::vector<int32_t> Xs(const State& s, std::string_view type) {
  std::vector<int32_t> xs;
  for (const SpriteRef c : s.sprites_of(s.def().FindType(type))) xs.push_back(RectOf(s, c).x);
  return xs;
}

TEST(EventHandlingTest, EachRepeatOfAPairEffectSeesTheMovesOfThePreviousOnes) {
  State one = MakeState(PushGame(1), " cccA\n");
  Step(one, Action::kLeft);
  // One pass: the middle crate was pushed onto the left one, which has not moved yet.
  EXPECT_EQ(Xs(one, "crate"), (std::vector<int32_t>{10, 10, 20}));

  State two = MakeState(PushGame(2), " cccA\n");
  Step(two, Action::kLeft);
  EXPECT_EQ(Xs(two, "crate"), (std::vector<int32_t>{0, 10, 20}));
  EXPECT_EQ(RectOf(two, First(two, "avatar")).x, 30);
}

TEST(EventHandlingTest, RepeatsAfterAQuietPassChangeNothing) {
  State two = MakeState(PushGame(2), " cccA\n");
  State ten = MakeState(PushGame(10), " cccA\n");
  for (int t = 0; t < 3; ++t) {
    Step(two, Action::kLeft);
    Step(ten, Action::kLeft);
    EXPECT_EQ(Xs(ten, "crate"), Xs(two, "crate")) << "tick " << t;
    EXPECT_EQ(RectOf(ten, First(ten, "avatar")), RectOf(two, First(two, "avatar")));
  }
}

// A ball flies into a wall that `killSprite repeat=2` kills: the second pass skips the killed
// wall, so it runs for no sprite. GVGAI still runs the batched wallBounce after it on the
// killed wall, which puts the ball back where it was, so the quiet pass must not skip it.
TEST(EventHandlingTest, ABatchedEffectRunsAfterAPassThatSkippedAKilledFirstSprite) {
  constexpr std::string_view kGame = R"(BasicGame square_size=10
    SpriteSet
        wall > Immovable
        ball > Missile physicstype=CONT speed=5 orientation=RIGHT
        avatar > MovingAvatar
    LevelMapping
        w > wall
        b > ball
    InteractionSet
        wall ball > killSprite repeat=2
        wall ball > wallBounce
    TerminationSet
        Timeout limit=100 win=True
)";
  State s = MakeState(kGame, "bw  \n   A\n");
  Step(s);  // the ball's first move is skipped
  Step(s);  // it moves 5 px into the wall, which dies; the bounce puts the ball back
  EXPECT_EQ(Count(s, "wall"), 0);
  EXPECT_EQ(RectOf(s, First(s, "ball")).x, 0);
}

// Ten darts stand still two ticks in three and then step right; the wall column ahead kills
// each dart on the tick it steps into it. The darts that stood still are remembered as
// touching no wall, which must not outlive the step.
constexpr const char* kDartGame = R"(BasicGame square_size=10
    SpriteSet
        wall > Immovable
        dart > Missile orientation=RIGHT speed=1 cooldown=3
        avatar > MovingAvatar
    LevelMapping
        d > dart
    InteractionSet
        dart wall > killSprite
    TerminationSet
        Timeout limit=100 win=True
)";

bool TouchesAWall(const State& s, SpriteRef dart) {
  for (const SpriteRef w : Sprites(s, "wall")) {
    if (RectOf(s, dart).intersects(RectOf(s, w))) return true;
  }
  return false;
}

TEST(EventHandlingTest, ASpriteRememberedAsTouchingNoWallIsTestedAgainWhenItMoves) {
  std::string level;
  for (int row = 0; row < 10; ++row) level += row == 0 ? "Ad  w\n" : " d  w\n";
  State s = MakeState(kDartGame, level);
  ASSERT_EQ(Count(s, "dart"), 10);
  ASSERT_EQ(Count(s, "wall"), 10);
  State copy = s;
  for (int t = 0; t < 12 && Count(s, "dart") > 0; ++t) {
    Step(s);
    for (const SpriteRef d : Sprites(s, "dart")) {
      EXPECT_FALSE(TouchesAWall(s, d)) << "tick " << t << ": a dart overlaps a wall and lives";
    }
  }
  EXPECT_EQ(Count(s, "dart"), 0);
  // A copy taken before the darts moved meets the memory its original left behind.
  for (int t = 0; t < 12; ++t) Step(copy);
  EXPECT_EQ(Count(copy, "dart"), 0);
}

// Two rules on a first sprite's hits, which GVGAI takes once, before the pair effect runs for
// that sprite (§4.4):
// - The avatar steps left from one pad onto the next and is stepped back onto the pad it came
//   from, which it did not touch when its hits were taken: the effect runs, and scores, once;
//   testing the pads one by one after each execution would step it back (and score) again.
// - Each tile lies on two markers, so it hits both; its first execution kills it, and a sprite
//   in the kill list gets no further effect of the pair: one point a tile.
constexpr const char* kHitsGame = R"(BasicGame square_size=10
    SpriteSet
        pad > Immovable
        tile > Immovable
        marker > Immovable
        avatar > MovingAvatar
    LevelMapping
        p > pad
        B > avatar pad
        x > tile marker marker
    InteractionSet
        avatar pad > stepBack scoreChange=1
        tile marker > killSprite scoreChange=1
    TerminationSet
        Timeout limit=100 win=True
)";

void ExpectOneStepBack(const std::string& level) {
  State s = MakeState(kHitsGame, level);
  const SpriteRef avatar = First(s, "avatar");
  const Rect start = RectOf(s, avatar);
  Step(s, Action::kLeft);
  EXPECT_EQ(RectOf(s, avatar), start);
  EXPECT_EQ(s.player(0).score, 1.0);
}

TEST(EventHandlingTest, HitsOfAFirstSpriteAreTakenBeforeItsEffectsRunAmongFewSprites) {
  // Two pads: every pair is tested.
  ExpectOneStepBack(" pB\n");
}

TEST(EventHandlingTest, HitsOfAFirstSpriteAreTakenBeforeItsEffectsRunAmongStaticSprites) {
  // Ten pads, which never move: the avatar is looked up in their cached grid.
  ExpectOneStepBack(" pBpppppppp\n");
}

void ExpectOnePointATile(const std::string& level) {
  State s = MakeState(kHitsGame, level);
  ASSERT_EQ(Count(s, "tile"), 2);
  Step(s);
  EXPECT_EQ(s.player(0).score, 2.0);
  EXPECT_EQ(Count(s, "tile"), 0);
}

TEST(EventHandlingTest, AFirstSpriteKilledByItsFirstHitGetsNoMoreEffectsOnATinyLevel) {
  // Four cells: every pair is tested up front, without branches, then the hits run.
  ExpectOnePointATile("Axx \n");
}

TEST(EventHandlingTest, AFirstSpriteKilledByItsFirstHitGetsNoMoreEffectsOnALargerLevel) {
  ExpectOnePointATile("Axx       \n          \n          \n          \n");
}

// A platformer falls onto a floor of ten solid tiles, which never move: it is looked up in
// their cached grid, and groundIntersects must also see the tiles just below it, which it
// touches but does not overlap, to know it stands on the ground.
constexpr const char* kFloorGame = R"(BasicGame square_size=10
    SpriteSet
        wall > Immovable
        floor > Immovable solid=True
        avatar > PlatformerAvatar physicstype=CONT gravity=1.0
    LevelMapping
        f > floor
    InteractionSet
        avatar wall floor > wallStop
    TerminationSet
        Timeout limit=100 win=True
)";

TEST(EventHandlingTest, APlatformerOnStaticGroundSeesTheTilesJustBelowIt) {
  State s = MakeState(kFloorGame,
                      "wwwwwwwwwwww\n"
                      "w    A     w\n"
                      "w          w\n"
                      "wffffffffffw\n"
                      "wwwwwwwwwwww\n");
  ASSERT_EQ(Count(s, "floor"), 10);
  const SpriteRef avatar = First(s, "avatar");
  // The avatar falls for five ticks, then rests on the floor (wallStop puts it back each time
  // gravity pulls it in); the flag is set on the ticks it moved down onto the floor.
  std::string on_ground;
  for (int t = 0; t < 12; ++t) {
    Step(s);
    on_ground += s.sprite(avatar).has(SpriteFlag::kOnGround) ? '1' : '0';
  }
  EXPECT_EQ(on_ground, "000001100100");
  EXPECT_EQ(RectOf(s, avatar).y, 20);
}

// On a tiny level the hits of a pair effect that moves no sprite are kept for the steps after
// it: the next effect of the same pair, or a pair with the two groups the other way round,
// takes them while both sprite lists are unchanged and no effect in between moved a sprite.
// A tile carries a mark ("x"), two tiles carry one ("y"), or a tile has none ("t").
std::string MarksGame(const std::string& interactions) {
  return R"(BasicGame square_size=10
    SpriteSet
        tile > Immovable
        mark > Passive
        gem > Resource limit=5
        avatar > MovingAvatar
    LevelMapping
        x > tile mark
        y > tile tile mark
        t > tile
    InteractionSet
)" + interactions +
         R"(
    TerminationSet
        Timeout limit=100 win=True
)";
}

// Each tile spawns a second `spawned` (tile or mark) on itself, so the next effect finds two
// marks on each tile, or two tiles under each mark.
void ExpectFourHitsAfterSpawning(const std::string& spawned) {
  State s = MakeState(MarksGame("        tile mark > spawn stype=" + spawned + "\n" +
                                "        tile mark > flipDirection scoreChange=1\n"),
                      "Axx\n");
  Step(s);
  EXPECT_EQ(Count(s, spawned), 4);
  EXPECT_EQ(s.player(0).score, 4.0);
}

TEST(EventHandlingTest, ThePairsNextEffectSeesTheSecondSpritesItsPreviousEffectCreated) {
  ExpectFourHitsAfterSpawning("mark");
}

TEST(EventHandlingTest, ThePairsNextEffectSeesTheFirstSpritesItsPreviousEffectCreated) {
  ExpectFourHitsAfterSpawning("tile");
}

TEST(EventHandlingTest, APairTheOtherWayRoundTakesTheHitsInItsOwnOrder) {
  State s = MakeState(MarksGame("        tile mark > flipDirection\n"
                                "        mark tile > killSprite scoreChange=1\n"),
                      "Axtx\n");
  ASSERT_EQ(Count(s, "mark"), 2);
  Step(s);
  EXPECT_EQ(s.player(0).score, 2.0);
  EXPECT_EQ(Count(s, "mark"), 0);
  EXPECT_EQ(Count(s, "tile"), 3);
}

TEST(EventHandlingTest, APairTheOtherWayRoundSeesASpriteMovedInBetween) {
  // The avatar pushes the first mark off its tile onto the empty cell; the other mark stays.
  State s = MakeState(MarksGame("        tile mark > flipDirection\n"
                                "        mark avatar > bounceForward\n"
                                "        mark tile > killSprite scoreChange=1\n"),
                      "Ax x\n");
  Step(s, Action::kRight);
  EXPECT_EQ(s.player(0).score, 1.0);
  EXPECT_EQ(Count(s, "mark"), 1);
}

// One mark lies on two of ten tiles ("y"), on a tiny level of ten cells: the mark against the
// ten tiles is still tested pair by pair without branches, as are the ten tiles against the
// one mark.
TEST(EventHandlingTest, OneFirstSpriteAgainstManySecondSpritesOnATinyLevel) {
  // The mark's two hits; then the tiles the other way round, which take them transposed.
  State s = MakeState(MarksGame("        mark tile > changeResource resource=gem value=1 "
                                "scoreChange=1\n"
                                "        tile mark > killSprite scoreChange=10\n"),
                      "Atttttttty\n");
  ASSERT_EQ(Count(s, "tile"), 10);
  Step(s);
  EXPECT_EQ(s.player(0).score, 22.0);
  EXPECT_EQ(s.resource(First(s, "mark"), s.def().FindType("gem")), 2);
  EXPECT_EQ(Xs(s, "tile"), (std::vector<int32_t>{10, 20, 30, 40, 50, 60, 70, 80}));
}

TEST(EventHandlingTest, ManyFirstSpritesAgainstOneSecondSpriteOnATinyLevel) {
  State s = MakeState(MarksGame("        tile mark > killSprite scoreChange=10\n"), "Atttytttt\n");
  Step(s);
  EXPECT_EQ(s.player(0).score, 20.0);
  EXPECT_EQ(Xs(s, "tile"), (std::vector<int32_t>{10, 20, 30, 50, 60, 70, 80}));
}

}  // namespace
}  // namespace vgdl::testing
