// `vgdl run` with an agent from a shared library: it plays under the same rules and results
// format as a built-in agent, and a plugin that throws is recorded while the run goes on.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using testing::RunVgdl;

std::vector<nlohmann::json> ReadLines(const fs::path& path) {
  std::vector<nlohmann::json> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

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
  const auto lines = ReadLines(out);
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

}  // namespace
}  // namespace vgdl
