// Summary tables and the competition ranking.
#include "runner/summary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

#include "agents/registry.h"

namespace vgdl {

namespace {

constexpr double kZ95 = 1.959963984540054;

std::string Fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
  return buf;
}

// Aligns cells in columns; the first `left_columns` are left-aligned, the others right-aligned.
std::string Table(const std::vector<std::vector<std::string>>& rows, size_t left_columns) {
  std::vector<size_t> width;
  for (const auto& row : rows) {
    if (width.size() < row.size()) width.resize(row.size(), 0);
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  std::string out;
  for (size_t r = 0; r < rows.size(); ++r) {
    std::string line;
    for (size_t c = 0; c < rows[r].size(); ++c) {
      const std::string& cell = rows[r][c];
      const std::string pad(width[c] - cell.size(), ' ');
      if (c > 0) line += "  ";
      line += c < left_columns ? cell + pad : pad + cell;
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
    if (r == 0) {  // a rule under the header
      size_t total = 0;
      for (size_t c = 0; c < width.size(); ++c) total += width[c] + (c > 0 ? 2 : 0);
      out += std::string(total, '-') + "\n";
    }
  }
  return out;
}

struct Accumulator {
  SummaryRow row;
  double score_sum = 0.0;
  double score_sq_sum = 0.0;
  double ticks_sum = 0.0;
  double act_ms_sum = 0.0;      // sum over actions of act ms
  double iterations_sum = 0.0;  // sum over actions of the agent's iterations
};

}  // namespace

Interval WilsonInterval(int wins, int n) {
  if (n <= 0) return {0.0, 1.0};
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(wins) / nn;
  const double z2 = kZ95 * kZ95;
  const double denominator = 1.0 + z2 / nn;
  const double centre = (p + z2 / (2.0 * nn)) / denominator;
  const double half = kZ95 * std::sqrt(p * (1.0 - p) / nn + z2 / (4.0 * nn * nn)) / denominator;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

std::vector<SummaryRow> Summarize(const std::vector<EpisodeResult>& results) {
  std::vector<std::string> games;
  std::vector<std::string> agents;
  std::map<std::pair<std::string, std::string>, Accumulator> cells;
  for (const auto& r : results) {
    if (std::find(games.begin(), games.end(), r.game) == games.end()) games.push_back(r.game);
    if (std::find(agents.begin(), agents.end(), r.agent) == agents.end()) agents.push_back(r.agent);
    Accumulator& a = cells[{r.game, r.agent}];
    a.row.game = r.game;
    a.row.agent = r.agent;
    ++a.row.episodes;
    a.row.wins += r.win ? 1 : 0;
    a.row.disqualified += r.disqualified ? 1 : 0;
    a.row.errors += r.error.empty() ? 0 : 1;
    a.row.overspent += r.overspent;
    a.row.actions += r.actions;
    a.row.max_act_ms = std::max(a.row.max_act_ms, r.max_act_ms);
    a.score_sum += r.score;
    a.score_sq_sum += r.score * r.score;
    a.ticks_sum += r.ticks;
    a.act_ms_sum += r.mean_act_ms * static_cast<double>(r.actions);
    a.iterations_sum += r.mean_iterations * static_cast<double>(r.actions);
  }
  std::vector<SummaryRow> rows;
  for (const auto& g : games) {
    for (const auto& ag : agents) {
      const auto it = cells.find({g, ag});
      if (it == cells.end()) continue;
      const Accumulator& a = it->second;
      SummaryRow row = a.row;
      const double n = row.episodes;
      row.win_rate = row.wins / n;
      row.win_ci = WilsonInterval(row.wins, row.episodes);
      row.mean_score = a.score_sum / n;
      row.score_sd =
          row.episodes > 1
              ? std::sqrt(std::max(
                    0.0, (a.score_sq_sum - n * row.mean_score * row.mean_score) / (n - 1.0)))
              : 0.0;
      row.mean_ticks = a.ticks_sum / n;
      row.mean_act_ms = row.actions > 0 ? a.act_ms_sum / static_cast<double>(row.actions) : 0.0;
      row.mean_iterations =
          row.actions > 0 ? a.iterations_sum / static_cast<double>(row.actions) : 0.0;
      rows.push_back(row);
    }
  }
  return rows;
}

Ranking RankAgents(const std::vector<SummaryRow>& rows) {
  Ranking ranking;
  std::map<std::string, size_t> standing_of;
  for (const auto& row : rows) {
    if (std::find(ranking.games.begin(), ranking.games.end(), row.game) == ranking.games.end()) {
      ranking.games.push_back(row.game);
    }
    if (standing_of.count(row.agent) == 0) {
      standing_of[row.agent] = ranking.standings.size();
      ranking.standings.push_back({row.agent, 0, 0, 0, {}});
    }
  }
  for (auto& s : ranking.standings) s.points_per_game.assign(ranking.games.size(), 0);
  const auto key = [](const SummaryRow& r) {
    return std::make_tuple(-r.win_rate, -r.mean_score, r.mean_ticks);
  };
  for (size_t g = 0; g < ranking.games.size(); ++g) {
    std::vector<const SummaryRow*> in_game;
    for (const auto& row : rows) {
      if (row.game == ranking.games[g]) in_game.push_back(&row);
    }
    std::stable_sort(in_game.begin(), in_game.end(),
                     [&](const SummaryRow* a, const SummaryRow* b) { return key(*a) < key(*b); });
    int place = 0;
    for (size_t i = 0; i < in_game.size(); ++i) {
      if (i == 0 || key(*in_game[i - 1]) != key(*in_game[i])) place = static_cast<int>(i) + 1;
      const int points =
          place <= static_cast<int>(std::size(kRankPoints)) ? kRankPoints[place - 1] : 0;
      ranking.places.push_back({ranking.games[g], in_game[i]->agent, place, points});
      Standing& s = ranking.standings[standing_of[in_game[i]->agent]];
      s.points += points;
      s.points_per_game[g] = points;
      s.wins += in_game[i]->wins;
      s.episodes += in_game[i]->episodes;
    }
  }
  std::stable_sort(ranking.standings.begin(), ranking.standings.end(),
                   [](const Standing& a, const Standing& b) {
                     return std::make_tuple(-a.points, -a.wins, a.agent) <
                            std::make_tuple(-b.points, -b.wins, b.agent);
                   });
  return ranking;
}

namespace {

// The agents' names in the tables: AgentLabel's short ones, unless two agents would share one
// (specs of older result files), in which case every agent keeps its full spec.
template <class Item>
std::map<std::string, std::string> TableNames(const std::vector<Item>& items) {
  std::map<std::string, std::string> names;
  std::set<std::string> labels;
  for (const Item& item : items) {
    if (names.count(item.agent) != 0) continue;
    names[item.agent] = AgentLabel(item.agent);
    labels.insert(names[item.agent]);
  }
  if (labels.size() < names.size()) {
    for (auto& [agent, label] : names) label = agent;
  }
  return names;
}

}  // namespace

std::string FormatSummary(const std::vector<SummaryRow>& rows) {
  std::vector<std::vector<std::string>> table = {{"game", "agent", "episodes", "win%", "95% CI",
                                                  "score", "sd", "ticks", "disq", "overspent",
                                                  "errors", "act ms", "max ms", "sims/act"}};
  const auto names = TableNames(rows);
  for (const auto& r : rows) {
    table.push_back(
        {r.game, names.at(r.agent), std::to_string(r.episodes), Fixed(100.0 * r.win_rate, 1),
         "[" + Fixed(100.0 * r.win_ci.low, 1) + ", " + Fixed(100.0 * r.win_ci.high, 1) + "]",
         Fixed(r.mean_score, 2), Fixed(r.score_sd, 2), Fixed(r.mean_ticks, 1),
         std::to_string(r.disqualified), std::to_string(r.overspent), std::to_string(r.errors),
         Fixed(r.mean_act_ms, 2), Fixed(r.max_act_ms, 2), Fixed(r.mean_iterations, 1)});
  }
  return Table(table, 2);
}

std::string FormatRanking(const Ranking& ranking) {
  // A column a game stops fitting a terminal beyond a dozen games (a run over GVGAI's 91 made
  // lines of 1500 characters): then the points per game are a table of their own, a row a
  // game and a column an agent, numbered as the standings list them.
  const bool game_columns = ranking.games.size() <= kMaxGameColumns;
  std::vector<std::vector<std::string>> table;
  std::vector<std::string> header = {"#", "agent", "points", "wins"};
  if (game_columns) header.insert(header.end(), ranking.games.begin(), ranking.games.end());
  table.push_back(header);
  const auto names = TableNames(ranking.standings);
  int place = 0;
  for (size_t i = 0; i < ranking.standings.size(); ++i) {
    const Standing& s = ranking.standings[i];
    if (i == 0 || ranking.standings[i - 1].points != s.points ||
        ranking.standings[i - 1].wins != s.wins) {
      place = static_cast<int>(i) + 1;
    }
    std::vector<std::string> row = {std::to_string(place), names.at(s.agent),
                                    std::to_string(s.points),
                                    std::to_string(s.wins) + "/" + std::to_string(s.episodes)};
    if (game_columns) {
      for (const int p : s.points_per_game) row.push_back(std::to_string(p));
    }
    table.push_back(row);
  }
  if (game_columns) return Table(table, 2);
  std::vector<std::vector<std::string>> per_game;
  std::vector<std::string> agents_header = {"game"};
  for (size_t i = 0; i < ranking.standings.size(); ++i) {
    agents_header.push_back("agent " + std::to_string(i + 1));
  }
  per_game.push_back(agents_header);
  for (size_t g = 0; g < ranking.games.size(); ++g) {
    std::vector<std::string> row = {ranking.games[g]};
    for (const Standing& s : ranking.standings) row.push_back(std::to_string(s.points_per_game[g]));
    per_game.push_back(row);
  }
  return Table(table, 2) + "\npoints per game (agent N: the N-th line above)\n" +
         Table(per_game, 1);
}

}  // namespace vgdl
