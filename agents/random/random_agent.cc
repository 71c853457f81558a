// `random`: GVGAI's sampleRandom controller.
#include "agents/random/random_agent.h"

#include <random>

#include "engine/observation.h"

namespace vgdl {

namespace {

class RandomAgent : public Agent {
 public:
  RandomAgent(std::string name, bool with_nil, uint64_t seed)
      : name_(std::move(name)), with_nil_(with_nil), rng_(seed) {}

  void Init(const State& /*observation*/, Budget& /*budget*/) override {}

  Action Act(const State& observation, Budget& /*budget*/) override {
    const std::vector<Action> actions = AvailableActions(observation, 0, with_nil_);
    if (actions.empty()) return Action::kNil;
    // Modulo with rejection: std::uniform_int_distribution differs between standard
    // libraries, and a run must replay the same on every machine.
    const uint64_t n = actions.size();
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t draw = rng_();
    while (draw >= limit) draw = rng_();
    return actions[draw % n];
  }

  std::string Name() const override { return name_; }

 private:
  std::string name_;
  bool with_nil_;
  std::mt19937_64 rng_;
};

}  // namespace

AgentSpec RandomSpec() {
  AgentSpec spec;
  spec.name = "random";
  spec.summary = "uniformly random action among the avatar's actions";
  spec.paper =
      "GVGAI sample controller sampleRandom (Perez-Liebana et al., GVGAI competition 2016)";
  spec.options = {
      {"nil", OptionType::kBool, "false", "also draw ACTION_NIL (getAvailableActions(true))"},
  };
  spec.create = [](const AgentOptions& options, uint64_t seed) -> std::unique_ptr<Agent> {
    return std::make_unique<RandomAgent>(options.Canonical("random"), options.GetBool("nil"), seed);
  };
  return spec;
}

}  // namespace vgdl
