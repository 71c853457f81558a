// `vgdl run` from the command line: the results file records the run seed, and `--resume`
// without `--seed` continues the run that file holds.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tests/temp_dir.h"
#include "tests/tools/json_lines.h"
#include "tests/tools/run_vgdl.h"

namespace vgdl {
namespace {

namespace fs = std::filesystem;
using testing::ReadJsonLines;
using testing::RunVgdl;

// Forward-model-call budgets make the run reproducible: no clock decides anything.
const std::string kRun = "run --agent random --agent osla --game '" +
                         std::string(VGDL_TEST_DATA_DIR) +
                         "/agents/coins.txt' --levels 0 --reps 2 --budget-calls 50 --no-progress";

fs::path TempResults(const std::string& name) {
  const fs::path path =
      fs::temp_directory_path() / ("vgdl_run_" + name + "_" + std::to_string(getpid()) + ".jsonl");
  fs::remove(path);
  return path;
}

// Keeps the first `n` lines of a results file, as a run interrupted after n episodes would.
void KeepFirstLines(const fs::path& path, size_t n) {
  const auto lines = ReadJsonLines(path);
  std::ofstream out(path, std::ios::trunc);
  for (size_t i = 0; i < n && i < lines.size(); ++i) out << lines[i].dump() << "\n";
}

// What an episode's line says apart from its timings: the same episode played again agrees.
std::string Outcome(const nlohmann::json& j) {
  return j.at("agent").get<std::string>() + " rep " + std::to_string(j.at("rep").get<int>()) +
         " seed " + std::to_string(j.at("seed").get<uint64_t>()) + " score " +
         std::to_string(j.at("score").get<double>()) + " ticks " +
         std::to_string(j.at("ticks").get<int>());
}

std::vector<std::string> Outcomes(const fs::path& path) {
  std::vector<std::string> out;
  for (const auto& j : ReadJsonLines(path)) out.push_back(Outcome(j));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(RunCommandTest, EveryLineRecordsTheRunSeed) {
  const fs::path out = TempResults("seed");
  const auto r = RunVgdl(kRun + " --seed 77 --out '" + out.string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto lines = ReadJsonLines(out);
  ASSERT_EQ(lines.size(), 4u) << r.output;
  for (const auto& j : lines) EXPECT_EQ(j.at("run_seed").get<uint64_t>(), 77u) << j.dump();
  fs::remove(out);
}

TEST(RunCommandTest, ResumeWithoutSeedContinuesTheRecordedRun) {
  const fs::path out = TempResults("resume");
  const auto first = RunVgdl(kRun + " --seed 4242 --out '" + out.string() + "'");
  ASSERT_EQ(first.exit_code, 0) << first.output;
  const auto whole = Outcomes(out);
  ASSERT_EQ(whole.size(), 4u);

  KeepFirstLines(out, 1);
  const auto resumed = RunVgdl(kRun + " --resume --out '" + out.string() + "'");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_NE(resumed.output.find("seed 4242"), std::string::npos) << resumed.output;
  EXPECT_NE(resumed.output.find("1 resumed"), std::string::npos) << resumed.output;
  // The three episodes played again are those of the first run.
  EXPECT_EQ(Outcomes(out), whole);
  fs::remove(out);
}

// A run killed while writing a line leaves half a line: --resume drops it, says so with the
// file and line, and plays that episode again; nothing is lost or doubled.
TEST(RunCommandTest, ResumeDropsALastLineCutOffMidWrite) {
  const fs::path out = TempResults("cut");
  ASSERT_EQ(RunVgdl(kRun + " --seed 4243 --out '" + out.string() + "'").exit_code, 0);
  const auto whole = Outcomes(out);
  ASSERT_EQ(whole.size(), 4u);
  const auto lines = ReadJsonLines(out);
  {
    std::ofstream cut(out, std::ios::trunc);
    for (size_t i = 0; i < 2; ++i) cut << lines[i].dump() << "\n";
    const std::string third = lines[2].dump();
    cut << third.substr(0, third.size() / 2);  // no line end
  }
  const auto resumed = RunVgdl(kRun + " --resume --out '" + out.string() + "'");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.output;
  EXPECT_NE(resumed.output.find(out.string() + ":3: the last line was cut off mid-write"),
            std::string::npos)
      << resumed.output;
  EXPECT_NE(resumed.output.find("2 resumed"), std::string::npos) << resumed.output;
  EXPECT_EQ(Outcomes(out), whole);
  fs::remove(out);
}

// `vgdl report` merges a run played one agent per file, and refuses files of different runs,
// saying what differs.
TEST(RunCommandTest, ReportMergesOneRunsFilesAndRefusesOtherRuns) {
  const std::string game = " --game '" + std::string(VGDL_TEST_DATA_DIR) + "/agents/coins.txt'";
  const std::string rest = " --levels 0 --reps 2 --budget-calls 20 --no-progress --out ";
  const fs::path a = TempResults("agent_a");
  const fs::path b = TempResults("agent_b");
  const fs::path other_seed = TempResults("other_seed_b");
  const fs::path other_budget = TempResults("other_budget_b");
  ASSERT_EQ(
      RunVgdl("run --agent random" + game + " --seed 9" + rest + "'" + a.string() + "'").exit_code,
      0);
  ASSERT_EQ(
      RunVgdl("run --agent osla" + game + " --seed 9" + rest + "'" + b.string() + "'").exit_code,
      0);
  ASSERT_EQ(
      RunVgdl("run --agent osla" + game + " --seed 10" + rest + "'" + other_seed.string() + "'")
          .exit_code,
      0);
  ASSERT_EQ(RunVgdl("run --agent osla" + game +
                    " --seed 9 --levels 0 --reps 2 --budget-calls 30 --no-progress --out '" +
                    other_budget.string() + "'")
                .exit_code,
            0);
  const auto merged = RunVgdl("report '" + a.string() + "' '" + b.string() + "'");
  EXPECT_EQ(merged.exit_code, 0) << merged.output;
  EXPECT_NE(merged.output.find("4 episodes from 2 file(s)"), std::string::npos) << merged.output;

  const auto seeds = RunVgdl("report '" + a.string() + "' '" + other_seed.string() + "'");
  EXPECT_EQ(seeds.exit_code, 1) << seeds.output;
  EXPECT_NE(seeds.output.find("run seeds differ: 9 (" + a.string() + "), 10 (" +
                              other_seed.string() + ")"),
            std::string::npos)
      << seeds.output;
  const auto budgets = RunVgdl("report '" + a.string() + "' '" + other_budget.string() + "'");
  EXPECT_EQ(budgets.exit_code, 1) << budgets.output;
  EXPECT_NE(budgets.output.find("budgets differ"), std::string::npos) << budgets.output;
  // Asked for, different budgets merge as different contestants.
  const auto mixed =
      RunVgdl("report --mix-runs '" + a.string() + "' '" + other_budget.string() + "'");
  EXPECT_EQ(mixed.exit_code, 0) << mixed.output;
  for (const auto& f : {a, b, other_seed, other_budget}) fs::remove(f);
}

TEST(RunCommandTest, ResumeWithAnotherSeedSaysWhichSeedToGive) {
  const fs::path out = TempResults("other_seed");
  ASSERT_EQ(RunVgdl(kRun + " --seed 5 --out '" + out.string() + "'").exit_code, 0);
  KeepFirstLines(out, 2);
  const auto r = RunVgdl(kRun + " --seed 6 --resume --out '" + out.string() + "'");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("another --seed"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("give that run's --seed"), std::string::npos) << r.output;
  fs::remove(out);
}

TEST(RunCommandTest, AnExistingResultsFileNeedsResumeOrOverwrite) {
  const fs::path out = TempResults("exists");
  ASSERT_EQ(RunVgdl(kRun + " --seed 5 --out '" + out.string() + "'").exit_code, 0);
  const auto r = RunVgdl(kRun + " --seed 5 --out '" + out.string() + "'");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("--resume continues that run"), std::string::npos) << r.output;
  EXPECT_EQ(RunVgdl(kRun + " --seed 5 --overwrite --out '" + out.string() + "'").exit_code, 0);
  EXPECT_EQ(ReadJsonLines(out).size(), 4u);
  fs::remove(out);
}

TEST(RunCommandTest, EveryLevelMeansEveryLevelFileEvenAfterAGap) {
  const vgdl::testing::TempDir dir("vgdl_run_gap");
  const fs::path data = fs::path(VGDL_TEST_DATA_DIR) / "agents";
  fs::copy_file(data / "coins.txt", dir / "coins.txt");
  fs::copy_file(data / "coins_lvl0.txt", dir / "coins_lvl0.txt");
  fs::copy_file(data / "coins_lvl0.txt", dir / "coins_lvl2.txt");  // no level 1
  const fs::path out = TempResults("gap");
  const auto r = RunVgdl("run --agent random --game '" + (dir / "coins.txt").string() +
                         "' --reps 1 --budget-calls 50 --no-progress --out '" + out.string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  std::vector<int> levels;
  for (const auto& j : ReadJsonLines(out)) levels.push_back(j.at("level").get<int>());
  std::sort(levels.begin(), levels.end());
  EXPECT_EQ(levels, (std::vector<int>{0, 2}));
  const auto missing = RunVgdl("run --agent random --game '" + (dir / "coins.txt").string() +
                               "' --levels 1 --budget-calls 50 --no-progress");
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_NE(missing.output.find("there is no level file"), std::string::npos) << missing.output;
  fs::remove(out);
}

// A level that does not load is named with its error, in one message, for either way of
// choosing levels.
TEST(RunCommandTest, ALevelThatDoesNotLoadIsNamedWithItsError) {
  const vgdl::testing::TempDir dir("vgdl_run_bad_level");
  const fs::path data = fs::path(VGDL_TEST_DATA_DIR) / "agents";
  fs::copy_file(data / "coins.txt", dir / "coins.txt");
  fs::copy_file(data / "coins_lvl0.txt", dir / "coins_lvl0.txt");
  std::ofstream(dir / "coins_lvl1.txt") << "";
  const std::string game = " --game '" + (dir / "coins.txt").string() + "'";
  const std::string error = "coins_lvl1.txt: error: the level file is empty\n";
  const auto every = RunVgdl("run --agent random" + game + " --budget-calls 5 --no-progress");
  EXPECT_EQ(every.exit_code, 1) << every.output;
  EXPECT_NE(every.output.find("level 1 of 'coins' does not load (choose the levels to play with "
                              "--levels): "),
            std::string::npos)
      << every.output;
  EXPECT_TRUE(every.output.ends_with(error)) << every.output;
  const auto chosen =
      RunVgdl("run --agent random" + game + " --levels 1 --budget-calls 5 --no-progress");
  EXPECT_EQ(chosen.exit_code, 1) << chosen.output;
  EXPECT_NE(chosen.output.find("level 1 of 'coins' does not load: "), std::string::npos)
      << chosen.output;
  EXPECT_TRUE(chosen.output.ends_with(error)) << chosen.output;
}

// The agents are single-player: a game of two players is played with the agent as the first
// and a warning says so.
TEST(RunCommandTest, ATwoPlayerGameIsPlayedByTheFirstPlayerWithAWarning) {
  const vgdl::testing::TempDir dir("vgdl_run_two_players");
  std::ofstream(dir / "duel.txt") << "BasicGame no_players=2\n"
                                     "  SpriteSet\n"
                                     "    wall > Immovable\n"
                                     "    one > MovingAvatar\n"
                                     "    two > MovingAvatar\n"
                                     "  LevelMapping\n"
                                     "    w > wall\n"
                                     "    A > one\n"
                                     "    B > two\n"
                                     "  InteractionSet\n"
                                     "    one wall > stepBack\n"
                                     "    two wall > stepBack\n"
                                     "  TerminationSet\n"
                                     "    Timeout limit=20 win=True,False\n";
  std::ofstream(dir / "duel_lvl0.txt") << "wwwww\nwA.Bw\nwwwww\n";
  const fs::path out = TempResults("two_players");
  const auto r = RunVgdl("run --agent random --game '" + (dir / "duel.txt").string() +
                         "' --budget-calls 5 --no-progress --out '" + out.string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("'duel' has 2 players: the agent plays the first, the others do "
                          "nothing (ACTION_NIL)"),
            std::string::npos)
      << r.output;
  const auto lines = ReadJsonLines(out);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_TRUE(lines[0].at("win").get<bool>());  // the first player's result
  fs::remove(out);
}

// The position of each game's first row in a printed summary.
size_t RowOf(const std::string& output, const std::string& game) {
  return output.find("\n" + game + " ");
}

// The tables follow the plan (games as --game gives them), not the order episodes ended in:
// here the resumed file's coins episodes come first, and maze is still listed first.
TEST(RunCommandTest, TablesFollowThePlanNotTheOrderEpisodesEnded) {
  const std::string data = std::string(VGDL_TEST_DATA_DIR) + "/agents/";
  const fs::path out = TempResults("plan_order");
  const std::string rest =
      " --levels 0 --reps 2 --budget-calls 5 --seed 7 --no-progress --out '" + out.string() + "'";
  const auto first = RunVgdl("run --agent random --game '" + data + "coins.txt'" + rest);
  ASSERT_EQ(first.exit_code, 0) << first.output;
  const auto both = RunVgdl("run --agent random --game '" + data + "maze.txt," + data +
                            "coins.txt' --resume" + rest);
  ASSERT_EQ(both.exit_code, 0) << both.output;
  ASSERT_NE(RowOf(both.output, "maze"), std::string::npos) << both.output;
  EXPECT_LT(RowOf(both.output, "maze"), RowOf(both.output, "coins")) << both.output;

  // `vgdl report` lists games by name, whatever the order of the file's lines.
  const auto report = RunVgdl("report '" + out.string() + "'");
  ASSERT_EQ(report.exit_code, 0) << report.output;
  EXPECT_LT(RowOf(report.output, "coins"), RowOf(report.output, "maze")) << report.output;
  // A file that cannot be read (a missing shard) means no tables, and says why.
  const auto missing = RunVgdl("report '" + out.string() + "' '" + out.string() + ".missing'");
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  EXPECT_NE(missing.output.find(".missing: cannot be read"), std::string::npos) << missing.output;
  EXPECT_NE(missing.output.find("vgdl report: no tables, since a file cannot be read"),
            std::string::npos)
      << missing.output;
  EXPECT_EQ(RowOf(missing.output, "coins"), std::string::npos) << missing.output;
  fs::remove(out);
}

// A folder named as a game stands for every game file under it, at any depth (GVGAI's
// gridphysics/ and contphysics/), and never for its level files.
TEST(RunCommandTest, AFolderMeansEveryGameUnderIt) {
  const vgdl::testing::TempDir dir("vgdl_run_folder");
  const fs::path data = fs::path(VGDL_TEST_DATA_DIR) / "agents";
  fs::create_directories(dir / "grid");
  fs::create_directories(dir / "more");
  fs::copy_file(data / "coins.txt", dir / "grid" / "coins.txt");
  fs::copy_file(data / "coins_lvl0.txt", dir / "grid" / "coins_lvl0.txt");
  fs::copy_file(data / "maze.txt", dir / "more" / "maze.txt");
  fs::copy_file(data / "maze_lvl0.txt", dir / "more" / "maze_lvl0.txt");
  const fs::path out = TempResults("folder");
  const auto r =
      RunVgdl("run --agent random --game '" + dir.path().string() +
              "' --levels 0 --reps 1 --budget-calls 5 --no-progress --out '" + out.string() + "'");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  std::vector<std::string> games;
  for (const auto& j : ReadJsonLines(out)) games.push_back(j.at("game").get<std::string>());
  std::sort(games.begin(), games.end());
  EXPECT_EQ(games, (std::vector<std::string>{"coins", "maze"}));
  fs::remove(out);

  const auto empty = RunVgdl("run --agent random --game '" + (dir / "none").string() +
                             "' --budget-calls 5 --no-progress");
  EXPECT_EQ(empty.exit_code, 1) << empty.output;
  fs::create_directories(dir / "levels-only");
  fs::copy_file(data / "coins_lvl0.txt", dir / "levels-only" / "coins_lvl0.txt");
  const auto levels_only = RunVgdl("run --agent random --game '" + (dir / "levels-only").string() +
                                   "' --budget-calls 5 --no-progress");
  EXPECT_EQ(levels_only.exit_code, 1) << levels_only.output;
  EXPECT_NE(levels_only.output.find("holds no game file"), std::string::npos) << levels_only.output;
}

TEST(RunCommandTest, GvgaiSubsetRunsAGameGvgaiReadsOnlyInPart) {
  const std::string game = " --game '" + std::string(VGDL_SOURCE_DIR) +
                           "/tests/data/gvgai-probes/gridphysics/parserstop.txt'";
  const std::string rest = " --reps 1 --budget-calls 50 --no-progress";
  EXPECT_EQ(RunVgdl("run --agent random" + game + rest).exit_code, 1);
  const auto r = RunVgdl("run --agent random --gvgai-subset" + game + rest);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("warning: unknown sprite 'boulder'"), std::string::npos) << r.output;
}

// More episodes at once than cores: acts wait for a core, which a virtual machine may charge as
// CPU time. Said for time budgets only; -j beyond any machine's cores starts one thread here,
// since there is one episode.
TEST(RunCommandTest, WarnsWhenJobsExceedTheCoresOfATimedRun) {
  const std::string game =
      " --game '" + std::string(VGDL_TEST_DATA_DIR) + "/agents/coins.txt' --levels 0";
  const std::string warning = "runs more episodes at once than the";
  const auto timed = RunVgdl("run --agent random --no-progress -j 100000" + game);
  EXPECT_EQ(timed.exit_code, 0) << timed.output;
  EXPECT_NE(timed.output.find("-j 100000 " + warning), std::string::npos) << timed.output;
  const auto counted =
      RunVgdl("run --agent random --no-progress -j 100000 --budget-calls 5" + game);
  EXPECT_EQ(counted.exit_code, 0) << counted.output;
  EXPECT_EQ(counted.output.find(warning), std::string::npos) << counted.output;
  const auto one = RunVgdl("run --agent random --no-progress -j 1" + game);
  EXPECT_EQ(one.output.find(warning), std::string::npos) << one.output;
}

// The host-stall watch adds its key to a timed run's lines and is refused with call budgets,
// where no clock decides anything.
TEST(RunCommandTest, WatchingHostStallsRecordsTheLongestActsStall) {
  const std::string game =
      " --game '" + std::string(VGDL_TEST_DATA_DIR) + "/agents/coins.txt' --levels 0";
  const fs::path watched = TempResults("watched");
  const auto run = RunVgdl("run --agent random --no-progress --watch-host-stalls" + game +
                           " --out '" + watched.string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("for host stalls"), std::string::npos) << run.output;
  const auto lines = ReadJsonLines(watched);
  ASSERT_EQ(lines.size(), 1u);
  ASSERT_TRUE(lines[0].contains("max_act_host_stall_ms")) << lines[0].dump();
  EXPECT_GE(lines[0]["max_act_host_stall_ms"].get<double>(), 0.0);

  const fs::path plain = TempResults("unwatched");
  ASSERT_EQ(RunVgdl("run --agent random --no-progress" + game + " --out '" + plain.string() + "'")
                .exit_code,
            0);
  EXPECT_FALSE(ReadJsonLines(plain).at(0).contains("max_act_host_stall_ms"));

  const auto counted =
      RunVgdl("run --agent random --no-progress --watch-host-stalls --budget-calls 5" + game);
  EXPECT_EQ(counted.exit_code, 1) << counted.output;
  EXPECT_NE(counted.output.find("--watch-host-stalls needs a time budget"), std::string::npos)
      << counted.output;
  fs::remove(watched);
  fs::remove(plain);
}

}  // namespace
}  // namespace vgdl
