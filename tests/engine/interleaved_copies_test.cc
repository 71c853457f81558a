// A state advances the same whatever other copies of it advance in between: what the engine
// keeps from one advance to the next (the thread's scratch, the collision grids kept across
// ticks and caught up by comparing rectangles) must never leak one copy's sprites into
// another's. Tree searches advance diverging copies in exactly this way.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "engine/game.h"
#include "gvgai/trace/random_policy.h"
#include "gvgai/trace/state_format.h"
#include "tests/gvgai/trace/gvgai_dir.h"
#include "tests/gvgai_game_files.h"
#include "vgdl/loader.h"

namespace vgdl::testing {
namespace {

namespace fs = std::filesystem;

constexpr int kTicks = 300;

struct Tick {
  uint64_t checksum;
  double score;
  bool operator==(const Tick&) const = default;
};

// Advances `state` kTicks ticks with the random actions of `seed`, recording each tick; with
// `interleave`, copies taken from it and from each other advance with other actions in
// between, as a search's rollouts do.
std::vector<Tick> Play(const State& initial, uint64_t seed, bool interleave) {
  trace::TraceFormatter formatter(initial.def());
  trace::SplitMix64 rng(seed);
  trace::SplitMix64 other_rng(seed + 1);
  State state(initial);
  State other(initial);
  std::vector<Tick> ticks;
  for (int t = 0; t < kTicks && !state.ended(); ++t) {
    Advance(state, trace::RandomAction(state, rng, false));
    ticks.push_back({formatter.Checksum(state), state.player(0).score});
    if (!interleave) continue;
    if (t % 25 == 0 || other.ended()) other = state;
    for (int k = 0; k < 3 && !other.ended(); ++k) {
      Advance(other, trace::RandomAction(other, other_rng, false));
    }
  }
  return ticks;
}

TEST(InterleavedCopiesTest, EveryGameAdvancesAsAloneWhileItsCopiesDiverge) {
  if (!HaveGvgai()) GTEST_SKIP() << "no GVGAI games at " << GvgaiDir();
  const auto files = GvgaiGameFiles(GvgaiDir());
  ASSERT_FALSE(files.empty());
  for (const fs::path& file : files) {
    SCOPED_TRACE(file.string());
    const auto game = LoadGameFromFile(file);
    ASSERT_TRUE(game.game) << file;
    fs::path level_file = file;
    level_file.replace_filename(file.stem().string() + "_lvl0.txt");
    const auto level = LoadLevelFromFile(*game.game, level_file);
    ASSERT_TRUE(level.level) << level_file;
    const State initial(game.game, *level.level, 1);
    // The reference runs on a thread of its own, whose scratch no other copy has touched.
    std::vector<Tick> alone;
    std::thread([&] { alone = Play(initial, 7, false); }).join();
    EXPECT_EQ(Play(initial, 7, true), alone);
  }
}

}  // namespace
}  // namespace vgdl::testing
