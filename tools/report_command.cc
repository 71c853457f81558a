// `vgdl report`: the summary table and the competition ranking from saved results, merging
// the files of a run split across machines (`vgdl run --shard K/N`) or played one agent per
// file, but not files of different runs (same_run.h); `--html FILE` writes the page of
// tools/report/, `--figures DIR` its charts as SVG and PNG files.
// CLI11's inline string splitting trips GCC 12's -Wnull-dereference (a false positive in
// std::vector's reallocation) in this translation unit.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnull-dereference"
#include <CLI/CLI.hpp>
#pragma GCC diagnostic pop
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "runner/results.h"
#include "runner/same_run.h"
#include "runner/summary.h"
#include "tools/commands.h"
#include "tools/report/charts.h"
#include "tools/report/figures.h"
#include "tools/report/html_page.h"
#include "tools/report/report_data.h"
#include "tools/report/vega_library.h"

namespace vgdl::tools {
namespace {

struct ReportArgs {
  std::vector<std::string> files;
  std::vector<std::string> games;
  std::string html;
  std::string figures;
  std::string merged;
  bool mix_runs = false;
};

// Refuses files of different runs (same_run.h), unless --mix-runs asks for them together.
void CheckOneRun(const std::vector<NamedResults>& files, bool mix_runs) {
  const std::string differences = RunDifferences(files);
  if (differences.empty() || mix_runs) return;
  FailWithUserError("report",
                    "these files are not parts of one run:\n" + differences +
                        "(--game keeps the games every agent played; --mix-runs merges them "
                        "anyway, agents of different budgets named apart)");
}

void WritePage(const std::filesystem::path& path, const std::string& page) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  std::ofstream out(path, std::ios::binary);
  out << page;
  out.close();
  if (!out) FailWithUserError("report", "cannot write '" + path.string() + "'");
}

// The merged results as one results file (--merged), every episode once.
void WriteMerged(const std::string& path, const std::vector<EpisodeResult>& results) {
  ResultsWriter writer;
  std::string error;
  if (!writer.Open(path, false, &error)) FailWithUserError("report", error);
  for (const auto& r : results) {
    if (!writer.Write(r)) FailWithUserError("report", "writing '" + path + "' failed");
  }
}

// The page and the figures, when asked for.
void WriteHtml(const ReportArgs& args, std::vector<EpisodeResult> results,
               const std::string& heading) {
  if (args.html.empty() && args.figures.empty()) return;
  std::string error;
  const auto vega = report::VegaScript(&error);
  if (!vega) FailWithUserError("report", error);
  const report::ReportData data = report::MakeReportData(std::move(results), heading);
  const std::vector<report::Chart> charts = report::ReportCharts(data);
  const std::string page = report::HtmlPage(data, charts, *vega);
  if (!args.html.empty()) {
    WritePage(args.html, page);
    std::cout << "\nreport: " << std::filesystem::absolute(args.html).string() << "\n";
  }
  if (!args.figures.empty()) {
    // Chromium draws the figures from a page of their own, kept beside them.
    const std::filesystem::path page_file = std::filesystem::path(args.figures) / "report.html";
    WritePage(page_file, page);
    const auto written = report::WriteFigures(page_file, charts.size(), args.figures, &error);
    if (written.empty()) FailWithUserError("report", error);
    std::cout << "figures: " << written.size() << " files in "
              << std::filesystem::absolute(args.figures).string() << "\n";
  }
}

void Report(const ReportArgs& args) {
  std::vector<NamedResults> named;
  std::vector<std::string> warnings;
  bool unreadable = false;
  const std::set<std::string> keep(args.games.begin(), args.games.end());
  for (const auto& path : args.files) {
    ResultsFile file = ReadResultsFile(path);
    unreadable = unreadable || !file.readable;
    warnings.insert(warnings.end(), file.warnings.begin(), file.warnings.end());
    if (!keep.empty()) {
      std::erase_if(file.results, [&](const EpisodeResult& r) { return keep.count(r.game) == 0; });
    }
    named.push_back({path, std::move(file.results)});
  }
  // Tables without one of a run's files (a shard that is missing) would look complete.
  if (unreadable) {
    for (const auto& w : warnings) std::cerr << "vgdl report: warning: " << w << "\n";
    FailWithUserError("report", "no tables, since a file cannot be read");
  }
  CheckOneRun(named, args.mix_runs);
  std::vector<std::vector<EpisodeResult>> files;
  for (auto& n : named) files.push_back(std::move(n.results));
  std::vector<EpisodeResult> results = MergeResults(std::move(files), &warnings);
  for (const auto& w : warnings) std::cerr << "vgdl report: warning: " << w << "\n";
  if (results.empty()) {
    FailWithUserError("report", "no results");
  }
  if (!args.merged.empty()) WriteMerged(args.merged, results);
  // Results under different budgets are different contestants: name them apart.
  std::set<std::string> budgets;
  for (const auto& r : results) budgets.insert(r.budget);
  if (budgets.size() > 1) {
    for (auto& r : results) r.agent += " @" + (r.budget.empty() ? "?" : r.budget);
  }
  // The tables list games and agents in the order of their first result; a file holds its
  // lines in the order the episodes ended, which threads and shards decide. By name instead,
  // the same results make the same tables.
  std::stable_sort(results.begin(), results.end(),
                   [](const EpisodeResult& a, const EpisodeResult& b) {
                     return std::tie(a.game, a.agent) < std::tie(b.game, b.agent);
                   });
  const auto rows = Summarize(results);
  const std::string heading = std::to_string(results.size()) + " episodes from " +
                              std::to_string(args.files.size()) + " file(s)";
  std::cout << heading << "\n\n" << FormatSummary(rows) << "\n" << FormatRanking(RankAgents(rows));
  WriteHtml(args, std::move(results), heading);
}

}  // namespace

void AddReportCommand(CLI::App& app) {
  auto args = std::make_shared<ReportArgs>();
  CLI::App* cmd = app.add_subcommand(
      "report", "Summary and ranking tables from `vgdl run --out` files (shards are merged)");
  cmd->add_option("files", args->files, "Results files (JSON lines)")->required();
  cmd->add_option("--game", args->games, "Only these games (repeatable)");
  cmd->add_option("--html", args->html,
                  "Also write the report as one self-contained HTML page (charts and tables)");
  cmd->add_option("--figures", args->figures,
                  "Also write the page's charts as SVG and PNG files into DIR (needs chromium "
                  "and rsvg-convert)");
  cmd->add_option("--merged", args->merged,
                  "Also write the merged results, every episode once, as one results file");
  cmd->add_flag("--mix-runs", args->mix_runs,
                "Merge files of different runs (run seeds, budgets or games differ)");
  cmd->callback([args] { Report(*args); });
}

}  // namespace vgdl::tools
