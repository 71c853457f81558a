// The HTML report.
#include "tools/report/html_page.h"

#include <cstdio>

namespace vgdl::report {

namespace {

std::string Escape(const std::string& text) {
  std::string out;
  for (const char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

std::string Fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
  return buf;
}

std::string PValue(double p) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), p < 0.001 ? "%.1e" : "%.3f", p);
  return buf;
}

std::string Row(const std::vector<std::string>& cells, const char* tag = "td") {
  std::string out = "<tr>";
  for (const auto& c : cells) out += std::string("<") + tag + ">" + c + "</" + tag + ">";
  return out + "</tr>\n";
}

// An agent's shown name, its full spec as the tooltip.
std::string AgentCell(const ReportData& d, const std::string& agent) {
  return "<span title=\"" + Escape(agent) + "\">" + Escape(d.names.at(agent)) + "</span>";
}

std::string RankingTable(const ReportData& d) {
  std::string out = "<table>\n" + Row({"#", "agent", "points", "wins"}, "th");
  int place = 0;
  for (size_t i = 0; i < d.ranking.standings.size(); ++i) {
    const Standing& s = d.ranking.standings[i];
    if (i == 0 || d.ranking.standings[i - 1].points != s.points ||
        d.ranking.standings[i - 1].wins != s.wins) {
      place = static_cast<int>(i) + 1;
    }
    out += Row({std::to_string(place), AgentCell(d, s.agent), std::to_string(s.points),
                std::to_string(s.wins) + "/" + std::to_string(s.episodes)});
  }
  return out + "</table>\n";
}

std::string TimeTable(const ReportData& d) {
  std::string out =
      "<table>\n" +
      Row({"agent", "actions", "max act ms", "overspent", "disqualified", "errors"}, "th");
  for (const auto& t : d.totals) {
    out += Row({AgentCell(d, t.agent), std::to_string(t.actions), Fixed(t.max_act_ms, 2),
                std::to_string(t.overspent), std::to_string(t.disqualified),
                std::to_string(t.errors)});
  }
  return out + "</table>\n";
}

std::string PairsTable(const ReportData& d) {
  if (d.pairs.empty()) return "<p>One agent: nothing to compare.</p>\n";
  std::string out =
      "<table>\n" + Row({"agent A", "agent B", "paired episodes", "both won", "A won alone",
                         "B won alone", "neither", "p (McNemar, exact)"},
                        "th");
  for (const auto& c : d.pairs) {
    out += Row({AgentCell(d, c.agent_a), AgentCell(d, c.agent_b), std::to_string(c.pairs),
                std::to_string(c.both_won), std::to_string(c.a_only), std::to_string(c.b_only),
                std::to_string(c.neither),
                (c.p_value < 0.05 ? "<b>" + PValue(c.p_value) + "</b>" : PValue(c.p_value))});
  }
  return out + "</table>\n";
}

std::string SummaryTable(const ReportData& d) {
  std::string out = "<table>\n" + Row({"game", "agent", "episodes", "win %", "95% interval",
                                       "mean score", "sd", "mean ticks", "disq"},
                                      "th");
  for (const auto& r : d.rows) {
    out += Row({Escape(r.game), AgentCell(d, r.agent), std::to_string(r.episodes),
                Fixed(100.0 * r.win_rate, 1),
                Fixed(100.0 * r.win_ci.low, 1) + "&ndash;" + Fixed(100.0 * r.win_ci.high, 1),
                Fixed(r.mean_score, 2), Fixed(r.score_sd, 2), Fixed(r.mean_ticks, 1),
                std::to_string(r.disqualified)});
  }
  return out + "</table>\n";
}

std::string ChartDiv(const Chart& c) {
  return "<figure><figcaption>" + Escape(c.title) +
         "</figcaption><div class=\"chart\" id=\"chart-" + Escape(c.id) +
         "\" data-expected-marks=\"" + std::to_string(c.data_marks) + "\"></div></figure>\n";
}

// The charts as a script literal: JSON, with "</" broken so that no string in it (a game's
// name) can end the script.
std::string ChartsLiteral(const std::vector<Chart>& charts) {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& c : charts) list.push_back({{"id", c.id}, {"spec", c.spec}});
  std::string text = list.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out += "\\";
  }
  return out;
}

// Draws every chart with Vega's SVG renderer, then marks what it drew (for the browser test
// and --figures).
constexpr const char* kDrawScript = R"JS(
(async function () {
  const figures = location.hash === '#figures';
  let drawn = 0;
  for (const chart of VGDL_CHARTS) {
    const el = document.getElementById('chart-' + chart.id);
    try {
      const view = new vega.View(vega.parse(chart.spec), {renderer: 'svg', container: el});
      await view.runAsync();
      const svg = el.querySelector('svg');
      // Data marks are the items of the spec's own marks (role-mark), not axes or legends.
      const marks = svg ? svg.querySelectorAll('g.role-mark > *').length : 0;
      el.setAttribute('data-marks', String(marks));
      if (svg && marks > 0) { el.setAttribute('data-drawn', 'yes'); drawn++; }
      if (figures) {
        const out = document.createElement('script');
        out.type = 'text/plain';
        out.className = 'figure-svg';
        out.setAttribute('data-id', chart.id);
        out.textContent = await view.toSVG();
        document.body.appendChild(out);
      }
    } catch (e) {
      el.setAttribute('data-error', String(e));
      el.textContent = 'This chart failed: ' + e;
    }
  }
  document.body.setAttribute('data-charts-drawn', String(drawn));
})();
)JS";

constexpr const char* kStyle = R"CSS(
body { font-family: sans-serif; margin: 2em; color: #222; max-width: 1100px; }
h1 { font-size: 1.5em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.9em; }
th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: right; }
th { background: #f3f3f3; } td:first-child, td:nth-child(2) { text-align: left; }
figure { margin: 1em 0; } figcaption { font-weight: bold; margin-bottom: 0.3em; }
.note { color: #555; font-size: 0.9em; max-width: 60em; }
.games { display: flex; flex-wrap: wrap; gap: 1em; }
)CSS";

}  // namespace

std::string HtmlPage(const ReportData& d, const std::vector<Chart>& charts,
                     const std::string& vega_script) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
      "<title>vgdl report</title>\n<style>" +
      std::string(kStyle) + "</style>\n</head><body>\n<h1>vgdl report</h1>\n<p>" +
      Escape(d.heading) + "</p>\n";
  out += "<h2>Win rates</h2>\n" + ChartDiv(charts[0]) + ChartDiv(charts[1]);
  out +=
      "<h2>Competition ranking</h2>\n<p class=\"note\">Per game, agents are placed by win "
      "rate, then mean score, then fewer ticks, and get 25, 18, 15, 12, 10, 8, 6, 4, 2, 1 "
      "points for places 1-10 (GVGAI's competition).</p>\n" +
      RankingTable(d) + ChartDiv(charts[2]);
  out +=
      "<h2>Paired comparisons</h2>\n<p class=\"note\">Every agent of a run plays the same "
      "seeds: episodes with the same game, level, repetition and seed are pairs. McNemar's "
      "exact test (the two-sided sign test on the pairs exactly one agent won) asks whether "
      "the two agents win equally often; a small p says they do not.</p>\n" +
      PairsTable(d);
  out +=
      "<h2>Time discipline</h2>\n<p class=\"note\">Acts over the action time are replaced by "
      "NIL (overspent); an act over the disqualification limit disqualifies the agent.</p>\n" +
      TimeTable(d) + ChartDiv(charts[3]);
  out += "<h2>Scores per game</h2>\n<div class=\"games\">\n";
  for (size_t i = 4; i < charts.size(); ++i) out += ChartDiv(charts[i]);
  out += "</div>\n<h2>Per game and agent</h2>\n" + SummaryTable(d);
  out += "<script>\n" + vega_script +
         "\n</script>\n<script>\nconst VGDL_CHARTS = " + ChartsLiteral(charts) + ";\n" +
         kDrawScript + "</script>\n</body></html>\n";
  return out;
}

}  // namespace vgdl::report
