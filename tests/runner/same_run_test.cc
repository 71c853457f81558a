// Which results files are parts of one run: agents may differ file to file, run seeds,
// budgets and games may not.
#include "runner/same_run.h"

#include <gtest/gtest.h>

namespace vgdl {
namespace {

EpisodeResult Episode(const std::string& agent, const std::string& game, uint64_t run_seed,
                      const std::string& budget = "40ms") {
  EpisodeResult r;
  r.agent = agent;
  r.game = game;
  r.run_seed = run_seed;
  r.budget = budget;
  return r;
}

TEST(RunDifferences, FilesOfOneRunWithOneAgentEachOrShardsMerge) {
  // One agent per file; agent b's run is split in two shards, each with one of the games.
  EXPECT_EQ(RunDifferences({{"a.jsonl", {Episode("a", "g", 7), Episode("a", "h", 7)}},
                            {"b1.jsonl", {Episode("b", "g", 7)}},
                            {"b2.jsonl", {Episode("b", "h", 7)}}}),
            "");
}

TEST(RunDifferences, NamesTheRunSeedsAndTheirFiles) {
  const std::string d =
      RunDifferences({{"a.jsonl", {Episode("a", "g", 7)}}, {"b.jsonl", {Episode("b", "g", 8)}}});
  EXPECT_EQ(d, "run seeds differ: 7 (a.jsonl), 8 (b.jsonl)\n");
}

TEST(RunDifferences, FilesWithoutRunSeedsAreNotComparedOnThem) {
  EpisodeResult old = Episode("b", "g", 0);
  old.run_seed.reset();
  EXPECT_EQ(RunDifferences({{"a.jsonl", {Episode("a", "g", 7)}}, {"old.jsonl", {old}}}), "");
}

TEST(RunDifferences, NamesTheBudgets) {
  const std::string d = RunDifferences({{"a.jsonl", {Episode("a", "g", 7, "40ms")}},
                                        {"b.jsonl", {Episode("b", "g", 7, "100 calls")}}});
  EXPECT_EQ(d, "budgets differ: 100 calls (b.jsonl), 40ms (a.jsonl)\n");
}

TEST(RunDifferences, NamesTheAgentsOfEachSetOfGames) {
  const std::string d = RunDifferences({{"a.jsonl", {Episode("a", "g", 7), Episode("a", "h", 7)}},
                                        {"b.jsonl", {Episode("b", "g", 7)}}});
  EXPECT_EQ(d, "games differ: g (b), g h (a)\n");
}

}  // namespace
}  // namespace vgdl
