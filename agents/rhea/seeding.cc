#include "agents/rhea/seeding.h"

#include <limits>
#include <utility>

#include "agents/common/evaluation.h"

namespace vgdl::rhea {

namespace {

void RandomGenes(std::span<int8_t> genes, int n_actions, AgentRandom& rng) {
  for (int8_t& g : genes) g = static_cast<int8_t>(rng.NextInt(n_actions));
}

MctsOptions SeedingMcts(int depth, int32_t max_nodes) {
  MctsOptions o = MctsOptions::SampleMcts();
  o.depth = depth;
  o.max_nodes = max_nodes;
  return o;
}

}  // namespace

void OneStepLookaheadSeeder::Seed(const State& root, const ActionList& actions,
                                  std::span<int8_t> genes, StateHeuristic& heuristic,
                                  Budget& budget, AgentRandom& rng) {
  SimState* current = &states_[0];
  SimState* best = &states_[1];
  SimState* trial = &states_[2];
  current->CopyFrom(root, rng);
  for (size_t j = 0; j < genes.size(); ++j) {
    if (current->get().ended()) {
      RandomGenes(genes.subspan(j), actions.size(), rng);
      return;
    }
    double best_value = std::numeric_limits<double>::lowest();
    for (int a = 0; a < actions.size(); ++a) {
      State& s = trial->CopyFrom(current->get(), rng);
      if (!SimulateStepWithin(s, actions[a], budget)) {
        RandomGenes(genes.subspan(j), actions.size(), rng);
        return;
      }
      const double value = TieBreakNoise(heuristic.Value(s), kTieEpsilon, rng.NextDouble());
      if (value > best_value) {
        best_value = value;
        genes[j] = static_cast<int8_t>(a);
        std::swap(best, trial);
      }
    }
    std::swap(current, best);
  }
}

MctsSeeder::MctsSeeder(int depth, int32_t max_nodes, uint64_t seed)
    : mcts_(std::make_unique<MctsAgent>("mcts-seed", SeedingMcts(depth, max_nodes), seed)) {}

void MctsSeeder::Init(const State& observation) {
  Budget none = Budget::ForwardModelCalls(0);
  mcts_->Init(observation, none);  // faults the node pool in; no search (init_search off)
}

int MctsSeeder::Seed(const State& root, const ActionList& actions, int min_visits,
                     std::span<int8_t> genes, Budget& budget, AgentRandom& rng) {
  Budget half = budget.counts_calls() ? Budget::ForwardModelCalls(budget.Remaining() / 2)
                                      : Budget::CpuTime(budget.Remaining() / 2, 0);
  mcts_->Act(root, half);
  for (int64_t i = 0; i < half.calls(); ++i) budget.CountCall();
  // The most visited line, as action indices of `actions` (MCTS plays the avatar's actions
  // without ACTION_NIL).
  const Tree& tree = mcts_->tree();
  const ActionList mcts_actions = ActionList::Of(root, /*with_nil=*/false);
  int line = 0;
  for (int32_t node = Tree::root(); line < static_cast<int>(genes.size());) {
    int32_t next = kNoNode;
    for (int a = 0; a < tree.num_actions(); ++a) {
      const int32_t child = tree.child(node, a);
      if (child == kNoNode || tree.node(child).visits < min_visits) continue;
      if (next == kNoNode || tree.node(child).visits > tree.node(next).visits) next = child;
    }
    if (next == kNoNode) break;
    const int index = actions.IndexOf(mcts_actions[tree.node(next).action]);
    if (index < 0) break;
    genes[static_cast<size_t>(line++)] = static_cast<int8_t>(index);
    node = next;
  }
  // The line is simulated (|A| calls); genes after the end of the game or the line are random.
  State& s = state_.CopyFrom(root, rng);
  int simulated = 0;
  while (simulated < line && !s.ended() &&
         SimulateStepWithin(s, actions[genes[static_cast<size_t>(simulated)]], budget)) {
    ++simulated;
  }
  RandomGenes(genes.subspan(static_cast<size_t>(line)), actions.size(), rng);
  return line;
}

}  // namespace vgdl::rhea
