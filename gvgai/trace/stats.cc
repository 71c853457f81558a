#include "gvgai/trace/stats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/game.h"
#include "engine/state.h"
#include "gvgai/trace/line_reader.h"
#include "gvgai/trace/random_policy.h"
#include "gvgai/trace/state_format.h"

namespace vgdl::trace {
namespace {

constexpr double kZ99 = 2.5758293035489004;  // two-sided 99% normal quantile

std::vector<std::string_view> SplitTabs(std::string_view line) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    const size_t tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string_view::npos ? tab : tab - start));
    if (tab == std::string_view::npos) return out;
    start = tab + 1;
  }
}

std::string Fixed(double value, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
  return buf;
}

}  // namespace

std::vector<StatsRow> ParseStatsTable(std::string_view text, const std::string& file) {
  std::vector<StatsRow> rows;
  bool header_seen = false;
  LineReader r(text, file);
  while (r.Next()) {
    const std::string_view line = r.line();
    if (line.empty()) continue;
    const auto cells = SplitTabs(line);
    if (!header_seen) {
      if (cells.size() != 4 || cells[0] != "seed" || cells[1] != "result" || cells[2] != "score" ||
          cells[3] != "ticks") {
        r.Fail("expected the header 'seed result score ticks'");
      }
      header_seen = true;
      continue;
    }
    StatsRow row;
    if (cells.size() != 4 || !ParseNumber(cells[0], row.seed) || !IsWinName(cells[1]) ||
        !ParseNumber(cells[2], row.score) || !ParseNumber(cells[3], row.ticks)) {
      r.Fail("expected '<seed>\\t<result>\\t<score>\\t<ticks>'");
    }
    row.result = std::string(cells[1]);
    rows.push_back(std::move(row));
  }
  if (!header_seen) throw TraceError(file, 0, "empty statistics table");
  if (rows.empty()) throw TraceError(file, 0, "no episodes in the statistics table");
  return rows;
}

std::vector<StatsRow> ReadStatsTable(const std::filesystem::path& path) {
  return ParseStatsTable(ReadMaybeGzipped(path), path.string());
}

bool ParseStatsFileName(const std::string& file_name, std::string* game, int* level) {
  if (!file_name.ends_with(".tsv")) return false;
  const std::string stem = file_name.substr(0, file_name.size() - 4);
  const size_t lvl = stem.rfind("_lvl");
  if (lvl == std::string::npos || lvl == 0) return false;
  int n = 0;
  if (!ParseNumber(std::string_view(stem).substr(lvl + 4), n) || n < 0) return false;
  *game = stem.substr(0, lvl);
  *level = n;
  return true;
}

StatsSummary Summarize(const std::vector<StatsRow>& rows) {
  StatsSummary s;
  s.episodes = static_cast<int>(rows.size());
  if (rows.empty()) return s;
  double score_sum = 0.0;
  double tick_sum = 0.0;
  for (const auto& r : rows) {
    s.wins += r.result == "WINS" ? 1 : 0;
    score_sum += r.score;
    tick_sum += r.ticks;
  }
  const double n = static_cast<double>(rows.size());
  s.mean_score = score_sum / n;
  s.mean_ticks = tick_sum / n;
  if (rows.size() > 1) {
    double sq = 0.0;
    for (const auto& r : rows) sq += (r.score - s.mean_score) * (r.score - s.mean_score);
    s.score_variance = sq / (n - 1.0);
  }
  return s;
}

std::vector<StatsRow> PlayRandomEpisodes(const LoadedLevel& loaded,
                                         const std::vector<int64_t>& seeds, uint64_t policy_seed) {
  std::vector<StatsRow> out;
  SplitMix64 rng(policy_seed);
  for (const int64_t seed : seeds) {
    State state(loaded.game, loaded.level, seed);
    // The engine ends every game after tick kMaxTicks; the bound only guards against a bug.
    int processed = 0;
    while (!state.ended() && processed <= kMaxTicks) {
      Advance(state, RandomAction(state, rng, /*with_nil=*/true), StepMode::kRealGame);
      ++processed;
    }
    StatsRow row;
    row.seed = seed;
    row.result = std::string(WinName(state.player(0).winner));
    row.score = state.player(0).score;
    row.ticks = processed - 1;  // GVGAI's gameTick of the last processed tick
    out.push_back(std::move(row));
  }
  return out;
}

StatsComparison CompareStats(const StatsSummary& reference, const StatsSummary& ours) {
  StatsComparison c;
  c.reference = reference;
  c.ours = ours;
  // Agresti-Caffo: one added win and one added loss per sample keep the standard error
  // positive when both samples are all wins or all losses.
  const double n1 = reference.episodes + 2.0;
  const double n2 = ours.episodes + 2.0;
  const double p1 = (reference.wins + 1.0) / n1;
  const double p2 = (ours.wins + 1.0) / n2;
  c.win_rate_bound = kZ99 * std::sqrt(p1 * (1.0 - p1) / n1 + p2 * (1.0 - p2) / n2);
  c.win_rate_ok = std::fabs(reference.win_rate() - ours.win_rate()) <= c.win_rate_bound;
  c.score_bound = kZ99 * std::sqrt(reference.score_variance / std::max(reference.episodes, 1) +
                                   ours.score_variance / std::max(ours.episodes, 1));
  // Two constant samples agree only when equal (up to rounding of the printed scores).
  c.score_ok = std::fabs(reference.mean_score - ours.mean_score) <= c.score_bound + 1e-6;
  return c;
}

std::string StatsComparison::Describe() const {
  return "episodes=" + std::to_string(ours.episodes) + " win rate: expected " +
         Fixed(reference.win_rate(), 3) + " got " + Fixed(ours.win_rate(), 3) + " (99% bound +-" +
         Fixed(win_rate_bound, 3) + (win_rate_ok ? ", ok" : ", differs") +
         "); mean score: expected " + Fixed(reference.mean_score, 3) + " got " +
         Fixed(ours.mean_score, 3) + " (99% bound +-" + Fixed(score_bound, 3) +
         (score_ok ? ", ok" : ", differs") + "); mean ticks: expected " +
         Fixed(reference.mean_ticks, 1) + " got " + Fixed(ours.mean_ticks, 1);
}

Outcome CheckStatsFile(const std::filesystem::path& tsv, const LoadedLevel& loaded,
                       uint64_t policy_seed) {
  const auto reference_rows = ReadStatsTable(tsv);
  std::vector<int64_t> seeds;
  seeds.reserve(reference_rows.size());
  for (const auto& r : reference_rows) seeds.push_back(r.seed);
  const auto ours = PlayRandomEpisodes(loaded, seeds, policy_seed);
  const StatsComparison c = CompareStats(Summarize(reference_rows), Summarize(ours));
  return {c.ok() ? Verdict::kPass : Verdict::kFail, "stats: " + c.Describe()};
}

}  // namespace vgdl::trace
