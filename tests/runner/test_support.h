// Test-only agents and helpers for the runner's rule tests.
//
// The rule agents burn the thread's CPU clock on purpose (sleeping would not count: the runner,
// like GVGAI, measures CPU time), and play scripted actions.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "runner/episode.h"
#include "runner/plan.h"

namespace vgdl::testing {

inline std::string AgentsDataDir() {
  return std::string(VGDL_TEST_DATA_DIR) + "/agents";
}

// Loads tests/data/agents/<name>.txt with its levels; fails the test when it does not load.
inline RunGame LoadTestGame(const std::string& name) {
  std::string error;
  auto game = LoadRunGame(AgentsDataDir() + "/" + name + ".txt", "", &error);
  if (!game) {
    ADD_FAILURE() << "test game '" << name << "' does not load: " << error;
    return {};
  }
  return *std::move(game);
}

// Burns `ms` of this thread's CPU time, as the runner measures it (a Budget's time, clock
// jumps discarded), so that a jump of the raw clock cannot cut the burn short.
inline void SpinCpu(double ms) {
  Budget clock = Budget::CpuTime(0, 0);
  const auto ns = static_cast<int64_t>(ms * 1e6);
  volatile uint64_t sink = 0;
  while (clock.ElapsedNanos() < ns) sink = sink + 1;
}

// Plays `script[tick]` (the last entry after the script ends), burning `act_ms[tick]` of CPU
// first (0 past the end), and `init_ms` in Init. `on_act` may throw to test error handling.
class ScriptedAgent : public Agent {
 public:
  std::vector<Action> script = {Action::kNil};
  std::vector<double> act_ms;
  double init_ms = 0.0;
  std::function<void(int tick)> on_act;

  void Init(const State& /*observation*/, Budget& /*budget*/) override { SpinCpu(init_ms); }
  Action Act(const State& observation, Budget& /*budget*/) override {
    const auto t = static_cast<size_t>(observation.tick());
    if (t < act_ms.size()) SpinCpu(act_ms[t]);
    if (on_act) on_act(observation.tick());
    return t < script.size() ? script[t] : script.back();
  }
  std::string Name() const override { return "scripted"; }
};

inline EpisodeTask TaskFor(const std::string& game, int level = 0, uint64_t seed = 7) {
  EpisodeTask t;
  t.agent = "scripted";
  t.game = game;
  t.level = level;
  t.seed = seed;
  return t;
}

// A factory handing out a copy of a configured scripted agent.
inline AgentFactory Scripted(const ScriptedAgent& prototype) {
  return [prototype](uint64_t /*seed*/) { return std::make_unique<ScriptedAgent>(prototype); };
}

}  // namespace vgdl::testing
