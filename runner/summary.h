// Tables from episode results: per game and agent (win rate with a 95% interval, mean score,
// mean ticks, disqualifications), and the competition ranking.
//
// Ranking (GVGAI competition, as summarised by Soemers 2016, §2.1): in each game the agents
// are ordered by wins (win rate, so that unequal episode counts compare fairly), then mean
// score, then mean ticks (fewer is better), and get 25, 18, 15, 12, 10, 8, 6, 4, 2, 1 points
// for places 1-10 (none below). Agents equal on all three share the better place and its
// points. The overall order is by total points, then by total wins, then by name.
#pragma once

#include <string>
#include <vector>

#include "runner/episode.h"

namespace vgdl {

struct Interval {
  double low = 0.0;
  double high = 0.0;
};
// The Wilson score interval of a proportion at 95% (z = 1.96): unlike the normal
// approximation it stays inside [0, 1] and behaves at 0 and n wins.
Interval WilsonInterval(int wins, int n);

struct SummaryRow {
  std::string game;
  std::string agent;
  int episodes = 0;
  int wins = 0;
  double win_rate = 0.0;
  Interval win_ci;
  double mean_score = 0.0;
  double score_sd = 0.0;  // sample standard deviation
  double mean_ticks = 0.0;
  int disqualified = 0;
  int errors = 0;
  int64_t overspent = 0;
  int64_t actions = 0;
  double mean_act_ms = 0.0;  // over all actions
  double max_act_ms = 0.0;
  double mean_iterations = 0.0;  // the agent's simulations per action, over all actions
};

// One row per (game, agent), games and agents in order of first appearance in `results`.
std::vector<SummaryRow> Summarize(const std::vector<EpisodeResult>& results);

inline constexpr int kRankPoints[] = {25, 18, 15, 12, 10, 8, 6, 4, 2, 1};

struct GamePlace {
  std::string game;
  std::string agent;
  int place = 0;  // 1-based
  int points = 0;
};

struct Standing {
  std::string agent;
  int points = 0;
  int wins = 0;
  int episodes = 0;
  std::vector<int> points_per_game;  // in the order of `games`
};

struct Ranking {
  std::vector<std::string> games;
  std::vector<GamePlace> places;    // per game, best first
  std::vector<Standing> standings;  // best first
};

Ranking RankAgents(const std::vector<SummaryRow>& rows);

// Games up to which the ranking shows a column of points per game; beyond, a table of its own.
inline constexpr size_t kMaxGameColumns = 12;

// Plain-text tables, aligned, for a terminal.
std::string FormatSummary(const std::vector<SummaryRow>& rows);
std::string FormatRanking(const Ranking& ranking);

}  // namespace vgdl
