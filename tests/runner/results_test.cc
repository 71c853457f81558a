// Results as JSON lines: round trip, interrupted files, merging shards.
#include "runner/results.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <limits>

#include "runner/progress.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;

EpisodeResult Sample() {
  EpisodeResult r;
  r.agent = "osla:samples=1,noise=1e-06";
  r.game = "aliens";
  r.level = 3;
  r.rep = 2;
  r.seed = (uint64_t{1} << 53) - 1;
  r.budget = "40ms";
  r.win = true;
  r.score = 12.5;
  r.ticks = 1234;
  r.actions = 1235;
  r.overspent = 2;
  r.init_ms = 3.25;
  r.mean_act_ms = 35.5;
  r.max_act_ms = 41.0;
  r.mean_act_wall_ms = 36.0;
  r.max_act_wall_ms = 80.0;
  r.mean_fm_calls = 812.5;
  r.max_fm_calls = 900;
  r.mean_iterations = 41.5;
  r.max_act_raw_ms = 63.5;
  r.overspent_raw = 3;
  r.clock_excess_ms = 22.5;
  r.max_act_tick = 77;
  r.max_act_unchecked_ms = 6.5;
  r.max_act_unchecked_wall_ms = 30.0;
  r.max_act_system_ms = 4.5;
  r.max_act_page_faults = 12;
  r.max_unchecked_ms = 7.25;
  r.max_act_host_stall_ms = 6.0;
  r.max_unchecked_host_stall_ms = 7.0;
  return r;
}

fs::path TempFile(const std::string& name) {
  const fs::path p =
      fs::temp_directory_path() / ("vgdl_" + name + "_" + std::to_string(::getpid()) + ".jsonl");
  fs::remove(p);
  return p;
}

TEST(Results, JsonLineHasTheDocumentedKeys) {
  const std::string line = ToJsonLine(Sample());
  for (const char* key : {"agent",
                          "game",
                          "level",
                          "rep",
                          "seed",
                          "win",
                          "score",
                          "ticks",
                          "disqualified",
                          "overspent",
                          "mean_act_ms",
                          "max_act_ms",
                          "mean_fm_calls",
                          "mean_iterations",
                          "max_act_raw_ms",
                          "overspent_raw",
                          "clock_excess_ms",
                          "max_act_tick",
                          "max_act_unchecked_ms",
                          "max_act_unchecked_wall_ms",
                          "max_act_system_ms",
                          "max_act_page_faults",
                          "max_unchecked_ms",
                          "max_act_host_stall_ms",
                          "max_unchecked_host_stall_ms"}) {
    EXPECT_NE(line.find(std::string("\"") + key + "\":"), std::string::npos) << key;
  }
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_NE(line.find("\"seed\":9007199254740991"), std::string::npos) << line;
  EXPECT_NE(line.find("\"error\":null"), std::string::npos) << line;
}

TEST(Results, RoundTrips) {
  EpisodeResult r = Sample();
  r.disqualified = true;
  r.disqualified_for = "act";
  r.error = "agent act: \"quoted\"\nnewline";
  std::string error;
  const auto back = ParseJsonLine(ToJsonLine(r), &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(ToJsonLine(*back), ToJsonLine(r));
}

// The key is written only for an episode that reached the sprite limit.
TEST(Results, TheSpriteLimitTickIsWrittenWhenReached) {
  EpisodeResult r = Sample();
  EXPECT_EQ(ToJsonLine(r).find("sprite_limit_tick"), std::string::npos);
  r.sprite_limit_tick = 17;
  const std::string line = ToJsonLine(r);
  EXPECT_NE(line.find("\"sprite_limit_tick\":17"), std::string::npos) << line;
  std::string error;
  const auto back = ParseJsonLine(line, &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->sprite_limit_tick, 17);
  EXPECT_NE(FormatEpisodeLine(r, 1, 1).find("sprite limit reached at tick 17"), std::string::npos);
}

// The host stall is written only where a watch measured it.
TEST(Results, TheHostStallIsWrittenWhenWatched) {
  EpisodeResult r = Sample();
  r.max_act_host_stall_ms.reset();
  r.max_unchecked_host_stall_ms.reset();
  EXPECT_EQ(ToJsonLine(r).find("host_stall"), std::string::npos);
  EXPECT_EQ(FormatEpisodeLine(r, 1, 1).find("host stall"), std::string::npos);
  std::string error;
  const auto back = ParseJsonLine(ToJsonLine(Sample()), &error);
  ASSERT_TRUE(back) << error;
  ASSERT_TRUE(back->max_act_host_stall_ms);
  EXPECT_EQ(*back->max_act_host_stall_ms, 6.0);
  ASSERT_TRUE(back->max_unchecked_host_stall_ms);
  EXPECT_EQ(*back->max_unchecked_host_stall_ms, 7.0);
}

// An episode with an act over the limit says where its longest act went unchecked.
TEST(Results, TheEpisodeLineLocatesAnOverrun) {
  EpisodeResult r = Sample();
  EXPECT_NE(FormatEpisodeLine(r, 1, 1).find("longest act at tick 77, 6.50 ms of its CPU time "
                                            "(30.00 ms of wall time) without a budget check, "
                                            "4.50 ms in the kernel, 12 page faults, "
                                            "6.00 ms of host stall on its core"),
            std::string::npos);
  r.overspent = 0;
  EXPECT_EQ(FormatEpisodeLine(r, 1, 1).find("without a budget check"), std::string::npos);
  r.disqualified = true;
  r.disqualified_for = "act";
  EXPECT_NE(FormatEpisodeLine(r, 1, 1).find("without a budget check"), std::string::npos);
}

TEST(Results, RejectsLinesThatAreNotResults) {
  std::string error;
  EXPECT_FALSE(ParseJsonLine("not json", &error));
  EXPECT_FALSE(ParseJsonLine(R"({"agent":"a","game":"g","lev)", &error));
  EXPECT_EQ(error, "not valid JSON (a line cut short?)");
  EXPECT_FALSE(ParseJsonLine("[1,2]", &error));
  EXPECT_EQ(error, "not a JSON object");
  EXPECT_FALSE(ParseJsonLine(R"({"agent":"a"})", &error));
  EXPECT_NE(error.find("missing"), std::string::npos);
  EXPECT_FALSE(ParseJsonLine(
      R"({"agent":"a","game":"g","level":"zero","rep":0,"seed":1,"win":true,"ticks":1,"score":1})",
      &error));
  const auto minimal = ParseJsonLine(
      R"({"agent":"a","game":"g","level":0,"rep":0,"seed":1,"win":true,"ticks":1,"score":1})",
      &error);
  EXPECT_TRUE(minimal) << error;
}

// Numbers that do not fit their field are refused, not converted: nlohmann's get would
// truncate a fraction, wrap a negative seed, and converting 2e19 to int64_t is undefined
// (found by read_files_fuzzer).
TEST(Results, RefusesNumbersThatDoNotFitTheirField) {
  const auto line = [](std::string_view key, std::string_view value) {
    std::string text =
        R"({"agent":"a","game":"g","level":0,"rep":0,"seed":1,"win":true,"ticks":1,"score":1})";
    const size_t at = text.find(std::string("\"") + std::string(key) + "\":");
    EXPECT_NE(at, std::string::npos) << key;
    const size_t begin = at + key.size() + 3;
    const size_t end = text.find_first_of(",}", begin);
    return text.replace(begin, end - begin, value);
  };
  std::string error;
  EXPECT_FALSE(ParseJsonLine(line("level", "1.5"), &error));
  EXPECT_EQ(error, "key 'level' has the wrong type or is out of range");
  EXPECT_FALSE(ParseJsonLine(line("level", "4294967296"), &error));
  EXPECT_FALSE(ParseJsonLine(line("seed", "-1"), &error));
  EXPECT_FALSE(ParseJsonLine(line("ticks", "2e19"), &error));
  EXPECT_FALSE(ParseJsonLine(line("score", R"("high")"), &error));
  EXPECT_EQ(error, "key 'score' has the wrong type or is out of range");

  // An optional key that does not fit is ignored, as one of the wrong type is.
  const std::string with_actions =
      line("score", R"(1,"actions":20077777777777777771,"overspent":-2,"init_ms":"slow")");
  const auto r = ParseJsonLine(with_actions, &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->actions, 0);
  EXPECT_EQ(r->overspent, -2);
  EXPECT_EQ(r->init_ms, 0.0);
  EXPECT_EQ(r->score, 1.0);
}

TEST(Results, NonFiniteNumbersBecomeNull) {
  EpisodeResult r = Sample();
  r.mean_act_ms = std::numeric_limits<double>::infinity();
  EXPECT_NE(ToJsonLine(r).find("\"mean_act_ms\":null"), std::string::npos);
}

TEST(ResultsWriter, ResumeCutsAnUnfinishedLastLine) {
  const fs::path path = TempFile("resume");
  {
    ResultsWriter w;
    std::string error;
    ASSERT_TRUE(w.Open(path, false, &error)) << error;
    ASSERT_TRUE(w.Write(Sample()));
  }
  {  // an interrupted write
    std::ofstream out(path, std::ios::app);
    out << R"({"agent":"osla","ga)";
  }
  ResultsFile file = ReadResultsFile(path);
  EXPECT_EQ(file.results.size(), 1u);
  ASSERT_EQ(file.warnings.size(), 1u);
  // The warning names the file and the line.
  EXPECT_EQ(file.warnings[0].rfind(path.string() + ":2: the last line was cut off mid-write", 0),
            0u)
      << file.warnings[0];
  {
    ResultsWriter w;
    std::string error;
    ASSERT_TRUE(w.Open(path, true, &error)) << error;
    EpisodeResult second = Sample();
    second.rep = 3;
    ASSERT_TRUE(w.Write(second));
  }
  file = ReadResultsFile(path);
  EXPECT_TRUE(file.warnings.empty()) << file.warnings.front();
  ASSERT_EQ(file.results.size(), 2u);
  EXPECT_EQ(file.results[1].rep, 3);
  fs::remove(path);
}

// A write stopped just before its line end leaves a whole result without one: the reader
// counts it as done, so the resumed file must keep it (cutting it would lose the episode) and
// end it before the next line.
TEST(ResultsWriter, ResumeEndsAWholeLastLineThatLacksItsLineEnd) {
  const fs::path path = TempFile("resume_whole");
  {
    std::ofstream out(path);
    out << ToJsonLine(Sample());  // no "\n"
  }
  ResultsFile file = ReadResultsFile(path);
  EXPECT_EQ(file.results.size(), 1u);
  EXPECT_TRUE(file.warnings.empty());
  {
    ResultsWriter w;
    std::string error;
    ASSERT_TRUE(w.Open(path, true, &error)) << error;
    EpisodeResult second = Sample();
    second.rep = 3;
    ASSERT_TRUE(w.Write(second));
  }
  file = ReadResultsFile(path);
  EXPECT_TRUE(file.warnings.empty()) << file.warnings.front();
  ASSERT_EQ(file.results.size(), 2u);
  EXPECT_EQ(file.results[0].rep, 2);
  EXPECT_EQ(file.results[1].rep, 3);
  fs::remove(path);
}

TEST(ResultsWriter, ReportsUnwritablePaths) {
  ResultsWriter w;
  std::string error;
  EXPECT_FALSE(w.Open("/nonexistent-dir/x/results.jsonl", false, &error));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(w.Write(Sample()));
}

TEST(ReadResultsFile, MissingFileIsUnreadable) {
  const ResultsFile file = ReadResultsFile("/nonexistent-dir/results.jsonl");
  EXPECT_FALSE(file.readable);
  EXPECT_FALSE(file.warnings.empty());
}

TEST(MergeResults, KeepsAnEpisodeOnceAndWarnsAboutConflictingSeeds) {
  EpisodeResult a = Sample();
  EpisodeResult b = Sample();
  b.rep = 9;
  EpisodeResult other_seed = Sample();
  other_seed.seed = 5;
  std::vector<std::string> warnings;
  const auto merged = MergeResults({{a, b}, {a}, {other_seed}}, &warnings);
  EXPECT_EQ(merged.size(), 3u);
  EXPECT_EQ(warnings.size(), 1u);
}

}  // namespace
}  // namespace vgdl
