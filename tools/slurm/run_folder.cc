#include "tools/slurm/run_folder.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <system_error>

namespace vgdl::tools::slurm {

namespace fs = std::filesystem;
using nlohmann::json;

PlanInput RunRecord::ShardPlan(int index) const {
  PlanInput input;
  input.agents = agents;
  input.games = games;
  input.levels = levels;
  input.reps = reps;
  input.seed = seed;
  input.shard = Shard{.index = index, .count = slurm.shards};
  return input;
}

fs::path RecordFile(const fs::path& dir) {
  return dir / "run.json";
}
fs::path ArrayScriptFile(const fs::path& dir) {
  return dir / "array.sh";
}
fs::path MergeScriptFile(const fs::path& dir) {
  return dir / "merge.sh";
}
namespace {
fs::path ShardFile(const fs::path& dir, const char* folder, int shard, const char* extension) {
  return dir / folder / ("shard-" + std::to_string(shard) + extension);
}
}  // namespace
fs::path ShardResultsFile(const fs::path& dir, int shard) {
  return ShardFile(dir, "shards", shard, ".jsonl");
}
fs::path ShardExitFile(const fs::path& dir, int shard) {
  return ShardFile(dir, "shards", shard, ".exit");
}
fs::path ShardLogFile(const fs::path& dir, int shard) {
  return ShardFile(dir, "logs", shard, ".log");
}
fs::path MergedResultsFile(const fs::path& dir) {
  return dir / "results.jsonl";
}
fs::path ReportTextFile(const fs::path& dir) {
  return dir / "report.txt";
}
fs::path ReportPageFile(const fs::path& dir) {
  return dir / "report.html";
}

namespace {

json SubmissionJson(const Submission& s) {
  return json{{"array_job", s.array_job},           {"shards", s.shards},
              {"merge_job", s.merge_job},           {"submitted_at", s.submitted_at},
              {"submitted_unix", s.submitted_unix}, {"episodes_done", s.episodes_done}};
}

Submission SubmissionFrom(const json& j) {
  Submission s;
  s.array_job = j.at("array_job").get<std::string>();
  s.shards = j.at("shards").get<std::vector<int>>();
  s.merge_job = j.at("merge_job").get<std::string>();
  s.submitted_at = j.at("submitted_at").get<std::string>();
  s.submitted_unix = j.at("submitted_unix").get<int64_t>();
  s.episodes_done = j.at("episodes_done").get<size_t>();
  return s;
}

json RecordJson(const RunRecord& r) {
  json submissions = json::array();
  for (const auto& s : r.submissions) submissions.push_back(SubmissionJson(s));
  // The seed as text too: JSON readers that hold numbers as doubles lose digits past 2^53.
  return json{{"command", r.command},
              {"version", r.version},
              {"vgdl", r.vgdl},
              {"working_dir", r.working_dir},
              {"job_name", r.job_name},
              {"run_arguments", r.run_arguments},
              {"agents", r.agents},
              {"games", r.games},
              {"levels", r.levels},
              {"reps", r.reps},
              {"seed", std::to_string(r.seed)},
              {"budget", r.budget},
              {"episodes", r.episodes},
              {"slurm",
               {{"partition", r.slurm.partition},
                {"account", r.slurm.account},
                {"time", r.slurm.time_limit},
                {"shards", r.slurm.shards},
                {"cpus_per_task", r.slurm.cpus_per_task},
                {"max_running", r.slurm.max_running},
                {"sbatch_args", r.slurm.sbatch_args}}},
              {"submissions", submissions}};
}

RunRecord RecordFrom(const json& j) {
  RunRecord r;
  r.command = j.at("command").get<std::vector<std::string>>();
  r.version = j.at("version").get<std::string>();
  r.vgdl = j.at("vgdl").get<std::string>();
  r.working_dir = j.at("working_dir").get<std::string>();
  r.job_name = j.at("job_name").get<std::string>();
  r.run_arguments = j.at("run_arguments").get<std::vector<std::string>>();
  r.agents = j.at("agents").get<std::vector<std::string>>();
  r.games = j.at("games").get<std::vector<std::string>>();
  r.levels = j.at("levels").get<std::vector<std::vector<int>>>();
  r.reps = j.at("reps").get<int>();
  r.seed = std::stoull(j.at("seed").get<std::string>());
  r.budget = j.at("budget").get<std::string>();
  r.episodes = j.at("episodes").get<size_t>();
  const json& s = j.at("slurm");
  r.slurm.partition = s.at("partition").get<std::string>();
  r.slurm.account = s.at("account").get<std::string>();
  r.slurm.time_limit = s.at("time").get<std::string>();
  r.slurm.shards = s.at("shards").get<int>();
  r.slurm.cpus_per_task = s.at("cpus_per_task").get<int>();
  r.slurm.max_running = s.at("max_running").get<int>();
  r.slurm.sbatch_args = s.at("sbatch_args").get<std::vector<std::string>>();
  for (const auto& sub : j.at("submissions")) r.submissions.push_back(SubmissionFrom(sub));
  return r;
}

}  // namespace

bool WriteRunRecord(const fs::path& dir, const RunRecord& record, std::string* error) {
  const fs::path file = RecordFile(dir);
  const fs::path temporary = file.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary);
    out << RecordJson(record).dump(2) << "\n";
    out.close();
    if (!out) {
      *error = "cannot write '" + temporary.string() + "'";
      return false;
    }
  }
  std::error_code ec;
  fs::rename(temporary, file, ec);
  if (ec) {
    *error = "cannot write '" + file.string() + "': " + ec.message();
    return false;
  }
  return true;
}

std::optional<RunRecord> ReadRunRecord(const fs::path& dir, std::string* error) {
  const fs::path file = RecordFile(dir);
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    *error = "'" + dir.string() + "' is not a run folder of vgdl slurm (no " + file.string() + ")";
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  try {
    RunRecord record = RecordFrom(json::parse(text.str()));
    if (record.slurm.shards < 1 || record.agents.empty() ||
        record.games.size() != record.levels.size()) {
      *error = file.string() + ": not a run record of vgdl slurm (its plan is incomplete)";
      return std::nullopt;
    }
    return record;
  } catch (const json::exception& e) {
    *error = file.string() + ": not a run record of vgdl slurm (" + e.what() + ")";
    return std::nullopt;
  } catch (const std::exception& e) {
    *error = file.string() + ": not a run record of vgdl slurm (" + e.what() + ")";
    return std::nullopt;
  }
}

std::string CompactRanges(const std::vector<int>& numbers) {
  std::string out;
  size_t i = 0;
  while (i < numbers.size()) {
    size_t j = i;
    while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
    if (!out.empty()) out += ",";
    out += std::to_string(numbers[i]);
    if (j > i) out += "-" + std::to_string(numbers[j]);
    i = j + 1;
  }
  return out;
}

}  // namespace vgdl::tools::slurm
