// Summary statistics and the competition ranking.
#include "runner/summary.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>

namespace vgdl {
namespace {

EpisodeResult Result(const std::string& agent, const std::string& game, bool win, double score,
                     int ticks) {
  EpisodeResult r;
  r.agent = agent;
  r.game = game;
  r.win = win;
  r.score = score;
  r.ticks = ticks;
  return r;
}

TEST(WilsonInterval, MatchesTextbookValues) {
  const Interval none = WilsonInterval(0, 10);
  EXPECT_DOUBLE_EQ(none.low, 0.0);
  EXPECT_NEAR(none.high, 0.2775, 1e-4);
  const Interval half = WilsonInterval(5, 10);
  EXPECT_NEAR(half.low, 0.2366, 1e-4);
  EXPECT_NEAR(half.high, 0.7634, 1e-4);
  const Interval all = WilsonInterval(10, 10);
  EXPECT_NEAR(all.low, 0.7225, 1e-4);
  EXPECT_DOUBLE_EQ(all.high, 1.0);
  const Interval empty = WilsonInterval(0, 0);
  EXPECT_EQ(empty.low, 0.0);
  EXPECT_EQ(empty.high, 1.0);
}

TEST(Summarize, GroupsByGameAndAgentInOrderOfAppearance) {
  std::vector<EpisodeResult> results = {
      Result("b", "g1", true, 4.0, 10), Result("a", "g1", false, 0.0, 20),
      Result("b", "g1", false, 2.0, 30), Result("a", "g2", true, 1.0, 5)};
  results[1].disqualified = true;
  results[2].error = "boom";
  results[2].overspent = 3;
  const auto rows = Summarize(results);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].game, "g1");
  EXPECT_EQ(rows[0].agent, "b");
  EXPECT_EQ(rows[0].episodes, 2);
  EXPECT_EQ(rows[0].wins, 1);
  EXPECT_DOUBLE_EQ(rows[0].win_rate, 0.5);
  EXPECT_DOUBLE_EQ(rows[0].mean_score, 3.0);
  EXPECT_NEAR(rows[0].score_sd, 1.41421356, 1e-6);
  EXPECT_DOUBLE_EQ(rows[0].mean_ticks, 20.0);
  EXPECT_EQ(rows[0].errors, 1);
  EXPECT_EQ(rows[0].overspent, 3);
  EXPECT_EQ(rows[1].agent, "a");
  EXPECT_EQ(rows[1].disqualified, 1);
  EXPECT_EQ(rows[2].game, "g2");
}

TEST(RankAgents, AwardsFormulaOnePointsByWinsThenScoreThenTime) {
  // Twelve agents in one game: agent k wins k of 12 episodes; the last two score less.
  std::vector<EpisodeResult> results;
  for (int k = 0; k < 12; ++k) {
    for (int e = 0; e < 12; ++e) {
      results.push_back(Result("agent" + std::to_string(k), "g", e < k, 0.0, 100));
    }
  }
  const Ranking ranking = RankAgents(Summarize(results));
  ASSERT_EQ(ranking.standings.size(), 12u);
  const int expected[] = {25, 18, 15, 12, 10, 8, 6, 4, 2, 1, 0, 0};
  for (int place = 0; place < 12; ++place) {
    EXPECT_EQ(ranking.standings[static_cast<size_t>(place)].agent,
              "agent" + std::to_string(11 - place));
    EXPECT_EQ(ranking.standings[static_cast<size_t>(place)].points, expected[place]);
  }
}

TEST(RankAgents, ScoreBreaksWinTiesAndFewerTicksBreakScoreTies) {
  const std::vector<EpisodeResult> results = {
      Result("slow", "g", true, 5.0, 300), Result("fast", "g", true, 5.0, 100),
      Result("rich", "g", true, 9.0, 900), Result("loser", "g", false, 50.0, 10)};
  const Ranking ranking = RankAgents(Summarize(results));
  ASSERT_EQ(ranking.places.size(), 4u);
  EXPECT_EQ(ranking.places[0].agent, "rich");
  EXPECT_EQ(ranking.places[1].agent, "fast");
  EXPECT_EQ(ranking.places[2].agent, "slow");
  EXPECT_EQ(ranking.places[3].agent, "loser");
  EXPECT_EQ(ranking.places[3].points, 12);
}

TEST(RankAgents, ExactTiesSharePlaceAndPoints) {
  const std::vector<EpisodeResult> results = {Result("x", "g", true, 1.0, 10),
                                              Result("y", "g", true, 1.0, 10),
                                              Result("z", "g", false, 0.0, 10)};
  const Ranking ranking = RankAgents(Summarize(results));
  EXPECT_EQ(ranking.places[0].points, 25);
  EXPECT_EQ(ranking.places[1].points, 25);
  EXPECT_EQ(ranking.places[1].place, 1);
  EXPECT_EQ(ranking.places[2].place, 3);
  EXPECT_EQ(ranking.places[2].points, 15);
}

TEST(RankAgents, SumsPointsOverGames) {
  const std::vector<EpisodeResult> results = {
      Result("a", "g1", true, 1.0, 10),  Result("b", "g1", false, 0.0, 10),
      Result("a", "g2", false, 0.0, 10), Result("b", "g2", true, 1.0, 10),
      Result("a", "g3", true, 1.0, 10),  Result("b", "g3", false, 0.0, 10)};
  const Ranking ranking = RankAgents(Summarize(results));
  ASSERT_EQ(ranking.games.size(), 3u);
  EXPECT_EQ(ranking.standings[0].agent, "a");
  EXPECT_EQ(ranking.standings[0].points, 25 + 18 + 25);
  EXPECT_EQ(ranking.standings[0].points_per_game, (std::vector<int>{25, 18, 25}));
  EXPECT_EQ(ranking.standings[1].points, 18 + 25 + 18);
  const std::string table = FormatRanking(ranking);
  EXPECT_NE(table.find("68"), std::string::npos) << table;
}

// Beyond a dozen games the points per game leave the standings for a table of their own, a
// row a game, so that no line grows with the games.
TEST(RankAgents, ManyGamesListThePointsPerGameInRows) {
  std::vector<EpisodeResult> results;
  for (size_t g = 0; g <= kMaxGameColumns; ++g) {
    const std::string game = "game" + std::to_string(g);
    results.push_back(Result("a", game, true, 1.0, 10));
    results.push_back(Result("b", game, g == 0, g == 0 ? 2.0 : 0.0, 10));
  }
  const std::string table = FormatRanking(RankAgents(Summarize(results)));
  EXPECT_NE(table.find("points per game"), std::string::npos) << table;
  EXPECT_NE(table.find("\ngame0 "), std::string::npos) << table;
  EXPECT_NE(table.find("\ngame12 "), std::string::npos) << table;
  size_t longest = 0;
  std::istringstream lines(table);
  for (std::string line; std::getline(lines, line);) longest = std::max(longest, line.size());
  EXPECT_LT(longest, 60u) << table;

  results.pop_back();
  results.pop_back();
  const std::string few = FormatRanking(RankAgents(Summarize(results)));
  EXPECT_EQ(few.find("points per game"), std::string::npos) << few;
  EXPECT_NE(few.find("game11"), std::string::npos) << few;
}

TEST(FormatSummary, ShowsWinRateAndInterval) {
  const std::vector<EpisodeResult> results = {Result("a", "g", true, 1.0, 10),
                                              Result("a", "g", false, 0.0, 10)};
  const std::string table = FormatSummary(Summarize(results));
  EXPECT_NE(table.find("50.0"), std::string::npos) << table;
  EXPECT_NE(table.find("[9.5, 90.5]"), std::string::npos) << table;
}

TEST(FormatSummary, NamesAgentsByTheirOptionsAwayFromTheDefaults) {
  const std::vector<EpisodeResult> results = {
      Result("osla:samples=1,noise=1e-06", "g", true, 1, 10),
      Result("osla:samples=4,noise=1e-06", "g", false, 0, 10)};
  const auto rows = Summarize(results);
  const std::string summary = FormatSummary(rows);
  const std::string ranking = FormatRanking(RankAgents(rows));
  for (const std::string& table : {summary, ranking}) {
    EXPECT_NE(table.find("osla:samples=4 "), std::string::npos) << table;
    EXPECT_EQ(table.find("noise"), std::string::npos) << table;
  }
  EXPECT_NE(summary.find("g     osla "), std::string::npos) << summary;
}

TEST(FormatSummary, KeepsFullSpecsWhenShortNamesWouldCollide) {
  // An older file's "osla" and today's canonical defaults would both read "osla".
  const std::vector<EpisodeResult> results = {
      Result("osla", "g", true, 1, 10), Result("osla:samples=1,noise=1e-06", "g", false, 0, 10)};
  const std::string summary = FormatSummary(Summarize(results));
  EXPECT_NE(summary.find("osla:samples=1,noise=1e-06"), std::string::npos) << summary;
}

}  // namespace
}  // namespace vgdl
