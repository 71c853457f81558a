// MovingAvatar, OrientedAvatar, MissileAvatar and the per-class action lists.
#include <gtest/gtest.h>

#include <vector>

#include "engine/avatars/avatar.h"
#include "tests/engine/avatars/avatar_game.h"
#include "tests/engine/sprites/sprite_test_util.h"

namespace vgdl {
namespace {

using testing::Avatar;
using testing::AvatarGame;
using testing::Only;
using testing::Tick;
using testing::TinyGame;

std::vector<Action> Actions(SpriteClass c) {
  const auto span = AvailableActions(c);
  return {span.begin(), span.end()};
}

TEST(AvailableActionsTest, FollowGvgaiOrderPerClass) {
  using enum Action;
  EXPECT_EQ(Actions(SpriteClass::kMovingAvatar), (std::vector{kLeft, kRight, kDown, kUp}));
  EXPECT_EQ(Actions(SpriteClass::kOrientedAvatar), (std::vector{kLeft, kRight, kDown, kUp}));
  EXPECT_EQ(Actions(SpriteClass::kHorizontalAvatar), (std::vector{kLeft, kRight}));
  EXPECT_EQ(Actions(SpriteClass::kVerticalAvatar), (std::vector{kUp, kDown}));
  EXPECT_EQ(Actions(SpriteClass::kNullAvatar), (std::vector{kNil}));
  EXPECT_EQ(Actions(SpriteClass::kFlakAvatar), (std::vector{kUse, kLeft, kRight}));
  EXPECT_EQ(Actions(SpriteClass::kShootAvatar), (std::vector{kUse, kLeft, kRight, kDown, kUp}));
  EXPECT_EQ(Actions(SpriteClass::kOngoingShootAvatar),
            (std::vector{kUse, kLeft, kRight, kDown, kUp}));
  EXPECT_EQ(Actions(SpriteClass::kShootOnlyAvatar), (std::vector{kLeft, kUp, kRight, kDown, kUse}));
  EXPECT_EQ(Actions(SpriteClass::kAimedAvatar), (std::vector{kUse, kDown, kUp}));
  EXPECT_EQ(Actions(SpriteClass::kSpaceshipAvatar), (std::vector{kUse, kLeft, kRight, kDown, kUp}));
  EXPECT_EQ(Actions(SpriteClass::kLanderAvatar), (std::vector{kLeft, kRight, kDown, kUp}));
  EXPECT_EQ(Actions(SpriteClass::kCarAvatar), (std::vector{kLeft, kRight, kDown, kUp}));
  EXPECT_EQ(Actions(SpriteClass::kBirdAvatar), (std::vector{kUse}));
  EXPECT_EQ(Actions(SpriteClass::kPlatformerAvatar), (std::vector{kLeft, kRight, kUse}));
  EXPECT_EQ(Actions(SpriteClass::kWizardAvatar), (std::vector{kLeft, kRight, kUse, kUp}));
  EXPECT_EQ(Actions(SpriteClass::kOngoingAvatar), (std::vector{kLeft, kRight, kDown, kUp}));
  EXPECT_EQ(Actions(SpriteClass::kOngoingTurningAvatar), (std::vector{kLeft, kRight, kDown, kUp}));
  EXPECT_EQ(Actions(SpriteClass::kMissileAvatar), (std::vector{kLeft, kRight, kDown, kUp}));
  EXPECT_TRUE(Actions(SpriteClass::kChaser).empty());
}

std::string GameWith(const std::string& avatar_line) {
  return AvatarGame(avatar_line);
}

constexpr const char* kLevel =
    "wwwwwwww\n"
    "w......w\n"
    "w..A...w\n"
    "w......w\n"
    "wwwwwwww\n";

TEST(MovingAvatarTest, MovesOneCellPerPressWithoutTurning) {
  TinyGame g(GameWith("MovingAvatar"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kRight);
  EXPECT_EQ(Avatar(s).rect, (Rect{40, 20, 10, 10}));
  EXPECT_EQ(s.player(0).last_movement, MovementType::kMove);
  EXPECT_EQ(Avatar(s).orientation, dir::kNone);
  Tick(s, Action::kNil);
  EXPECT_EQ(Avatar(s).rect, (Rect{40, 20, 10, 10}));
  EXPECT_EQ(s.player(0).last_movement, MovementType::kStill);
  Tick(s, Action::kUp);
  EXPECT_EQ(Avatar(s).rect, (Rect{40, 10, 10, 10}));
}

TEST(MovingAvatarTest, CooldownSkipsTicks) {
  TinyGame g(GameWith("MovingAvatar cooldown=2"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kRight);  // lastmove 1 < 2
  EXPECT_EQ(Avatar(s).rect.x, 30);
  EXPECT_EQ(s.player(0).last_movement, MovementType::kStill);
  Tick(s, Action::kRight);
  EXPECT_EQ(Avatar(s).rect.x, 40);
  Tick(s, Action::kRight);
  EXPECT_EQ(Avatar(s).rect.x, 40);
  Tick(s, Action::kRight);
  EXPECT_EQ(Avatar(s).rect.x, 50);
}

TEST(MovingAvatarTest, FractionalSpeedMovesPartCells) {
  TinyGame g(GameWith("MovingAvatar speed=0.5"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kLeft);
  EXPECT_EQ(Avatar(s).rect.x, 25);
}

TEST(OrientedAvatarTest, RotatesInPlaceBeforeMoving) {
  TinyGame g(GameWith("OrientedAvatar"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  EXPECT_EQ(Avatar(s).orientation, dir::kRight);
  Tick(s, Action::kUp);  // only turns
  EXPECT_EQ(Avatar(s).rect, (Rect{30, 20, 10, 10}));
  EXPECT_EQ(Avatar(s).orientation, dir::kUp);
  EXPECT_EQ(s.player(0).last_movement, MovementType::kRotate);
  Tick(s, Action::kUp);
  EXPECT_EQ(Avatar(s).rect, (Rect{30, 10, 10, 10}));
  EXPECT_EQ(s.player(0).last_movement, MovementType::kMove);
  Tick(s, Action::kRight);  // turns back, no move
  EXPECT_EQ(Avatar(s).rect, (Rect{30, 10, 10, 10}));
  EXPECT_EQ(Avatar(s).orientation, dir::kRight);
}

TEST(OrientedAvatarTest, WithoutRotateInPlaceItMovesAndFacesTheMove) {
  TinyGame g(GameWith("OrientedAvatar rotateInPlace=False"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kDown);
  EXPECT_EQ(Avatar(s).rect, (Rect{30, 30, 10, 10}));
  EXPECT_EQ(Avatar(s).orientation, dir::kDown);
  // Blocked by the wall: stepBack undoes the move but the orientation stays.
  Tick(s, Action::kDown);
  EXPECT_EQ(Avatar(s).rect, (Rect{30, 30, 10, 10}));
}

TEST(OrientedAvatarTest, NonOrientedSpritesCannotRotateInPlace) {
  // rotateInPlace only turns oriented sprites; a MovingAvatar moves straight away.
  TinyGame g(GameWith("MovingAvatar rotateInPlace=True"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kLeft);
  EXPECT_EQ(Avatar(s).rect.x, 20);
}

TEST(HorizontalAvatarTest, MovesLeftAndRightAndPlaysUpAsNilInTheRealGame) {
  TinyGame g(GameWith("HorizontalAvatar"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kRight);
  EXPECT_EQ(Avatar(s).rect, (Rect{40, 20, 10, 10}));
  Tick(s, Action::kLeft);
  Tick(s, Action::kLeft);
  EXPECT_EQ(Avatar(s).rect, (Rect{20, 20, 10, 10}));
  // UP and DOWN are not among its actions: the real game plays them as NIL (§4.1).
  Advance(s, Action::kUp, StepMode::kRealGame);
  Advance(s, Action::kDown, StepMode::kRealGame);
  EXPECT_EQ(Avatar(s).rect, (Rect{20, 20, 10, 10}));
  EXPECT_EQ(s.player(0).last_movement, MovementType::kStill);
}

TEST(VerticalAvatarTest, MovesUpAndDownAndPlaysLeftAsNilInTheRealGame) {
  TinyGame g(GameWith("VerticalAvatar"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kUp);
  EXPECT_EQ(Avatar(s).rect, (Rect{30, 10, 10, 10}));
  Tick(s, Action::kDown);
  Tick(s, Action::kDown);
  EXPECT_EQ(Avatar(s).rect, (Rect{30, 30, 10, 10}));
  Tick(s, Action::kDown);  // into the wall: stepBack
  EXPECT_EQ(Avatar(s).rect, (Rect{30, 30, 10, 10}));
  Advance(s, Action::kLeft, StepMode::kRealGame);
  Advance(s, Action::kRight, StepMode::kRealGame);
  EXPECT_EQ(Avatar(s).rect, (Rect{30, 30, 10, 10}));
}

TEST(NullAvatarTest, NilKeepsItStill) {
  TinyGame g(GameWith("NullAvatar"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kNil);
  EXPECT_EQ(Avatar(s).rect, (Rect{30, 20, 10, 10}));
}

TEST(MissileAvatarTest, FliesOnIgnoringInput) {
  TinyGame g(GameWith("MissileAvatar"), kLevel);
  ASSERT_TRUE(g.ok());
  State s = g.Start();
  Tick(s, Action::kUp);  // first passive move skipped
  EXPECT_EQ(Avatar(s).rect, (Rect{30, 20, 10, 10}));
  Tick(s, Action::kUp);
  EXPECT_EQ(Avatar(s).rect, (Rect{40, 20, 10, 10}));
  EXPECT_EQ(Avatar(s).orientation, dir::kRight);
  EXPECT_EQ(s.player(0).last_movement, MovementType::kStill);
}

}  // namespace
}  // namespace vgdl
