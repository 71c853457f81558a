// Monte Carlo rollouts at the end of an individual (Gaina 2021 §3.2.7, Alg. 6 MCSIMULATION;
// spec/RHEA.md §2.7, "EA-roll" after Horn et al.): from the state the genome reached, R random
// play-outs of floor(factor x L) ticks, each from a fresh copy; their values join the
// individual's values F before the fitness assignment.
//
// A rollout that reaches the end of the game stops there (no call is charged for the ticks
// after it) and its final value stands for the ticks it did not play; so "ticks" and "final"
// give the same last value, and R fresh copies never share an end (RHv2's shared `ok` flag
// does; RHEA.md §1.11).
#pragma once

#include <vector>

#include "agents/common/action_list.h"
#include "agents/common/budget.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/rhea/fitness.h"

namespace vgdl::rhea {

class Rollouts {
 public:
  // Room for rollouts of up to `max_ticks` ticks.
  explicit Rollouts(int max_ticks);

  // Appends to `values` (whose capacity must hold them): with RolloutValue::kPerTick, the
  // average over the repeats of each rollout tick's value (`ticks` values); with kFinal, the
  // average of the repeats' final values (one). Uniformly random actions of `actions`. False
  // when the budget ends first (`values` then holds part of them).
  bool Append(const State& end, int ticks, int repeats, RolloutValue kind,
              const ActionList& actions, StateHeuristic& heuristic, Budget& budget,
              AgentRandom& rng, std::vector<double>& values);

 private:
  SimState state_;
  std::vector<double> tick_sums_;
};

}  // namespace vgdl::rhea
