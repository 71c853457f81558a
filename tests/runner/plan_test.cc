// Seeds, level lists, shards and the episode plan.
#include "runner/plan.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "runner/seeds.h"

namespace vgdl {
namespace {

TEST(Seeds, AreStableAcrossBuildsAndMachines) {
  // Golden values: these must never change, or saved seeds stop replaying their episodes.
  EXPECT_EQ(Fnv1a64("aliens"), 0xaed3166dcb1f718dULL);
  EXPECT_EQ(Fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(Fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(SplitMix64(0), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(DeriveEpisodeSeed(42, 0, "aliens", 0, 0), 1343263424273292ULL);
}

TEST(Seeds, DifferForEveryCoordinateAndFitInJsonDoubles) {
  std::set<uint64_t> seen;
  for (int agent = 0; agent < 3; ++agent) {
    for (const char* game : {"aliens", "zelda"}) {
      for (int level = 0; level < 5; ++level) {
        for (int rep = 0; rep < 4; ++rep) {
          const uint64_t s = DeriveEpisodeSeed(1, agent, game, level, rep);
          EXPECT_LE(s, kSeedMask);
          seen.insert(s);
        }
      }
    }
  }
  EXPECT_EQ(seen.size(), 3u * 2u * 5u * 4u);
  EXPECT_NE(DeriveEpisodeSeed(1, 0, "aliens", 0, 0), DeriveEpisodeSeed(2, 0, "aliens", 0, 0));
  EXPECT_NE(AgentSeed(5), static_cast<uint64_t>(GameSeed(5)));
}

TEST(ParseLevels, AcceptsRangesAndLists) {
  std::string error;
  EXPECT_EQ(ParseLevels("0-4", &error), (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(ParseLevels("3", &error), (std::vector<int>{3}));
  EXPECT_EQ(ParseLevels("4,0-1,1", &error), (std::vector<int>{0, 1, 4}));
  for (const char* bad : {"", "a", "3-1", "-1", "1,", "0-99999", "1-", "1--2"}) {
    EXPECT_FALSE(ParseLevels(bad, &error)) << bad;
    EXPECT_FALSE(error.empty());
  }
}

TEST(ParseShard, NeedsOneBasedIndexWithinCount) {
  std::string error;
  const auto shard = ParseShard("2/4", &error);
  ASSERT_TRUE(shard);
  EXPECT_EQ(shard->index, 2);
  EXPECT_EQ(shard->count, 4);
  for (const char* bad : {"0/4", "5/4", "2", "/4", "a/b", "1/0", ""}) {
    EXPECT_FALSE(ParseShard(bad, &error)) << bad;
  }
}

PlanInput Input() {
  PlanInput in;
  in.agents = {"random:nil=false", "osla:samples=1,noise=1e-06"};
  in.games = {"aliens", "zelda"};
  in.levels = {{0, 1, 2}, {3}};
  in.reps = 3;
  in.seed = 99;
  return in;
}

TEST(PlanEpisodes, CoversAgentsGamesLevelsAndRepsInOrder) {
  const auto plan = PlanEpisodes(Input());
  ASSERT_EQ(plan.size(), 2u * (3u + 1u) * 3u);
  EXPECT_EQ(plan[0].agent_index, 0);
  EXPECT_EQ(plan[0].game, "aliens");
  EXPECT_EQ(plan[0].level, 0);
  EXPECT_EQ(plan[0].rep, 0);
  EXPECT_EQ(plan[1].rep, 1);
  EXPECT_EQ(plan[9].game, "zelda");
  EXPECT_EQ(plan[9].level, 3);
  EXPECT_EQ(plan.back().agent_index, 1);
  EXPECT_EQ(plan[0].seed, DeriveEpisodeSeed(99, 0, "aliens", 0, 0));
}

// Paired comparisons: agent B plays (game, level, rep) with the seed agent A had, wherever the
// agents stand on the command line.
TEST(PlanEpisodes, EveryAgentPlaysTheSameSeeds) {
  const auto plan = PlanEpisodes(Input());
  std::map<std::string, std::set<uint64_t>> seeds_of;
  for (const auto& t : plan) {
    seeds_of[t.game + std::to_string(t.level) + "/" + std::to_string(t.rep)].insert(t.seed);
  }
  ASSERT_EQ(seeds_of.size(), (3u + 1u) * 3u);
  for (const auto& [episode, seeds] : seeds_of) EXPECT_EQ(seeds.size(), 1u) << episode;
  PlanInput swapped = Input();
  std::swap(swapped.agents[0], swapped.agents[1]);
  const auto plan2 = PlanEpisodes(swapped);
  for (size_t i = 0; i < plan.size(); ++i) EXPECT_EQ(plan[i].seed, plan2[i].seed) << i;
}

TEST(PlanEpisodes, ShardsPartitionThePlanWithTheSameSeeds) {
  const auto full = PlanEpisodes(Input());
  std::multiset<std::pair<std::string, uint64_t>> from_shards;
  for (int k = 1; k <= 5; ++k) {
    PlanInput in = Input();
    in.shard = {k, 5};
    for (const auto& t : PlanEpisodes(in)) {
      from_shards.insert(
          {t.agent + t.game + std::to_string(t.level) + std::to_string(t.rep), t.seed});
    }
  }
  std::multiset<std::pair<std::string, uint64_t>> expected;
  for (const auto& t : full) {
    expected.insert({t.agent + t.game + std::to_string(t.level) + std::to_string(t.rep), t.seed});
  }
  EXPECT_EQ(from_shards, expected);
}

}  // namespace
}  // namespace vgdl
