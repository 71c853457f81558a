// Wall effects of continuous games: wallStop, wallBounce and wallReverse (batch), and
// bounceDirection.
#include <cmath>
#include <numbers>

#include "engine/effects/effect_util.h"
#include "tests/engine/effects/effect_test_util.h"

namespace vgdl::testing {
namespace {

constexpr std::string_view kGame = R"(BasicGame square_size=10
    SpriteSet
        block > Immovable
        pad > Immovable
        ball > Missile physicstype=CONT speed=5 orientation=RIGHT
        avatar > MovingAvatar
    LevelMapping
        b > block
        p > pad
        o > ball
    InteractionSet
        ball block > wallBounce scoreChange=2
        ball pad > wallReverse
        avatar block > wallStop
        ball avatar > bounceDirection
    TerminationSet
        Timeout limit=1000 win=True
)";

constexpr std::string_view kLevel =
    "      \n"
    " bbbp \n"
    " o A  \n"
    "      \n";

class WallsTest : public ::testing::Test {
 protected:
  WallsTest() : state_(MakeState(kGame, kLevel)) {
    blocks_ = Sprites(state_, "block");
    ball_ = First(state_, "ball");
  }

  // Walls that did not move this tick: lastrect = rect.
  void PlaceBlock(int i, Rect r) {
    state_.sprite(blocks_[static_cast<size_t>(i)]).rect = r;
    state_.sprite(blocks_[static_cast<size_t>(i)]).lastrect = r;
  }
  int Batch(std::vector<SpriteRef> hits) {
    return ApplyBatchEffect(state_, FindEffect(state_, EffectKind::kWallBounce), ball_, hits);
  }

  State state_;
  std::vector<SpriteRef> blocks_;
  SpriteRef ball_ = kNoSprite;
};

TEST_F(WallsTest, WallBounceOffASideFlipsXAndRestoresPositions) {
  PlaceBlock(0, Rect{15, 0, 10, 10});
  Move(state_, ball_, Rect{0, 0, 10, 10}, Rect{7, 0, 10, 10});
  EXPECT_EQ(Batch({blocks_[0]}), 1);
  EXPECT_EQ(state_.sprite(ball_).orientation, dir::kLeft);
  EXPECT_EQ(RectOf(state_, ball_), (Rect{0, 0, 10, 10}));
}

TEST_F(WallsTest, WallBounceOffTwoStackedWallsCountsTwo) {
  // Two walls in one column act as their 10x20 union, which the ball overlaps over its full
  // height: a side hit, only x flips.
  PlaceBlock(0, Rect{20, 0, 10, 10});
  PlaceBlock(1, Rect{20, 10, 10, 10});
  state_.sprite(ball_).orientation = Normalise(Vec2{1, 1});
  Move(state_, ball_, Rect{8, 2, 10, 10}, Rect{12, 6, 10, 10});
  EXPECT_EQ(Batch({blocks_[0], blocks_[1]}), 2);
  const Vec2 o = state_.sprite(ball_).orientation;
  EXPECT_LT(o.x, 0);
  EXPECT_GT(o.y, 0);
}

// GVGAI doubles the union's height in double and casts it back to int: it stops at INT32_MAX
// instead of wrapping to a negative height. The ball then overlaps the union over its full
// height (a side hit: x flips); a wrapped height would leave the decision to the distances
// (1 pixel to the top, 2 to the side: y would flip).
TEST_F(WallsTest, WallBounceOffTwoHugeStackedWallsSaturatesTheUnionsHeight) {
  PlaceBlock(0, Rect{20, 0, 10, 1 << 30});
  PlaceBlock(1, Rect{20, 1 << 30, 10, 1 << 30});
  state_.sprite(ball_).orientation = Normalise(Vec2{1, 1});
  Move(state_, ball_, Rect{8, -9, 10, 10}, Rect{12, 6, 10, 10});
  EXPECT_EQ(Batch({blocks_[0], blocks_[1]}), 2);
  const Vec2 o = state_.sprite(ball_).orientation;
  EXPECT_LT(o.x, 0);
  EXPECT_GT(o.y, 0);
}

// GVGAI's executeEffectBatch scores and counts times the batch count and records an event per
// hit; events of one type pair in one tick are one event (§11.4).
TEST_F(WallsTest, BatchExecutionScoresPerWallAndRecordsTheAvatarsEvent) {
  const SpriteRef avatar = First(state_, "avatar");
  PlaceBlock(0, Rect{20, 0, 10, 10});
  PlaceBlock(1, Rect{20, 10, 10, 10});
  state_.sprite(avatar).orientation = Normalise(Vec2{1, 1});
  Move(state_, avatar, Rect{8, 2, 10, 10}, Rect{12, 6, 10, 10});
  ExecuteBatchEffect(state_, FindEffect(state_, EffectKind::kWallBounce), avatar,
                     std::vector<SpriteRef>{blocks_[0], blocks_[1]});
  EXPECT_EQ(state_.player(0).score, 2.0 * 2);
  ASSERT_EQ(state_.events().size(), 1u);
  EXPECT_EQ(state_.events()[0].active_type, Type(state_, "avatar"));
  EXPECT_EQ(state_.events()[0].passive_type, Type(state_, "block"));
  // A batch with sprites that are neither the avatar nor its shots records nothing.
  PlaceBlock(2, Rect{40, 0, 10, 10});
  ExecuteBatchEffect(state_, FindEffect(state_, EffectKind::kWallBounce), ball_,
                     std::vector<SpriteRef>{blocks_[2]});
  EXPECT_EQ(state_.events().size(), 1u);
}

TEST_F(WallsTest, WallBounceWithManyWallsUsesTheClosest) {
  PlaceBlock(0, Rect{0, 20, 10, 10});
  PlaceBlock(1, Rect{10, 20, 10, 10});
  PlaceBlock(2, Rect{20, 20, 10, 10});
  state_.sprite(ball_).orientation = dir::kDown;
  Move(state_, ball_, Rect{12, 8, 10, 10}, Rect{12, 13, 10, 10});
  EXPECT_EQ(Batch({blocks_[0], blocks_[1], blocks_[2]}), 1);
  EXPECT_EQ(state_.sprite(ball_).orientation.y, -1.0);  // top hit on the middle wall
  EXPECT_EQ(RectOf(state_, ball_), (Rect{12, 8, 10, 10}));
}

TEST_F(WallsTest, WallReverseKeepsOnlyTheReversedXComponent) {
  const SpriteRef pad = First(state_, "pad");
  state_.sprite(pad).rect = state_.sprite(pad).lastrect = Rect{15, 0, 10, 10};
  state_.sprite(ball_).orientation = Normalise(Vec2{3, 4});
  state_.sprite(ball_).speed = 5;
  Move(state_, ball_, Rect{0, 0, 10, 10}, Rect{7, 0, 10, 10});  // full-height overlap: a side
  const SpriteRef hit[] = {pad};
  EXPECT_EQ(ApplyBatchEffect(state_, FindEffect(state_, EffectKind::kWallReverse), ball_, hit), 1);
  EXPECT_EQ(state_.sprite(ball_).orientation, dir::kLeft);
  EXPECT_DOUBLE_EQ(state_.sprite(ball_).speed, 3.0);  // 5 * |x| = 5 * 0.6
  EXPECT_EQ(RectOf(state_, ball_), (Rect{0, 0, 10, 10}));
}

TEST_F(WallsTest, WallStopPlacesFlushAndKeepsTheComponentAlongTheWall) {
  const SpriteRef avatar = First(state_, "avatar");
  PlaceBlock(0, Rect{15, 0, 10, 10});
  state_.sprite(avatar).orientation = Normalise(Vec2{3, 4});
  state_.sprite(avatar).speed = 10;
  Move(state_, avatar, Rect{0, 0, 10, 10}, Rect{7, 0, 10, 10});
  ExecuteEffect(state_, FindEffect(state_, EffectKind::kWallStop), avatar, blocks_[0]);
  EXPECT_EQ(RectOf(state_, avatar), (Rect{5, 0, 10, 10}));
  // Side hit: only the y component survives, the speed shrinks with it.
  EXPECT_EQ(state_.sprite(avatar).orientation, dir::kDown);
  EXPECT_DOUBLE_EQ(state_.sprite(avatar).speed, 8.0);
}

TEST_F(WallsTest, BounceDirectionAimsByTheHitOffset) {
  const SpriteRef paddle = First(state_, "avatar");
  state_.sprite(paddle).rect = Rect{0, 20, 30, 10};
  state_.sprite(ball_).orientation = dir::kDown;
  // Hitting the paddle's centre from above: straight up.
  Move(state_, ball_, Rect{10, 5, 10, 10}, Rect{10, 12, 10, 10});
  ExecuteEffect(state_, FindEffect(state_, EffectKind::kBounceDirection), ball_, paddle);
  EXPECT_NEAR(state_.sprite(ball_).orientation.x, 0.0, 1e-12);
  EXPECT_NEAR(state_.sprite(ball_).orientation.y, -1.0, 1e-12);
  // Hitting the right end: the maximal 60 degrees to the right.
  state_.sprite(ball_).orientation = dir::kDown;
  Move(state_, ball_, Rect{25, 5, 10, 10}, Rect{25, 12, 10, 10});
  ExecuteEffect(state_, FindEffect(state_, EffectKind::kBounceDirection), ball_, paddle);
  EXPECT_NEAR(state_.sprite(ball_).orientation.x, std::sin(std::numbers::pi / 3), 1e-12);
  EXPECT_NEAR(state_.sprite(ball_).orientation.y, -std::cos(std::numbers::pi / 3), 1e-12);
}

TEST_F(WallsTest, BatchScoreComesFromTheTickLoopTimesTheCount) {
  // Through the tick loop: a block in the ball's path.
  PlaceBlock(0, Rect{20, 20, 10, 10});
  PlaceBlock(1, Rect{-100, -100, 10, 10});
  PlaceBlock(2, Rect{-200, -100, 10, 10});
  const SpriteRef avatar = First(state_, "avatar");
  state_.sprite(avatar).rect = Rect{50, 30, 10, 10};
  for (int i = 0; i < 4 && state_.player(0).score == 0.0; ++i) Step(state_);
  EXPECT_EQ(state_.player(0).score, 2.0);
  EXPECT_EQ(state_.sprite(ball_).orientation, dir::kLeft);
}

constexpr std::string_view kPlayedGame = R"(BasicGame square_size=10
    SpriteSet
        pad > Immovable
        stopper > Missile physicstype=CONT speed=5 orientation=RIGHT
        slime > Missile physicstype=CONT speed=5 orientation=RIGHT
        ball > Missile physicstype=CONT speed=5 orientation=DOWN
        avatar > MovingAvatar
    LevelMapping
        s > stopper
        m > slime
        o > ball
        p > pad
    InteractionSet
        stopper wall > wallStop
        slime wall > wallReverse
        ball pad > bounceDirection
    TerminationSet
        Timeout limit=1000 win=True
)";

TEST(WallsPlayedTest, WallStopLeavesTheSpriteFlushAgainstTheWallAndStopped) {
  State s = MakeState(kPlayedGame, "ws  w\n     \n    A\n");
  const SpriteRef stopper = First(s, "stopper");
  // 10 -> 15 -> ... -> 35, which overlaps the wall at 40: placed flush at 30, and the
  // horizontal motion into the wall is removed.
  for (int i = 0; i < 6; ++i) Step(s);
  EXPECT_EQ(RectOf(s, stopper), (Rect{30, 0, 10, 10}));
  EXPECT_DOUBLE_EQ(s.sprite(stopper).speed, 0.0);
  Step(s);
  Step(s);
  EXPECT_EQ(RectOf(s, stopper), (Rect{30, 0, 10, 10}));
}

TEST(WallsPlayedTest, WallReverseTurnsTheSpriteBackAtTheWall) {
  State s = MakeState(kPlayedGame, "wm  w\n     \n    A\n");
  const SpriteRef slime = First(s, "slime");
  for (int i = 0; i < 6; ++i) Step(s);  // reaches 35, overlapping the wall: back to 30
  EXPECT_EQ(RectOf(s, slime), (Rect{30, 0, 10, 10}));
  EXPECT_EQ(s.sprite(slime).orientation, dir::kLeft);
  EXPECT_DOUBLE_EQ(s.sprite(slime).speed, 5.0);
  Step(s);
  EXPECT_EQ(RectOf(s, slime), (Rect{25, 0, 10, 10}));
}

TEST(WallsPlayedTest, BounceDirectionSendsABallHittingThePadsCentreStraightBack) {
  State s = MakeState(kPlayedGame, " o   \n     \n     \n p  A\n");
  const SpriteRef ball = First(s, "ball");
  // y: 0 (first move skipped), 5, 10, 15, 20, then 25 overlaps the pad at 30..40 (tick 5).
  for (int i = 0; i < 6; ++i) Step(s);
  EXPECT_NEAR(s.sprite(ball).orientation.x, 0.0, 1e-12);
  EXPECT_NEAR(s.sprite(ball).orientation.y, -1.0, 1e-12);
  const int32_t y = RectOf(s, ball).y;
  Step(s);
  EXPECT_EQ(RectOf(s, ball), (Rect{10, y - 5, 10, 10}));
}

}  // namespace
}  // namespace vgdl::testing
