// Results as JSON lines: one object per episode, written as the run goes (so an interrupted
// run keeps what it finished), read back by `vgdl report` and by `vgdl run --resume`.
//
// Keys: agent, game, level, rep, seed, run_seed (the run's --seed; absent for a replayed
// episode and in files of older versions), budget, win, score, ticks, disqualified,
// disqualified_for, aborted, actions, overspent, init_ms, mean_act_ms, max_act_ms,
// mean_act_wall_ms, max_act_wall_ms, mean_fm_calls, max_fm_calls, mean_iterations (the agent's
// simulations per action; absent in files of older versions), max_act_raw_ms,
// overspent_raw, clock_excess_ms (the raw thread CPU clock beside the corrected times the rules
// judge, budget.h), max_act_tick, max_act_unchecked_ms, max_act_unchecked_wall_ms,
// max_unchecked_ms, max_act_system_ms and max_act_page_faults (where the longest act went
// without asking its budget, and its kernel work, episode.h; time budgets only, absent in
// older files), max_act_host_stall_ms and max_unchecked_host_stall_ms (how long the core of
// the longest act, and of the act with the longest unchecked stretch, ran nothing; only from
// `vgdl run --watch-host-stalls`, host_stall_watch.h), error (null when none).
#pragma once

#include <cstdio>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "runner/episode.h"

namespace vgdl {

std::string ToJsonLine(const EpisodeResult& r);  // no trailing newline
// Parses one line; nullopt with `error` when it is not a result object.
std::optional<EpisodeResult> ParseJsonLine(std::string_view line, std::string* error);

// An episode's identity in a run: (agent, game, level, rep).
std::string EpisodeKey(std::string_view agent, std::string_view game, int level, int rep);
inline std::string EpisodeKey(const EpisodeResult& r) {
  return EpisodeKey(r.agent, r.game, r.level, r.rep);
}

struct ResultsFile {
  std::vector<EpisodeResult> results;
  std::vector<std::string> warnings;  // "file:line: ..." for lines that were skipped
  bool readable = true;
};
// Reads a results file; unreadable lines become warnings "file:line: ..." (an interrupted
// write leaves at most one, the last, said to be cut off mid-write).
ResultsFile ReadResultsFile(const std::filesystem::path& path);

// Merges results read from several files (shards of one run): an episode present twice with
// the same seed is kept once; with different seeds both are kept and a warning is added.
std::vector<EpisodeResult> MergeResults(std::vector<std::vector<EpisodeResult>> files,
                                        std::vector<std::string>* warnings);

// Appends result lines to a file, flushing each one.
class ResultsWriter {
 public:
  ResultsWriter() = default;
  ~ResultsWriter();
  ResultsWriter(const ResultsWriter&) = delete;
  ResultsWriter& operator=(const ResultsWriter&) = delete;

  // `append`: keep what is there, after mending a last line without a line end (cut when it is
  // not a result, as ReadResultsFile drops it; ended when it is one); otherwise truncate.
  bool Open(const std::filesystem::path& path, bool append, std::string* error);
  bool Write(const EpisodeResult& r);
  bool is_open() const { return file_ != nullptr; }

 private:
  std::FILE* file_ = nullptr;
};

}  // namespace vgdl
