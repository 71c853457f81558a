#include <gtest/gtest.h>

#include <map>
#include <tuple>

#include "gvgai/trace/state_format.h"
#include "gvgai/trace/trace.h"
#include "tests/gvgai/trace/gvgai_dir.h"

namespace vgdl::trace {
namespace {

TEST(ChecksumTest, Fnv1aMatchesTheReferenceVectors) {
  // Test vectors of the FNV reference implementation (64-bit FNV-1a).
  EXPECT_EQ(Fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(Fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(Fnv1a64("foobar"), 0x85944171f73967e8ULL);
}

TEST(ChecksumTest, HashesTheByteSortedSpriteLines) {
  // Byte order puts "a 10 0" before "a 2 0" ('1' < '2'), and "a" before "b".
  const std::vector<TraceSprite> sprites = {{"b", 1, 2}, {"a", 10, 0}, {"a", 2, 0}};
  EXPECT_EQ(ChecksumOfSprites(sprites), Fnv1a64("a 10 0\na 2 0\nb 1 2\n"));
  // The same value, computed by an independent implementation.
  EXPECT_EQ(FormatHash(ChecksumOfSprites(sprites)), "0c30681327fb3d53");
  EXPECT_EQ(ChecksumOfSprites({}), kFnvOffsetBasis);
}

TEST(ChecksumTest, SortsAsBytesNotAsNames) {
  // "ab 1 1" vs "a 5 5": the space after "a" sorts before 'b'.
  EXPECT_EQ(ChecksumOfSprites({{"ab", 1, 1}, {"a", 5, 5}}), Fnv1a64("a 5 5\nab 1 1\n"));
  // '-' (0x2d) sorts before digits.
  EXPECT_EQ(ChecksumOfSprites({{"a", 3, 0}, {"a", -3, 0}}), Fnv1a64("a -3 0\na 3 0\n"));
}

TEST(ChecksumTest, FormatsHashesWithSixteenLowercaseDigits) {
  EXPECT_EQ(FormatHash(0), "0000000000000000");
  EXPECT_EQ(FormatHash(0xABCDEFULL), "0000000000abcdef");
  EXPECT_EQ(FormatHash(~0ULL), "ffffffffffffffff");
}

// Rebuilds every tick's sprite set from the init list and the +/- diffs and checks it
// against the trace's own `n` and `h`: the checksum and the diff semantics as GVGAI wrote them.
void CheckTraceSelfConsistent(const std::string& name) {
  const auto path = testing::GvgaiDir() / "traces" / (name + ".trace.gz");
  const Trace trace = ReadTrace(path);
  std::map<std::tuple<std::string, int32_t, int32_t>, int> counts;
  for (const auto& s : trace.init) ++counts[{s.type, s.x, s.y}];
  for (const TraceTick& t : trace.ticks) {
    for (const auto& s : t.added) ++counts[{s.type, s.x, s.y}];
    for (const auto& s : t.removed) --counts[{s.type, s.x, s.y}];
    std::vector<TraceSprite> sprites;
    for (const auto& [key, n] : counts) {
      ASSERT_GE(n, 0) << name << " tick " << t.tick;
      for (int k = 0; k < n; ++k)
        sprites.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key)});
    }
    ASSERT_EQ(static_cast<int>(sprites.size()), t.sprite_count) << name << " tick " << t.tick;
    ASSERT_EQ(FormatHash(ChecksumOfSprites(sprites)), FormatHash(t.hash))
        << name << " tick " << t.tick;
  }
}

TEST(ChecksumTest, ReproducesTheReferenceTraces) {
  if (!testing::HaveGvgai()) GTEST_SKIP() << "no GVGAI traces at " << testing::GvgaiDir();
  for (const char* name : {"aliens_lvl0_s1", "butterflies_lvl0_s3", "boulderdash_lvl1_s2",
                           "ptsp_lvl0_s1", "artillery_lvl0_s1"}) {
    CheckTraceSelfConsistent(name);
  }
}

}  // namespace
}  // namespace vgdl::trace
