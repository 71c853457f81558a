// JavaAtan2 against Java's Math.atan2 (OpenJDK 17), bit for bit. The first rows are argument
// pairs where glibc's atan2 gives other bits; the rest are fdlibm's special cases (signed
// zeros, infinities, x == 1, quotients beyond 2^60). The same function matched Java on five
// million random pairs, of every exponent and of random bit patterns (docs/fidelity.md).
#include "vgdl/java_math.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace vgdl {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Atan2Case {
  double y;
  double x;
  double java;  // Math.atan2(y, x)
};

constexpr Atan2Case kJavaAtan2[] = {
    {0x1.530b542ec219p-2, -0x1.8f4d050cbb8cp-4, 0x1.db6d49c472aafp+0},
    {0x1.014fa6a4c46cp-1, -0x1.712f33f9e17b5p-34, 0x1.921fb544fa786p+0},
    {-0x1.1e32b1209f86cp-2, 0x1.30bab8ea25774p-2, -0x1.8212a98453afp-1},
    {0x1.93f7244b20dccp-2, -0x1.6eade4274a05cp-35, 0x1.921fb544b7011p+0},
    {0x1.c2bc9222dfa2ap-1, 0x1.44fcd5a56f756p-1, 0x1.e467eee4391c3p-1},
    {0x1.6a88084dfe028p-3, 0x1.8dfeeca060ad2p-1, 0x1.ca8e9d6f96e1fp-3},
    {-0x1.a3b120aef7868p-3, -0x1.0a789af7a399p-3, -0x1.1178c3688bfa8p+1},
    {0x1.73882d20f0bd6p-1, -0x1.58b8dd888ad2bp-36, 0x1.921fb54460827p+0},
    // An AimedAvatar's orientation after a tick of aiming while moving (session 18).
    {0x1.fa4033e5ee937p-1, -0x1.320c9e9dfed16p-3, 0x1.b8861baaa937ep+0},
    {0x0p+0, -0x0p+0, 0x1.921fb54442d18p1},
    {-0x0p+0, -0x0p+0, -0x1.921fb54442d18p1},
    {0x0p+0, -0x1.0p+0, 0x1.921fb54442d18p1},
    {-0x0p+0, -0x1.0p1, -0x1.921fb54442d18p1},
    {0x1.0p+0, 0x0p+0, 0x1.921fb54442d18p+0},
    {-0x1.0p+0, -0x0p+0, -0x1.921fb54442d18p+0},
    {kInf, kInf, 0x1.921fb54442d18p-1},
    {-kInf, -kInf, -0x1.2d97c7f3321d2p1},
    {0x1.0p+0, -kInf, 0x1.921fb54442d18p1},
    {-0x1.0p+0, kInf, -0x0p+0},
    {0x1.7e43c8800759cp996, 0x1.56e1fc2f8f359p-997, 0x1.921fb54442d18p+0},
    {-0x1.56e1fc2f8f359p-997, -0x1.7e43c8800759cp996, -0x1.921fb54442d18p1},
    {0x1.3333333333333p-2, 0x1.0p+0, 0x1.2a73a661eaf06p-2},
    {-0x1.6666666666666p-1, 0x1.0p+0, -0x1.38b112d7bd4adp-1},
    {0x1.8p-52, -0x1.0p+0, 0x1.921fb54442d18p1},
    {0x1.fae147ae147aep-1, 0x1.999999999999ap-4, 0x1.785a498b82bf8p+0},
};

TEST(JavaMathTest, Atan2IsJavasBitForBit) {
  for (const Atan2Case& c : kJavaAtan2) {
    EXPECT_EQ(std::bit_cast<uint64_t>(JavaAtan2(c.y, c.x)), std::bit_cast<uint64_t>(c.java))
        << std::hexfloat << "atan2(" << c.y << ", " << c.x << ") = " << JavaAtan2(c.y, c.x)
        << ", Java: " << c.java;
  }
}

TEST(JavaMathTest, Atan2OfNaNIsNaN) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(std::isnan(JavaAtan2(nan, 1.0)));
  EXPECT_TRUE(std::isnan(JavaAtan2(1.0, nan)));
  EXPECT_TRUE(std::isnan(JavaAtan2(nan, kInf)));
}

}  // namespace
}  // namespace vgdl
