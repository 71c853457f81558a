// `vgdl report --html`: one self-contained page (the charting library and the data inlined,
// nothing fetched) with the charts of charts.h and the tables beside them: the ranking, time
// discipline, and the paired comparisons of agents on the same episodes.
#pragma once

#include <string>
#include <vector>

#include "tools/report/charts.h"
#include "tools/report/report_data.h"

namespace vgdl::report {

// The page. Each chart is drawn into <div class="chart" id="chart-ID">, which the page's
// script marks data-drawn="yes" and data-marks="N" (the data marks drawn) once the chart is
// drawn, and <body> gets data-charts-drawn="N" when all are done; opened with "#figures",
// the page also puts each chart's SVG into <script type="text/plain" class="figure-svg"
// data-id="ID">, which --figures reads back.
std::string HtmlPage(const ReportData& data, const std::vector<Chart>& charts,
                     const std::string& vega_script);

}  // namespace vgdl::report
