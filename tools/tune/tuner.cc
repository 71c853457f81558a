#include "tools/tune/tuner.h"

#include <cstdio>
#include <stdexcept>
#include <string>

#include "agents/registry.h"
#include "runner/parallel.h"
#include "runner/seeds.h"

namespace vgdl::tools::tune_command {

uint64_t EpisodeSeedBase(uint64_t run_seed, const Shard& shard) {
  return shard.count > 1 ? SplitMix64(run_seed ^ Fnv1a64("vgdl tune shard") ^
                                      static_cast<uint64_t>(shard.index))
                         : run_seed;
}

uint64_t SearchSeed(uint64_t run_seed, const Shard& shard) {
  const uint64_t seed = SplitMix64(run_seed ^ Fnv1a64("vgdl tune"));  // apart from the episodes'
  return shard.count > 1 ? SplitMix64(seed ^ static_cast<uint64_t>(shard.index)) : seed;
}

TuningPoint Tuner::Run(Ntbea& ntbea, const TuningPoint& start, TuneProgress& progress) {
  progress_ = &progress;
  return ntbea.Run(
      start, [&](const TuningPoint& p, int i) { return Evaluate(p, i); },
      [&](const NtbeaStep& step) { Record(step, ntbea); });
}

double Tuner::Evaluate(const TuningPoint& point, int evaluation) {
  const std::string spec = space_.SpecOf(point);
  const auto i = static_cast<size_t>(evaluation);
  played_.clear();
  if (i < replay_.size()) return Replay(i, spec);
  Play(i, spec);
  pending_ = Json{
      {"evaluation", evaluation},          {"agent", spec},     {"candidate", Candidate(point)},
      {"episodes", EpisodeLines(played_)}, {"run_seed", seed_}, {"settings", settings_}};
  const double fitness = Fitness(pending_.at("episodes"), args_.score_weight, ranges_);
  pending_["fitness"] = fitness;
  return fitness;
}

double Tuner::Replay(size_t i, const std::string& spec) {
  pending_ = replay_[i];
  const int evaluation = static_cast<int>(i);
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

void Tuner::Play(size_t i, const std::string& spec) {
  played_.resize(static_cast<size_t>(args_.repeats));
  const AgentFactory factory = [&spec](uint64_t agent_seed) {
    std::string error;
    auto agent = CreateAgent(spec, agent_seed, &error);
    if (agent == nullptr) throw std::runtime_error(error);
    return agent;
  };
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
    played_[r] = RunEpisode(game, task, factory, rules_);
  });
}

Json Tuner::Candidate(const TuningPoint& point) const {
  Json candidate = Json::object();
  for (size_t p = 0; p < point.size(); ++p) {
    candidate[space_.parameters()[p].key] =
        space_.parameters()[p].values[static_cast<size_t>(point[p])];
  }
  return candidate;
}

Json EpisodeLines(const std::vector<EpisodeResult>& played) {
  Json episodes = Json::array();
  for (const EpisodeResult& e : played) {
    Json line{{"game", e.game}, {"level", e.level}, {"seed", e.seed},
              {"win", e.win},   {"score", e.score}, {"ticks", e.ticks}};
    if (e.disqualified) line["disqualified"] = e.disqualified_for;
    if (!e.error.empty()) line["error"] = e.error;
    episodes.push_back(std::move(line));
  }
  return episodes;
}

void Tuner::Record(const NtbeaStep& step, const Ntbea& ntbea) {
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
    std::snprintf(body, sizeof(body), ": fitness %.3f (%d of %zu won); best so far ", step.fitness,
                  wins, episodes.size());
    return "vgdl tune: [" + std::to_string(step.evaluation + 1) + "/" +
           std::to_string(args_.ntbea.evaluations) + "] " + AgentLabel(space_.SpecOf(step.point)) +
           body + AgentLabel(space_.SpecOf(best)) + ", " + tally_.Estimate(ntbea, best);
  });
}

}  // namespace vgdl::tools::tune_command
