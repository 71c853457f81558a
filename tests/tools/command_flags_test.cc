// Flags declared once for the commands that take them (tools/jobs_flag.h,
// tools/budget_options.h): -j with one rule a command (run and tune take at least 1, playtest
// and verify-traces 0 for every usable core), and the budget flags with the same checks
// wherever an agent plays; each refusal names the value given.
#include <gtest/gtest.h>

#include <string>

#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

using testing::RunVgdl;

const std::string kGame = "'" + std::string(VGDL_TEST_DATA_DIR) + "/agents/coins.txt'";

void ExpectRefused(const std::string& arguments, const std::string& message) {
  const auto r = RunVgdl(arguments);
  EXPECT_NE(r.exit_code, 0) << arguments;
  EXPECT_NE(r.output.find(message), std::string::npos) << arguments << "\n" << r.output;
}

TEST(JobsFlag, RunAndTuneNeedAtLeastOne) {
  ExpectRefused("run --agent random --game " + kGame + " -j 0",
                "vgdl run: -j must be at least 1 (got 0)");
  ExpectRefused("tune --agent mcts --space c --game " + kGame + " -j 0",
                "vgdl tune: -j must be at least 1 (got 0)");
}

TEST(JobsFlag, PlaytestAndVerifyTracesTakeZeroForEveryCore) {
  ExpectRefused("playtest " + kGame + " -j -1",
                "vgdl playtest: -j must be 0 (every usable core) or more (got -1)");
  ExpectRefused("verify-traces " + kGame + " -j -2",
                "vgdl verify-traces: -j must be 0 (every usable core) or more (got -2)");
  const auto r = RunVgdl("playtest " + kGame + " --agents random --reps 1 --budget-calls 20 -j 0");
  EXPECT_EQ(r.exit_code, 0) << r.output;
}

TEST(BudgetFlags, EveryCommandThatPlaysAnAgentChecksThemAlike) {
  for (const std::string command : {"run --agent random --game", "playtest"}) {
    ExpectRefused(command + " " + kGame + " --budget-calls 0",
                  "--budget-calls must be at least 1 (got 0)");
    ExpectRefused(command + " " + kGame + " --budget-ms -3",
                  "--budget-ms must be at least 1 (got -3)");
    ExpectRefused(command + " " + kGame + " --budget-ms 5 --budget-calls 5",
                  "--budget-ms and --budget-calls exclude each other");
  }
  const auto r = RunVgdl("playtest " + kGame + " --agents random --reps 1 --budget-ms 5 --json");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("\"budget\""), std::string::npos) << r.output;
}

}  // namespace
}  // namespace vgdl
