// An agent built outside the vgdl tree: flat Monte Carlo. For each of the avatar's actions it
// plays random continuations `depth` ticks deep, as many as the budget allows, and takes the
// action whose continuations scored best on average (a win counts +1000, a loss -1000).
//
//   cmake -S . -B build -DCMAKE_PREFIX_PATH=/where/vgdl/is/installed && cmake --build build
//   vgdl run --agent ./build/libmy_agent.so:depth=8 --game cratedock --levels 0 --reps 1
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/plugin.h"
#include "engine/game.h"
#include "engine/observation.h"

namespace {

class FlatMonteCarlo : public vgdl::Agent {
 public:
  FlatMonteCarlo(std::string name, int depth, uint64_t seed)
      : name_(std::move(name)), depth_(depth), rng_(seed) {}

  void Init(const vgdl::State& /*observation*/, vgdl::Budget& /*budget*/) override {}

  vgdl::Action Act(const vgdl::State& observation, vgdl::Budget& budget) override {
    const std::vector<vgdl::Action> actions = vgdl::AvailableActions(observation);
    if (actions.empty()) return vgdl::Action::kNil;
    std::vector<double> total(actions.size(), 0.0);
    std::vector<int> plays(actions.size(), 0);
    stats_ = {};
    // One continuation per action in turn, while the budget has room for a whole one.
    for (size_t i = 0; budget.HasRoom(0, depth_); i = (i + 1) % actions.size()) {
      total[i] += Continuation(observation, actions[i], budget);
      ++plays[i];
      ++stats_.iterations;
    }
    size_t best = 0;
    double best_mean = -std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < actions.size(); ++i) {
      const double mean = plays[i] > 0 ? total[i] / plays[i] : 0.0;
      if (mean > best_mean) best_mean = mean, best = i;
    }
    stats_.fm_calls = budget.calls();
    return actions[best];
  }

  vgdl::AgentStats LastStats() const override { return stats_; }
  std::string Name() const override { return name_; }

 private:
  // The value of playing `first`, then random actions, from `observation`.
  double Continuation(const vgdl::State& observation, vgdl::Action first, vgdl::Budget& budget) {
    vgdl::State& sim = sim_.CopyFrom(observation, rng_);
    vgdl::Action action = first;
    for (int step = 0; step < depth_ && !vgdl::IsGameOver(sim); ++step) {
      budget.CountCall();
      vgdl::Advance(sim, action);
      const std::vector<vgdl::Action> next = vgdl::AvailableActions(sim);
      if (next.empty()) break;
      action = next[static_cast<size_t>(rng_.NextInt(static_cast<int>(next.size())))];
    }
    const double score = vgdl::Score(sim) - vgdl::Score(observation);
    switch (vgdl::GameWinner(sim)) {
      case vgdl::Winner::kWins:
        return score + 1000.0;
      case vgdl::Winner::kLoses:
        return score - 1000.0;
      default:
        return score;
    }
  }

  std::string name_;
  int depth_;
  vgdl::AgentRandom rng_;
  vgdl::SimState sim_;
  vgdl::AgentStats stats_;
};

vgdl::AgentSpec Describe() {
  vgdl::AgentSpec spec;
  spec.name = "flat-mc";
  spec.summary = "flat Monte Carlo: random continuations of each action, best mean value";
  spec.paper = "example agent of docs/own-agents.md";
  spec.options = {{.key = "depth",
                   .type = vgdl::OptionType::kInt,
                   .default_value = "10",
                   .help = "ticks played in each random continuation",
                   .range = {1, 200}}};
  spec.create = [](const vgdl::AgentOptions& options, uint64_t seed) {
    return std::make_unique<FlatMonteCarlo>(options.Canonical("flat-mc"),
                                            static_cast<int>(options.GetInt("depth")), seed);
  };
  return spec;
}

}  // namespace

VGDL_AGENT_PLUGIN(Describe)
