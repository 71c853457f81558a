// Safety prepruning (Geffner & Geffner 2015; Soemers 2016 §3.3.1 and §4.1.1).
//
// For every action a available in the root state s, M copies of s are advanced one tick with a
// and the losses among the successors are counted, D(a, s). Only the actions with the fewest
// losses are safe; the others are pruned. IW(1) uses it at its root; BFTI is the same process
// in MCTS. Copies are made round by round (one sample of every action per round), so that a
// budget that ends early leaves every action sampled equally often; counts use complete rounds
// only.
#pragma once

#include <array>
#include <cstdint>

#include "agents/common/action_list.h"
#include "agents/common/budget.h"
#include "agents/common/evaluation.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"

namespace vgdl {

struct SafetyCounts {
  std::array<int, kMaxSearchActions> losses{};  // D(a, s) over complete rounds
  int actions = 0;
  int rounds = 0;  // complete rounds

  // Whether action index `i` has the fewest losses. With no complete round, every action is.
  bool safe(int i) const;
  int safe_count() const;
};

// Runs up to `samples_per_action` rounds. `on_sample(action_index, successor)` sees every
// successor (also those of an unfinished last round) and may swap the successor state away.
template <typename OnSample>
SafetyCounts RunSafetyPrepruning(const State& root, const ActionList& actions,
                                 int samples_per_action, Budget& budget, AgentRandom& rng,
                                 SimState& scratch, OnSample&& on_sample) {
  SafetyCounts counts;
  counts.actions = actions.size();
  std::array<int, kMaxSearchActions> round_losses{};
  for (int round = 0; round < samples_per_action; ++round) {
    round_losses.fill(0);
    for (int i = 0; i < actions.size(); ++i) {
      if (!budget.HasRoom()) return counts;
      State& next = scratch.CopyFrom(root, rng);
      SimulateStep(next, actions[i], budget);
      round_losses[static_cast<size_t>(i)] = IsLoss(next) ? 1 : 0;
      on_sample(i, next);
    }
    for (int i = 0; i < actions.size(); ++i) {
      counts.losses[static_cast<size_t>(i)] += round_losses[static_cast<size_t>(i)];
    }
    ++counts.rounds;
  }
  return counts;
}

}  // namespace vgdl
