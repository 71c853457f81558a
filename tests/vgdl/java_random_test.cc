#include "vgdl/java_random.h"

#include <gtest/gtest.h>

namespace vgdl {
namespace {

// java.util.Random(42): nextInt() twice, as Java prints them.
TEST(JavaRandomTest, MatchesJavaUtilRandom) {
  JavaRandom rng(42);
  EXPECT_EQ(rng.NextInt(), -1170105035);
  EXPECT_EQ(rng.NextInt(), 234785527);
}

// Drawing ahead gives the generator's own draws, past the end of its jump table too, and
// leaves the generator where drawing one by one would.
TEST(JavaRandomTest, AheadDrawsWhatNextFloatDraws) {
  for (const int draws : {0, 1, 63, 64, 65, 200}) {
    JavaRandom one_by_one(draws);
    JavaRandom ahead_rng(draws);
    JavaRandom::Ahead ahead(ahead_rng);
    for (int k = 0; k < draws; ++k) {
      const float expected = one_by_one.NextFloat();
      ASSERT_EQ(static_cast<float>(ahead.Next24()) / static_cast<float>(1 << 24), expected)
          << "draw " << k << " of " << draws;
    }
    ahead.Finish(ahead_rng);
    EXPECT_EQ(ahead_rng, one_by_one) << draws << " draws";
    EXPECT_EQ(ahead_rng.NextInt(), one_by_one.NextInt());
  }
}

}  // namespace
}  // namespace vgdl
