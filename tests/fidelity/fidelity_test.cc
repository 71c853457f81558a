// The fidelity ratchet: every GVGAI reference trace is replayed; the ones listed in
// passing_traces.txt must pass (a failure there is a regression), and traces that pass but are
// not listed yet are printed so that scripts/update-passing-traces can add them.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "gvgai/trace/batch.h"
#include "tests/gvgai/trace/gvgai_dir.h"

namespace vgdl::trace {
namespace {

namespace fs = std::filesystem;

const fs::path kListFile = fs::path(VGDL_SOURCE_DIR) / "tests" / "fidelity" / "passing_traces.txt";

std::vector<std::string> ReadList(const fs::path& path) {
  std::vector<std::string> names;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty() && line.front() != '#') names.push_back(line);
  }
  return names;
}

// The game of a trace name: "aliens_lvl0_s1" -> "aliens".
std::string GameOf(const std::string& name) {
  return name.substr(0, name.rfind("_lvl"));
}

// Replays every trace under `traces` against the games under `games`, one process a trace,
// so that an engine crash fails one trace, not the suite. A missing folder fails the test.
std::vector<BatchResult> ReplayAll(const fs::path& traces, const fs::path& games) {
  std::string error;
  const auto files = CollectTraceFiles({traces}, &error);
  EXPECT_EQ(error, "");
  VerifyOptions options;
  options.games_dir = games;
  BatchOptions batch;
  batch.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  batch.isolate = true;
  batch.timeout_seconds = 120;
  return VerifyBatch(files, options, batch);
}

TEST(FidelityTest, PassingTracesListIsSortedAndUnique) {
  ASSERT_TRUE(fs::is_regular_file(kListFile)) << kListFile;
  const auto names = ReadList(kListFile);
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end())) << "keep the list sorted (LC_ALL=C)";
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end()) << "duplicate entry";
}

TEST(FidelityTest, ListedTracesStillReplayExactly) {
  if (!testing::HaveGvgai()) GTEST_SKIP() << "no GVGAI traces at " << testing::GvgaiDir();
  const auto listed_names = ReadList(kListFile);
  const std::set<std::string> listed(listed_names.begin(), listed_names.end());

  const auto results = ReplayAll(testing::GvgaiDir() / "traces", testing::GvgaiDir() / "games");

  std::set<std::string> seen;
  std::vector<std::string> new_passes;
  std::map<std::string, int> failing_by_game;
  int passed = 0;
  int failed = 0;
  for (const BatchResult& r : results) {
    seen.insert(r.name);
    const bool pass = r.outcome.verdict == Verdict::kPass;
    if (pass) {
      ++passed;
      if (!listed.contains(r.name)) new_passes.push_back(r.name);
    } else if (r.outcome.verdict == Verdict::kFail) {
      ++failed;
      ++failing_by_game[GameOf(r.name)];
    }
    if (listed.contains(r.name) && !pass) {
      ADD_FAILURE() << "regression: " << r.name
                    << " is listed as passing but now: " << r.outcome.detail;
    }
  }
  for (const std::string& name : listed) {
    if (!seen.contains(name)) ADD_FAILURE() << "listed trace " << name << " not found";
  }
  std::cout << "fidelity: " << passed << " of " << results.size() << " traces pass ("
            << listed.size() << " listed), " << failed << " still fail in "
            << failing_by_game.size() << " games\n";
  if (!new_passes.empty()) {
    std::cout << "passing but not yet listed in tests/fidelity/passing_traces.txt "
                 "(scripts/update-passing-traces adds them):\n";
    for (const auto& name : new_passes) std::cout << "  " << name << "\n";
  }
}

// Every trace under `traces` (at least one) replays exactly against the games under `games`.
void ExpectEveryTraceReplays(const fs::path& traces, const fs::path& games) {
  const auto results = ReplayAll(traces, games);
  ASSERT_FALSE(results.empty()) << traces;
  for (const BatchResult& r : results) {
    EXPECT_EQ(r.outcome.verdict, Verdict::kPass) << r.name << ": " << r.outcome.detail;
  }
}

// Games of our own for what no GVGAI game reaches (tests/data/gvgai-probes/README.md), with
// traces recorded from GVGAI: always here, so they run without ../shared too.
TEST(FidelityTest, ProbeGamesReplayGvgaiExactly) {
  const fs::path probes = fs::path(VGDL_SOURCE_DIR) / "tests" / "data" / "gvgai-probes";
  ExpectEveryTraceReplays(probes / "traces", probes);
}

// The bundled games (games/, levels/), with traces recorded from GVGAI
// (tests/data/bundled-game-traces/README.md): they play here as in GVGAI.
TEST(FidelityTest, BundledGamesReplayGvgaiExactly) {
  const fs::path root(VGDL_SOURCE_DIR);
  ExpectEveryTraceReplays(root / "tests" / "data" / "bundled-game-traces", root);
}

// What agents are shown (engine/observation.h) against what GVGAI shows its agents on the same
// ticks: records of the bundled games and of probe games, made by
// tools/gvgai-recorder/ObservationRecorder.java (docs/fidelity.md, "Observations").
TEST(FidelityTest, ObservationsMatchGvgai) {
  const fs::path root(VGDL_SOURCE_DIR);
  ExpectEveryTraceReplays(root / "tests" / "data" / "bundled-game-traces" / "observations", root);
  const fs::path probes = root / "tests" / "data" / "gvgai-probes";
  ExpectEveryTraceReplays(probes / "observations", probes);
}

}  // namespace
}  // namespace vgdl::trace
