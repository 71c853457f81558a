// Whether results files are parts of one run, before `vgdl report` merges them.
//
// One run is one plan played under one set of rules: the same run seed (so that every
// episode's seed is the run's, and agents pair up on the same episodes), the same budget
// (results under two budgets are not one competition), and the same games for every agent (a
// ranking over games some agents never played ranks nothing). The agents may differ from file
// to file: a run is often played one agent per file (`vgdl run --agent A --out a.jsonl`, then
// B), and shards (`--shard K/N`) split any of these. Files without run seeds (older versions,
// --episode-seed replays) are not compared on them.
#pragma once

#include <string>
#include <vector>

#include "runner/episode.h"

namespace vgdl {

struct NamedResults {
  std::string path;
  std::vector<EpisodeResult> results;
};

// "" when the files can be parts of one run; otherwise one line per difference, naming the
// files (or agents) on each side, e.g. "run seeds differ: 7 (a.jsonl), 8 (b.jsonl)".
std::string RunDifferences(const std::vector<NamedResults>& files);

}  // namespace vgdl
