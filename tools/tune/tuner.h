// The Tuner: drives NTBEA over a run's evaluations, each the candidate agent played on the
// arena's next (game, level) pairs under the run's rules, or replayed from the lines a --resume
// continues; writes each evaluation's line to --out, feeds the tally and shows the progress.
#pragma once

#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "runner/episode.h"
#include "runner/plan.h"
#include "runner/rules.h"
#include "runner/tuning/ntbea.h"
#include "runner/tuning/search_space.h"
#include "tools/tune/arena.h"
#include "tools/tune/progress.h"
#include "tools/tune/tally.h"
#include "tools/tune/tune_args.h"
#include "tools/tune/tune_records.h"

namespace vgdl::tools::tune_command {

// The seed a run's episode seeds derive from: the run seed, or for shard K of N one of its own
// (and each shard starts on the K-th (game, level) slot), so that shards play other episodes.
uint64_t EpisodeSeedBase(uint64_t run_seed, const Shard& shard);

// The search seed of a run, or of shard K of N (an independent search of its own).
uint64_t SearchSeed(uint64_t run_seed, const Shard& shard);

// The episodes of an evaluation's line: game, level, seed, win, score, ticks, and the
// disqualification or error if any.
Json EpisodeLines(const std::vector<EpisodeResult>& played);

class Tuner {
 public:
  // `seed`: the run's; the episodes' seeds derive from EpisodeSeedBase (a shard's own).
  Tuner(const TuneArgs& args, const SearchSpace& space, const Arena& arena, const Rules& rules,
        uint64_t seed, std::vector<Json> replay, std::ofstream* out)
      : args_(args),
        space_(space),
        arena_(arena),
        rules_(rules),
        seed_(seed),
        episode_seed_(EpisodeSeedBase(seed, args.shard)),
        first_slot_(static_cast<size_t>(args.shard.index - 1)),
        settings_(RunSettings(args, space, rules)),
        replay_(std::move(replay)),
        out_(out),
        tally_(space, args.ntbea.full_tuple) {}

  // Runs NTBEA to the end; returns the recommendation.
  TuningPoint Run(Ntbea& ntbea, const TuningPoint& start, TuneProgress& progress);

  void Report(const Ntbea& ntbea, const TuningPoint& best) const {
    tally_.Report(ntbea, best, args_.top);
  }

  bool write_failed() const { return write_failed_; }

 private:
  // The fitness of `point`, the `evaluation`-th: replayed from --out or played; its line is left
  // in pending_ for Record.
  double Evaluate(const TuningPoint& point, int evaluation);
  // The i-th line of the continued file, checked to be the evaluation of `spec` this run asks.
  double Replay(size_t i, const std::string& spec);
  // Plays the --repeats episodes of the i-th evaluation into played_.
  void Play(size_t i, const std::string& spec);
  // The candidate's value of each parameter, by key.
  Json Candidate(const TuningPoint& point) const;
  void Record(const NtbeaStep& step, const Ntbea& ntbea);

  const TuneArgs& args_;
  const SearchSpace& space_;
  const Arena& arena_;
  const Rules& rules_;
  uint64_t seed_;
  uint64_t episode_seed_;  // what the episodes' seeds derive from
  size_t first_slot_;      // the (game, level) slot of the first episode
  Json settings_;
  std::vector<Json> replay_;
  std::ofstream* out_;
  TuneProgress* progress_ = nullptr;
  TuneTally tally_;
  ScoreRanges ranges_;
  Json pending_;                       // the line of the evaluation under way
  std::vector<EpisodeResult> played_;  // its episodes; empty when replayed
  bool write_failed_ = false;
};

}  // namespace vgdl::tools::tune_command
