// Breadth-First Tree Initialisation and Safety Prepruning, BFTI (Soemers 2016 §4.1.1; M = 3,
// §5.2.2).
//
// At the start of every search, before the MCTS iterations, every root action advances M
// copies of the root state by one tick (agents/common/safety.h). The actions with the fewest
// immediate losses are safe; the others are pruned at the root (neither selected nor played;
// their nodes exist, unvisited, so that no play-out from the root starts with them).
// Each safe action's node is created if missing and gets the mean evaluation of its M states
// as one simulation (the root is visited once per child as well, so the counts stay
// consistent, as MaastCTS2 does). The M states are cached in their action's slot, and each is
// used by one later simulation that selects that action, which then starts from the cached
// successor instead of simulating the first step again.
#pragma once

#include <array>
#include <functional>

#include "agents/common/action_list.h"
#include "agents/common/budget.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/mcts/tree.h"

namespace vgdl {

class BreadthFirstInit {
 public:
  // At most this many successors are cached per action; further samples only count losses.
  static constexpr int kMaxCachedPerAction = 4;

  // Evaluates a generated state (the agent's X(s), with knowledge-based terms if enabled).
  using Evaluator = std::function<double(const State&)>;

  // Safety prepruning and initialisation of the root of `tree` (the root's state `root`,
  // actions `actions`), `samples` states per action.
  void Run(const State& root, const ActionList& actions, int samples, Tree& tree, Budget& budget,
           AgentRandom& rng, const Evaluator& evaluate);

  // Forgets the prunings and cached states (a search without BFTI this tick).
  void Clear();

  // Whether root action index `action` was pruned by the last Run.
  bool Pruned(int action) const { return pruned_[static_cast<size_t>(action)]; }
  // If a cached successor of root action `action` is left, moves it into `state` and returns
  // true (each cached state serves one simulation).
  bool TakeCached(int action, State& state);

 private:
  struct Slot {
    std::array<SimState, kMaxCachedPerAction> states;
    int count = 0;  // cached states left: states[0..count)
  };

  std::array<bool, kMaxSearchActions> pruned_{};
  std::array<Slot, kMaxSearchActions> slots_;
  SimState scratch_;
};

}  // namespace vgdl
