#include "gvgai/trace/batch.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/temp_dir.h"

namespace vgdl::trace {
namespace {

namespace fs = std::filesystem;

const fs::path kDataDir = fs::path(VGDL_TEST_DATA_DIR) / "traces";

class BatchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // Directories are searched for *.trace.gz: store gzipped copies of the test traces.
    for (const char* name :
         {"tinygoal_lvl0_s1", "tinygoal_lvl0_badscore", "tinygoal_lvl0_badmove"}) {
      std::ifstream in(kDataDir / (std::string(name) + ".trace"));
      std::stringstream text;
      text << in.rdbuf();
      const std::string bytes = text.str();
      gzFile gz = gzopen((dir_ / (std::string(name) + ".trace.gz")).string().c_str(), "wb");
      ASSERT_NE(gz, nullptr);
      gzwrite(gz, bytes.data(), static_cast<unsigned>(bytes.size()));
      gzclose(gz);
    }
    std::ofstream(dir_ / "garbage.trace.gz") << "this is not a trace\n";
    std::ofstream(dir_ / "readme.txt") << "not picked up\n";
  }

  std::vector<BatchResult> Run(bool isolate, int jobs, std::vector<std::string>* order) {
    std::string error;
    const auto files = CollectTraceFiles({dir_}, &error);
    EXPECT_EQ(error, "");
    VerifyOptions options;
    options.games_dir = kDataDir / "games";
    BatchOptions batch;
    batch.isolate = isolate;
    batch.jobs = jobs;
    return VerifyBatch(files, options, batch,
                       [order](const BatchResult& r) { order->push_back(r.name); });
  }

  vgdl::testing::TempDir temp_dir_{"vgdl_batch_test"};
  const fs::path dir_ = temp_dir_.path();
};

TEST_F(BatchTest, ExpandsDirectoriesIntoSortedTraceFiles) {
  std::string error;
  const auto files = CollectTraceFiles({dir_}, &error);
  ASSERT_EQ(files.size(), 4u);
  EXPECT_EQ(files[0].filename(), "garbage.trace.gz");
  EXPECT_EQ(files[3].filename(), "tinygoal_lvl0_s1.trace.gz");
  EXPECT_TRUE(CollectTraceFiles({dir_ / "absent"}, &error).empty());
  EXPECT_NE(error.find("no such file or directory"), std::string::npos);
}

TEST_F(BatchTest, IsolatedAndInProcessRunsAgreeAndReportInOrder) {
  for (const bool isolate : {true, false}) {
    for (const int jobs : {1, 3}) {
      std::vector<std::string> order;
      const auto results = Run(isolate, jobs, &order);
      ASSERT_EQ(results.size(), 4u);
      EXPECT_EQ(order, (std::vector<std::string>{"garbage", "tinygoal_lvl0_badmove",
                                                 "tinygoal_lvl0_badscore", "tinygoal_lvl0_s1"}));
      EXPECT_EQ(results[0].outcome.verdict, Verdict::kFail);
      EXPECT_NE(results[0].outcome.detail.find("malformed: "), std::string::npos);
      EXPECT_EQ(results[1].outcome.verdict, Verdict::kFail);
      EXPECT_EQ(results[2].outcome.detail, "tick=1 score: expected 2.000 got 1.000");
      EXPECT_EQ(results[3].outcome.verdict, Verdict::kPass) << results[3].outcome.detail;
    }
  }
}

// A crash or a hang while checking one file fails that file only.
TEST(BatchIsolationTest, SurvivesCrashesAndHangs) {
  const std::vector<fs::path> files = {"a", "crash", "b", "hang", "c", "d", "throw", "e"};
  BatchOptions batch;
  batch.isolate = true;
  batch.jobs = 2;
  batch.timeout_seconds = 1;
  batch.verify = [](const fs::path& file, const VerifyOptions&) -> Outcome {
    if (file == "crash") std::abort();
    if (file == "hang") {
      while (true) pause();
    }
    if (file == "throw") throw std::runtime_error("boom");
    return {Verdict::kPass, file.string()};
  };
  std::vector<std::string> order;
  const auto results =
      VerifyBatch(files, {}, batch, [&order](const BatchResult& r) { order.push_back(r.name); });
  ASSERT_EQ(results.size(), files.size());
  EXPECT_EQ(order, (std::vector<std::string>{"a", "crash", "b", "hang", "c", "d", "throw", "e"}));
  for (const size_t i : {0u, 2u, 4u, 5u, 7u}) {
    EXPECT_EQ(results[i].outcome.verdict, Verdict::kPass) << results[i].outcome.detail;
    EXPECT_EQ(results[i].outcome.detail, files[i].string());
  }
  EXPECT_EQ(results[1].outcome.verdict, Verdict::kFail);
  EXPECT_EQ(results[1].outcome.detail.substr(0, 17), "crashed: signal 6")
      << results[1].outcome.detail;
  EXPECT_EQ(results[3].outcome.detail, "timeout: no result after 1 s");
  EXPECT_EQ(results[6].outcome.detail, "error: boom");
}

}  // namespace
}  // namespace vgdl::trace
