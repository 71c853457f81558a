// `rhea`: the decision loop, step by step (see rhea_family_agent.h).
#include "agents/rhea/rhea_family_agent.h"

#include <algorithm>
#include <utility>

#include "agents/common/pacer.h"
#include "agents/rhea/operators.h"
#include "agents/rhea/population.h"
#include "agents/rhea/shift_buffer.h"

namespace vgdl::rhea {

namespace {

// The MCTS node pool of seeding: half a budget of a few thousand calls adds at most that many
// nodes; 32K nodes (2 MiB) leave room for budgets up to 64K calls.
constexpr int32_t kSeedingNodes = 1 << 15;

// Mutations of the seeded individual 0 use the configured operator, or uniform mutation where
// that one needs state the seeding does not have (bandit or diversity statistics).
Mutation SeedMutation(const Options& o) {
  return o.mutation == Mutation::kDiversity ? Mutation::kUniform : o.mutation;
}

}  // namespace

RheaFamilyAgent::RheaFamilyAgent(std::string name, const Options& options, uint64_t seed)
    : name_(std::move(name)),
      options_(options),
      rng_(seed),
      length_(options.length),
      population_(options.population, options.OffspringCount(), options.MaxLength()),
      heuristic_(options.heuristic),
      rollouts_(options.RolloutTicks(options.MaxLength())),
      frame_skip_(options.frame_skip, options.skip_fill),
      dynamic_depth_(options.dd_every, options.dd_low, options.dd_high, options.dd_step,
                     options.MaxLength()) {
  population_.Resize(length_, 1, rng_);
  if (options_.tree) tree_ = std::make_unique<StatisticalTree>(options_.tree_nodes);
  if (options_.bandit) {
    bandits_ = std::make_unique<BanditMutation>(options_.MaxLength(), options_.bandit_c);
  }
  if (options_.diversity_fitness || options_.mutation == Mutation::kDiversity) {
    diversity_ = std::make_unique<Diversity>(options_.diversity, options_.MaxLength());
  }
  if (options_.init == Initialisation::kMcts) {
    mcts_seeder_ = std::make_unique<MctsSeeder>(options_.length, kSeedingNodes, rng_.NextU64());
  }
  const int max = options_.MaxLength();
  values_.reserve(static_cast<size_t>(max + options_.RolloutTicks(max) + 1));
}

void RheaFamilyAgent::Init(const State& observation, Budget& /*budget*/) {
  // Everything an act uses is allocated and faulted in now, outside the timed decisions.
  heuristic_.Reset();
  dynamic_depth_.Reset();
  frame_skip_.Reset();
  has_previous_ = false;
  // The simulation states get their memory now (a first copy constructs them).
  sim_.CopyFrom(observation, rng_);
  genome_root_.CopyFrom(observation, rng_);
  if (tree_) tree_->Prefault();
  if (diversity_) diversity_->Init(observation);
  if (mcts_seeder_) mcts_seeder_->Init(observation);
}

Action RheaFamilyAgent::Act(const State& observation, Budget& budget) {
  const int64_t start_calls = budget.calls();
  stats_ = {};
  decision_ = {};
  // Genes index the avatar's actions plus ACTION_NIL (RHv2; RHEA.md §1.1).
  actions_ = ActionList::Of(observation, /*with_nil=*/true);
  if (actions_.empty()) {
    has_previous_ = false;
    return Action::kNil;
  }
  // A population is carried only from the tick before (a skipped window, too).
  if (!has_previous_ || observation.tick() != previous_tick_ + 1) {
    has_previous_ = false;
    frame_skip_.Reset();
  }
  if (diversity_) {
    if (!diversity_->ready()) diversity_->Init(observation);  // an agent not initialised
    diversity_->Reset();
  }

  PreparePopulation(observation, budget);  // Steps 0 and 1
  const int evaluated = EvaluateParents(observation, budget);
  if (evaluated == population_.size()) {  // Step 2
    const int64_t generation_cost = options_.OffspringCount() * EvaluationCost();
    IterationPacer pacer(budget, 2.0, generation_cost);
    while (pacer.HasRoom() && NextGeneration(observation, budget)) pacer.Done();
    decision_.generations = static_cast<int>(pacer.iterations());
  }
  dynamic_depth_.EndDecision();
  decision_.landscape = dynamic_depth_.landscape();
  decision_.length = length_;

  // Step 3.
  Action action;
  previous_actions_ = actions_.size();
  if (frame_skip_.skipping()) {
    action = frame_skip_.TakeFill();
  } else {
    previous_action_index_ = FinalMove();
    action = actions_[previous_action_index_];
    frame_skip_.Plan(action, population_.best().genes, actions_, rng_);
  }
  has_previous_ = true;
  previous_tick_ = observation.tick();
  stats_.iterations = decision_.generations;
  stats_.fm_calls = budget.calls() - start_calls;
  return action;
}

// Steps 0 and 1. A decision (or the first skipped frame after one) starts a new window: the
// population is shifted past the ticks played (shift buffer) or made anew. The other skipped
// frames and the decision after them keep the window's population unshifted.
void RheaFamilyAgent::PreparePopulation(const State& root, Budget& budget) {
  const bool window_goes_on =
      has_previous_ && frame_skip_.skip() > 0 &&
      frame_skip_.remaining().size() < static_cast<size_t>(frame_skip_.skip());
  if (window_goes_on) {
    decision_.carried = true;
    return;
  }
  if (options_.dynamic_depth) {
    const int length = dynamic_depth_.Length(root.tick(), length_);
    if (length != length_) {
      length_ = length;
      population_.Resize(length_, actions_.size(), rng_);
      if (bandits_) bandits_->Reset(length_, actions_.size());
    }
  }
  const int played = 1 + frame_skip_.skip();  // the decision and its fill
  if (options_.shift && has_previous_) {
    decision_.carried = true;
    ShiftGenomes(population_.parents(), played, actions_.size(), options_.shift_discount, rng_);
    if (tree_) {
      if (played == 1) {
        tree_->Reroot(previous_action_index_, options_.shift_discount, actions_.size());
      } else {
        tree_->Reset(actions_.size());  // the fill's ticks are not in the tree
      }
    }
    if (bandits_) {
      if (bandits_->length() == length_ && previous_actions_ == actions_.size()) {
        bandits_->Shift(played, options_.shift_discount);
      } else {
        bandits_->Reset(length_, actions_.size());
      }
    }
    return;
  }
  if (tree_) tree_->Reset(actions_.size());
  if (bandits_) bandits_->Reset(length_, actions_.size());
  SeedPopulation(root, budget);
}

// A new population: random genomes, or individual 0 seeded and the others its mutations.
void RheaFamilyAgent::SeedPopulation(const State& root, Budget& budget) {
  const std::span<Individual> parents = population_.parents();
  for (Individual& ind : parents) ind.fitness = ind.reward = Individual::kUnevaluated;
  if (options_.init == Initialisation::kRandom) {
    for (Individual& ind : parents) RandomGenome(ind.genes, actions_.size(), rng_);
    return;
  }
  const int64_t before = budget.calls();
  const State& genome_root = GenomeRoot(root, budget);
  std::vector<int8_t>& first = parents.front().genes;
  if (options_.init == Initialisation::kOneStepLookahead) {
    lookahead_seeder_.Seed(genome_root, actions_, first, heuristic_, budget, rng_);
  } else {
    decision_.seed_line =
        mcts_seeder_->Seed(genome_root, actions_, options_.seed_visits, first, budget, rng_);
  }
  decision_.seeding_calls = budget.calls() - before;
  const double rate = options_.mutation_rate > 0.0 ? options_.mutation_rate : 1.0 / length_;
  for (size_t i = 1; i < parents.size(); ++i) {
    parents[i].genes = first;  // within the reserved capacity
    Mutate(parents[i].genes, SeedMutation(options_), rate, actions_.size(), rng_);
  }
}

const State& RheaFamilyAgent::GenomeRoot(const State& root, Budget& budget) {
  if (frame_skip_.remaining().empty()) return root;
  State& s = genome_root_.CopyFrom(root, rng_);
  for (Action a : frame_skip_.remaining()) {
    if (!SimulateStepWithin(s, a, budget)) break;
  }
  return s;
}

// Evaluates the parents while a whole evaluation fits; returns how many were. Carried parents
// left unevaluated keep their discounted value.
int RheaFamilyAgent::EvaluateParents(const State& root, Budget& budget) {
  IterationPacer pacer(budget, 2.0, EvaluationCost());
  int evaluated = 0;
  for (Individual& ind : population_.parents()) {
    if (!pacer.HasRoom() || !Evaluate(ind, root, budget)) break;
    ++evaluated;
    pacer.Done();
  }
  population_.SortParents();
  return evaluated;
}

// Step 2. The offspring, each evaluated; then replacement. False, the population unchanged,
// when the budget ends inside the generation (a partial ranking would favour the first).
bool RheaFamilyAgent::NextGeneration(const State& root, Budget& budget) {
  const std::span<Individual> kids = population_.offspring();
  const int children = options_.OffspringCount();
  for (int j = 0; j < children; ++j) {
    Individual& child = kids[static_cast<size_t>(j)];
    Breed(child, j);
    BanditMutation::Choice choice = bandit_choice_;
    if (!Evaluate(child, root, budget)) return false;
    if (bandits_) {
      const Individual& parent = population_.parents()[static_cast<size_t>(bandit_parent_)];
      const double delta = child.fitness - parent.fitness;
      bandits_->Update(choice, delta);
      if (delta < 0.0) {  // reverted: the child is its parent again
        child.genes = parent.genes;
        child.cells = parent.cells;
        child.played = parent.played;
        child.fitness = parent.fitness;
        child.reward = parent.reward;
        ++decision_.bandit_reverts;
      }
    }
  }
  population_.Replace(options_.replacement, options_.elites, children);
  return true;
}

// Selection, crossover and mutation into `child`, the `index`-th offspring.
void RheaFamilyAgent::Breed(Individual& child, int index) {
  const std::span<const Individual> parents = population_.parents();
  const int n = actions_.size();
  int first = index % population_.size();  // mutation only: every parent in turn
  if (options_.genetic != GeneticOperator::kMutationOnly) {
    const int size = TournamentSize(options_);
    first = SelectParent(parents, options_.selection, size, rng_);
    const int second = SelectParent(parents, options_.selection, size, rng_);
    Cross(parents[static_cast<size_t>(first)].genes, parents[static_cast<size_t>(second)].genes,
          child.genes, options_.crossover, rng_);
  } else {
    child.genes = parents[static_cast<size_t>(first)].genes;
  }
  bandit_parent_ = first;
  bandit_choice_ = {};
  if (options_.genetic == GeneticOperator::kCrossoverOnly) return;
  if (bandits_) {
    bandit_choice_ = bandits_->Mutate(child.genes, options_.bandit_level, rng_);
  } else if (options_.mutation == Mutation::kDiversity) {
    diversity_->Mutate(child, parents[static_cast<size_t>(first)], n, rng_);
  } else {
    const double rate = options_.mutation_rate > 0.0 ? options_.mutation_rate : 1.0 / length_;
    Mutate(child.genes, options_.mutation, rate, n, rng_);
  }
}

int64_t RheaFamilyAgent::EvaluationCost() const {
  return static_cast<int64_t>(frame_skip_.remaining().size()) + length_ +
         static_cast<int64_t>(options_.rollout_repeats) * options_.RolloutTicks(length_);
}

bool RheaFamilyAgent::Evaluate(Individual& ind, const State& root, Budget& budget) {
  State& s = sim_.CopyFrom(root, rng_);
  for (Action a : frame_skip_.remaining()) {
    if (!SimulateStepWithin(s, a, budget)) return false;
  }
  values_.clear();
  ind.cells.clear();
  ind.played = 0;
  for (int8_t g : ind.genes) {
    if (s.ended()) break;  // no calls after the game is over
    if (!SimulateStepWithin(s, actions_[g], budget)) return false;
    ++ind.played;
    values_.push_back(heuristic_.Value(s));
    if (diversity_) ind.cells.push_back(diversity_->CellOf(s));
  }
  if (values_.empty()) values_.push_back(heuristic_.Value(s));  // it ended before the genome
  const int rollout = options_.RolloutTicks(length_);
  if (rollout > 0 && !s.ended() &&
      !rollouts_.Append(s, rollout, options_.rollout_repeats, options_.rollout_value, actions_,
                        heuristic_, budget, rng_, values_)) {
    return false;
  }
  ind.reward = AssignFitness(values_, options_.fitness, options_.discount);
  ind.fitness = ind.reward;
  if (diversity_) {
    if (options_.diversity_fitness) {
      const double w = options_.diversity_weight;
      ind.fitness = (1.0 - w) * ind.reward + w * diversity_->Score(ind);
    }
    diversity_->Add(ind);
  }
  if (tree_)
    tree_->Update(std::span(ind.genes).first(static_cast<size_t>(ind.played)), ind.fitness);
  dynamic_depth_.Observe(ind.fitness);
  ++decision_.evaluated;
  return true;
}

// Step 3. The statistical tree's root child, or gene 0 of the individual with the best reward
// (diversity left out, as RHv2 does); a random action when nothing was evaluated.
int RheaFamilyAgent::FinalMove() {
  if (tree_) {
    const int a = tree_->FinalMove(options_.tree_final, options_.tree_c, rng_);
    if (a >= 0) return a;
  }
  const int best = population_.BestByReward();
  if (best < 0) return rng_.NextInt(actions_.size());
  return population_.parents()[static_cast<size_t>(best)].genes.front();
}

}  // namespace vgdl::rhea
