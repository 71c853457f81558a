// Population seeding of `rhea` (Gaina 2021 §3.2.3, Alg. 3 and 4, CEC'17; spec/RHEA.md §2.3).
// Either fills the genome of individual 0; the agent then makes the others mutations of it and
// evaluates all of them (P x L calls).
//   One-step lookahead (Alg. 3): gene by gene, every action is tried from the current simulated
//     state (N calls a gene) and the best by h (GVGAI's noise on ties) is kept and followed;
//     after the game ends the remaining genes are random. Cost L x N.
//   MCTS (Alg. 4): open-loop MCTS (the agents/mcts agent with GVGAI's sample settings: UCB1
//     C = sqrt 2, most-visited recommendation, rollout depth L) searches with half of what is
//     left of the budget; the genome follows the most visited children from the root while they
//     have at least `min_visits` visits (4 reads Alg. 4's N > M = 3, 3 the text's "at least 3"),
//     those actions are simulated (1 call each) and random genes fill the rest.
//     Cost budget / 2 + |A|.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "agents/common/action_list.h"
#include "agents/common/budget.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/mcts/mcts.h"
#include "agents/rhea/fitness.h"

namespace vgdl::rhea {

class OneStepLookaheadSeeder {
 public:
  // Fills `genes` (indices into `actions`) from `root`. A budget that ends first leaves the
  // genes from there random.
  void Seed(const State& root, const ActionList& actions, std::span<int8_t> genes,
            StateHeuristic& heuristic, Budget& budget, AgentRandom& rng);

 private:
  SimState states_[3];  // the state followed, the best successor so far, the one being tried
};

class MctsSeeder {
 public:
  // `depth`: the rollout depth (L); `max_nodes`: the MCTS node pool.
  MctsSeeder(int depth, int32_t max_nodes, uint64_t seed);

  // Faults the node pool in (for Init).
  void Init(const State& observation);
  // Searches from `root` with half of `budget`'s remainder (its calls charged to `budget`) and
  // fills `genes` as described above; returns the length of the MCTS line.
  int Seed(const State& root, const ActionList& actions, int min_visits, std::span<int8_t> genes,
           Budget& budget, AgentRandom& rng);

  const MctsAgent& mcts() const { return *mcts_; }

 private:
  std::unique_ptr<MctsAgent> mcts_;
  SimState state_;
};

}  // namespace vgdl::rhea
