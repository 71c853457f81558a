// `vgdl tune` from the command line: a tiny tune of osla on a bundled game finishes, writes one
// line per evaluation, reports the best configuration, and `--resume` continues an interrupted
// run into exactly the uninterrupted one; bad spaces are refused with the option's name.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using testing::RunVgdl;

// Forward-model-call budgets make the run reproducible: no clock decides anything.
const std::string kTune = "tune --agent osla --game '" + std::string(VGDL_TEST_DATA_DIR) +
                          "/agents/coins.txt' --levels 0 --budget-calls 20 --seed 5 "
                          "--no-progress --space 'samples=1,2,4;noise=0,1e-06,0.5' ";

fs::path TempFile(const std::string& name) {
  const fs::path path =
      fs::temp_directory_path() / ("vgdl_tune_" + name + "_" + std::to_string(getpid()) + ".jsonl");
  fs::remove(path);
  return path;
}

std::vector<std::string> Lines(const fs::path& path) {
  std::vector<std::string> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(TuneCommand, TunesWritesOneLinePerEvaluationAndReportsTheBest) {
  const fs::path out = TempFile("full");
  const auto r = RunVgdl(kTune + "-n 20 -j 2 --repeats 2 --out '" + out.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto lines = Lines(out);
  ASSERT_EQ(lines.size(), 20u) << r.output;
  for (size_t i = 0; i < lines.size(); ++i) {
    const auto j = nlohmann::json::parse(lines[i]);
    EXPECT_EQ(j.at("evaluation").get<size_t>(), i);
    EXPECT_TRUE(j.at("candidate").contains("samples"));
    EXPECT_EQ(j.at("episodes").size(), 2u);
    for (const auto& e : j.at("episodes")) {
      EXPECT_EQ(e.at("game").get<std::string>(), "coins");
      EXPECT_EQ(e.at("level").get<int>(), 0);
      EXPECT_TRUE(e.contains("seed") && e.contains("win") && e.contains("score"));
    }
    EXPECT_TRUE(j.contains("estimate") && j.contains("predicted") && j.contains("fitness"));
  }
  EXPECT_NE(r.output.find("best: osla"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("estimated win rate"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("neighbours by the model"), std::string::npos) << r.output;
  fs::remove(out);
}

TEST(TuneCommand, ResumeContinuesTheInterruptedRunIntoTheUninterruptedOne) {
  const fs::path full = TempFile("whole");
  const fs::path part = TempFile("part");
  ASSERT_EQ(RunVgdl(kTune + "-n 20 --out '" + full.string() + "'").exit_code, 0);
  ASSERT_EQ(RunVgdl(kTune + "-n 8 --out '" + part.string() + "'").exit_code, 0);
  // An interrupted write leaves half a line: dropped and played again.
  {
    std::ofstream cut(part, std::ios::app);
    cut << "{\"evaluation\":8,\"agent\":";
  }
  const auto resumed = RunVgdl(kTune + "-n 20 --resume --out '" + part.string() + "'");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_NE(resumed.output.find("8 resumed"), std::string::npos) << resumed.output;
  EXPECT_EQ(Lines(part), Lines(full));
  // Without --seed the resume takes the file's.
  const std::string unseeded = "tune --agent osla --game '" + std::string(VGDL_TEST_DATA_DIR) +
                               "/agents/coins.txt' --levels 0 --budget-calls 20 --no-progress "
                               "--space 'samples=1,2,4;noise=0,1e-06,0.5' -n 21 --resume --out '" +
                               part.string() + "'";
  const auto more = RunVgdl(unseeded);
  ASSERT_EQ(more.exit_code, 0) << more.output;
  EXPECT_NE(more.output.find("seed 5,"), std::string::npos) << more.output;
  EXPECT_EQ(Lines(part).size(), 21u);
  fs::remove(full);
  fs::remove(part);
}

TEST(TuneCommand, RefusesAFileOfAnotherRunAndAnExistingFileWithoutResume) {
  const fs::path out = TempFile("other");
  ASSERT_EQ(RunVgdl(kTune + "-n 3 --out '" + out.string() + "'").exit_code, 0);
  const auto again = RunVgdl(kTune + "-n 3 --out '" + out.string() + "'");
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_NE(again.output.find("--resume continues"), std::string::npos) << again.output;
  const auto other = RunVgdl(kTune + "-n 3 --resume --repeats 2 --out '" + out.string() + "'");
  EXPECT_EQ(other.exit_code, 1);
  EXPECT_NE(other.output.find("other settings"), std::string::npos) << other.output;
  fs::remove(out);
}

std::set<uint64_t> EpisodeSeeds(const fs::path& path) {
  std::set<uint64_t> seeds;
  for (const std::string& line : Lines(path)) {
    const auto j = nlohmann::json::parse(line);  // kept alive while its episodes are read
    for (const auto& e : j.at("episodes")) seeds.insert(e.at("seed").get<uint64_t>());
  }
  return seeds;
}

// Shards are independent searches of one run: their own episodes (no seed in common), each
// resumable like a run, and --merge makes one model of all their evaluations.
TEST(TuneCommand, ShardsSearchApartAndMergeIntoOneModel) {
  const fs::path one = TempFile("shard1");
  const fs::path two = TempFile("shard2");
  const fs::path part = TempFile("shard2part");
  ASSERT_EQ(RunVgdl(kTune + "-n 10 --shard 1/2 --out '" + one.string() + "'").exit_code, 0);
  ASSERT_EQ(RunVgdl(kTune + "-n 10 --shard 2/2 --out '" + two.string() + "'").exit_code, 0);
  ASSERT_EQ(Lines(one).size(), 10u);
  const auto a = EpisodeSeeds(one);
  const auto b = EpisodeSeeds(two);
  EXPECT_EQ(a.size(), 10u);
  for (uint64_t s : b) EXPECT_EQ(a.count(s), 0u) << s;
  EXPECT_EQ(nlohmann::json::parse(Lines(two).front()).at("settings").at("shard"), "2/2");
  ASSERT_EQ(RunVgdl(kTune + "-n 4 --shard 2/2 --out '" + part.string() + "'").exit_code, 0);
  ASSERT_EQ(RunVgdl(kTune + "-n 10 --shard 2/2 --resume --out '" + part.string() + "'").exit_code,
            0);
  EXPECT_EQ(Lines(part), Lines(two));
  // Another shard's file is another run's for --resume.
  const auto crossed = RunVgdl(kTune + "-n 10 --shard 1/2 --resume --out '" + two.string() + "'");
  EXPECT_EQ(crossed.exit_code, 1);
  EXPECT_NE(crossed.output.find("other settings"), std::string::npos) << crossed.output;

  const std::string merge = "tune --agent osla --space 'samples=1,2,4;noise=0,1e-06,0.5' --merge ";
  const auto merged = RunVgdl(merge + "'" + one.string() + "' '" + two.string() + "'");
  ASSERT_EQ(merged.exit_code, 0) << merged.output;
  EXPECT_NE(merged.output.find("20 evaluations of 2 files (shards 1/2, 2/2)"), std::string::npos)
      << merged.output;
  EXPECT_NE(merged.output.find("best: osla"), std::string::npos) << merged.output;
  const auto twice = RunVgdl(merge + "'" + one.string() + "' '" + one.string() + "'");
  EXPECT_EQ(twice.exit_code, 1);
  EXPECT_NE(twice.output.find("shard 1/2 is given twice"), std::string::npos) << twice.output;
  const auto other =
      RunVgdl("tune --agent osla --space 'samples=1,2' --merge '" + one.string() + "'");
  EXPECT_EQ(other.exit_code, 1);
  EXPECT_NE(other.output.find("not --space samples=1,2"), std::string::npos) << other.output;
  fs::remove(one);
  fs::remove(two);
  fs::remove(part);
}

TEST(TuneCommand, RefusesAnOptionTheAgentLacksOrAValueItRefuses) {
  const std::string game =
      "tune --agent osla --game '" + std::string(VGDL_TEST_DATA_DIR) + "/agents/coins.txt' ";
  const auto unknown = RunVgdl(game + "--space 'samples=1,2;nois=0,1'");
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_NE(unknown.output.find("no option 'nois'; did you mean 'noise'"), std::string::npos)
      << unknown.output;
  const auto refused = RunVgdl(game + "--space 'samples=1,-2'");
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.output.find("option 'samples' value '-2'"), std::string::npos)
      << refused.output;
  EXPECT_NE(refused.output.find("samples must be >= 0"), std::string::npos) << refused.output;
}

}  // namespace
}  // namespace vgdl
