// Keys to actions as GVGAI's KeyInput, KeyPulse and human Agent make them.
#include "tools/window/key_input.h"

#include <gtest/gtest.h>

namespace vgdl::window {
namespace {

std::array<bool, kGameKeyCount> Down(std::initializer_list<GameKey> keys) {
  std::array<bool, kGameKeyCount> down{};
  for (const GameKey k : keys) down[static_cast<size_t>(k)] = true;
  return down;
}

TEST(ActionFromKeysTest, AsGvgaisHumanAgent) {
  EXPECT_EQ(ActionFromKeys(Down({})), Action::kNil);
  EXPECT_EQ(ActionFromKeys(Down({GameKey::kUp})), Action::kUp);
  EXPECT_EQ(ActionFromKeys(Down({GameKey::kLeft})), Action::kLeft);
  EXPECT_EQ(ActionFromKeys(Down({GameKey::kDown})), Action::kDown);
  EXPECT_EQ(ActionFromKeys(Down({GameKey::kRight})), Action::kRight);
  // Down wins over up, right over left; a diagonal is no movement.
  EXPECT_EQ(ActionFromKeys(Down({GameKey::kUp, GameKey::kDown})), Action::kDown);
  EXPECT_EQ(ActionFromKeys(Down({GameKey::kLeft, GameKey::kRight})), Action::kRight);
  EXPECT_EQ(ActionFromKeys(Down({GameKey::kUp, GameKey::kRight})), Action::kNil);
  // Use replaces the movement.
  EXPECT_EQ(ActionFromKeys(Down({GameKey::kUse})), Action::kUse);
  EXPECT_EQ(ActionFromKeys(Down({GameKey::kUse, GameKey::kLeft})), Action::kUse);
}

TEST(HumanInputTest, HeldKeysActEveryTick) {
  HumanInput input(1, false);
  EXPECT_EQ(input.NextAction(0), Action::kNil);
  input.Press(0, GameKey::kLeft);
  EXPECT_EQ(input.NextAction(0), Action::kLeft);
  EXPECT_EQ(input.NextAction(0), Action::kLeft);
  input.Release(0, GameKey::kLeft);
  EXPECT_EQ(input.NextAction(0), Action::kNil);
}

TEST(HumanInputTest, TapsBetweenTicksStillCount) {
  HumanInput input(1, false);
  input.Press(0, GameKey::kUp);
  input.Release(0, GameKey::kUp);
  EXPECT_EQ(input.NextAction(0), Action::kUp);
  EXPECT_EQ(input.NextAction(0), Action::kNil);
}

TEST(HumanInputTest, PulsesPlayOnePressPerTickInOrder) {
  HumanInput input(1, true);
  input.Press(0, GameKey::kRight);
  EXPECT_EQ(input.NextAction(0), Action::kNil);  // a pulse counts when the key comes up
  input.Release(0, GameKey::kRight);
  input.Press(0, GameKey::kRight);
  input.Release(0, GameKey::kRight);
  input.Press(0, GameKey::kUse);
  input.Release(0, GameKey::kUse);
  input.Press(0, GameKey::kDown);
  input.Release(0, GameKey::kDown);
  EXPECT_EQ(input.NextAction(0), Action::kRight);
  EXPECT_EQ(input.NextAction(0), Action::kRight);
  EXPECT_EQ(input.NextAction(0), Action::kUse);
  EXPECT_EQ(input.NextAction(0), Action::kDown);
  EXPECT_EQ(input.NextAction(0), Action::kNil);
}

TEST(HumanInputTest, PlayersHaveTheirOwnKeys) {
  HumanInput input(2, true);
  input.Release(1, GameKey::kLeft);
  EXPECT_EQ(input.NextAction(0), Action::kNil);
  EXPECT_EQ(input.NextAction(1), Action::kLeft);
  // Keys of players the game does not have are ignored.
  HumanInput one(1, false);
  one.Press(1, GameKey::kUp);
  one.Press(-1, GameKey::kUp);
  EXPECT_EQ(one.NextAction(0), Action::kNil);
  EXPECT_EQ(one.NextAction(1), Action::kNil);
}

TEST(HumanInputTest, ClearAndReleaseHeld) {
  HumanInput input(1, false);
  input.Press(0, GameKey::kDown);
  input.NextAction(0);
  input.ReleaseHeld();
  EXPECT_EQ(input.NextAction(0), Action::kNil);
  HumanInput pulses(1, true);
  pulses.Release(0, GameKey::kUp);
  pulses.ReleaseHeld();  // queued presses stay
  EXPECT_EQ(pulses.NextAction(0), Action::kUp);
  pulses.Release(0, GameKey::kUp);
  pulses.Clear();
  EXPECT_EQ(pulses.NextAction(0), Action::kNil);
}

TEST(HumanInputTest, PulseQueueIsBounded) {
  HumanInput input(1, true);
  for (int i = 0; i < 1000; ++i) input.Release(0, GameKey::kUp);
  int n = 0;
  while (input.NextAction(0) == Action::kUp) ++n;
  EXPECT_GT(n, 10);
  EXPECT_LT(n, 1000);
}

}  // namespace
}  // namespace vgdl::window
