// Java's int arithmetic on pixels (vgdl/geometry.h): what GVGAI's casts and additions give,
// without C++'s undefined behaviour for values out of range.
#include "vgdl/geometry.h"

#include <gtest/gtest.h>

#include <limits>

namespace vgdl {
namespace {

constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
constexpr int32_t kMin = std::numeric_limits<int32_t>::min();

TEST(JavaIntCastTest, TruncatesTowardZero) {
  EXPECT_EQ(JavaIntCast(2.9), 2);
  EXPECT_EQ(JavaIntCast(-2.9), -2);
  EXPECT_EQ(JavaIntCast(-0.5), 0);
  EXPECT_EQ(JavaIntCast(0.0), 0);
}

TEST(JavaIntCastTest, SaturatesAndMapsNanToZeroAsJavaDoes) {
  EXPECT_EQ(JavaIntCast(std::numeric_limits<double>::quiet_NaN()), 0);
  EXPECT_EQ(JavaIntCast(1e300), kMax);
  EXPECT_EQ(JavaIntCast(std::numeric_limits<double>::infinity()), kMax);
  EXPECT_EQ(JavaIntCast(-1e300), kMin);
  EXPECT_EQ(JavaIntCast(-std::numeric_limits<double>::infinity()), kMin);
  // The edges themselves, and INT32_MIN reached exactly (the hardware's out-of-range answer).
  EXPECT_EQ(JavaIntCast(2147483647.0), kMax);
  EXPECT_EQ(JavaIntCast(2147483646.7), kMax - 1);
  EXPECT_EQ(JavaIntCast(-2147483648.0), kMin);
  EXPECT_EQ(JavaIntCast(-2147483648.9), kMin);
}

TEST(JavaIntAddTest, WrapsAroundAsJavaDoes) {
  EXPECT_EQ(JavaIntAdd(kMax, 1), kMin);
  EXPECT_EQ(JavaIntAdd(kMin, -1), kMax);
  EXPECT_EQ(JavaIntAdd(40, 2), 42);
  const Rect r{kMax - 1, 0, 10, 10};
  EXPECT_EQ(r.translated(3, -1), (Rect{kMin + 1, -1, 10, 10}));
}

}  // namespace
}  // namespace vgdl
