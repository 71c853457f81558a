// `vgdl slurm` against a real Slurm: a one-node cluster on this machine (scripts/slurm-local:
// Debian's slurmctld, slurmd and munged), started once for these tests. A run submitted through
// it must merge into exactly the run `vgdl run` plays here, episode for episode, also when a
// task is cancelled mid-run or its node goes down and the run is resumed.
//
// Without Slurm installed the tests skip, unless VGDL_REQUIRE_SLURM=1 (CI) makes that a
// failure.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <string>
#include <thread>

#include "runner/results.h"
#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using testing::RunVgdl;
using testing::detail::RunShell;

bool SlurmInstalled() {
  return RunShell(
             "command -v sbatch && test -x /usr/sbin/slurmctld -o -n \"$(command -v "
             "slurmctld)\" && (command -v munged || test -x /usr/sbin/munged)")
             .exit_code == 0;
}

bool PortFree(int port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const bool free = bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0;
  close(fd);
  return free;
}

// Two consecutive free ports (slurmctld's, slurmd's), away from a real cluster's 6817-6818.
int FreePortPair() {
  std::mt19937 random(static_cast<unsigned>(getpid()));
  for (int attempt = 0; attempt < 100; ++attempt) {
    const int port = 20000 + static_cast<int>(random() % 30000) * 2;
    if (PortFree(port) && PortFree(port + 1)) return port;
  }
  return 6917;
}

bool WaitFor(const std::function<bool()>& done, double seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < end) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return done();
}

size_t LineCount(const fs::path& file) {
  std::ifstream in(file);
  size_t n = 0;
  std::string line;
  while (std::getline(in, line)) n += line.empty() ? 0u : 1u;
  return n;
}

class LocalCluster : public ::testing::Environment {
 public:
  void SetUp() override {
    if (!SlurmInstalled()) return;
    dir_ = fs::temp_directory_path() / ("vgdl-slurm-test-" + std::to_string(getpid()));
    const std::string port = std::to_string(FreePortPair());
    const auto started =
        RunShell("VGDL_SLURM_PORT=" + port + " '" VGDL_SOURCE_DIR "/scripts/slurm-local' start '" +
                 dir_.string() + "' 2>&1");
    if (started.exit_code != 0) {
      error_ = "scripts/slurm-local start failed:\n" + started.output;
      return;
    }
    setenv("SLURM_CONF", (dir_ / "slurm.conf").c_str(), 1);
    up_ = true;
  }
  void TearDown() override {
    if (dir_.empty()) return;
    RunShell("'" VGDL_SOURCE_DIR "/scripts/slurm-local' stop '" + dir_.string() + "' 2>&1");
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  static bool up() { return up_; }
  static const std::string& error() { return error_; }
  static const fs::path& dir() { return dir_; }

 private:
  static inline bool up_ = false;
  static inline std::string error_;
  static inline fs::path dir_;
};

const auto* const kCluster = ::testing::AddGlobalTestEnvironment(new LocalCluster);

class SlurmTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!LocalCluster::up()) {
      const char* require = std::getenv("VGDL_REQUIRE_SLURM");
      if (require != nullptr && std::string(require) == "1") {
        FAIL() << "VGDL_REQUIRE_SLURM=1 but no local Slurm cluster: "
               << (LocalCluster::error().empty() ? "slurm-wlm or munge is not installed"
                                                 : LocalCluster::error());
      }
      GTEST_SKIP() << "Slurm is not installed (slurm-wlm, munge)";
    }
    work_ = LocalCluster::dir() / ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::create_directories(work_);
  }

  fs::path RunDir() const { return work_ / "run"; }

  // `vgdl slurm` with `run_flags`; the submission must succeed.
  void Submit(const std::string& run_flags, const std::string& slurm_flags) {
    const auto r =
        RunVgdl("slurm --dir '" + RunDir().string() + "' " + run_flags + " " + slurm_flags);
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }

  // The same run played here, by `vgdl run`.
  ResultsFile PlayLocally(const std::string& run_flags) {
    const fs::path out = work_ / "local.jsonl";
    const auto r = RunVgdl("-q run " + run_flags + " --out '" + out.string() + "'");
    EXPECT_EQ(r.exit_code, 0) << r.output;
    return ReadResultsFile(out);
  }

  bool ReportWritten(double seconds) {
    return WaitFor([&] { return fs::exists(RunDir() / "report.html"); }, seconds);
  }

  std::string Status() { return RunVgdl("slurm status '" + RunDir().string() + "'").output; }

  // The merged results hold every episode of the local run once, with the same outcome.
  void ExpectSameEpisodes(const ResultsFile& local) {
    const fs::path merged = RunDir() / "results.jsonl";
    const ResultsFile slurm = ReadResultsFile(merged);
    EXPECT_TRUE(slurm.warnings.empty());
    ASSERT_FALSE(local.results.empty());
    EXPECT_EQ(LineCount(merged), local.results.size());
    std::map<std::string, const EpisodeResult*> by_key;
    for (const auto& r : slurm.results) {
      EXPECT_TRUE(by_key.emplace(EpisodeKey(r), &r).second) << "twice: " << EpisodeKey(r);
    }
    for (const auto& want : local.results) {
      const auto it = by_key.find(EpisodeKey(want));
      ASSERT_NE(it, by_key.end()) << "lost: " << EpisodeKey(want);
      const EpisodeResult& got = *it->second;
      EXPECT_EQ(got.seed, want.seed) << EpisodeKey(want);
      EXPECT_EQ(got.win, want.win) << EpisodeKey(want);
      EXPECT_EQ(got.score, want.score) << EpisodeKey(want);
      EXPECT_EQ(got.ticks, want.ticks) << EpisodeKey(want);
      EXPECT_EQ(got.actions, want.actions) << EpisodeKey(want);
      EXPECT_EQ(got.error, want.error) << EpisodeKey(want);
    }
  }

  // Waits until shard 1 has some episodes but not all of `total`; false if it never did.
  bool WaitUntilMidRun(size_t total) {
    const fs::path shard = RunDir() / "shards" / "shard-1.jsonl";
    return WaitFor(
        [&] {
          const size_t n = fs::exists(shard) ? LineCount(shard) : 0;
          return n >= 1 && n < total;
        },
        120);
  }

  fs::path work_;
};

constexpr const char* kTwoAgents =
    "--agent random --agent mcts --game starguard,keyvault --levels 0-1 --reps 2 --budget-calls "
    "100 "
    "--seed 11";

TEST_F(SlurmTest, MergedResultsEqualTheRunPlayedHere) {
  Submit(kTwoAgents, "--tasks 3");
  ASSERT_TRUE(ReportWritten(180)) << Status();
  ExpectSameEpisodes(PlayLocally(kTwoAgents));
  const std::string status = Status();
  EXPECT_NE(status.find("done        3  1-3"), std::string::npos) << status;
  EXPECT_NE(status.find("16/16 episodes"), std::string::npos) << status;
  // The record says how to play the run again.
  std::ifstream record(RunDir() / "run.json");
  const std::string text((std::istreambuf_iterator<char>(record)), {});
  EXPECT_NE(text.find("\"version\": \"vgdl "), std::string::npos);
  EXPECT_NE(text.find("mcts:c=0.6"), std::string::npos);  // the full option spec
  EXPECT_NE(text.find("\"seed\": \"11\""), std::string::npos);
}

// Long enough episodes (about 0.5 s each) for the fault to land mid-shard; the sanitizers
// play about ten times slower, so fewer calls take as long there.
#ifdef __SANITIZE_ADDRESS__
constexpr const char* kSlowCalls = "60";
#else
constexpr const char* kSlowCalls = "1000";
#endif
const std::string kSlowRun =
    std::string("--agent mcts --game starguard --levels 0-1 --reps 4 --seed 5 --budget-calls ") +
    kSlowCalls;
constexpr size_t kSlowEpisodes = 8;

std::string ArrayJob(const fs::path& run_dir) {
  std::ifstream in(run_dir / "run.json");
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  const auto at = text.find("\"array_job\": \"");
  if (at == std::string::npos) return "";
  const auto begin = at + 14;
  return text.substr(begin, text.find('"', begin) - begin);
}

bool Queued(const std::string& job) {
  return !RunShell("squeue -h -j " + job + " 2>/dev/null").output.empty();
}

TEST_F(SlurmTest, CancelledTaskLosesNothingWhenResumed) {
  Submit(kSlowRun, "--tasks 1");
  ASSERT_TRUE(WaitUntilMidRun(kSlowEpisodes)) << Status();
  const std::string job = ArrayJob(RunDir());
  ASSERT_FALSE(job.empty());
  ASSERT_EQ(RunShell("scancel " + job).exit_code, 0);
  ASSERT_TRUE(WaitFor([&] { return !Queued(job); }, 60));
  const std::string after_cancel = Status();
  EXPECT_NE(after_cancel.find("failed      1  1"), std::string::npos) << after_cancel;
  EXPECT_NE(after_cancel.find("ended without an exit status"), std::string::npos) << after_cancel;
  const auto resumed = RunVgdl("slurm resume '" + RunDir().string() + "'");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_NE(resumed.output.find("shard 1 of 1"), std::string::npos) << resumed.output;
  ASSERT_TRUE(ReportWritten(300)) << Status();
  ExpectSameEpisodes(PlayLocally(kSlowRun));
}

// Without requeueing (Slurm would hold a requeued task for two minutes), so that the resume
// is what plays the rest.
TEST_F(SlurmTest, NodeLostMidRunLosesNothingWhenResumed) {
  Submit(kSlowRun, "--tasks 2 --sbatch-arg=--no-requeue");
  ASSERT_TRUE(WaitUntilMidRun(kSlowEpisodes / 2)) << Status();
  const std::string node = RunShell("sinfo -h -N -o %N | head -n 1").output;
  const std::string name = node.substr(0, node.find_first_of(" \n"));
  ASSERT_EQ(RunShell("scontrol update NodeName=" + name + " State=DOWN Reason=vgdl-test").exit_code,
            0);
  // Its tasks are killed.
  ASSERT_TRUE(WaitFor([&] { return RunShell("squeue -h -r -n vgdl-run").output.empty(); }, 60))
      << RunShell("squeue -r -t all").output;
  // Back in service (RESUME is refused once it is: slurmd registering again may be first).
  ASSERT_TRUE(WaitFor(
      [&] {
        RunShell("scontrol update NodeName=" + name + " State=RESUME 2>&1");
        return !RunShell("sinfo -h -N -t idle,mixed -o %N").output.empty();
      },
      60))
      << RunShell("sinfo -N -l").output;
  const std::string after_loss = Status();
  EXPECT_NE(after_loss.find("ended without an exit status"), std::string::npos) << after_loss;
  const auto resumed = RunVgdl("slurm resume '" + RunDir().string() + "'");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_NE(resumed.output.find("submitted array job"), std::string::npos) << resumed.output;
  ASSERT_TRUE(ReportWritten(300)) << Status() << resumed.output;
  ExpectSameEpisodes(PlayLocally(kSlowRun));
}

}  // namespace
}  // namespace vgdl
