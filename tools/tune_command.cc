// `vgdl tune`: NTBEA (runner/tuning/ntbea.h; Gaina's thesis §6.1, ../shared/spec/RHEA.md §2.14)
// over any agent's options, each evaluation a game played under the competition rules
// (runner/), one JSON line per evaluation, `--resume` continuing a run bit for bit.
//
// Parallelism: NTBEA is sequential (the next candidate depends on the model after the last
// evaluation), so -j plays the --repeats episodes of one evaluation at once; the run does not
// depend on -j. Fitness of an episode: win (1/0) + w * the score normalised to [0, 1] by the
// range of scores seen so far on that game (this episode's included; 0.5 while the range is a
// single value); an evaluation's fitness is the mean over its episodes (the thesis averages
// the wins of 5 runs, one per level: --repeats 5 --levels 0-4 --score-weight 0).
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "agents/registry.h"
#include "runner/episode.h"
#include "runner/parallel.h"
#include "runner/plan.h"
#include "runner/progress.h"
#include "runner/rules.h"
#include "runner/seeds.h"
#include "runner/tuning/ntbea.h"
#include "runner/tuning/search_space.h"
#include "tools/budget_options.h"
#include "tools/commands.h"
#include "tools/game_flags.h"
#include "tools/run_args.h"

// The commands build as one unit (tools/CMakeLists.txt): a namespace of its own keeps these
// helpers apart from `vgdl run`'s.
namespace vgdl::tools::tune_command {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kName = "tune";
// Lines logged when stderr is not a terminal: the first, one at most every so many seconds, and
// the last.
constexpr double kLogEverySeconds = 10.0;

[[noreturn]] void Fail(const std::string& message) {
  FailWithUserError(kName, message);
}

struct TuneArgs {
  std::string agent;
  std::string space;
  std::vector<std::string> games;
  std::string games_dir;
  std::string levels;
  bool gvgai_subset = false;
  NtbeaSettings ntbea;
  bool no_full_tuple = false;
  int repeats = 1;
  double score_weight = 0.1;
  std::optional<uint64_t> seed;
  BudgetOptions budget;
  int jobs = 1;
  std::string out;
  bool resume = false;
  bool overwrite = false;
  bool no_progress = false;
  int top = 10;
  std::string shard_text;          // --shard K/N
  Shard shard;                     // parsed
  std::vector<std::string> merge;  // --merge: shards' --out files to report on together
};

// The (game, level) pairs evaluations are played on, in --game then level order.
struct Arena {
  std::vector<RunGame> games;
  std::vector<std::pair<size_t, int>> slots;  // game index, level
};

// The games and levels of --game and --levels, loaded as `vgdl run` loads them.
Arena LoadArena(const TuneArgs& args) {
  Arena arena;
  std::vector<std::vector<int>> levels;
  LoadGames(kName, args.games, GamesDirFor(args.games_dir, VGDL_SOURCE_DIR), args.levels,
            args.gvgai_subset, arena.games, levels);
  for (size_t g = 0; g < levels.size(); ++g) {
    for (const int level : levels[g]) arena.slots.emplace_back(g, level);
  }
  return arena;
}

void CheckArgs(const TuneArgs& args) {
  if (args.ntbea.evaluations < 1) Fail("--evaluations must be at least 1");
  if (args.ntbea.neighbours < 1) Fail("--neighbours must be at least 1");
  if (args.ntbea.k < 0.0) Fail("--k must not be negative");
  if (args.ntbea.epsilon <= 0.0) Fail("--epsilon must be positive");
  if (args.repeats < 1) Fail("--repeats must be at least 1");
  if (args.score_weight < 0.0 || args.score_weight >= 1.0)
    Fail("--score-weight must be in [0, 1): a win must outweigh any score");
  if (args.jobs < 1) Fail("-j must be at least 1");
  if (args.top < 0) Fail("--top must not be negative");
  if (args.resume && args.out.empty()) Fail("--resume needs --out FILE");
  if (args.merge.empty() && args.games.empty()) Fail("--game is required (unless --merge)");
  if (!args.merge.empty() && (!args.out.empty() || !args.shard_text.empty()))
    Fail("--merge reports on finished files: it takes neither --out nor --shard");
  if (args.seed && *args.seed > kSeedMask) Fail("--seed must be below 2^53");
}

// The settings a results file records, so that a --resume refuses a file of another run.
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

// Scores normalised per game by the range seen so far.
class ScoreRanges {
 public:
  double Normalise(const std::string& game, double score) {
    auto& [low, high] = ranges_.try_emplace(game, score, score).first->second;
    low = std::min(low, score);
    high = std::max(high, score);
    return high > low ? (score - low) / (high - low) : 0.5;
  }

 private:
  std::map<std::string, std::pair<double, double>> ranges_;
};

// Episode fitness values of an evaluation's line, in order, and their mean.
double Fitness(const Json& episodes, double score_weight, ScoreRanges& ranges) {
  double total = 0.0;
  for (const Json& e : episodes) {
    const double s = ranges.Normalise(e.at("game").get<std::string>(), e.at("score").get<double>());
    total += (e.at("win").get<bool>() ? 1.0 : 0.0) + score_weight * s;
  }
  return total / static_cast<double>(episodes.size());
}

// The lines of a results file a --resume continues: every complete line; a last line cut off
// by an interrupted write is dropped (and the file rewritten without it).
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

// What a run shows while it goes: the bar on a terminal, a line now and then otherwise.
class TuneProgress {
 public:
  // `total`: the episodes to play.
  TuneProgress(size_t total, bool bar, bool log) : bar_(bar), log_(log) { progress_.total = total; }

  // `line` makes the line to log (it asks the model for the best so far: made only when shown).
  void Evaluated(const std::vector<EpisodeResult>& episodes,
                 const std::function<std::string()>& line) {
    // The bar counts episodes, so that its wins read against its count.
    progress_.done += episodes.size();
    ++evaluations_;
    for (const auto& e : episodes) {
      progress_.wins += e.win ? 1u : 0u;
      progress_.disqualified += e.disqualified ? 1u : 0u;
      progress_.errors += e.error.empty() ? 0u : 1u;
      if (!e.error.empty()) Print("vgdl tune: " + FormatEpisodeLine(e, 0, 0));
    }
    progress_.elapsed_s = std::chrono::duration<double>(Clock::now() - start_).count();
    if (bar_) {
      std::fprintf(stderr, "\r\033[K%s", FormatProgressBar(progress_).c_str());
      std::fflush(stderr);
    } else if (log_ && (evaluations_ == 1 || progress_.done == progress_.total ||
                        progress_.elapsed_s - last_log_s_ >= kLogEverySeconds)) {
      last_log_s_ = progress_.elapsed_s;
      Print(line());
    }
  }
  void Finish() {
    if (bar_) std::fputs("\r\033[K", stderr);
  }
  size_t errors() const { return progress_.errors; }

 private:
  void Print(const std::string& text) {
    if (bar_) std::fputs("\r\033[K", stderr);
    std::fprintf(stderr, "%s\n", text.c_str());
  }

  using Clock = std::chrono::steady_clock;
  bool bar_;
  bool log_;
  RunProgress progress_;
  size_t evaluations_ = 0;
  double last_log_s_ = 0.0;
  Clock::time_point start_ = Clock::now();
};

// Per point: the episodes played and won (the report's raw counts beside the model's).
struct Tally {
  int episodes = 0;
  int wins = 0;
};

// What the final report reads beside NTBEA's fitness model: the episodes and wins of every
// point evaluated, and the same tuples fed with win rates alone. Fed by every evaluation, played,
// replayed from --out or merged from shards' files.
class TuneTally {
 public:
  TuneTally(const SearchSpace& space, bool full_tuple)
      : space_(space), win_model_(space.Dimensions(), full_tuple) {}

  // Returns the wins among `episodes` (an evaluation line's episodes).
  int Add(const TuningPoint& point, const Json& episodes) {
    Tally& tally = tallies_[point];
    int wins = 0;
    for (const Json& e : episodes) wins += e.at("win").get<bool>() ? 1 : 0;
    tally.episodes += static_cast<int>(episodes.size());
    tally.wins += wins;
    win_model_.Add(point, static_cast<double>(wins) / static_cast<double>(episodes.size()));
    return wins;
  }

  void Report(const Ntbea& ntbea, const TuningPoint& best, int top) const {
    std::cout << "best: " << AgentLabel(space_.SpecOf(best)) << "\n"
              << "  spec: " << space_.SpecOf(best) << "\n"
              << "  " << Estimate(ntbea, best) << "\n";
    const auto neighbours = ntbea.RankedNeighbours(best, static_cast<size_t>(top));
    if (neighbours.empty()) return;
    std::cout << "top " << neighbours.size() << " neighbours by the model:\n";
    for (size_t i = 0; i < neighbours.size(); ++i) {
      char head[32];
      std::snprintf(head, sizeof(head), "%3zu. ", i + 1);
      std::cout << head << AgentLabel(space_.SpecOf(neighbours[i])) << "  "
                << Estimate(ntbea, neighbours[i]) << "\n";
    }
  }

  // "win rate 0.62 (model; fitness 0.65), evaluated 7 times: 5 wins of 7 episodes"
  std::string Estimate(const Ntbea& ntbea, const TuningPoint& p) const {
    char buf[200];
    const auto win = win_model_.Mean(p);
    const auto fitness = ntbea.model().Mean(p);
    if (!win || !fitness) return "not estimated (nothing of it was evaluated)";
    const auto it = tallies_.find(p);
    const Tally t = it == tallies_.end() ? Tally{} : it->second;
    const int count = ntbea.model().Count(p);
    if (count == 0) {
      std::snprintf(buf, sizeof(buf),
                    "estimated win rate %.3f (model mean; fitness %.3f), never evaluated itself",
                    *win, *fitness);
    } else {
      std::snprintf(buf, sizeof(buf),
                    "estimated win rate %.3f (model mean; fitness %.3f), evaluated %d time%s: %d "
                    "win%s of %d episode%s",
                    *win, *fitness, count, count == 1 ? "" : "s", t.wins, t.wins == 1 ? "" : "s",
                    t.episodes, t.episodes == 1 ? "" : "s");
    }
    return buf;
  }

 private:
  const SearchSpace& space_;
  NTupleModel win_model_;
  std::map<TuningPoint, Tally> tallies_;
};

// The seed a run's episode seeds derive from: the run seed, or for shard K of N one of its own
// (and each shard starts on the K-th (game, level) slot), so that shards play other episodes.
uint64_t EpisodeSeedBase(uint64_t run_seed, const Shard& shard) {
  return shard.count > 1 ? SplitMix64(run_seed ^ Fnv1a64("vgdl tune shard") ^
                                      static_cast<uint64_t>(shard.index))
                         : run_seed;
}

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
  TuningPoint Run(Ntbea& ntbea, const TuningPoint& start, TuneProgress& progress) {
    progress_ = &progress;
    return ntbea.Run(
        start, [&](const TuningPoint& p, int i) { return Evaluate(p, i); },
        [&](const NtbeaStep& step) { Record(step, ntbea); });
  }

  void Report(const Ntbea& ntbea, const TuningPoint& best) const {
    tally_.Report(ntbea, best, args_.top);
  }

  bool write_failed() const { return write_failed_; }

 private:
  double Evaluate(const TuningPoint& point, int evaluation) {
    const std::string spec = space_.SpecOf(point);
    const auto i = static_cast<size_t>(evaluation);
    played_.clear();
    if (i < replay_.size()) {
      pending_ = replay_[i];
      if (pending_.at("evaluation").get<int>() != evaluation) {
        Fail("'" + args_.out + "' line " + std::to_string(i + 1) + " is evaluation " +
             std::to_string(pending_.at("evaluation").get<int>()) + ", not " +
             std::to_string(evaluation));
      }
      if (pending_.at("agent").get<std::string>() != spec) {
        Fail("'" + args_.out + "' evaluation " + std::to_string(i) + " is of " +
             pending_.at("agent").get<std::string>() + ", this run proposes " + spec +
             ": the file was written by another version or with other options");
      }
      return Fitness(pending_.at("episodes"), args_.score_weight, ranges_);
    }
    played_.resize(static_cast<size_t>(args_.repeats));
    RunParallel(played_.size(), args_.jobs, [&](size_t r) {
      const size_t k = i * played_.size() + r;
      const auto& [game_index, level] = arena_.slots[(first_slot_ + k) % arena_.slots.size()];
      const RunGame& game = arena_.games[game_index];
      EpisodeTask task;
      task.agent = spec;
      task.game_index = static_cast<int>(game_index);
      task.game = game.name;
      task.level = level;
      task.rep = static_cast<int>(k);
      task.seed = DeriveEpisodeSeed(episode_seed_, 0, game.name, level, task.rep);
      task.run_seed = seed_;
      const AgentFactory factory = [&spec](uint64_t agent_seed) {
        std::string error;
        auto agent = CreateAgent(spec, agent_seed, &error);
        if (agent == nullptr) throw std::runtime_error(error);
        return agent;
      };
      played_[r] = RunEpisode(game, task, factory, rules_);
    });
    Json episodes = Json::array();
    for (const EpisodeResult& e : played_) {
      Json line{{"game", e.game}, {"level", e.level}, {"seed", e.seed},
                {"win", e.win},   {"score", e.score}, {"ticks", e.ticks}};
      if (e.disqualified) line["disqualified"] = e.disqualified_for;
      if (!e.error.empty()) line["error"] = e.error;
      episodes.push_back(std::move(line));
    }
    Json candidate = Json::object();
    for (size_t p = 0; p < point.size(); ++p) {
      candidate[space_.parameters()[p].key] =
          space_.parameters()[p].values[static_cast<size_t>(point[p])];
    }
    pending_ = Json{{"evaluation", evaluation}, {"agent", spec},     {"candidate", candidate},
                    {"episodes", episodes},     {"run_seed", seed_}, {"settings", settings_}};
    const double fitness = Fitness(episodes, args_.score_weight, ranges_);
    pending_["fitness"] = fitness;
    return fitness;
  }

  void Record(const NtbeaStep& step, const Ntbea& ntbea) {
    const Json& episodes = pending_.at("episodes");
    const int wins = tally_.Add(step.point, episodes);
    if (played_.empty()) return;  // replayed from the file
    pending_["win_rate"] = static_cast<double>(wins) / static_cast<double>(episodes.size());
    pending_["predicted"] = step.predicted ? Json(*step.predicted) : Json(nullptr);
    pending_["estimate"] = step.estimate;
    if (out_ != nullptr) {
      *out_ << pending_.dump() << "\n" << std::flush;
      if (!*out_) write_failed_ = true;
    }
    progress_->Evaluated(played_, [&] {
      const TuningPoint best = ntbea.Recommendation();
      char body[96];
      std::snprintf(body, sizeof(body), ": fitness %.3f (%d of %zu won); best so far ",
                    step.fitness, wins, episodes.size());
      return "vgdl tune: [" + std::to_string(step.evaluation + 1) + "/" +
             std::to_string(args_.ntbea.evaluations) + "] " +
             AgentLabel(space_.SpecOf(step.point)) + body + AgentLabel(space_.SpecOf(best)) + ", " +
             tally_.Estimate(ntbea, best);
    });
  }

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

// Opens --out for the run: new, replaced (--overwrite) or continued (--resume, rewritten with
// the complete lines it holds). Returns the lines to replay.
std::vector<Json> OpenOut(const TuneArgs& args, std::ofstream& out, std::optional<uint64_t>& seed) {
  if (args.out.empty()) return {};
  std::error_code ec;
  const bool exists = fs::exists(args.out, ec) && fs::file_size(args.out, ec) > 0;
  if (exists && !args.resume && !args.overwrite)
    Fail("'" + args.out + "' exists: --resume continues that run, --overwrite replaces it");
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

// The search seed of a run, or of shard K of N (an independent search of its own).
uint64_t SearchSeed(uint64_t run_seed, const Shard& shard) {
  const uint64_t seed = SplitMix64(run_seed ^ Fnv1a64("vgdl tune"));  // apart from the episodes'
  return shard.count > 1 ? SplitMix64(seed ^ static_cast<uint64_t>(shard.index)) : seed;
}

// The evaluations of a sharded run's files, checked to be of one run.
struct ShardFiles {
  Json settings;                 // the run's, without the shard
  std::set<std::string> shards;  // "K/N" of each file
  std::vector<Json> records;     // every evaluation of every file
};

ShardFiles ReadShardFiles(const std::vector<std::string>& files) {
  ShardFiles run;
  std::optional<uint64_t> seed;
  std::optional<std::string> count;  // N of the shards
  for (const std::string& file : files) {
    if (!fs::exists(file)) Fail("'" + file + "' does not exist");
    std::vector<Json> lines = ReadRecords(file);
    if (lines.empty()) Fail("'" + file + "' holds no evaluation");
    const uint64_t file_seed = RecordedSeed(lines, file);
    if (seed && *seed != file_seed) {
      Fail("'" + file + "' is of another run (--seed " + std::to_string(file_seed) + ", not " +
           std::to_string(*seed) + ")");
    }
    seed = file_seed;
    const Json file_settings = lines.front().value("settings", Json::object());
    CheckRecords(lines, file, file_settings, file_seed);  // one shard's settings on every line
    const std::string shard = file_settings.value("shard", "1/1");
    Json settings = file_settings;
    settings.erase("shard");
    if (!run.settings.is_null() && settings != run.settings)
      Fail("'" + file + "' was written with other settings than '" + files.front() + "'");
    run.settings = settings;
    const std::string of = shard.substr(shard.find('/') + 1);
    if (count && *count != of) Fail("'" + file + "' is shard " + shard + ", of another count");
    count = of;
    if (!run.shards.insert(shard).second) Fail("shard " + shard + " is given twice");
    for (Json& line : lines) run.records.push_back(std::move(line));
  }
  return run;
}

// --merge: one model of the evaluations of every shard's file, and its report.
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

void Tune(TuneArgs args) {
  CheckArgs(args);
  args.ntbea.full_tuple = !args.no_full_tuple;
  std::string error;
  const auto space = SearchSpace::Parse(args.agent, args.space, &error);
  if (!space) Fail(error);
  for (const std::string& note : space->notes()) spdlog::warn("{}", note);
  if (!args.merge.empty()) return Merge(args, *space);
  if (!args.shard_text.empty()) {
    const auto shard = ParseShard(args.shard_text, &error);
    if (!shard) Fail("--shard: " + error);
    args.shard = *shard;
  }
  const Rules rules = args.budget.ToRules(kName);
  const Arena arena = LoadArena(args);
  if (args.jobs > args.repeats) {
    spdlog::warn("-j {} plays the {} episode{} of one evaluation at once: {} thread{} idle",
                 args.jobs, args.repeats, args.repeats == 1 ? "" : "s", args.jobs - args.repeats,
                 args.jobs - args.repeats == 1 ? " stays" : "s stay");
  }
  std::ofstream out;
  std::optional<uint64_t> seed = args.seed;
  std::vector<Json> replay = OpenOut(args, out, seed);
  if (!seed) seed = std::random_device{}() & kSeedMask;
  CheckRecords(replay, args.out, RunSettings(args, *space, rules), *seed);
  if (replay.size() > static_cast<size_t>(args.ntbea.evaluations)) {
    spdlog::warn("'{}' holds {} evaluations, more than --evaluations {}: the first {} count",
                 args.out, replay.size(), args.ntbea.evaluations, args.ntbea.evaluations);
  }

  NtbeaSettings settings = args.ntbea;
  settings.seed = SearchSeed(*seed, args.shard);
  Ntbea ntbea(space->Dimensions(), settings,
              [&space](const TuningPoint& p) { return space->Accepts(p); });
  // Shard 1 starts from the defaults, the others from a point of their own, so that the
  // searches spread over the space.
  TuningPoint start = space->DefaultPoint();
  if (args.shard.index > 1 || !space->Accepts(start)) {
    const auto random = ntbea.RandomValidPoint();
    if (!random) Fail("the agent refuses every point of the space that was tried");
    start = *random;
  }

  const bool quiet = spdlog::get_level() >= spdlog::level::err;
  const bool bar = !quiet && !args.no_progress && isatty(fileno(stderr)) != 0;
  const size_t resumed = std::min(replay.size(), static_cast<size_t>(args.ntbea.evaluations));
  if (!quiet) {
    std::fprintf(stderr,
                 "vgdl tune: seed %llu, budget %s, %s, %d evaluations of %d episode%s (%zu "
                 "resumed), %zu (game, level) pairs, %d thread%s\n",
                 static_cast<unsigned long long>(*seed), rules.Describe().c_str(),
                 space->Describe().c_str(), args.ntbea.evaluations, args.repeats,
                 args.repeats == 1 ? "" : "s", resumed, arena.slots.size(), args.jobs,
                 args.jobs == 1 ? "" : "s");
  }
  TuneProgress progress(
      (static_cast<size_t>(args.ntbea.evaluations) - resumed) * static_cast<size_t>(args.repeats),
      bar, !quiet);
  Tuner tuner(args, *space, arena, rules, *seed, std::move(replay), out.is_open() ? &out : nullptr);
  const TuningPoint best = tuner.Run(ntbea, start, progress);
  progress.Finish();
  tuner.Report(ntbea, best);
  if (tuner.write_failed()) Fail("writing '" + args.out + "' failed");
  if (progress.errors() > 0) {
    std::cerr << "vgdl tune: " << progress.errors()
              << " episode(s) ended with an error (see the log)\n";
    throw CommandExit{kExitInternalError};
  }
}

}  // namespace
}  // namespace vgdl::tools::tune_command

namespace vgdl::tools {

void AddTuneCommand(CLI::App& app) {
  auto args = std::make_shared<tune_command::TuneArgs>();
  CLI::App* cmd = app.add_subcommand(
      "tune",
      "Tune an agent's options with NTBEA (Lucas et al. 2018; Gaina's thesis §6.1): each "
      "evaluation plays the candidate on a game of --game under the chosen budget; prints the "
      "best configuration, its estimated win rate and its best neighbours.");
  cmd->add_option("-a,--agent", args->agent,
                  "Agent spec; its options stay fixed, e.g. rhea or rhea:shift")
      ->required();
  cmd->add_option("--space", args->space,
                  "Options to tune and their values: \"p=4,6,10,20;l=8..20;shift;init\" (a range "
                  "low..high[/count] gives evenly or ratio-spaced values; a key alone takes "
                  "what the option declares: a bool's false,true, a string's choices, a "
                  "number's range)")
      ->required();
  cmd->add_option("-g,--game", args->games,
                  "Games, comma separated (repeatable); a folder means every game file under it");
  AddGamesDirOption(cmd, args->games_dir);
  AddGvgaiSubsetFlag(cmd, args->gvgai_subset);
  cmd->add_option("--levels", args->levels, "Levels, e.g. 0-4 or 0,2 (default: all)");
  cmd->add_option("-n,--evaluations", args->ntbea.evaluations,
                  "NTBEA evaluations (default 1500, the thesis's)");
  cmd->add_option("--neighbours", args->ntbea.neighbours, "Neighbours per iteration (50)");
  cmd->add_option("--k", args->ntbea.k, "UCB exploration weight (2)");
  cmd->add_option("--epsilon", args->ntbea.epsilon,
                  "Added to a combination's count in the exploration term (0.5)");
  cmd->add_flag("--no-full-tuple", args->no_full_tuple,
                "Model 1- and 2-tuples only, without the tuple of all parameters");
  cmd->add_option("--repeats", args->repeats,
                  "Episodes per evaluation, on successive (game, level) pairs; fitness = their "
                  "mean (default 1)");
  cmd->add_option("--score-weight", args->score_weight,
                  "Fitness = win + W * score normalised per game to [0, 1] (default 0.1)");
  cmd->add_option("--seed", args->seed, "Run seed: the search and every episode derive from it");
  args->budget.AddTo(cmd);
  cmd->add_option("-j,--jobs", args->jobs, "Episodes of one evaluation in parallel");
  cmd->add_option("-o,--out", args->out, "Write one JSON line per evaluation to FILE");
  cmd->add_flag("--resume", args->resume,
                "Rebuild the model from --out and continue the run (its seed unless --seed)");
  cmd->add_flag("--overwrite", args->overwrite, "Replace an existing --out file");
  cmd->add_flag("--no-progress", args->no_progress, "Log lines instead of a progress bar");
  cmd->add_option("--top", args->top, "Neighbours of the best to list (10)");
  cmd->add_option("--shard", args->shard_text,
                  "Run shard K of N independent searches (its own search seed, start and "
                  "episodes); --merge reports on the shards' files together");
  cmd->add_option("--merge", args->merge,
                  "Report on the --out files of a sharded run (or of one run) as one model: the "
                  "best configuration and its neighbours; plays nothing")
      ->expected(1, -1);
  cmd->callback([args] { tune_command::Tune(*args); });
}

}  // namespace vgdl::tools
