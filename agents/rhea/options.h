// The options of `rhea`: Table 3.1 of Gaina 2021 (spec/RHEA.md §1.7), one field per parameter,
// plus the choices the digest marks AMBIG, each an option (RHEA.md §7; docs/agents.md, "rhea").
//
// Defaults are Table 3.1's: P = 10, L = 15, offspring = P, 1 elite, random initialisation,
// crossover + mutation, tournament selection, uniform crossover, uniform mutation, fitness of
// the last state; no dynamic depth, frame skip, shift buffer, rollouts, bandits, tree or
// diversity.
#pragma once

#include <cmath>
#include <cstdint>

namespace vgdl::rhea {

// How the next population is formed (RHEA.md §1.3, AMBIG).
enum class Replacement : uint8_t {
  kPlus,          // "plus": E elites + best P - E of the other parents and the offspring (Alg. 1)
  kGenerational,  // "generational": E elites + best P - E offspring (GVGAI / RHv2 code)
};
enum class Initialisation : uint8_t { kRandom, kOneStepLookahead, kMcts };
enum class GeneticOperator : uint8_t { kCrossoverAndMutation, kMutationOnly, kCrossoverOnly };
enum class Selection : uint8_t { kTournament, kRank, kRoulette };
enum class Crossover : uint8_t { kUniform, kOnePoint, kTwoPoint };
enum class Mutation : uint8_t { kUniform, kOneBit, kTwoBits, kThreeBits, kSoftmax, kDiversity };
enum class FitnessAssignment : uint8_t { kLast, kDelta, kAverage, kMin, kMax, kDiscount };
// The state heuristic h (RHEA.md §1.2, AMBIG).
enum class Heuristic : uint8_t {
  kNormalised,  // "normalised": Eq. 3.1, 1 win, 0 loss, the score normalised into (0, 1)
  kWinScore,    // "winscore": +-1e6 replacing the score (Eq. 8.3, RHv2), normalised by min/max
};
// What Monte Carlo rollouts add to the values of an individual (RHEA.md §2.7, AMBIG).
enum class RolloutValue : uint8_t {
  kPerTick,  // "ticks": every rollout tick's value averaged over the repeats (thesis §3.2.7)
  kFinal,    // "final": the rollouts' final values averaged (Alg. 6 MCSIMULATION, RHv2)
};
// Which root child of the statistical tree is played (RHEA.md §1.6, AMBIG).
enum class TreeFinalMove : uint8_t { kMostVisited, kUcb };
enum class BanditLevel : uint8_t { kBoth, kIndividual, kGene };
enum class DiversityType : uint8_t { kGenotypic, kPhenotypic };
// What the skipped ticks of frame skipping play (RHEA.md §2.4).
enum class SkipFill : uint8_t { kRepeat, kNull, kRandom, kSequence };

struct Options {
  int population = 10;  // P (p0)
  int length = 15;      // L (p1)
  int offspring = 0;    // p3; 0 means P
  int elites = 1;       // E (p4), in [0, P - 1]
  Replacement replacement = Replacement::kPlus;
  Initialisation init = Initialisation::kRandom;                     // p5
  GeneticOperator genetic = GeneticOperator::kCrossoverAndMutation;  // p6
  Selection selection = Selection::kTournament;                      // p7
  int tournament = 2;             // individuals per tournament (Ch. 4.3)
  double tournament_share = 0.0;  // > 0: that share of P per tournament instead (Ch. 3: 0.5)
  Crossover crossover = Crossover::kUniform;             // p8
  Mutation mutation = Mutation::kUniform;                // p9
  double mutation_rate = 0.0;                            // uniform mutation's rate; 0 means 1/L
  FitnessAssignment fitness = FitnessAssignment::kLast;  // p10
  double discount = 0.9;                                 // gamma of "discount"
  Heuristic heuristic = Heuristic::kNormalised;
  double diversity_weight = 0.0;           // w (p11)
  int frame_skip = 0;                      // p12: ticks skipped after each decision
  SkipFill skip_fill = SkipFill::kRepeat;  // p13
  bool shift = false;                      // p14
  double shift_discount = 1.0;             // p15
  double rollout_length = 0.0;             // p16, a factor of L
  int rollout_repeats = 1;                 // R (p17)
  RolloutValue rollout_value = RolloutValue::kPerTick;
  bool bandit = false;  // p18
  BanditLevel bandit_level = BanditLevel::kBoth;
  double bandit_c = std::sqrt(2.0);  // Eq. 3.3
  bool tree = false;                 // p19
  TreeFinalMove tree_final = TreeFinalMove::kMostVisited;
  double tree_c = std::sqrt(2.0);
  int tree_nodes = 1 << 16;        // statistical tree pool (64 bytes a node, twice)
  bool diversity_fitness = false;  // p21 (p20 is mutation = diversity)
  DiversityType diversity = DiversityType::kGenotypic;  // p22
  int seed_visits = 4;         // MCTS seeding follows children with at least this many visits
  bool dynamic_depth = false;  // p2
  int dd_every = 15;           // omega, ticks between length changes
  double dd_low = 0.05;        // SD-: a flatter landscape grows L
  double dd_high = 0.4;        // SD+: a more rugged one shrinks L
  int dd_step = 5;             // M_D
  int dd_max = 500;            // MAX_D (1000 calls / 2)

  int OffspringCount() const { return offspring > 0 ? offspring : population; }
  // The longest genome the agent can ever hold (dynamic depth grows L up to dd_max).
  int MaxLength() const { return dynamic_depth && dd_max > length ? dd_max : length; }
  int RolloutTicks(int l) const { return static_cast<int>(std::floor(rollout_length * l)); }
};

}  // namespace vgdl::rhea
