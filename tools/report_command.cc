// `vgdl report`: the summary table and the competition ranking from saved results, merging
// the files of a run split across machines (`vgdl run --shard K/N`).
// CLI11's inline string splitting trips GCC 12's -Wnull-dereference (a false positive in
// std::vector's reallocation) in this translation unit.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnull-dereference"
#include <CLI/CLI.hpp>
#pragma GCC diagnostic pop
#include <algorithm>
#include <iostream>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "agents/runner/results.h"
#include "agents/runner/summary.h"
#include "tools/commands.h"

namespace vgdl::tools {
namespace {

struct ReportArgs {
  std::vector<std::string> files;
  std::vector<std::string> games;
};

void Report(const ReportArgs& args) {
  std::vector<std::vector<EpisodeResult>> files;
  std::vector<std::string> warnings;
  bool unreadable = false;
  for (const auto& path : args.files) {
    ResultsFile file = ReadResultsFile(path);
    unreadable = unreadable || !file.readable;
    warnings.insert(warnings.end(), file.warnings.begin(), file.warnings.end());
    files.push_back(std::move(file.results));
  }
  std::vector<EpisodeResult> results = MergeResults(std::move(files), &warnings);
  for (const auto& w : warnings) std::cerr << "vgdl report: warning: " << w << "\n";
  // Tables without one of a run's files (a shard that is missing) would look complete.
  if (unreadable) FailWithUserError("report", "no tables, since a file cannot be read");
  if (!args.games.empty()) {
    const std::set<std::string> keep(args.games.begin(), args.games.end());
    std::erase_if(results, [&](const EpisodeResult& r) { return keep.count(r.game) == 0; });
  }
  if (results.empty()) {
    FailWithUserError("report", "no results");
  }
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
  std::cout << results.size() << " episodes from " << args.files.size() << " file(s)\n\n"
            << FormatSummary(rows) << "\n"
            << FormatRanking(RankAgents(rows));
}

}  // namespace

void AddReportCommand(CLI::App& app) {
  auto args = std::make_shared<ReportArgs>();
  CLI::App* cmd = app.add_subcommand(
      "report", "Summary and ranking tables from `vgdl run --out` files (shards are merged)");
  cmd->add_option("files", args->files, "Results files (JSON lines)")->required();
  cmd->add_option("--game", args->games, "Only these games (repeatable)");
  cmd->callback([args] { Report(*args); });
}

}  // namespace vgdl::tools
