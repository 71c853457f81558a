#include "gvgai/trace/replay.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "gvgai/trace/stats.h"
#include "gvgai/trace/trace.h"
#include "tests/temp_dir.h"

namespace vgdl::trace {
namespace {

namespace fs = std::filesystem;

const fs::path kDataDir = fs::path(VGDL_TEST_DATA_DIR) / "traces";
const fs::path kGamesDir = kDataDir / "games";

std::string ReadText(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

class ReplayTest : public ::testing::Test {
 protected:
  void SetUp() override {
    good_ = ReadText(kDataDir / "tinygoal_lvl0_s1.trace");
    ASSERT_FALSE(good_.empty());
    loaded_ = LoadTraceLevel(kGamesDir, "gridphysics", "tinygoal", 0);
  }
  Outcome Replay(const std::string& text) {
    return ReplayTrace(ParseTrace(text, "edited.trace"), loaded_);
  }

  std::string good_;
  LoadedLevel loaded_;
};

TEST_F(ReplayTest, PassesTheRecordedEpisode) {
  const Outcome o = Replay(good_);
  EXPECT_EQ(o.verdict, Verdict::kPass) << o.detail;
  EXPECT_EQ(o.detail, "");
}

TEST_F(ReplayTest, ReportsTheFirstDifferentField) {
  const Outcome o = Replay(Replace(good_, "t 1 ACTION_RIGHT score=1.000",
                                   "t 1 ACTION_RIGHT "
                                   "score=2.000"));
  EXPECT_EQ(o.verdict, Verdict::kFail);
  EXPECT_EQ(o.detail, "tick=1 score: expected 2.000 got 1.000");
  EXPECT_EQ(Replay(Replace(good_, "win=WINS", "win=LOSES")).detail,
            "tick=1 win: expected LOSES got WINS");
  EXPECT_EQ(Replay(Replace(good_, "av=480,160,0.00,0.00,avatar,0,-",
                           "av=480,160,0.00,0.00,avatar,0,gold:1"))
                .detail,
            "tick=1 av: expected 480,160,0.00,0.00,avatar,0,gold:1 got "
            "480,160,0.00,0.00,avatar,0,-");
}

// A game with two players (the probe `duel`, recorded from GVGAI): both players' actions are
// played, and each player's score, win state and avatar compared.
TEST(TwoPlayerReplayTest, ComparesEveryPlayer) {
  const fs::path probes = fs::path(VGDL_TEST_DATA_DIR) / "gvgai-probes";
  const std::string good = ReadMaybeGzipped(probes / "traces" / "duel_lvl0_s2.trace.gz");
  const LoadedLevel loaded = LoadTraceLevel(probes, "2player", "duel", 0);
  const auto replay = [&](const std::string& text) {
    return ReplayTrace(ParseTrace(text, "duel.trace"), loaded);
  };
  const Outcome pass = replay(good);
  EXPECT_EQ(pass.verdict, Verdict::kPass) << pass.detail;
  EXPECT_EQ(replay(Replace(good, "win=NO_WINNER,NO_WINNER", "win=NO_WINNER,WINS")).detail,
            "tick=0 win[1]: expected WINS got NO_WINNER");
  EXPECT_EQ(
      replay(Replace(good, "|260,40,0.00,-1.00,avatarB,5,-", "|260,40,0.00,-1.00,avatarB,4,-"))
          .detail,
      "tick=0 av[1]: expected 260,40,0.00,-1.00,avatarB,4,- got 260,40,0.00,-1.00,avatarB,5,-");
  EXPECT_EQ(
      replay(Replace(good, "score=2.000,6.000 tick=159", "score=2.000,7.000 tick=159")).detail,
      "tick=159 end.score[1]: expected 7.000 got 6.000");
  // A one-player trace does not replay on a game of two.
  EXPECT_EQ(replay(ReadText(kDataDir / "tinygoal_lvl0_s1.trace")).detail,
            "tick=init players: expected 1 got 2");
  // Player 1's action is played: NIL instead of UP (into a wall) leaves its avatar facing right.
  EXPECT_EQ(replay(Replace(good, "t 0 ACTION_NIL,ACTION_UP", "t 0 ACTION_NIL,ACTION_NIL")).detail,
            "tick=0 av[1]: expected 260,40,0.00,-1.00,avatarB,5,- got "
            "260,40,1.00,0.00,avatarB,5,-");
}

TEST_F(ReplayTest, NamesTheSpritesThatDiffer) {
  // The hand-written trace claims that the avatar stayed put at tick 0.
  const Outcome o = VerifyFile(kDataDir / "tinygoal_lvl0_badmove.trace", {kGamesDir});
  EXPECT_EQ(o.verdict, Verdict::kFail);
  EXPECT_EQ(o.detail.substr(0, 9), "tick=0 h:") << o.detail;
  EXPECT_NE(o.detail.find("[extra avatar@320,160; missing avatar@160,160]"), std::string::npos)
      << o.detail;
  // A wrong count reports the same way.
  const Outcome n = Replay(Replace(good_, "n=13", "n=12"));
  EXPECT_EQ(n.detail, "tick=1 n: expected 12 got 13");
}

TEST_F(ReplayTest, ChecksTheInitialSpritesAndTheirOrder) {
  EXPECT_EQ(Replay(Replace(good_, "s goal 480 160", "s goal 320 160")).detail,
            "tick=init sprites: expected 14 sprites got 14 [extra goal@480,160; missing "
            "goal@320,160]");
  EXPECT_EQ(Replay(Replace(good_, "s wall 0 0\ns wall 160 0", "s wall 160 0\ns wall 0 0")).detail,
            "tick=init order: expected #2 wall@160,0 got wall@0,0");
  EXPECT_EQ(Replay(Replace(good_, "block 160", "block 16")).detail,
            "tick=init block: expected 16 got 160");
  EXPECT_EQ(Replay(Replace(good_, "size 5 3", "size 5 4")).detail,
            "tick=init size: expected 5x4 got 5x3");
}

TEST_F(ReplayTest, ChecksTheEndOfTheGame) {
  const std::string extra_tick =
      "t 2 ACTION_NIL score=1.000 win=WINS n=13 h=e818d01b9e0d022c "
      "av=480,160,0.00,0.00,avatar,0,-\n";
  EXPECT_EQ(Replay(Replace(good_, "end WINS score=1.000 tick=1",
                           extra_tick + "end WINS score=1.000 tick=2"))
                .detail,
            "tick=2 ended: expected running got game over");
  EXPECT_EQ(Replay(Replace(good_, "end WINS score=1.000", "end LOSES score=1.000")).detail,
            "tick=1 end.win: expected LOSES got WINS");
  EXPECT_EQ(Replay(Replace(good_, "end WINS score=1.000", "end WINS score=5.000")).detail,
            "tick=1 end.score: expected 5.000 got 1.000");
  // Cut after tick 0: the game is still running, which only the 1000-tick cap explains.
  const size_t t1 = good_.find("t 1 ");
  const std::string cut = good_.substr(0, t1) + "end NO_WINNER score=0.000 tick=0\n";
  EXPECT_EQ(Replay(cut).detail, "tick=0 ended: expected game over got running");
}

TEST(VerifyFileTest, ReportsUnusableInputAsFailures) {
  const Outcome bad_score = VerifyFile(kDataDir / "tinygoal_lvl0_badscore.trace", {kGamesDir});
  EXPECT_EQ(bad_score.verdict, Verdict::kFail);
  EXPECT_EQ(bad_score.detail, "tick=1 score: expected 2.000 got 1.000");

  const Outcome missing = VerifyFile(kDataDir / "nothing_here.trace.gz", {kGamesDir});
  EXPECT_EQ(missing.verdict, Verdict::kFail);
  EXPECT_NE(missing.detail.find("malformed: "), std::string::npos) << missing.detail;
  EXPECT_NE(missing.detail.find("cannot open"), std::string::npos) << missing.detail;

  const Outcome no_game = VerifyFile(kDataDir / "tinygoal_lvl0_s1.trace", {kDataDir / "nowhere"});
  EXPECT_EQ(no_game.verdict, Verdict::kFail);
  EXPECT_NE(no_game.detail.find("error: game file not found"), std::string::npos) << no_game.detail;
}

class StatsFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(dir_ / "traces");
    fs::create_directories(dir_ / "stats");
    std::string text = ReadText(kDataDir / "tinygoal_lvl0_s1.trace");
    text.replace(text.find("exact yes"), 9, "exact no");
    std::ofstream(dir_ / "traces" / "tinygoal_lvl0_s1.trace") << text;
  }
  void WriteStats(const std::string& result, const std::string& score) {
    std::ofstream out(dir_ / "stats" / "tinygoal_lvl0.tsv");
    out << "seed\tresult\tscore\tticks\n";
    for (int seed = 1; seed <= 20; ++seed)
      out << seed << "\t" << result << "\t" << score << "\t9\n";
  }
  vgdl::testing::TempDir temp_dir_{"vgdl_replay_test"};
  const fs::path dir_ = temp_dir_.path();
};

TEST_F(StatsFileTest, SkipsInexactTracesUnlessAskedForStatistics) {
  const fs::path trace = dir_ / "traces" / "tinygoal_lvl0_s1.trace";
  EXPECT_EQ(VerifyFile(trace, {kGamesDir}).verdict, Verdict::kSkip);
  const Outcome no_table = VerifyFile(trace, {kGamesDir, true});
  EXPECT_EQ(no_table.verdict, Verdict::kFail);
  EXPECT_NE(no_table.detail.find("no stats/tinygoal_lvl0.tsv"), std::string::npos)
      << no_table.detail;
}

TEST_F(StatsFileTest, ComparesRandomPlayWithTheTable) {
  // A random walk in a three-cell corridor always reaches the goal long before tick 2000.
  WriteStats("WINS", "1.000");
  const fs::path trace = dir_ / "traces" / "tinygoal_lvl0_s1.trace";
  const Outcome agree = VerifyFile(trace, {kGamesDir, true});
  EXPECT_EQ(agree.verdict, Verdict::kPass) << agree.detail;
  EXPECT_NE(agree.detail.find("win rate: expected 1.000 got 1.000"), std::string::npos)
      << agree.detail;
  const Outcome direct = VerifyFile(dir_ / "stats" / "tinygoal_lvl0.tsv", {kGamesDir});
  EXPECT_EQ(direct.verdict, Verdict::kPass) << direct.detail;

  WriteStats("LOSES", "0.000");
  const Outcome differ = VerifyFile(trace, {kGamesDir, true});
  EXPECT_EQ(differ.verdict, Verdict::kFail);
  EXPECT_NE(differ.detail.find("differs"), std::string::npos) << differ.detail;
}

TEST(StatsTableTest, ParsesAndComparesSamples) {
  const auto rows = ParseStatsTable(
      "seed\tresult\tscore\tticks\n1\tWINS\t3.000\t10\n"
      "2\tLOSES\t-1.000\t20\n",
      "t.tsv");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[1].seed, 2);
  EXPECT_EQ(rows[1].result, "LOSES");
  EXPECT_DOUBLE_EQ(rows[1].score, -1.0);
  const StatsSummary s = Summarize(rows);
  EXPECT_EQ(s.wins, 1);
  EXPECT_DOUBLE_EQ(s.mean_score, 1.0);
  EXPECT_DOUBLE_EQ(s.score_variance, 8.0);
  EXPECT_DOUBLE_EQ(s.mean_ticks, 15.0);
  EXPECT_THROW(ParseStatsTable("seed\tresult\n", "t.tsv"), TraceError);
  EXPECT_THROW(ParseStatsTable("seed\tresult\tscore\tticks\n1\tWON\t0\t1\n", "t.tsv"), TraceError);
  EXPECT_THROW(ParseStatsTable("seed\tresult\tscore\tticks\n", "t.tsv"), TraceError);

  StatsSummary a{40, 20, 5.0, 4.0, 100.0};
  StatsSummary b{40, 22, 5.5, 4.0, 100.0};
  EXPECT_TRUE(CompareStats(a, b).ok());
  StatsSummary c{40, 2, 5.0, 4.0, 100.0};
  EXPECT_FALSE(CompareStats(a, c).win_rate_ok);
  StatsSummary d{40, 20, 9.0, 4.0, 100.0};
  EXPECT_FALSE(CompareStats(a, d).score_ok);

  std::string game;
  int level = -1;
  EXPECT_TRUE(ParseStatsFileName("x-racer_lvl3.tsv", &game, &level));
  EXPECT_EQ(game, "x-racer");
  EXPECT_EQ(level, 3);
  EXPECT_FALSE(ParseStatsFileName("aliens.tsv", &game, &level));
}

}  // namespace
}  // namespace vgdl::trace
