// Vega specifications of the report's charts.
#include "tools/report/charts.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace vgdl::report {

namespace {

using nlohmann::json;

constexpr int kBandHeight = 22;  // pixels per agent (or game) on a band axis
constexpr int kPlotWidth = 420;

// A game's name as part of a file name: letters, digits, '-' and '_' kept, the rest '_'.
std::string FileNamePart(const std::string& name) {
  std::string out = name;
  for (char& ch : out) {
    if (std::isalnum(static_cast<unsigned char>(ch)) == 0 && ch != '-' && ch != '_') ch = '_';
  }
  return out;
}

double Quantile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0.0;
  const double at = q * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<size_t>(std::floor(at));
  const size_t above = std::min(sorted.size() - 1, below + 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (at - static_cast<double>(below));
}

json Base(int width, int height) {
  return {{"width", width},    {"height", height},      {"padding", 8},
          {"autosize", "pad"}, {"background", "white"}, {"config", {{"font", "sans-serif"}}}};
}

json AgentBand(const std::string& data) {
  return {{"name", "y"},
          {"type", "band"},
          {"domain", {{"data", data}, {"field", "agent"}}},
          {"range", "height"},
          {"padding", 0.2}};
}

json Axes(const std::string& x_title, const std::string& x_format) {
  json bottom = {{"orient", "bottom"}, {"scale", "x"}, {"title", x_title}, {"grid", true}};
  if (!x_format.empty()) bottom["format"] = x_format;
  return json::array({bottom, {{"orient", "left"}, {"scale", "y"}}});
}

// Horizontal bars a agent each, with an optional interval (fields low, high).
Chart AgentBars(const std::string& id, const std::string& title, const std::string& x_title,
                const json& values, bool interval, bool fraction) {
  Chart c;
  c.id = id;
  c.title = title;
  c.spec = Base(kPlotWidth, kBandHeight * static_cast<int>(values.size()));
  c.spec["data"] = json::array({{{"name", "t"}, {"values", values}}});
  json x = {{"name", "x"}, {"type", "linear"}, {"range", "width"}, {"nice", true}, {"zero", true}};
  x["domain"] = fraction ? json::array({0, 1}) : json({{"data", "t"}, {"field", "high"}});
  c.spec["scales"] = json::array({x, AgentBand("t")});
  c.spec["axes"] = Axes(x_title, fraction ? "%" : "");
  json bars = {{"type", "rect"},
               {"from", {{"data", "t"}}},
               {"encode",
                {{"enter",
                  {{"x", {{"scale", "x"}, {"value", 0}}},
                   {"x2", {{"scale", "x"}, {"field", "value"}}},
                   {"y", {{"scale", "y"}, {"field", "agent"}}},
                   {"height", {{"scale", "y"}, {"band", 1}}},
                   {"fill", {{"value", "#4c78a8"}}},
                   {"tooltip", {{"field", "tip"}}}}}}}};
  c.spec["marks"] = json::array({bars});
  c.data_marks = static_cast<int>(values.size());
  if (interval) {
    c.spec["marks"].push_back({{"type", "rule"},
                               {"from", {{"data", "t"}}},
                               {"encode",
                                {{"enter",
                                  {{"x", {{"scale", "x"}, {"field", "low"}}},
                                   {"x2", {{"scale", "x"}, {"field", "high"}}},
                                   {"y", {{"scale", "y"}, {"field", "agent"}, {"band", 0.5}}},
                                   {"stroke", {{"value", "black"}}},
                                   {"strokeWidth", {{"value", 2}}}}}}}});
    c.data_marks += static_cast<int>(values.size());
  }
  return c;
}

std::string Percent(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.0f%%", 100.0 * v);
  return buf;
}

Chart WinRates(const ReportData& d) {
  json values = json::array();
  for (const auto& t : d.totals) {
    const double rate = t.episodes > 0 ? static_cast<double>(t.wins) / t.episodes : 0.0;
    values.push_back(
        {{"agent", d.names.at(t.agent)},
         {"value", rate},
         {"low", t.win_ci.low},
         {"high", t.win_ci.high},
         {"tip", std::to_string(t.wins) + "/" + std::to_string(t.episodes) + " won, 95% interval " +
                     Percent(t.win_ci.low) + "-" + Percent(t.win_ci.high)}});
  }
  return AgentBars("win-rates", "Win rate over all games (bars) with its 95% Wilson interval",
                   "win rate", values, /*interval=*/true, /*fraction=*/true);
}

Chart RankingPoints(const ReportData& d) {
  json values = json::array();
  for (const auto& s : d.ranking.standings) {
    values.push_back({{"agent", d.names.at(s.agent)},
                      {"value", s.points},
                      {"high", s.points},
                      {"tip", std::to_string(s.points) + " points"}});
  }
  return AgentBars("ranking", "Competition ranking: points over all games", "points", values, false,
                   false);
}

Chart MaxAct(const ReportData& d) {
  json values = json::array();
  for (const auto& t : d.totals) {
    values.push_back({{"agent", d.names.at(t.agent)},
                      {"value", t.max_act_ms},
                      {"high", t.max_act_ms},
                      {"tip", std::to_string(t.overspent) + " overspent acts, " +
                                  std::to_string(t.disqualified) + " disqualified"}});
  }
  return AgentBars("max-act", "Time discipline: the longest act (CPU ms)", "max act ms", values,
                   false, false);
}

Chart HeatMap(const ReportData& d) {
  Chart c;
  c.id = "heatmap";
  c.title = "Win rate per game and agent";
  json values = json::array();
  for (const auto& row : d.rows) {
    values.push_back({{"game", row.game},
                      {"agent", d.names.at(row.agent)},
                      {"rate", row.win_rate},
                      {"label", Percent(row.win_rate)}});
  }
  c.spec = Base(std::max(120, 90 * static_cast<int>(d.agents.size())),
                kBandHeight * static_cast<int>(d.games.size()));
  c.spec["data"] = json::array({{{"name", "t"}, {"values", values}}});
  json agents = json::array();
  for (const auto& a : d.agents) agents.push_back(d.names.at(a));
  c.spec["scales"] =
      json::array({{{"name", "x"}, {"type", "band"}, {"domain", agents}, {"range", "width"}},
                   {{"name", "y"}, {"type", "band"}, {"domain", d.games}, {"range", "height"}},
                   {{"name", "color"},
                    {"type", "linear"},
                    {"domain", json::array({0, 1})},
                    {"range", {{"scheme", "blues"}}}}});
  c.spec["axes"] =
      json::array({{{"orient", "top"}, {"scale", "x"}, {"labelAngle", -30}, {"labelAlign", "left"}},
                   {{"orient", "left"}, {"scale", "y"}}});
  // A legend no longer than the map beside it (Vega's default is 200 pixels).
  const int legend_length = std::clamp(kBandHeight * static_cast<int>(d.games.size()), 60, 200);
  c.spec["legends"] = json::array({{{"fill", "color"},
                                    {"title", "win rate"},
                                    {"format", "%"},
                                    {"type", "gradient"},
                                    {"gradientLength", legend_length}}});
  json cells = {{"type", "rect"},
                {"from", {{"data", "t"}}},
                {"encode",
                 {{"enter",
                   {{"x", {{"scale", "x"}, {"field", "agent"}}},
                    {"width", {{"scale", "x"}, {"band", 1}}},
                    {"y", {{"scale", "y"}, {"field", "game"}}},
                    {"height", {{"scale", "y"}, {"band", 1}}},
                    {"fill", {{"scale", "color"}, {"field", "rate"}}},
                    {"stroke", {{"value", "white"}}}}}}}};
  json labels = {{"type", "text"},
                 {"from", {{"data", "t"}}},
                 {"encode",
                  {{"enter",
                    {{"x", {{"scale", "x"}, {"field", "agent"}, {"band", 0.5}}},
                     {"y", {{"scale", "y"}, {"field", "game"}, {"band", 0.5}}},
                     {"align", {{"value", "center"}}},
                     {"baseline", {{"value", "middle"}}},
                     {"text", {{"field", "label"}}},
                     {"fill", {{"signal", "datum.rate > 0.6 ? 'white' : 'black'"}}}}}}}};
  c.spec["marks"] = json::array({cells, labels});
  c.data_marks = 2 * static_cast<int>(values.size());
  return c;
}

// A box (quartiles), whiskers (minimum to maximum) and a median line per agent, over the
// episodes' scores as points.
Chart Scores(const ReportData& d, const std::string& game) {
  Chart c;
  c.id = "scores-" + FileNamePart(game);
  c.title = "Scores in " + game + " (box: quartiles and median; whiskers: range; dots: episodes)";
  json boxes = json::array();
  json points = json::array();
  for (const auto& agent : d.agents) {
    std::vector<double> scores;
    for (const auto& r : d.results) {
      if (r.game != game || r.agent != agent) continue;
      scores.push_back(r.score);
      // Spread over the band by repetition and level, so that equal scores stay apart
      // without randomness (the page is the same every time it is made).
      const double spread = std::fmod(0.137 * (r.rep + 7 * r.level), 1.0);
      points.push_back(
          {{"agent", d.names.at(agent)}, {"score", r.score}, {"offset", 0.15 + 0.7 * spread}});
    }
    if (scores.empty()) continue;
    std::sort(scores.begin(), scores.end());
    boxes.push_back({{"agent", d.names.at(agent)},
                     {"min", scores.front()},
                     {"q1", Quantile(scores, 0.25)},
                     {"median", Quantile(scores, 0.5)},
                     {"q3", Quantile(scores, 0.75)},
                     {"max", scores.back()}});
  }
  c.spec = Base(kPlotWidth, kBandHeight * 2 * static_cast<int>(boxes.size()));
  c.spec["data"] = json::array(
      {{{"name", "boxes"}, {"values", boxes}}, {{"name", "points"}, {"values", points}}});
  c.spec["scales"] = json::array({{{"name", "x"},
                                   {"type", "linear"},
                                   {"range", "width"},
                                   {"nice", true},
                                   {"zero", false},
                                   {"domain", {{"data", "points"}, {"field", "score"}}}},
                                  AgentBand("boxes")});
  c.spec["axes"] = Axes("score", "");
  const auto at = [](const char* field) { return json{{"scale", "x"}, {"field", field}}; };
  json whisker = {{"type", "rule"},
                  {"from", {{"data", "boxes"}}},
                  {"encode",
                   {{"enter",
                     {{"x", at("min")},
                      {"x2", at("max")},
                      {"y", {{"scale", "y"}, {"field", "agent"}, {"band", 0.5}}},
                      {"stroke", {{"value", "#555"}}}}}}}};
  json box = {{"type", "rect"},
              {"from", {{"data", "boxes"}}},
              {"encode",
               {{"enter",
                 {{"x", at("q1")},
                  {"x2", at("q3")},
                  {"y", {{"scale", "y"}, {"field", "agent"}}},
                  {"height", {{"scale", "y"}, {"band", 1}}},
                  {"fill", {{"value", "#9ecae9"}}},
                  {"stroke", {{"value", "#4c78a8"}}}}}}}};
  json median = {{"type", "rect"},
                 {"from", {{"data", "boxes"}}},
                 {"encode",
                  {{"enter",
                    {{"xc", at("median")},
                     {"width", {{"value", 2}}},
                     {"y", {{"scale", "y"}, {"field", "agent"}}},
                     {"height", {{"scale", "y"}, {"band", 1}}},
                     {"fill", {{"value", "black"}}}}}}}};
  json dots = {{"type", "symbol"},
               {"from", {{"data", "points"}}},
               {"encode",
                {{"enter",
                  {{"x", at("score")},
                   {"y",
                    {{"scale", "y"},
                     {"field", "agent"},
                     {"offset", {{"signal", "datum.offset * bandwidth('y')"}}}}},
                   {"size", {{"value", 16}}},
                   {"fill", {{"value", "#e45756"}}},
                   {"opacity", {{"value", 0.7}}}}}}}};
  c.spec["marks"] = json::array({whisker, box, median, dots});
  c.data_marks = 3 * static_cast<int>(boxes.size()) + static_cast<int>(points.size());
  return c;
}

}  // namespace

std::vector<Chart> ReportCharts(const ReportData& data) {
  std::vector<Chart> charts = {WinRates(data), HeatMap(data), RankingPoints(data), MaxAct(data)};
  for (const auto& game : data.games) charts.push_back(Scores(data, game));
  return charts;
}

}  // namespace vgdl::report
