// `vgdl run` with an agent from a shared library: it plays under the same rules and results
// format as a built-in agent, and a plugin that throws is recorded while the run goes on.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/tools/json_lines.h"
#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using testing::ReadJsonLines;
using testing::RunVgdl;

TEST(PluginRun, PlaysAPluginBesideABuiltInAgentAndRecordsItsFailure) {
  const fs::path out =
      fs::temp_directory_path() / ("vgdl_plugin_run_" + std::to_string(getpid()) + ".jsonl");
  fs::remove(out);
  const std::string lib = VGDL_TEST_AGENT_PLUGIN;
  const auto r = RunVgdl("run --agent '" + lib + "' --agent '" + lib +
                         ":fail=act' --agent random --game '" + std::string(VGDL_TEST_DATA_DIR) +
                         "/agents/coins.txt' --levels 0 --reps 1 --budget-calls 50 --no-progress"
                         " --seed 5 --out '" +
                         out.string() + "'");
  const auto lines = ReadJsonLines(out);
  ASSERT_EQ(lines.size(), 3u) << r.output;
  int failed = 0;
  for (const auto& j : lines) {
    const std::string agent = j.at("agent").get<std::string>();
    if (agent == lib + ":depth=3,fail=act") {
      ++failed;
      ASSERT_TRUE(j.at("error").is_string()) << j.dump();
      EXPECT_NE(j.at("error").get<std::string>().find("the test plugin fails in act"),
                std::string::npos)
          << j.dump();
    } else {
      EXPECT_TRUE(j.at("error").is_null()) << j.dump();
      EXPECT_GT(j.at("ticks").get<int>(), 0) << j.dump();
    }
  }
  EXPECT_EQ(failed, 1) << r.output;
  fs::remove(out);
}

TEST(PluginRun, AnUnusableLibraryIsRefusedBeforeTheRun) {
  const auto r =
      RunVgdl("run --agent ./no-such-agent.so --game '" + std::string(VGDL_TEST_DATA_DIR) +
              "/agents/coins.txt' --levels 0 --reps 1 --budget-calls 50 --no-progress");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("does not exist"), std::string::npos) << r.output;
}

TEST(PluginRun, TuneSearchesAPluginsDeclaredRange) {
  const std::string lib = VGDL_TEST_AGENT_PLUGIN;
  const auto r = RunVgdl("tune --agent '" + lib + "' --space depth --game '" +
                         std::string(VGDL_TEST_DATA_DIR) +
                         "/agents/coins.txt' --levels 0 -n 6 --budget-calls 20 --seed 5 "
                         "--no-progress");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find(lib + ":depth="), std::string::npos) << r.output;
}

TEST(PluginRun, AgentsDescribesAPluginWithItsRanges) {
  const std::string lib = VGDL_TEST_AGENT_PLUGIN;
  const auto r = RunVgdl("agents '" + lib + "' mcts");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("first-action: plays the avatar's first action"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("unused; has a range ([1, 10])"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("'none', 'create', 'init' or 'act'"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("\nmcts: "), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("\nosla: "), std::string::npos) << r.output;  // only those named

  const auto bad = RunVgdl("agents ./no-such-agent.so");
  EXPECT_EQ(bad.exit_code, 1) << bad.output;
  EXPECT_NE(bad.output.find("does not exist"), std::string::npos) << bad.output;
}

}  // namespace
}  // namespace vgdl
