// Movement and position effects: stepBack, undoAll, bounceForward, pullWithIt, wrapAround,
// teleportToExit, turnAround, reverseDirection, flipDirection, attractGaze, align.
#include <cstdint>
#include <limits>
#include <string>

#include "engine/effects/effect_util.h"
#include "engine/physics/physics.h"
#include "tests/engine/effects/effect_test_util.h"

namespace vgdl::testing {
namespace {

constexpr std::string_view kGame = R"(BasicGame square_size=10
    SpriteSet
        floor > Immovable
        box > Passive
        rock > Passive
        log > Missile orientation=RIGHT speed=1
        exit > Immovable
        portal > Portal stype=exit
        plain > Immovable
        arrowexit > Missile orientation=LEFT speed=0
        arrowportal > Portal stype=arrowexit
        alien > Missile orientation=RIGHT speed=1
        avatar > MovingAvatar
    LevelMapping
        b > box
        r > rock
        l > log
        e > exit
        p > portal
        q > plain
        x > arrowexit
        y > arrowportal
        i > alien
        . > floor
    InteractionSet
        avatar wall > stepBack
        box avatar > bounceForward
        box wall > undoAll notStype=rock
        avatar log > pullWithIt
        alien EOS > wrapAround offset=0
        box portal > teleportToExit
        rock plain > teleportToExit
        rock arrowportal > teleportToExit
        alien box > turnAround
        alien rock > reverseDirection
        alien floor > flipDirection
        alien log > attractGaze prob=0.5
        alien arrowexit > attractGaze align=True
        rock alien > align
        rock box > stepBack pixelPerfect=True
    TerminationSet
        Timeout limit=1000 win=True
)";

// The level only provides sprites; tests place them.
constexpr std::string_view kLevel =
    "wwwwwwwwww\n"
    "wA.b.r.l.w\n"
    "w.e.p.q.iw\n"
    "w.x.y....w\n"
    "wwwwwwwwww\n";

class MovementTest : public ::testing::Test {
 protected:
  MovementTest() : state_(MakeState(kGame, kLevel)) {}

  void Run(EffectKind kind, SpriteRef s1, SpriteRef s2, int nth = 0) {
    ExecuteEffect(state_, FindEffect(state_, kind, nth), s1, s2);
  }
  // What every sprite has at the start of its update: lastrect := rect, lastmove += 1.
  void BeginTick() {
    for (TypeId t = 0; t < state_.def().type_count(); ++t) {
      for (SpriteRef s : state_.sprites_of(t)) PreMovement(state_.sprite(s));
    }
  }

  State state_;
};

TEST_F(MovementTest, StepBackUndoesTheAvatarsMoveIntoAWall) {
  const SpriteRef avatar = First(state_, "avatar");
  Step(state_, Action::kLeft);  // from x=10 into the wall at x=0
  EXPECT_EQ(RectOf(state_, avatar).x, 10);
  Step(state_, Action::kRight);  // free cell: moves
  EXPECT_EQ(RectOf(state_, avatar).x, 20);
}

TEST_F(MovementTest, StepBackPixelPerfectPlacesFlushAgainstTheOtherSprite) {
  const SpriteRef rock = First(state_, "rock");
  const SpriteRef box = First(state_, "box");
  state_.sprite(box).rect = Rect{15, 100, 10, 10};
  Move(state_, rock, Rect{0, 100, 10, 10}, Rect{7, 100, 10, 10});  // moved right into the box
  Run(EffectKind::kStepBack, rock, box, 1);
  EXPECT_EQ(RectOf(state_, rock), (Rect{5, 100, 10, 10}));
  // A diagonal move is not resolved: plain step back.
  Move(state_, rock, Rect{0, 95, 10, 10}, Rect{7, 98, 10, 10});
  Run(EffectKind::kStepBack, rock, box, 1);
  EXPECT_EQ(RectOf(state_, rock), (Rect{0, 95, 10, 10}));
}

TEST_F(MovementTest, UndoAllRestoresEverySpriteExceptNotStype) {
  const SpriteRef avatar = First(state_, "avatar");
  const SpriteRef box = First(state_, "box");
  const SpriteRef rock = First(state_, "rock");
  Move(state_, avatar, Rect{10, 10, 10, 10}, Rect{20, 10, 10, 10});
  Move(state_, box, Rect{30, 10, 10, 10}, Rect{40, 10, 10, 10});
  Move(state_, rock, Rect{50, 10, 10, 10}, Rect{60, 10, 10, 10});
  const Vec2 box_orientation{0, -1};
  state_.sprite(box).orientation = box_orientation;
  Run(EffectKind::kUndoAll, box, First(state_, "wall"));
  EXPECT_EQ(RectOf(state_, avatar).x, 10);
  EXPECT_EQ(RectOf(state_, box).x, 30);
  EXPECT_EQ(RectOf(state_, rock).x, 60);                       // notStype=rock
  EXPECT_EQ(state_.sprite(box).orientation, box_orientation);  // only positions revert
}

TEST_F(MovementTest, BounceForwardPushesTheBoxAlongThePushersMove) {
  const SpriteRef avatar = First(state_, "avatar");
  const SpriteRef box = First(state_, "box");
  state_.sprite(box).rect = Rect{20, 10, 10, 10};
  Step(state_, Action::kRight);  // avatar 10 -> 20 onto the box, which moves on to 30
  EXPECT_EQ(RectOf(state_, avatar).x, 20);
  EXPECT_EQ(RectOf(state_, box).x, 30);
  EXPECT_EQ(state_.sprite(box).orientation, dir::kRight);
}

TEST_F(MovementTest, BounceForwardRespectsTheBoxCooldown) {
  const SpriteRef avatar = First(state_, "avatar");
  const SpriteRef box = First(state_, "box");
  BeginTick();
  state_.sprite(box).lastmove = 0;  // the box moved this tick already: cooldown 1 blocks it
  Move(state_, avatar, Rect{10, 10, 10, 10}, Rect{20, 10, 10, 10});
  state_.sprite(box).rect = Rect{20, 10, 10, 10};
  Run(EffectKind::kBounceForward, box, avatar);
  EXPECT_EQ(RectOf(state_, box).x, 20);
  EXPECT_EQ(state_.sprite(box).orientation, dir::kRight);
}

// GVGAI's lastDirection subtracts getMinX()/getMinY() doubles: a move across the whole int
// range does not wrap around to a short move the other way.
TEST_F(MovementTest, BounceForwardFollowsAMoveAcrossTheIntRange) {
  const SpriteRef avatar = First(state_, "avatar");
  const SpriteRef box = First(state_, "box");
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  BeginTick();
  Move(state_, avatar, Rect{kMin + 3, kMax - 1, 10, 10}, Rect{kMax - 2, kMin, 10, 10});
  EXPECT_EQ(LastDirection(state_.sprite(avatar)), (Vec2{4294967290.0, -4294967294.0}));
  Move(state_, avatar, Rect{kMin + 3, 10, 10, 10}, Rect{kMax - 2, 10, 10, 10});
  state_.sprite(box).rect = Rect{20, 10, 10, 10};
  Run(EffectKind::kBounceForward, box, avatar);
  EXPECT_EQ(RectOf(state_, box).x, 30);
  EXPECT_EQ(state_.sprite(box).orientation, dir::kRight);
}

// GVGAI's pullWithIt puts a continuous-physics s1 at s2.y - s2.height in Java ints (wrapping).
TEST(MovementEdgeTest, PullWithItOnAContinuousSpriteWrapsLikeJavaInts) {
  State s = MakeState(R"(BasicGame square_size=10
    SpriteSet
        raft > Missile orientation=UP speed=1
        rider > Missile orientation=RIGHT speed=0 physicstype=CONT
        avatar > MovingAvatar
    LevelMapping
        r > raft
        d > rider
    InteractionSet
        rider raft > pullWithIt
    TerminationSet
        Timeout limit=1000 win=True
)",
                      "A r d\n");
  const SpriteRef raft = First(s, "raft");
  const SpriteRef rider = First(s, "rider");
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  Move(s, raft, Rect{0, kMin + 14, 10, 10}, Rect{0, kMin + 4, 10, 10});
  ExecuteEffect(s, FindEffect(s, EffectKind::kPullWithIt), rider, raft);
  EXPECT_EQ(RectOf(s, rider).y, std::numeric_limits<int32_t>::max() - 5);
}

TEST_F(MovementTest, PullWithItMovesOncePerTickAndKeepsLastrect) {
  const SpriteRef avatar = First(state_, "avatar");
  const SpriteRef log = First(state_, "log");
  BeginTick();
  const Rect start = RectOf(state_, avatar);
  Move(state_, log, start.translated(-10, 0), start);  // the log moved right by one cell
  Run(EffectKind::kPullWithIt, avatar, log);
  EXPECT_EQ(RectOf(state_, avatar), start.translated(10, 0));
  EXPECT_EQ(state_.sprite(avatar).lastrect, start);
  // The same line with a second log (or the same one again) in the same tick does not pull
  // again.
  state_.sprite(avatar).lastmove = 5;
  Run(EffectKind::kPullWithIt, avatar, log);
  EXPECT_EQ(RectOf(state_, avatar), start.translated(10, 0));
  // The list is per state and is reset with the tick.
  state_.ClearKillList();
  Run(EffectKind::kPullWithIt, avatar, log);
  EXPECT_EQ(RectOf(state_, avatar), start.translated(20, 0));
}

TEST_F(MovementTest, WrapAroundUsesTheOrientation) {
  const SpriteRef alien = First(state_, "alien");
  state_.sprite(alien).rect = Rect{95, 20, 10, 10};
  state_.sprite(alien).lastmove = 7;
  Run(EffectKind::kWrapAround, alien, kNoSprite);
  EXPECT_EQ(RectOf(state_, alien).x, 0);
  EXPECT_EQ(state_.sprite(alien).lastmove, 0);
  state_.sprite(alien).orientation = dir::kLeft;
  state_.sprite(alien).rect = Rect{-5, 20, 10, 10};
  Run(EffectKind::kWrapAround, alien, kNoSprite);
  EXPECT_EQ(RectOf(state_, alien).x, 90);  // screen width 100 - 10
  state_.sprite(alien).orientation = dir::kUp;
  state_.sprite(alien).rect = Rect{20, -5, 10, 10};
  Run(EffectKind::kWrapAround, alien, kNoSprite);
  EXPECT_EQ(RectOf(state_, alien).y, 40);  // screen height 50 - 10
}

TEST_F(MovementTest, WrapAroundOffsetIsInSpriteSizes) {
  const EffectDef& base = FindEffect(state_, EffectKind::kWrapAround);
  EffectDef shifted = base;
  shifted.offset = 1.5;
  const SpriteRef alien = First(state_, "alien");
  state_.sprite(alien).rect = Rect{95, 20, 10, 10};
  ExecuteEffect(state_, shifted, alien, kNoSprite);
  EXPECT_EQ(RectOf(state_, alien).x, 15);
  state_.sprite(alien).orientation = dir::kLeft;
  ExecuteEffect(state_, shifted, alien, kNoSprite);
  EXPECT_EQ(RectOf(state_, alien).x, 75);  // 100 - 10 * 2.5
}

TEST_F(MovementTest, TeleportToExitDrawsAnExitOfThePortalsStype) {
  // A second exit, so that the draw matters.
  const SpriteRef second = state_.AddSprite(Type(state_, "exit"), 70, 30);
  ASSERT_NE(second, kNoSprite);
  const auto exits = Sprites(state_, "exit");
  const SpriteRef box = First(state_, "box");
  state_.sprite(box).lastmove = 3;
  JavaRandom expected = state_.rng();
  const SpriteRef chosen = exits[static_cast<size_t>(expected.NextInt(2))];
  Run(EffectKind::kTeleportToExit, box, First(state_, "portal"));
  EXPECT_EQ(RectOf(state_, box), RectOf(state_, chosen));
  EXPECT_EQ(state_.sprite(box).lastmove, 0);
  EXPECT_EQ(state_.rng(), expected);
}

TEST_F(MovementTest, TeleportToExitTakesAnOrientedExitsOrientation) {
  const SpriteRef rock = First(state_, "rock");
  Run(EffectKind::kTeleportToExit, rock, First(state_, "arrowportal"));
  EXPECT_EQ(RectOf(state_, rock), RectOf(state_, First(state_, "arrowexit")));
  EXPECT_EQ(state_.sprite(rock).orientation, dir::kLeft);
}

TEST_F(MovementTest, TeleportToExitKillsWithoutExits) {
  for (SpriteRef e : Sprites(state_, "exit")) state_.KillSprite(e, false);
  state_.ClearKillList();
  const SpriteRef box = First(state_, "box");
  const JavaRandom before = state_.rng();
  Run(EffectKind::kTeleportToExit, box, First(state_, "portal"));
  EXPECT_TRUE(state_.in_kill_list(box));
  EXPECT_EQ(state_.rng(), before);  // no draw without exits
}

TEST_F(MovementTest, TeleportToExitIgnoresASecondSpriteWithoutExitType) {
  const SpriteRef rock = First(state_, "rock");
  const Rect before = RectOf(state_, rock);
  Run(EffectKind::kTeleportToExit, rock, First(state_, "plain"));
  EXPECT_EQ(RectOf(state_, rock), before);
  EXPECT_FALSE(state_.in_kill_list(rock));
}

TEST_F(MovementTest, TurnAroundStepsBackThenTwoCellsDownAndReverses) {
  const SpriteRef alien = First(state_, "alien");
  Move(state_, alien, Rect{80, 20, 10, 10}, Rect{90, 20, 10, 10});
  state_.sprite(alien).lastmove = 0;  // it just moved: turnAround forces the steps anyway
  Run(EffectKind::kTurnAround, alien, First(state_, "box"));
  EXPECT_EQ(RectOf(state_, alien), (Rect{80, 40, 10, 10}));
  EXPECT_EQ(state_.sprite(alien).orientation, dir::kLeft);
}

TEST_F(MovementTest, ReverseDirectionNegatesTheOrientation) {
  const SpriteRef alien = First(state_, "alien");
  state_.sprite(alien).orientation = Vec2{0.6, -0.8};
  Run(EffectKind::kReverseDirection, alien, First(state_, "rock"));
  EXPECT_EQ(state_.sprite(alien).orientation, (Vec2{-0.6, 0.8}));
}

TEST_F(MovementTest, FlipDirectionDrawsABaseDirection) {
  const SpriteRef alien = First(state_, "alien");
  for (int i = 0; i < 8; ++i) {
    JavaRandom expected = state_.rng();
    const Vec2 want = dir::kBase[expected.NextInt(4)];
    Run(EffectKind::kFlipDirection, alien, First(state_, "floor"));
    EXPECT_EQ(state_.sprite(alien).orientation, want);
    EXPECT_EQ(state_.rng(), expected);
  }
}

TEST_F(MovementTest, AttractGazeDrawsOnlyWhenBothAreOriented) {
  const SpriteRef alien = First(state_, "alien");
  const SpriteRef log = First(state_, "log");
  state_.sprite(log).orientation = dir::kDown;
  int copied = 0;
  for (int i = 0; i < 20; ++i) {
    state_.sprite(alien).orientation = dir::kRight;
    JavaRandom expected = state_.rng();
    const bool pass = expected.NextDouble() < 0.5;
    Run(EffectKind::kAttractGaze, alien, log);
    EXPECT_EQ(state_.rng(), expected);
    EXPECT_EQ(state_.sprite(alien).orientation, pass ? dir::kDown : dir::kRight);
    copied += pass ? 1 : 0;
  }
  EXPECT_GT(copied, 0);
  EXPECT_LT(copied, 20);
  // A box is not oriented: no draw, nothing happens.
  const JavaRandom before = state_.rng();
  Run(EffectKind::kAttractGaze, First(state_, "box"), log);
  EXPECT_EQ(state_.rng(), before);
}

TEST_F(MovementTest, AttractGazeAlignSnapsToTheOthersRowOrColumn) {
  const SpriteRef alien = First(state_, "alien");
  const SpriteRef log = First(state_, "log");
  EffectDef aligned = FindEffect(state_, EffectKind::kAttractGaze, 1);  // align=True, prob 1
  ASSERT_TRUE(aligned.align);
  state_.sprite(alien).rect = Rect{33, 44, 10, 10};
  state_.sprite(log).rect = Rect{50, 10, 10, 10};
  state_.sprite(log).orientation = dir::kLeft;
  ExecuteEffect(state_, aligned, alien, log);
  EXPECT_EQ(RectOf(state_, alien), (Rect{33, 10, 10, 10}));  // horizontal: takes the row
  state_.sprite(log).orientation = dir::kUp;
  ExecuteEffect(state_, aligned, alien, log);
  EXPECT_EQ(RectOf(state_, alien), (Rect{50, 10, 10, 10}));  // vertical: takes the column
}

TEST_F(MovementTest, AlignCopiesPositionAndOrientation) {
  const SpriteRef rock = First(state_, "rock");
  const SpriteRef alien = First(state_, "alien");
  state_.sprite(alien).rect = Rect{41, 17, 10, 10};
  state_.sprite(alien).orientation = dir::kDown;
  Run(EffectKind::kAlign, rock, alien);
  EXPECT_EQ(RectOf(state_, rock), (Rect{41, 17, 10, 10}));
  EXPECT_EQ(state_.sprite(rock).orientation, dir::kDown);
}

TEST_F(MovementTest, EffectsNeedingSpritesIgnoreEosCalls) {
  const SpriteRef box = First(state_, "box");
  const Rect before = RectOf(state_, box);
  Run(EffectKind::kBounceForward, box, kNoSprite);
  Run(EffectKind::kAlign, box, kNoSprite);
  Run(EffectKind::kTeleportToExit, box, kNoSprite);
  EXPECT_EQ(RectOf(state_, box), before);
  EXPECT_FALSE(state_.in_kill_list(box));
}

// Through the tick loop: each game below plays one effect on a tiny level.

constexpr std::string_view kUndoAllGame = R"(BasicGame square_size=10
    SpriteSet
        trap > Immovable
        log > Missile orientation=RIGHT speed=1
        raft > Missile orientation=RIGHT speed=1
        avatar > MovingAvatar
    LevelMapping
        t > trap
        l > log
        r > raft
    InteractionSet
        avatar trap > undoAll notStype=log
    TerminationSet
        Timeout limit=1000 win=True
)";

TEST(MovementPlayedTest, UndoAllPutsEveryoneButNotStypeBackWhenTheAvatarHitsATrap) {
  State s = MakeState(kUndoAllGame, "A t   \nl     \nr     \n");
  const SpriteRef avatar = First(s, "avatar");
  Step(s, Action::kRight);  // the Missiles skip their first move
  Step(s, Action::kRight);  // onto the trap while the Missiles move: undone, except the log
  EXPECT_EQ(RectOf(s, avatar), (Rect{10, 0, 10, 10}));
  EXPECT_EQ(RectOf(s, First(s, "raft")), (Rect{0, 20, 10, 10}));
  EXPECT_EQ(RectOf(s, First(s, "log")), (Rect{10, 10, 10, 10}));
}

constexpr std::string_view kPullGame = R"(BasicGame square_size=10
    SpriteSet
        log > Missile orientation=RIGHT speed=0.5
        avatar > MovingAvatar
    LevelMapping
        l > log avatar
    InteractionSet
        avatar log > pullWithIt
    TerminationSet
        Timeout limit=1000 win=True
)";

TEST(MovementPlayedTest, PullWithItCarriesTheAvatarOnTheLog) {
  State s = MakeState(kPullGame, "l     \n");
  const SpriteRef avatar = First(s, "avatar");
  Step(s);  // the log skips its first move: no pull
  EXPECT_EQ(RectOf(s, avatar).x, 0);
  Step(s);  // the log moves 5 px, the avatar with it
  EXPECT_EQ(RectOf(s, First(s, "log")).x, 5);
  EXPECT_EQ(RectOf(s, avatar).x, 5);
  Step(s);
  EXPECT_EQ(RectOf(s, avatar).x, 10);
}

// GVGAI keeps pullWithIt's once-a-tick list on the effect object of its line, so a second
// line pulls a rider that the first already pulled this tick. With pixelPerfect each pull
// puts the rider on its puller: the second line's boat, not the first line's raft.
TEST(MovementPlayedTest, EachPullWithItLinePullsOnceATick) {
  constexpr std::string_view kTwoPullsGame = R"(BasicGame square_size=10
    SpriteSet
        raft > Missile orientation=RIGHT speed=0.5
        boat > Missile orientation=RIGHT speed=0.3
        rider > Passive
        avatar > MovingAvatar
    LevelMapping
        r > raft boat rider
    InteractionSet
        rider raft > pullWithIt pixelPerfect=True
        rider boat > pullWithIt pixelPerfect=True
    TerminationSet
        Timeout limit=1000 win=True
)";
  State s = MakeState(kTwoPullsGame, "r     A\n");
  Step(s);  // the first moves are skipped
  for (int x : {3, 6, 9}) {
    Step(s);
    EXPECT_EQ(RectOf(s, First(s, "raft")).x, x / 3 * 5);
    EXPECT_EQ(RectOf(s, First(s, "boat")).x, x);
    EXPECT_EQ(RectOf(s, First(s, "rider")).x, x);
  }
}

constexpr std::string_view kBounceGame = R"(BasicGame square_size=10
    SpriteSet
        alien > Missile orientation=RIGHT speed=1
        avatar > MovingAvatar
    LevelMapping
        a > alien
    InteractionSet
        alien EOS > wrapAround
        alien wall > %s
    TerminationSet
        Timeout limit=1000 win=True
)";

std::string BounceGame(std::string_view effect) {
  std::string game(kBounceGame);
  game.replace(game.find("%s"), 2, effect);
  return game;
}

TEST(MovementPlayedTest, WrapAroundMovesAMissileLeavingTheScreenToTheOtherSide) {
  State s = MakeState(BounceGame("stepBack"), "   a\nA   \n");
  const SpriteRef alien = First(s, "alien");
  Step(s);  // first move skipped
  Step(s);  // x=40 is off the 40 px screen: back to x=0
  EXPECT_EQ(RectOf(s, alien), (Rect{0, 0, 10, 10}));
  Step(s);
  EXPECT_EQ(RectOf(s, alien), (Rect{10, 0, 10, 10}));
}

TEST(MovementPlayedTest, TurnAroundStepsTwoCellsDownAndReverses) {
  State s = MakeState(BounceGame("turnAround"), "wwwwww\nw  a w\nw    w\nw    w\nwA   w\n");
  const SpriteRef alien = First(s, "alien");
  Step(s);
  Step(s);  // 30 -> 40
  Step(s);  // into the wall at 50: back to 40, two cells down, now facing LEFT
  EXPECT_EQ(RectOf(s, alien), (Rect{40, 30, 10, 10}));
  EXPECT_EQ(s.sprite(alien).orientation, dir::kLeft);
  Step(s);
  EXPECT_EQ(RectOf(s, alien), (Rect{30, 30, 10, 10}));
}

TEST(MovementPlayedTest, ReverseDirectionSendsAMissileBackFromTheWall) {
  State s = MakeState(BounceGame("reverseDirection"), "w a w\nwA  w\n");
  const SpriteRef alien = First(s, "alien");
  Step(s);
  Step(s);  // 20 -> 30
  Step(s);  // 30 -> 40, the wall: reversed (no step back)
  EXPECT_EQ(RectOf(s, alien).x, 40);
  EXPECT_EQ(s.sprite(alien).orientation, dir::kLeft);
  Step(s);
  EXPECT_EQ(RectOf(s, alien).x, 30);
}

TEST(MovementPlayedTest, FlipDirectionDrawsANewDirectionAtTheWall) {
  for (int64_t seed = 1; seed <= 4; ++seed) {
    State s = MakeState(BounceGame("flipDirection"), "w a w\nwA  w\n", seed);
    const SpriteRef alien = First(s, "alien");
    JavaRandom replica = s.rng();
    Step(s);
    Step(s);
    EXPECT_EQ(s.sprite(alien).orientation, dir::kRight);
    Step(s);  // into the wall
    EXPECT_EQ(s.sprite(alien).orientation, dir::kBase[replica.NextInt(4)]);
    EXPECT_EQ(s.rng(), replica);
  }
}

constexpr std::string_view kAlignGame = R"(BasicGame square_size=10
    SpriteSet
        rock > Passive
        alien > Missile orientation=DOWN speed=0.5
        avatar > MovingAvatar
    LevelMapping
        a > alien
        r > rock
    InteractionSet
        rock alien > align
    TerminationSet
        Timeout limit=1000 win=True
)";

TEST(MovementPlayedTest, AlignPutsTheRockOnTheAlienFacingItsWay) {
  State s = MakeState(kAlignGame, "a  \nr  \n  A\n");
  const SpriteRef rock = First(s, "rock");
  Step(s);
  Step(s);  // the alien moves 5 px down, overlapping the rock
  EXPECT_EQ(RectOf(s, rock), (Rect{0, 5, 10, 10}));
  EXPECT_EQ(s.sprite(rock).orientation, dir::kDown);
}

}  // namespace
}  // namespace vgdl::testing
