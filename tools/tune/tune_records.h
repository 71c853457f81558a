// The results file of `vgdl tune --out`: one JSON line per evaluation, each with the run's seed
// and the settings it was played under, so that a --resume replays the lines it holds and
// refuses a file of another run, and --merge can check that shards' files are of one run.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "runner/plan.h"
#include "runner/rules.h"
#include "runner/tuning/search_space.h"
#include "tools/tune/tune_args.h"

namespace vgdl::tools::tune_command {

using Json = nlohmann::json;

// "K/N".
std::string ShardText(const Shard& shard);

// The settings a results file records, so that a --resume refuses a file of another run.
Json RunSettings(const TuneArgs& args, const SearchSpace& space, const Rules& rules);

// The lines of a results file a --resume continues: every complete line; a last line cut off
// by an interrupted write is dropped (and the file rewritten without it).
std::vector<Json> ReadRecords(const std::filesystem::path& path);

// The run seed every line of `records` holds; a user error if none or several.
uint64_t RecordedSeed(const std::vector<Json>& records, const std::filesystem::path& path);

// A user error unless every line of `records` is one `vgdl tune` wrote with `settings` and
// `seed`.
void CheckRecords(const std::vector<Json>& records, const std::filesystem::path& path,
                  const Json& settings, uint64_t seed);

// Opens --out for the run: new, replaced (--overwrite) or continued (--resume, rewritten with
// the complete lines it holds). Returns the lines to replay; sets `seed`, if not given, to the
// one they record.
std::vector<Json> OpenOut(const TuneArgs& args, std::ofstream& out, std::optional<uint64_t>& seed);

}  // namespace vgdl::tools::tune_command
