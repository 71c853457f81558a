// Comparing the engine's random-play outcomes with GVGAI's (../shared/gvgai/stats/), for games
// whose randomness cannot be replayed draw for draw.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "gvgai/trace/replay.h"

namespace vgdl::trace {

// One row of stats/<game>_lvl<N>.tsv: an episode of uniformly random play.
struct StatsRow {
  int64_t seed = 0;
  std::string result;  // WINS, LOSES or NO_WINNER
  double score = 0.0;  // raw
  int ticks = 0;
};

// Reads a statistics table (header "seed result score ticks", tab separated). Throws
// TraceError with the line number on malformed input.
std::vector<StatsRow> ReadStatsTable(const std::filesystem::path& path);
std::vector<StatsRow> ParseStatsTable(std::string_view text, const std::string& file);

// The game and level a statistics file is about: "<game>_lvl<N>.tsv". False if the name does
// not have that form.
bool ParseStatsFileName(const std::string& file_name, std::string* game, int* level);

struct StatsSummary {
  int episodes = 0;
  int wins = 0;
  double mean_score = 0.0;
  double score_variance = 0.0;  // sample variance (n - 1)
  double mean_ticks = 0.0;
  double win_rate() const { return episodes > 0 ? static_cast<double>(wins) / episodes : 0.0; }
};
StatsSummary Summarize(const std::vector<StatsRow>& rows);

// Plays one uniformly random episode per seed (policy: available actions plus ACTION_NIL; game
// seed = the row's seed; until the game ends, at most 2001 ticks) and returns the outcomes.
std::vector<StatsRow> PlayRandomEpisodes(const LoadedLevel& loaded,
                                         const std::vector<int64_t>& seeds, uint64_t policy_seed);

// Whether two samples agree at the 99% level: the difference of the win rates (Agresti-Caffo
// adjusted) and of the mean scores (Welch) each lie within 2.576 standard errors.
struct StatsComparison {
  StatsSummary reference;
  StatsSummary ours;
  double win_rate_bound = 0.0;  // 2.576 standard errors of the difference
  double score_bound = 0.0;
  bool win_rate_ok = false;
  bool score_ok = false;
  bool ok() const { return win_rate_ok && score_ok; }
  // "win rate 0.450 vs 0.475 (99% bound 0.29) ok, mean score ... " for the report line.
  std::string Describe() const;
};
StatsComparison CompareStats(const StatsSummary& reference, const StatsSummary& ours);

// Runs the random episodes of a statistics table and compares them with it.
Outcome CheckStatsFile(const std::filesystem::path& tsv, const LoadedLevel& loaded,
                       uint64_t policy_seed);

}  // namespace vgdl::trace
