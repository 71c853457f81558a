#include "tools/tune/tune_records.h"

#include <spdlog/spdlog.h>

#include <set>
#include <system_error>

#include "tools/run_args.h"

namespace vgdl::tools::tune_command {

namespace fs = std::filesystem;

std::string ShardText(const Shard& shard) {
  return std::to_string(shard.index) + "/" + std::to_string(shard.count);
}

Json RunSettings(const TuneArgs& args, const SearchSpace& space, const Rules& rules) {
  Json settings{{"space", space.Describe()},
                {"budget", rules.Describe()},
                {"repeats", args.repeats},
                {"score_weight", args.score_weight},
                {"neighbours", args.ntbea.neighbours},
                {"k", args.ntbea.k},
                {"epsilon", args.ntbea.epsilon},
                {"full_tuple", args.ntbea.full_tuple}};
  // Only a sharded run records it, so that the files of unsharded runs stay as they were.
  if (args.shard.count > 1) settings["shard"] = ShardText(args.shard);
  return settings;
}

std::vector<Json> ReadRecords(const fs::path& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  std::vector<Json> records;
  for (size_t i = 0; i < lines.size(); ++i) {
    try {
      records.push_back(Json::parse(lines[i]));
    } catch (const Json::exception& e) {
      if (i + 1 == lines.size()) {
        spdlog::warn("'{}': its last line is incomplete, dropped", path.string());
        break;
      }
      Fail("'" + path.string() + "' line " + std::to_string(i + 1) + " is not JSON: " + e.what());
    }
  }
  return records;
}

uint64_t RecordedSeed(const std::vector<Json>& records, const fs::path& path) {
  std::set<uint64_t> seeds;
  for (const Json& r : records) {
    if (r.is_object() && r.contains("run_seed")) seeds.insert(r.at("run_seed").get<uint64_t>());
  }
  if (seeds.empty()) Fail("'" + path.string() + "' records no run seed: give --seed");
  if (seeds.size() > 1) Fail("'" + path.string() + "' holds evaluations of several runs");
  return *seeds.begin();
}

void CheckRecords(const std::vector<Json>& records, const fs::path& path, const Json& settings,
                  uint64_t seed) {
  for (size_t i = 0; i < records.size(); ++i) {
    const Json& r = records[i];
    const bool complete = r.is_object() && r.contains("evaluation") && r.contains("agent") &&
                          r.contains("episodes") && r.contains("run_seed") &&
                          r.contains("settings") && r.at("episodes").is_array() &&
                          !r.at("episodes").empty();
    if (!complete) {
      Fail("'" + path.string() + "' line " + std::to_string(i + 1) +
           " is not a line `vgdl tune` wrote");
    }
    if (r.at("run_seed").get<uint64_t>() != seed) {
      Fail("'" + path.string() + "' was written with --seed " +
           std::to_string(r.at("run_seed").get<uint64_t>()) + ", this run uses " +
           std::to_string(seed));
    }
    if (r.at("settings") != settings) {
      Fail("'" + path.string() + "' was written with other settings (" + r.at("settings").dump() +
           "; this run: " + settings.dump() + ")");
    }
  }
}

std::vector<Json> OpenOut(const TuneArgs& args, std::ofstream& out, std::optional<uint64_t>& seed) {
  if (args.out.empty()) return {};
  std::error_code ec;
  const bool exists = fs::exists(args.out, ec) && fs::file_size(args.out, ec) > 0;
  CheckOutReplaceable(kName, args.out, exists, args.resume, args.overwrite);
  std::vector<Json> records;
  if (exists && args.resume) {
    records = ReadRecords(args.out);
    if (!records.empty() && !seed) seed = RecordedSeed(records, args.out);
  }
  out.open(args.out, std::ios::trunc);
  if (!out) Fail("cannot write '" + args.out + "'");
  for (const Json& r : records) out << r.dump() << "\n";
  out.flush();
  return records;
}

}  // namespace vgdl::tools::tune_command
