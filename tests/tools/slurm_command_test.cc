// `vgdl slurm` without a cluster: its scripts, its refusals, and its bookkeeping of shards,
// with stand-ins for sbatch and squeue on PATH that log what they are asked and answer from a
// file. tests/slurm/ runs it against a real Slurm.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using testing::RunVgdl;

constexpr const char* kRun =
    "--agent random --game starguard --levels 0-1 --reps 3 --budget-calls 10 --seed 3";

class SlurmCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("vgdl-slurm-cmd-" +
             std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(root_);
    fs::create_directories(root_ / "bin");
    // sbatch: logs its arguments, answers job ids 101, 102, ...
    Write(root_ / "bin" / "sbatch",
          "#!/bin/bash\necho \"$*\" >> '" + (root_ / "sbatch.log").string() + "'\nn=$(cat '" +
              (root_ / "next").string() + "' 2>/dev/null || echo 101)\necho $((n + 1)) > '" +
              (root_ / "next").string() + "'\necho $n\n");
    Write(root_ / "bin" / "squeue", "#!/bin/bash\ncat '" + (root_ / "queue").string() + "'\n");
    Write(root_ / "bin" / "scancel",
          "#!/bin/bash\necho \"scancel $*\" >> '" + (root_ / "sbatch.log").string() + "'\n");
    for (const char* tool : {"sbatch", "squeue", "scancel"}) {
      fs::permissions(root_ / "bin" / tool, fs::perms::owner_all);
    }
    Write(root_ / "queue", "");
  }
  void TearDown() override { fs::remove_all(root_); }

  static void Write(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary);
    out << text;
  }
  static std::string Read(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }

  testing::CommandResult Slurm(const std::string& arguments) {
    return RunVgdl("slurm " + arguments, "PATH='" + (root_ / "bin").string() + "':\"$PATH\"");
  }
  fs::path Dir() const { return root_ / "run"; }
  std::string DirArg() const { return "'" + Dir().string() + "'"; }

  // Plays shard K of N here, as its task would, into its results file.
  void PlayShard(int k, int n) {
    const auto r = RunVgdl(
        std::string("-q run ") + kRun + " --shard " + std::to_string(k) + "/" + std::to_string(n) +
        " --out '" + (Dir() / "shards" / ("shard-" + std::to_string(k) + ".jsonl")).string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }

  fs::path root_;
};

TEST_F(SlurmCommandTest, DryRunPrintsTheScriptsAndSubmitsNothing) {
  const auto r = Slurm("--dir " + DirArg() + " " + kRun +
                       " --tasks 2 -j 2 --partition short --account lab --time 01:00:00 "
                       "--max-running 1 --sbatch-arg=--mem=1G --dry-run");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* expected :
       {"6 episodes (seed 3", "#SBATCH --cpus-per-task=2", "#SBATCH --partition=short",
        "#SBATCH --account=lab", "#SBATCH --time=01:00:00", "#SBATCH --mem=1G",
        "--shard \"$shard/2\"", "--seed 3", "--budget-calls 10", " -j 2 ", "--resume",
        "--array=1-2%1", "--dependency=afterany:ARRAY_JOB_ID", "slurm status", "--require-done",
        "--merged", "--html"}) {
    EXPECT_NE(r.output.find(expected), std::string::npos) << expected << "\n" << r.output;
  }
  EXPECT_FALSE(fs::exists(Dir()));
  EXPECT_FALSE(fs::exists(root_ / "sbatch.log"));
}

TEST_F(SlurmCommandTest, RefusesWhatCannotRun) {
  struct Case {
    std::string arguments;
    std::string message;
  };
  const Case cases[] = {
      {std::string(kRun) + " --tasks 2", "--dir DIR names the run's folder"},
      {"--dir " + DirArg() + " " + kRun + " --tasks 7", "--tasks 7 is more than the run's 6"},
      {"--dir " + DirArg() + " " + kRun + " -j 3 --cpus-per-task 2",
       "--cpus-per-task 2 and -j 3 differ"},
      {"--dir " + DirArg() + " --agent mcts:c=-1 --game starguard", "mcts"},
      {"--dir " + DirArg() + " --agent random --game no_such_game", "no_such_game"},
      {"--dir " + DirArg(), "no agent given"},
      {"--dir " + DirArg() + " " + kRun + " --max-running -2", "--max-running must be at least 1"},
      {"--dir " + DirArg() + " " + kRun + " --watch-host-stalls",
       "--watch-host-stalls needs a time budget (--budget-ms)"},
      {"status " + DirArg(), "is not a run folder of vgdl slurm"},
  };
  for (const Case& c : cases) {
    const auto r = Slurm(c.arguments);
    EXPECT_EQ(r.exit_code, 1) << c.arguments << "\n" << r.output;
    EXPECT_NE(r.output.find(c.message), std::string::npos) << c.arguments << "\n" << r.output;
  }
  EXPECT_FALSE(fs::exists(root_ / "sbatch.log"));
}

// Each task's `vgdl run` gets --watch-host-stalls, and the run record keeps it for a resume.
TEST_F(SlurmCommandTest, ForwardsWatchHostStallsToEveryTask) {
  const auto r =
      Slurm("--dir " + DirArg() +
            " --agent random --game starguard --levels 0 --reps 2 --budget-ms 40 --seed 3"
            " --tasks 2 --watch-host-stalls");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(Read(Dir() / "run.json").find("\"--watch-host-stalls\""), std::string::npos)
      << Read(Dir() / "run.json");
  EXPECT_NE(Read(Dir() / "array.sh").find("--watch-host-stalls"), std::string::npos)
      << Read(Dir() / "array.sh");
}

TEST_F(SlurmCommandTest, SubmitsTheArrayThenTheMergeAndRecordsBoth) {
  const auto r = Slurm("--dir " + DirArg() + " " + kRun + " --tasks 3");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string log = Read(root_ / "sbatch.log");
  EXPECT_NE(log.find("--array=1-3 "), std::string::npos) << log;
  EXPECT_NE(log.find("--dependency=afterany:101"), std::string::npos) << log;
  const std::string record = Read(Dir() / "run.json");
  for (const char* expected :
       {"\"array_job\": \"101\"", "\"merge_job\": \"102\"", "\"seed\": \"3\"",
        "\"random:nil=false\"", "\"job_name\": \"vgdl-run\"", "\"episodes\": 6"}) {
    EXPECT_NE(record.find(expected), std::string::npos) << expected << "\n" << record;
  }
  EXPECT_TRUE(fs::exists(Dir() / "array.sh"));
  EXPECT_TRUE(fs::exists(Dir() / "merge.sh"));
  // A second submission into the same folder would mix two runs.
  const auto again = Slurm("--dir " + DirArg() + " " + kRun + " --tasks 3");
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_NE(again.output.find("already holds a run"), std::string::npos) << again.output;
}

TEST_F(SlurmCommandTest, StatusTellsDoneFailedRunningQueuedAndMissingShards) {
  ASSERT_EQ(Slurm("--dir " + DirArg() + " " + kRun + " --tasks 3").exit_code, 0);
  PlayShard(1, 3);
  PlayShard(2, 3);
  // Shard 2's task was killed mid-write: one episode and a cut line left, and its log.
  const fs::path shard2 = Dir() / "shards" / "shard-2.jsonl";
  const std::string text = Read(shard2);
  Write(shard2, text.substr(0, text.find('\n') + 1) + "{\"agent\":\"rand");
  Write(Dir() / "logs" / "shard-2.log", "killed\n");
  auto r = Slurm("status " + DirArg() + " --no-queue");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("done        1  1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("failed      1  2"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("shard 2: 1/2 episodes; ended without an exit status"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("missing     1  3"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("cut off"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("3/6 episodes"), std::string::npos) << r.output;
  EXPECT_EQ(Slurm("status " + DirArg() + " --require-done --no-queue").exit_code, 1);

  Write(root_ / "queue", "101_2 RUNNING\n101_3 PENDING\n102 PENDING\n");
  r = Slurm("status " + DirArg());
  EXPECT_NE(r.output.find("running     1  2"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("queued      1  3"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("merge job 102 (PENDING)"), std::string::npos) << r.output;
}

TEST_F(SlurmCommandTest, ResumeSubmitsOnlyWhatIsUnfinished) {
  ASSERT_EQ(Slurm("--dir " + DirArg() + " " + kRun + " --tasks 3").exit_code, 0);
  PlayShard(1, 3);
  Write(Dir() / "logs" / "shard-2.log", "killed\n");
  // Shard 3 still runs in the first array: it is left to it, and the new merge waits for both.
  Write(root_ / "queue", "101_3 RUNNING\n102 PENDING\n");
  const auto r = Slurm("resume " + DirArg());
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string log = Read(root_ / "sbatch.log");
  EXPECT_NE(log.find("--array=2 "), std::string::npos) << log;
  EXPECT_NE(log.find("scancel 102"), std::string::npos) << log;
  EXPECT_NE(log.find("--dependency=afterany:101:103"), std::string::npos) << log;
  EXPECT_NE(Read(Dir() / "run.json").find("\"array_job\": \"103\""), std::string::npos);

  // With every shard played, resume only merges.
  PlayShard(2, 3);
  PlayShard(3, 3);
  Write(root_ / "queue", "");
  const auto merged = Slurm("resume " + DirArg());
  EXPECT_EQ(merged.exit_code, 0) << merged.output;
  EXPECT_NE(merged.output.find("every shard is done; submitting the merge"), std::string::npos)
      << merged.output;
}

}  // namespace
}  // namespace vgdl
