// The report's numbers.
#include "tools/report/report_data.h"

#include <algorithm>
#include <set>

#include "agents/registry.h"

namespace vgdl::report {

namespace {

// AgentLabel's short names, unless two agents would share one; then the full specs.
std::map<std::string, std::string> ShownNames(const std::vector<std::string>& agents) {
  std::map<std::string, std::string> names;
  std::set<std::string> labels;
  for (const auto& a : agents) labels.insert(names[a] = AgentLabel(a));
  if (labels.size() < names.size()) {
    for (auto& [agent, label] : names) label = agent;
  }
  return names;
}

}  // namespace

ReportData MakeReportData(std::vector<EpisodeResult> results, std::string heading) {
  ReportData d;
  d.heading = std::move(heading);
  d.results = std::move(results);
  d.rows = Summarize(d.results);
  d.ranking = RankAgents(d.rows);
  d.games = d.ranking.games;
  for (const auto& s : d.ranking.standings) d.agents.push_back(s.agent);
  d.names = ShownNames(d.agents);
  for (const auto& agent : d.agents) {
    AgentTotal t;
    t.agent = agent;
    for (const auto& row : d.rows) {
      if (row.agent != agent) continue;
      t.episodes += row.episodes;
      t.wins += row.wins;
      t.actions += row.actions;
      t.max_act_ms = std::max(t.max_act_ms, row.max_act_ms);
      t.overspent += row.overspent;
      t.disqualified += row.disqualified;
      t.errors += row.errors;
    }
    t.win_ci = WilsonInterval(t.wins, t.episodes);
    d.totals.push_back(t);
  }
  d.pairs = ComparePaired(d.results, d.agents);
  return d;
}

}  // namespace vgdl::report
