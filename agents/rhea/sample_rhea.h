// `sample-rhea`: vanilla Rolling Horizon Evolutionary Algorithm (Gaina 2021 Ch. 3.1, Alg. 1;
// spec/RHEA.md §1), with the thesis defaults of Table 3.1: P = 10 individuals of L = 15
// actions, E = 1 elite, tournament selection (size 2), uniform crossover, uniform mutation
// (each gene with probability 1/L, to a different action), fitness of the last state.
//
// Every decision: P random genomes over the avatar's actions plus ACTION_NIL are evaluated;
// then, while the budget has room for a whole generation, the next population is the E best
// individuals plus P - E children (two tournament winners, crossed and mutated), each evaluated,
// and the population is sorted best first. The action played is the first gene of the best
// individual. Generational replacement with elitism follows GVGAI's and the thesis author's
// code (RHEA.md §1.3 notes the thesis text's (mu + lambda) alternative).
//
// Evaluation: a copy of the current state (fresh random stream) plays the genome until it ends
// or the game ends (no calls are charged after game over). Fitness is the heuristic of the last
// state: +1e6 on a win, -1e6 on a loss, the game score otherwise (GVGAI's WinScoreHeuristic).
// The thesis normalises it by the running min and max; with no diversity term that normalisation
// never changes an order, so the raw value is kept.
//
// Budget: one Budget::CountCall per Advance. Individuals of the first population are evaluated
// while one fits (L calls, or twice the average evaluation time); a generation starts only when
// a whole one fits ((P - E) L calls, or twice the average generation time). Every call is made
// only while the budget has room, so a deadline (a thread stalled mid-generation) also ends an
// evaluation in flight: that individual, or that whole generation, is dropped. A call budget
// never ends one, since whole ones are reserved, so call-budget runs are unchanged by this.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/common/action_list.h"
#include "agents/common/agent_spec.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/rhea/population.h"

namespace vgdl {

struct SampleRheaOptions {
  int population = 10;  // P
  int length = 15;      // L, the horizon in ticks
  int elites = 1;       // E, in [0, P - 1]
  int tournament = 2;   // individuals per tournament
};

class SampleRheaAgent : public Agent {
 public:
  SampleRheaAgent(std::string name, const SampleRheaOptions& options, uint64_t seed);

  void Init(const State& observation, Budget& budget) override;
  Action Act(const State& observation, Budget& budget) override;
  AgentStats LastStats() const override { return stats_; }
  std::string Name() const override { return name_; }

  // The best individual after the last decision (for tests and the window).
  const Individual& best() const { return population_.front(); }

 private:
  // The value of the state reached by `genes` from `root`; nullopt when the budget ends first.
  std::optional<double> Evaluate(std::span<const int8_t> genes, const State& root, Budget& budget);
  int InitialPopulation(const State& root, Budget& budget);
  bool NextGeneration(const State& root, Budget& budget);

  std::string name_;
  SampleRheaOptions options_;
  AgentRandom rng_;
  ActionList actions_;
  std::vector<Individual> population_;
  std::vector<Individual> offspring_;
  SimState sim_;
  AgentStats stats_;
};

AgentSpec SampleRheaSpec();

}  // namespace vgdl
