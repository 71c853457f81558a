#include "tools/tune/shard_files.h"

#include <cstdio>
#include <filesystem>
#include <optional>
#include <utility>

#include "runner/tuning/ntbea.h"
#include "tools/tune/tally.h"
#include "tools/tune/tune_records.h"

namespace vgdl::tools::tune_command {

namespace fs = std::filesystem;

namespace {

// Reads shards' files one by one, each checked against the files before it: one run (seed and
// settings), one count of shards, each shard once.
class ShardFilesReader {
 public:
  explicit ShardFilesReader(std::string first) : first_(std::move(first)) {}

  void Add(const std::string& file) {
    if (!fs::exists(file)) Fail("'" + file + "' does not exist");
    std::vector<Json> lines = ReadRecords(file);
    if (lines.empty()) Fail("'" + file + "' holds no evaluation");
    const uint64_t file_seed = RecordedSeed(lines, file);
    CheckSeed(file, file_seed);
    const Json file_settings = lines.front().value("settings", Json::object());
    CheckRecords(lines, file, file_settings, file_seed);  // one shard's settings on every line
    const std::string shard = file_settings.value("shard", "1/1");
    Json settings = file_settings;
    settings.erase("shard");
    if (!run_.settings.is_null() && settings != run_.settings)
      Fail("'" + file + "' was written with other settings than '" + first_ + "'");
    run_.settings = settings;
    AddShard(file, shard);
    for (Json& line : lines) run_.records.push_back(std::move(line));
  }

  ShardFiles Take() { return std::move(run_); }

 private:
  void CheckSeed(const std::string& file, uint64_t file_seed) {
    if (seed_ && *seed_ != file_seed) {
      Fail("'" + file + "' is of another run (--seed " + std::to_string(file_seed) + ", not " +
           std::to_string(*seed_) + ")");
    }
    seed_ = file_seed;
  }

  void AddShard(const std::string& file, const std::string& shard) {
    const std::string of = shard.substr(shard.find('/') + 1);
    if (count_ && *count_ != of) Fail("'" + file + "' is shard " + shard + ", of another count");
    count_ = of;
    if (!run_.shards.insert(shard).second) Fail("shard " + shard + " is given twice");
  }

  std::string first_;  // the first file, named when another's settings differ
  ShardFiles run_;
  std::optional<uint64_t> seed_;
  std::optional<std::string> count_;  // N of the shards
};

}  // namespace

ShardFiles ReadShardFiles(const std::vector<std::string>& files) {
  ShardFilesReader reader(files.front());
  for (const std::string& file : files) reader.Add(file);
  return reader.Take();
}

void Merge(const TuneArgs& args, const SearchSpace& space) {
  const ShardFiles run = ReadShardFiles(args.merge);
  if (run.settings.value("space", "") != space.Describe()) {
    Fail("the files searched " + run.settings.value("space", std::string("?")) + ", not --space " +
         space.Describe());
  }
  NtbeaSettings settings = args.ntbea;
  settings.full_tuple = run.settings.value("full_tuple", true);
  Ntbea ntbea(space.Dimensions(), settings);
  TuneTally tally(space, settings.full_tuple);
  for (const Json& r : run.records) {
    std::vector<std::string> values;
    for (const SearchParameter& p : space.parameters())
      values.push_back(r.at("candidate").value(p.key, std::string()));
    const auto point = space.PointOf(values);
    if (!point) Fail("an evaluation of " + r.at("agent").get<std::string>() + " is not in --space");
    ntbea.Absorb(*point, r.at("fitness").get<double>());
    tally.Add(*point, r.at("episodes"));
  }
  std::string shards;
  for (const std::string& shard : run.shards) shards += (shards.empty() ? "" : ", ") + shard;
  std::fprintf(stderr, "vgdl tune: %zu evaluations of %zu file%s (shards %s), one model\n",
               run.records.size(), args.merge.size(), args.merge.size() == 1 ? "" : "s",
               shards.c_str());
  tally.Report(ntbea, ntbea.Recommendation(), args.top);
}

}  // namespace vgdl::tools::tune_command
