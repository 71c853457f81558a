// -j is one flag with one rule a command: run and tune take at least 1, playtest and
// verify-traces take 0 for every usable core; each refusal names the value given.
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

}  // namespace
}  // namespace vgdl
