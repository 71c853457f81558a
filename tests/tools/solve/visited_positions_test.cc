// VisitedPositions keeps whole keys: positions whose keys hash alike stay apart.
#include "tools/solve/visited_positions.h"

#include <gtest/gtest.h>

#include <string>

namespace vgdl::tools {
namespace {

// Every key collides.
struct OneBucket {
  size_t operator()(const std::string&) const { return 42; }
};

TEST(VisitedPositionsTest, AHashCollisionDoesNotMergeTwoPositions) {
  VisitedPositions<OneBucket> visited;
  EXPECT_TRUE(visited.Insert("position a"));
  EXPECT_TRUE(visited.Insert("position b"));
  EXPECT_FALSE(visited.Insert("position a"));
  EXPECT_EQ(visited.size(), 2u);
  EXPECT_GT(visited.bytes(), 2 * std::string("position a").size());
}

}  // namespace
}  // namespace vgdl::tools
