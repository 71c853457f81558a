// `rhea` and its presets (spec.h), the RHEA family agent: Rolling Horizon Evolution with every
// enhancement of Gaina 2021 (spec/RHEA.md), each an option of Table 3.1 (options.h). The vanilla
// algorithm (Ch. 3.1, Alg. 1) and its steps:
//   Step 0. Length: dynamic depth may change L (dynamic_depth.h).
//   Step 1. Population: the previous decision's, carried by the shift buffer (shift_buffer.h) or
//           kept through skipped frames (frame_skip.h), else a new one, random or seeded
//           (seeding.h); every individual is evaluated.
//   Step 2. Generations, while a whole one fits in the budget: offspring by selection,
//           crossover and mutation (operators.h, bandit_mutation.h, diversity.h), each
//           evaluated; the next population by elitism and replacement (evolving_population.h).
//   Step 3. The action: gene 0 of the individual with the best reward, or a child of the
//           statistical tree's root (statistical_tree.h); during skipped frames the fill action.
// Evaluation: a copy of the state (fresh random stream) plays the skipped frames' remaining fill
// actions, then the genome until the game ends; every state after a gene is valued by h
// (fitness.h); Monte Carlo rollouts append their values (rollouts.h); the fitness assignment
// makes one value of them, diversity may be mixed in; the tree, diversity counts and dynamic
// depth's landscape learn it.
//
// Budget (RHEA.md §1.5): one Budget::CountCall per Advance, none after game over: L per
// evaluation, + R x floor(factor x L) for rollouts, + L x N for 1SLA seeding, + budget / 2 + |A|
// for MCTS seeding, + the skipped frames' fill. An individual of the first (or carried)
// population is evaluated only while its whole cost fits; a generation starts only while a
// whole generation's cost fits (with time budgets: twice the average, GVGAI's rule). Every call
// asks the budget first, so a call budget is never exceeded and a deadline ends an evaluation in
// flight: its individual, or its generation, is dropped.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/common/action_list.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/rhea/bandit_mutation.h"
#include "agents/rhea/diversity.h"
#include "agents/rhea/dynamic_depth.h"
#include "agents/rhea/evolving_population.h"
#include "agents/rhea/fitness.h"
#include "agents/rhea/frame_skip.h"
#include "agents/rhea/options.h"
#include "agents/rhea/rollouts.h"
#include "agents/rhea/seeding.h"
#include "agents/rhea/statistical_tree.h"

namespace vgdl::rhea {

// What the last decision did, for tests and the window.
struct DecisionStats {
  int length = 0;             // L used
  int evaluated = 0;          // individuals evaluated
  int generations = 0;        // full generations
  bool carried = false;       // the population came from the previous tick
  int seed_line = 0;          // MCTS seeding: the length of the MCTS line
  double landscape = 0.0;     // dynamic depth: the standard deviation of the fitness values
  int bandit_reverts = 0;     // bandit mutations undone
  int64_t seeding_calls = 0;  // calls spent by seeding (MCTS or 1SLA), before the evaluations
};

class RheaFamilyAgent : public Agent {
 public:
  RheaFamilyAgent(std::string name, const Options& options, uint64_t seed);

  void Init(const State& observation, Budget& budget) override;
  Action Act(const State& observation, Budget& budget) override;
  AgentStats LastStats() const override { return stats_; }
  std::string Name() const override { return name_; }

  const Options& options() const { return options_; }
  const Population& population() const { return population_; }
  const DecisionStats& decision() const { return decision_; }
  int length() const { return length_; }
  const StatisticalTree* tree() const { return tree_.get(); }
  const BanditMutation* bandits() const { return bandits_.get(); }
  const MctsSeeder* mcts_seeder() const { return mcts_seeder_.get(); }

 private:
  // Step 1.
  void PreparePopulation(const State& root, Budget& budget);
  void SeedPopulation(const State& root, Budget& budget);
  int EvaluateParents(const State& root, Budget& budget);
  // Step 2.
  bool NextGeneration(const State& root, Budget& budget);
  void Breed(Individual& child, int index);
  // Step 3.
  int FinalMove();
  // Evaluation; false when the budget ended first (the individual is then unevaluated).
  bool Evaluate(Individual& ind, const State& root, Budget& budget);
  // The calls an evaluation may cost at most.
  int64_t EvaluationCost() const;
  // Where the genome starts: `root` advanced through the skipped frames' fill (for seeding).
  const State& GenomeRoot(const State& root, Budget& budget);

  std::string name_;
  Options options_;
  AgentRandom rng_;
  int length_;  // the current L
  Population population_;
  StateHeuristic heuristic_;
  Rollouts rollouts_;
  FrameSkip frame_skip_;
  DynamicDepth dynamic_depth_;
  std::unique_ptr<StatisticalTree> tree_;
  std::unique_ptr<BanditMutation> bandits_;
  std::unique_ptr<Diversity> diversity_;
  std::unique_ptr<MctsSeeder> mcts_seeder_;
  OneStepLookaheadSeeder lookahead_seeder_;
  ActionList actions_;
  SimState sim_;
  SimState genome_root_;
  std::vector<double> values_;  // F of the evaluation in progress; capacity reserved
  // The previous decision, for carrying the population.
  bool has_previous_ = false;
  int previous_tick_ = -1;
  int previous_action_index_ = -1;
  int previous_actions_ = 0;
  // The offspring being bred: the parent it was made from and its bandit mutation.
  int bandit_parent_ = 0;
  BanditMutation::Choice bandit_choice_;
  DecisionStats decision_;
  AgentStats stats_;
};

}  // namespace vgdl::rhea
