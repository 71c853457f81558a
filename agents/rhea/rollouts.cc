#include "agents/rhea/rollouts.h"

#include <algorithm>

namespace vgdl::rhea {

Rollouts::Rollouts(int max_ticks) : tick_sums_(static_cast<size_t>(std::max(0, max_ticks))) {}

bool Rollouts::Append(const State& end, int ticks, int repeats, RolloutValue kind,
                      const ActionList& actions, StateHeuristic& heuristic, Budget& budget,
                      AgentRandom& rng, std::vector<double>& values) {
  std::fill(tick_sums_.begin(), tick_sums_.begin() + ticks, 0.0);
  double final_sum = 0.0;
  for (int r = 0; r < repeats; ++r) {
    State& s = state_.CopyFrom(end, rng);
    double value = heuristic.Value(s);
    for (int t = 0; t < ticks; ++t) {
      if (!s.ended()) {
        if (!SimulateStepWithin(s, actions[rng.NextInt(actions.size())], budget)) return false;
        value = heuristic.Value(s);
      }
      tick_sums_[static_cast<size_t>(t)] += value;
    }
    final_sum += value;
  }
  if (kind == RolloutValue::kFinal) {
    values.push_back(final_sum / repeats);
    return true;
  }
  for (int t = 0; t < ticks; ++t) values.push_back(tick_sums_[static_cast<size_t>(t)] / repeats);
  return true;
}

}  // namespace vgdl::rhea
