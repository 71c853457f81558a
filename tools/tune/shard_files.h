// `vgdl tune --merge`: the --out files of a sharded run's shards (or of one run), checked to be
// of one run, and one model of all their evaluations reported as a single run's would be.
#pragma once

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "runner/tuning/search_space.h"
#include "tools/tune/tune_args.h"

namespace vgdl::tools::tune_command {

using Json = nlohmann::json;

// The evaluations of a sharded run's files, checked to be of one run.
struct ShardFiles {
  Json settings;                 // the run's, without the shard
  std::set<std::string> shards;  // "K/N" of each file
  std::vector<Json> records;     // every evaluation of every file
};

ShardFiles ReadShardFiles(const std::vector<std::string>& files);

// --merge: one model of the evaluations of every shard's file, and its report.
void Merge(const TuneArgs& args, const SearchSpace& space);

}  // namespace vgdl::tools::tune_command
