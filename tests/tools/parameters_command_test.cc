// GVGAI's game-design track on the command line: `--set NAME=VALUE` on the commands that load
// a game (refusals naming the range, an unknown name listing the parameters), `vgdl check`'s
// listing of the parameters, the values a results line records, and `vgdl playtest --sweep`.
// The game is tests/data/parameters/designed.txt.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/tools/json_lines.h"
#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::ReadJsonLines;
using testing::RunVgdl;

const std::string kGame =
    "'" + (fs::path(VGDL_TEST_DATA_DIR) / "parameters" / "designed.txt").string() + "'";

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The two refusals, as every command that takes --set gives them: a value outside the range
// (at the parameter's line, naming its values) and an unknown name (with the parameters).
void ExpectRefusals(const std::string& command, const std::string& after_game = "") {
  const auto range = RunVgdl(command + " " + kGame + after_game + " --set ESPEED=2");
  EXPECT_EQ(range.exit_code, 1) << command << "\n" << range.output;
  EXPECT_TRUE(Contains(range.output,
                       "designed.txt:29:9: error: --set ESPEED=2: '2' is not a value of ESPEED"))
      << command << "\n"
      << range.output;
  EXPECT_TRUE(Contains(range.output, "values=0.1:0.1:1.0 (0.1, 0.2, 0.3, 0.4, ..., 0.8, 0.9, 1)"))
      << command << "\n"
      << range.output;
  const auto name = RunVgdl(command + " " + kGame + after_game + " --set ESPED=0.2");
  EXPECT_EQ(name.exit_code, 1) << command << "\n" << name.output;
  EXPECT_TRUE(Contains(name.output, "the game has no parameter 'ESPED'")) << name.output;
  EXPECT_TRUE(Contains(name.output, "did you mean 'ESPEED'?")) << name.output;
  EXPECT_TRUE(Contains(name.output, "the parameters are ASPEED, ESPEED, ECONS, PENALTY"))
      << name.output;
}

TEST(ParametersCommandTest, CheckListsTheParametersWithTheirRanges) {
  const auto r = RunVgdl("check " + kGame + " --set ESPEED=0.3");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(Contains(r.output, "parameters (7), --set NAME=VALUE chooses one of the values:"))
      << r.output;
  EXPECT_TRUE(Contains(r.output,
                       "  ESPEED   values=0.1:0.1:1.0 (0.1, 0.2, 0.3, 0.4, ..., 0.8, 0.9, 1), "
                       "default 0.1, set to 0.3  Enemy_Speed  (line 29)"))
      << r.output;
  EXPECT_TRUE(Contains(r.output,
                       "  ASPEED   values=0.25:0.25:1.0 (0.25, 0.5, 0.75, 1), default 1 "
                       "(value=)  Avatar_Speed  (line 28)"))
      << r.output;
  EXPECT_TRUE(Contains(r.output, "  WINTIME  values=True:False (false, true), default true"))
      << r.output;
  // The sprites show the values played.
  EXPECT_TRUE(Contains(r.output, "cons=1 speed=0.30000000000000004")) << r.output;
}

TEST(ParametersCommandTest, CheckJsonListsTheParameters) {
  const auto r = RunVgdl("check --json " + kGame + " --set ECONS=3");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const json j = json::parse(r.output);
  const json& parameters = j["game"]["parameters"];
  ASSERT_EQ(parameters.size(), 7u);
  const json& econs = parameters[2];
  EXPECT_EQ(econs["name"], "ECONS");
  EXPECT_EQ(econs["kind"], "int");
  EXPECT_EQ(econs["values"], "1:1:4");
  EXPECT_EQ(econs["choices"], json::parse(R"(["1", "2", "3", "4"])"));
  EXPECT_EQ(econs["default"], "1");
  EXPECT_EQ(econs["value"], "3");
  EXPECT_EQ(econs["set"], true);
  EXPECT_EQ(econs["line"], 30);
  EXPECT_EQ(parameters[0]["declared_value"], "1");
  EXPECT_EQ(parameters[6]["kind"], "boolean");
}

TEST(ParametersCommandTest, CheckRefusesValuesOutsideTheRangeAndUnknownNames) {
  ExpectRefusals("check");
  const auto r = RunVgdl("check --json " + kGame + " --set ESPEED=2");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  const json j = json::parse(r.output);
  const json& d = j["diagnostics"][0];
  EXPECT_EQ(d["line"], 29);
  EXPECT_EQ(d["column"], 9);
  EXPECT_EQ(d["message"], "--set ESPEED=2: '2' is not a value of ESPEED");
}

TEST(ParametersCommandTest, RunRecordsTheChosenValuesInEveryResultsLine) {
  const fs::path out =
      fs::temp_directory_path() / ("vgdl_parameters_" + std::to_string(getpid()) + ".jsonl");
  fs::remove(out);
  const std::string run_reps = "run --agent random --game " + kGame +
                               " --levels 0 --budget-calls 10 --no-progress --seed 3 -o '" +
                               out.string() + "' --reps ";
  const std::string run = run_reps + "2";
  auto r = RunVgdl(run + " --set ESPEED=0.5 --set WINTIME=false");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto lines = ReadJsonLines(out);
  ASSERT_EQ(lines.size(), 2u);
  for (const json& line : lines) {
    EXPECT_EQ(line["parameters"], json::parse(R"({"ESPEED": "0.5", "WINTIME": "false"})"));
  }
  // A --resume with other values would mix two games in one file.
  r = RunVgdl(run_reps + "3 --resume --set ESPEED=0.6 --set WINTIME=false");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_TRUE(Contains(r.output, "played with other --set values than this run's")) << r.output;
  r = RunVgdl(run_reps + "3 --resume --set ESPEED=0.5 --set WINTIME=false");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(ReadJsonLines(out).size(), 3u);
  // Without --set the line has no such key, as for any other game.
  r = RunVgdl(run + " --overwrite");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const json& line : ReadJsonLines(out)) EXPECT_FALSE(line.contains("parameters"));
  fs::remove(out);
}

TEST(ParametersCommandTest, RunRefusesValuesOutsideTheRangeAndUnknownNames) {
  const auto range = RunVgdl("run --agent random --game " + kGame +
                             " --budget-calls 10 --no-progress --set ECONS=9");
  EXPECT_EQ(range.exit_code, 1) << range.output;
  EXPECT_TRUE(Contains(range.output, "--set ECONS=9: '9' is not a value of ECONS")) << range.output;
  EXPECT_TRUE(Contains(range.output, "values=1:1:4 (1, 2, 3, 4)")) << range.output;
  const auto name =
      RunVgdl("run --agent random --game " + kGame + " --budget-calls 10 --set NOPE=1");
  EXPECT_EQ(name.exit_code, 1) << name.output;
  EXPECT_TRUE(Contains(name.output, "the game has no parameter 'NOPE'")) << name.output;
}

TEST(ParametersCommandTest, SolveAndPlaytestTakeSet) {
  ExpectRefusals("solve", " 0");
  ExpectRefusals("playtest");
  const auto solve = RunVgdl("solve " + kGame + " 0 --seed 1 --set TIMEOUT=200 --max-states 20000");
  EXPECT_NE(solve.exit_code, 1) << solve.output;
  EXPECT_FALSE(Contains(solve.output, "error")) << solve.output;
}

TEST(ParametersCommandTest, PlaytestSweepsAParameter) {
  const auto r = RunVgdl("playtest " + kGame +
                         " --agents random,osla --reps 2 --budget-calls 10 -j 1 --sweep "
                         "TIMEOUT=20,200 --set ESPEED=0.2 --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const json j = json::parse(r.output);
  EXPECT_EQ(j["parameters"], json::parse(R"({"ESPEED": "0.2"})"));
  EXPECT_EQ(j["sweep"]["parameter"], "TIMEOUT");
  const json& values = j["sweep"]["values"];
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(values[0]["value"], "20");
  EXPECT_EQ(values[1]["value"], "200");
  for (const json& v : values) {
    ASSERT_EQ(v["agents"].size(), 2u);
    EXPECT_EQ(v["agents"][0]["agent"], "random");
    EXPECT_EQ(v["agents"][0]["episodes"], 2);
  }
  // The table: one row a value, one column an agent.
  const auto table = RunVgdl("playtest " + kGame +
                             " --agents random --reps 1 --budget-calls 10 -j 1 --sweep ECONS");
  ASSERT_EQ(table.exit_code, 0) << table.output;
  EXPECT_TRUE(Contains(table.output, "sweep ECONS (Enemy_Consecutive_Moves) over 4 value(s)"))
      << table.output;
  EXPECT_TRUE(Contains(table.output, "win rate of each agent [95% interval] as ECONS moves:"))
      << table.output;
  for (const std::string row : {"\n1 ", "\n2 ", "\n3 ", "\n4 "}) {
    EXPECT_TRUE(Contains(table.output, row)) << table.output;
  }
}

TEST(ParametersCommandTest, PlaytestSweepRefusals) {
  const auto name = RunVgdl("playtest " + kGame + " --agents random --sweep ESPED");
  EXPECT_EQ(name.exit_code, 1) << name.output;
  EXPECT_TRUE(Contains(name.output, "did you mean 'ESPEED'?")) << name.output;
  const auto value = RunVgdl("playtest " + kGame + " --agents random --sweep ECONS=2,7");
  EXPECT_EQ(value.exit_code, 1) << value.output;
  EXPECT_TRUE(Contains(value.output, "--set ECONS=7: '7' is not a value of ECONS")) << value.output;
  const auto both = RunVgdl("playtest " + kGame + " --agents random --sweep ECONS --set ECONS=2");
  EXPECT_EQ(both.exit_code, 1) << both.output;
  EXPECT_TRUE(Contains(both.output, "exclude each other")) << both.output;
}

}  // namespace
}  // namespace vgdl
