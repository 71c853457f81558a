// A plugin for the loader's tests (tests/agents/plugin_loader_test.cc, tests/tools/): plays the
// avatar's first action, or throws where its option `fail` says, to show that a failing plugin
// is reported and the run goes on.
#include <memory>
#include <stdexcept>
#include <string>

#include "agents/plugin.h"
#include "engine/observation.h"

namespace {

class FirstActionAgent : public vgdl::Agent {
 public:
  FirstActionAgent(std::string name, std::string fail)
      : name_(std::move(name)), fail_(std::move(fail)) {}

  void Init(const vgdl::State& /*observation*/, vgdl::Budget& /*budget*/) override {
    if (fail_ == "init") throw std::runtime_error("the test plugin fails in init");
  }

  vgdl::Action Act(const vgdl::State& observation, vgdl::Budget& /*budget*/) override {
    if (fail_ == "act" && observation.tick() >= 3) {
      throw std::runtime_error("the test plugin fails in act");
    }
    const auto actions = vgdl::AvailableActions(observation);
    return actions.empty() ? vgdl::Action::kNil : actions.front();
  }

  std::string Name() const override { return name_; }

 private:
  std::string name_;
  std::string fail_;
};

vgdl::AgentSpec Describe() {
  vgdl::AgentSpec spec;
  spec.name = "first-action";
  spec.summary = "plays the avatar's first action (a test plugin)";
  spec.options = {
      {.key = "depth",
       .type = vgdl::OptionType::kInt,
       .default_value = "3",
       .help = "unused; has a range",
       .range = {1, 10}},
      {.key = "fail",
       .type = vgdl::OptionType::kString,
       .default_value = "none",
       .help = "where to throw",
       .choices = {"none", "create", "init", "act"}},
  };
  spec.create = [](const vgdl::AgentOptions& options, uint64_t /*seed*/) {
    const std::string fail = options.GetString("fail");
    if (fail == "create") throw std::runtime_error("the test plugin fails in create");
    return std::make_unique<FirstActionAgent>(options.Canonical("first-action"), fail);
  };
  return spec;
}

}  // namespace

VGDL_AGENT_PLUGIN(Describe)
