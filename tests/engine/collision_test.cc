// The collision tests of the pair effects: GVGAI's groundIntersects.
#include "engine/collision.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "tests/engine/effects/effect_test_util.h"

namespace vgdl::testing {
namespace {

constexpr std::string_view kGame = R"(BasicGame square_size=10
    SpriteSet
        floor > Immovable solid=True
        avatar > PlatformerAvatar physicstype=CONT gravity=1.0
    LevelMapping
        f > floor
    InteractionSet
        avatar floor > wallStop
    TerminationSet
        Timeout limit=100 win=True
)";

// A platformer avatar above a solid floor, in the air.
class GroundIntersectsTest : public ::testing::Test {
 protected:
  GroundIntersectsTest()
      : s(MakeState(kGame, "A\nf\n")), avatar(First(s, "avatar")), floor(First(s, "floor")) {
    s.sprite(avatar).set(SpriteFlag::kOnGround, false);
  }
  State s;
  const SpriteRef avatar;
  const SpriteRef floor;
};

TEST_F(GroundIntersectsTest, LandingSetsOnGroundWithoutOverlapping) {
  Move(s, avatar, Rect{0, -5, 10, 10}, Rect{0, 0, 10, 10});  // fell onto the floor at y=10
  EXPECT_FALSE(CollidesForEffects(s, avatar, floor));
  EXPECT_TRUE(s.sprite(avatar).has(SpriteFlag::kOnGround));
}

// GVGAI adds the half height to getMinY(), a double: a fall from the top end of the int range
// still comes from above (an int difference of the two positions would wrap to negative).
TEST_F(GroundIntersectsTest, AFallFromTheIntRangesTopEndComesFromAbove) {
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  Move(s, avatar, Rect{0, kMin + 2, 10, 10}, Rect{0, 0, 10, 10});
  EXPECT_FALSE(CollidesForEffects(s, avatar, floor));
  EXPECT_TRUE(s.sprite(avatar).has(SpriteFlag::kOnGround));
}

// GVGAI moves its 3-pixel probe with setLocation(x, y + 3), a Java int sum: from the bottom
// end of the int range it wraps around to the top end (java.awt.Rectangle.translate would stop
// it there instead).
TEST_F(GroundIntersectsTest, TheProbeBelowWrapsAroundLikeAJavaInt) {
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  Move(s, floor, Rect{0, 0, 10, 10}, Rect{0, kMin, 10, 10});
  Move(s, avatar, Rect{0, kMin, 10, 10}, Rect{0, kMax - 1, 10, 10});  // probe at kMin + 1
  EXPECT_FALSE(CollidesForEffects(s, avatar, floor));
  EXPECT_TRUE(s.sprite(avatar).has(SpriteFlag::kOnGround));
}

}  // namespace
}  // namespace vgdl::testing
