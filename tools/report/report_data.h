// What the HTML report and its figures show, computed once from the merged results.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "runner/episode.h"
#include "runner/paired.h"
#include "runner/summary.h"

namespace vgdl::report {

// An agent over every game of the run.
struct AgentTotal {
  std::string agent;
  int episodes = 0;
  int wins = 0;
  Interval win_ci;  // Wilson, 95%
  int64_t actions = 0;
  double max_act_ms = 0.0;
  int64_t overspent = 0;
  int disqualified = 0;
  int errors = 0;
};

struct ReportData {
  std::string heading;  // "N episodes from M file(s)"
  std::vector<EpisodeResult> results;
  std::vector<std::string> games;            // by name
  std::vector<std::string> agents;           // in the ranking's order
  std::map<std::string, std::string> names;  // agent spec -> the name the report shows
  std::vector<SummaryRow> rows;
  Ranking ranking;
  std::vector<AgentTotal> totals;  // in `agents`' order
  std::vector<PairedComparison> pairs;
};

// `results` sorted by game and agent (as `vgdl report` sorts them).
ReportData MakeReportData(std::vector<EpisodeResult> results, std::string heading);

}  // namespace vgdl::report
