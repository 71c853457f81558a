// McNemar's exact test against p-values computed by hand, and the pairing of episodes.
#include "runner/paired.h"

#include <gtest/gtest.h>

namespace vgdl {
namespace {

TEST(McNemarExactPValue, MatchesHandComputedBinomialTails) {
  // n = 5, k = 0: 2 * C(5,0) / 2^5 = 2/32.
  EXPECT_NEAR(McNemarExactPValue(0, 5), 0.0625, 1e-12);
  // n = 10, k = 1: 2 * (1 + 10) / 1024 = 22/1024.
  EXPECT_NEAR(McNemarExactPValue(9, 1), 22.0 / 1024.0, 1e-12);
  // n = 10, k = 2: 2 * (1 + 10 + 45) / 1024 = 112/1024.
  EXPECT_NEAR(McNemarExactPValue(2, 8), 112.0 / 1024.0, 1e-12);
  // n = 20, k = 5: 2 * (1 + 20 + 190 + 1140 + 4845 + 15504) / 2^20 = 43400/1048576.
  EXPECT_NEAR(McNemarExactPValue(5, 15), 43400.0 / 1048576.0, 1e-12);
  // Equal counts: the tail passes one half, the p-value is capped at 1.
  EXPECT_DOUBLE_EQ(McNemarExactPValue(3, 3), 1.0);
  EXPECT_DOUBLE_EQ(McNemarExactPValue(0, 0), 1.0);
}

TEST(McNemarExactPValue, StaysFiniteForThousandsOfPairs) {
  // 2^3000 overflows a double; the logarithms keep the tail. The exact value, from the sum of
  // binomial coefficients in rational arithmetic: 2.785639610392337e-4.
  EXPECT_NEAR(McNemarExactPValue(1400, 1600) / 2.785639610392337e-4, 1.0, 1e-9);
  EXPECT_DOUBLE_EQ(McNemarExactPValue(1500, 1500), 1.0);
}

EpisodeResult Episode(const std::string& agent, const std::string& game, int rep, uint64_t seed,
                      bool win) {
  EpisodeResult r;
  r.agent = agent;
  r.game = game;
  r.rep = rep;
  r.seed = seed;
  r.win = win;
  return r;
}

TEST(ComparePaired, CountsOnlyEpisodesBothAgentsPlayedWithTheSameSeed) {
  const std::vector<EpisodeResult> results = {
      Episode("a", "g", 0, 10, true),  Episode("b", "g", 0, 10, false),  // A alone
      Episode("a", "g", 1, 11, true),  Episode("b", "g", 1, 11, true),   // both
      Episode("a", "g", 2, 12, false), Episode("b", "g", 2, 12, true),   // B alone
      Episode("a", "g", 3, 13, false), Episode("b", "g", 3, 13, false),  // neither
      Episode("a", "h", 0, 14, true),  Episode("b", "h", 0, 99, false),  // other seeds: no pair
      Episode("a", "g", 4, 15, true),                                    // B never played it
  };
  const auto c = ComparePaired(results, {"a", "b"});
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].agent_a, "a");
  EXPECT_EQ(c[0].agent_b, "b");
  EXPECT_EQ(c[0].pairs, 4);
  EXPECT_EQ(c[0].both_won, 1);
  EXPECT_EQ(c[0].a_only, 1);
  EXPECT_EQ(c[0].b_only, 1);
  EXPECT_EQ(c[0].neither, 1);
  EXPECT_DOUBLE_EQ(c[0].p_value, 1.0);
}

TEST(ComparePaired, OneComparisonPerUnorderedPair) {
  std::vector<EpisodeResult> results;
  for (int rep = 0; rep < 6; ++rep) {
    const auto seed = static_cast<uint64_t>(100 + rep);
    results.push_back(Episode("a", "g", rep, seed, true));
    results.push_back(Episode("b", "g", rep, seed, false));
    results.push_back(Episode("c", "g", rep, seed, rep < 3));
  }
  const auto c = ComparePaired(results, {"a", "b", "c"});
  ASSERT_EQ(c.size(), 3u);
  EXPECT_EQ(c[0].agent_b, "b");
  EXPECT_EQ(c[0].a_only, 6);
  EXPECT_NEAR(c[0].p_value, 2.0 / 64.0, 1e-12);  // n = 6, k = 0
  EXPECT_EQ(c[1].agent_b, "c");
  EXPECT_EQ(c[1].a_only, 3);
  EXPECT_EQ(c[2].agent_a, "b");
  EXPECT_EQ(c[2].b_only, 3);
}

}  // namespace
}  // namespace vgdl
