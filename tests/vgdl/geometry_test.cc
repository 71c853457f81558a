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
  EXPECT_EQ(JavaIntSub(kMin, 1), kMax);
}

// java.awt.Rectangle.translate's answers (OpenJDK 17): a coordinate stops at the end of int's
// range, and a size that is not negative keeps the far edge where the move took it.
TEST(JavaRectTest, TranslatedAsJavaAwtRectangle) {
  struct Case {
    Rect r;
    int32_t dx;
    int32_t dy;
    Rect java;
  };
  constexpr Case kCases[] = {
      {{2147483646, 0, 10, 10}, 3, -1, {2147483647, -1, 12, 10}},
      {{10, 20, 10, 10}, 5, -3, {15, 17, 10, 10}},
      {{2147483642, 2147483642, 2147483647, 2147483647},
       100,
       100,
       {2147483647, 2147483647, 2147483647, 2147483647}},
      {{-2147483643, -2147483643, 10, 10}, -20, -5, {-2147483647 - 1, -2147483647 - 1, -5, 10}},
      {{-2147483643, 0, 3, 1}, -20, 0, {-2147483647 - 1, 0, -12, 1}},
      {{-2147483643, 0, -4, 1}, -20, 0, {-2147483647 - 1, 0, -4, 1}},
      {{2147483642, 0, -4, 1}, 20, 0, {2147483647, 0, -4, 1}},
      {{2147483645, 10, 1, 10}, 2147483625, 0, {2147483647, 10, 2147483624, 10}},
  };
  for (const Case& c : kCases) {
    const Rect moved = c.r.translated(c.dx, c.dy);
    EXPECT_EQ(moved, c.java) << c.r.x << " " << c.r.y << " " << c.r.w << " " << c.r.h << " by "
                             << c.dx << " " << c.dy << ": " << moved.x << " " << moved.y << " "
                             << moved.w << " " << moved.h;
  }
}

// java.awt.Rectangle's answers (OpenJDK 17), for rectangles whose edges pass the end of int's
// range, and for empty and negative sizes. Java's intersects and contains guard their edge sums
// against overflow; summed in int, 5 + 2147483647 wraps and gives the opposite answer.
struct JavaRectCase {
  Rect a;
  Rect b;
  bool a_intersects_b;
  bool a_contains_b;
};
constexpr JavaRectCase kJavaRectCases[] = {
    // Ordinary: overlap, touching edges, inside, empty and negative sizes.
    {{0, 0, 10, 10}, {5, 5, 10, 10}, true, false},
    {{0, 0, 10, 10}, {10, 0, 10, 10}, false, false},
    {{0, 0, 10, 10}, {2, 2, 8, 8}, true, true},
    {{0, 0, 10, 10}, {2, 2, 0, 5}, false, false},
    {{0, 0, 10, 10}, {2, 2, -1, 5}, false, false},
    {{0, 0, 0, 10}, {0, 0, 0, 10}, false, false},
    // Edges past int's range.
    {{1586066215, 2147483646, 1891461676, 10}, {1586066225, 2147483647, 1169895427, 1}, true, true},
    {{5, 2119641190, 20, 2147483647}, {-4, 2119641198, 1337526340, 2147483647}, true, false},
    {{10, -10, 2016372235, 1000}, {50, 10, 2147483647, 1000}, true, false},
    {{2147483647, 2147483647, 1, 10}, {2147483637, 2147483647, 20, 1}, true, false},
    {{-2147483648, 2147483646, 2147483647, 1}, {-2147483642, 2147483643, 1, 1000}, true, false},
    {{323570986, 10, 1000, 5}, {323570992, 16, 5, 2147483647}, false, false},
    {{0, 212039114, 20, 293503770}, {5, 2147483637, 10, 2147483647}, false, false},
    {{-100, 50, 1169293152, 10}, {-94, 57, 10, 2147483647}, true, false},
    {{-1, 2147483637, 2147483647, 1}, {3, 2147483641, 1, 1000}, false, false},
    {{0, 10, 2147483647, 1186501095}, {4, 11, 2147483647, 309632849}, true, false},
    {{-1946803002, 2147483637, 1000, 1000}, {2147483637, 2147483646, 1000, 10}, false, false},
    {{-988478210, 2147483637, 2147483647, 1000}, {-100, 2147483637, 20, 10}, true, true},
    {{-100, 1, 1836323858, 1}, {-10, 2147483646, 5, 1668205180}, false, false},
};

TEST(JavaRectTest, IntersectsAsJavaAwtRectangle) {
  for (const JavaRectCase& c : kJavaRectCases) {
    EXPECT_EQ(c.a.intersects(c.b), c.a_intersects_b)
        << c.a.x << " " << c.a.y << " " << c.a.w << " " << c.a.h << " / " << c.b.x << " " << c.b.y
        << " " << c.b.w << " " << c.b.h;
    EXPECT_EQ(c.b.intersects(c.a), c.a_intersects_b);  // symmetric, in Java too
  }
}

TEST(JavaRectTest, ContainsAsJavaAwtRectangle) {
  for (const JavaRectCase& c : kJavaRectCases) {
    EXPECT_EQ(c.a.contains(c.b), c.a_contains_b)
        << c.a.x << " " << c.a.y << " " << c.a.w << " " << c.a.h << " / " << c.b.x << " " << c.b.y
        << " " << c.b.w << " " << c.b.h;
  }
}

}  // namespace
}  // namespace vgdl
