// `osla`: one-step lookahead.
#include "agents/osla/osla_agent.h"

#include <limits>
#include <random>
#include <stdexcept>

#include "engine/game.h"
#include "engine/observation.h"

namespace vgdl {

namespace {

// Terminal values dominate any score of the corpus (scores stay well below 1e6).
constexpr double kWinValue = 1e7;
constexpr double kLossValue = -1e7;

double Evaluate(const State& s) {
  switch (GameWinner(s)) {
    case Winner::kWins:
      return kWinValue + Score(s);
    case Winner::kLoses:
      return kLossValue + Score(s);
    case Winner::kNone:
      break;
  }
  return Score(s);
}

class OslaAgent : public Agent {
 public:
  OslaAgent(std::string name, int64_t samples, double noise, uint64_t seed)
      : name_(std::move(name)), samples_(samples), noise_(noise), rng_(seed) {}

  void Init(const State& /*observation*/, Budget& /*budget*/) override {}

  Action Act(const State& observation, Budget& budget) override {
    stats_ = {};
    const std::vector<Action> actions = AvailableActions(observation);
    if (actions.empty()) return Action::kNil;
    totals_.assign(actions.size(), 0.0);
    counts_.assign(actions.size(), 0);
    // Sweep all actions `samples_` times (or until the budget ends when samples_ is 0).
    for (int64_t round = 0; samples_ == 0 || round < samples_; ++round) {
      if (!Sweep(observation, actions, budget)) break;
    }
    return Best(actions);
  }

  AgentStats LastStats() const override { return stats_; }
  std::string Name() const override { return name_; }

 private:
  // One evaluation per action; false when the budget ran out on the way.
  bool Sweep(const State& observation, const std::vector<Action>& actions, Budget& budget) {
    for (size_t i = 0; i < actions.size(); ++i) {
      if (!budget.HasRoom()) return false;
      State next = observation.Fork();
      budget.CountCall();
      Advance(next, actions[i], StepMode::kForwardModel);
      ++stats_.fm_calls;
      ++stats_.iterations;
      totals_[i] += Evaluate(next);
      ++counts_[i];
    }
    return true;
  }

  Action Best(const std::vector<Action>& actions) {
    size_t best = 0;
    double best_value = -std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < actions.size(); ++i) {
      if (counts_[i] == 0) continue;
      // An absolute perturbation below any score step: it only decides between equal values.
      const double mean = totals_[i] / static_cast<double>(counts_[i]);
      const double value = mean + noise_ * Unit();
      if (value > best_value) {
        best_value = value;
        best = i;
      }
    }
    if (counts_[best] == 0) {  // no evaluation fitted in the budget: any action is a guess
      return actions[rng_() % actions.size()];
    }
    return actions[best];
  }

  // Uniform in [0, 1), the same on every standard library.
  double Unit() { return static_cast<double>(rng_() >> 11) * 0x1.0p-53; }

  std::string name_;
  int64_t samples_;
  double noise_;
  std::mt19937_64 rng_;
  AgentStats stats_;
  // Scratch reused across ticks.
  std::vector<double> totals_;
  std::vector<int64_t> counts_;
};

}  // namespace

AgentSpec OslaSpec() {
  AgentSpec spec;
  spec.name = "osla";
  spec.summary = "one-step lookahead: best value after one tick (win > score > loss)";
  spec.paper = "GVGAI sample controller sampleonesteplookahead (Perez-Liebana et al., GVGAI 2016)";
  spec.options = {
      {"samples", OptionType::kInt, "1",
       "forward-model samples per action, averaged; 0 = as many as the budget allows"},
      {"noise", OptionType::kDouble, "1e-6",
       "tie-breaking noise added to values (GVGAI's epsilon)"},
  };
  spec.create = [](const AgentOptions& options, uint64_t seed) -> std::unique_ptr<Agent> {
    const int64_t samples = options.GetInt("samples");
    const double noise = options.GetDouble("noise");
    if (samples < 0) throw std::invalid_argument("samples must be >= 0");
    if (noise < 0.0) throw std::invalid_argument("noise must be >= 0");
    return std::make_unique<OslaAgent>(options.Canonical("osla"), samples, noise, seed);
  };
  return spec;
}

}  // namespace vgdl
