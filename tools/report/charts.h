// The report's charts as Vega specifications (https://vega.github.io/vega/docs/specification/):
// JSON that the Vega library, inlined in the page, draws as SVG in the browser, and that
// --figures saves as SVG and PNG files.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tools/report/report_data.h"

namespace vgdl::report {

struct Chart {
  std::string id;  // the figure's file name, e.g. "win-rates", "scores-aliens"
  std::string title;
  nlohmann::json spec;
  // How many data marks (bars, cells, points...) the chart draws: what the browser test
  // counts, beside axes and legends.
  int data_marks = 0;
};

// Win rates with 95% intervals, the games x agents heat map, the ranking's points, the
// longest act, then one chart of score distributions per game, in that order.
std::vector<Chart> ReportCharts(const ReportData& data);

}  // namespace vgdl::report
