// Open-loop MCTS: the search loop, step by step (see mcts.h).
#include "agents/mcts/mcts.h"

#include <limits>
#include <utility>

#include "agents/common/pacer.h"
#include "agents/common/ucb1.h"
#include "agents/mcts/mixmax.h"
#include "engine/observation.h"

namespace vgdl {

MctsAgent::MctsAgent(std::string name, const MctsOptions& options, uint64_t seed)
    : name_(std::move(name)),
      options_(options),
      sarsa_(options.sarsa_options),
      kbe_(KnowledgeEvaluationOptions{.always = options.kbe_always}),
      reverse_penalty_(options.reverse_penalty_factor),
      moving_average_(MovingAverageOptions{.m = options.ma_m, .lambda0 = options.ma_lambda}),
      progressive_history_(options.ph_weight),
      ngram_selection_(NstOptions{.epsilon = options.nst_epsilon,
                                  .k = static_cast<double>(options.nst_min_visits),
                                  .max_n = options.nst_max_n}),
      rng_(seed),
      tree_(options.max_nodes) {}

// NBP's soft pruning: far below any normalised UCB value, so pruned children come last.
constexpr double kNoveltyPenalty = 100.0;

// The deepest path an iteration records (longer ones stop recording; Sarsa then backs up the
// recorded prefix).
constexpr size_t kMaxPath = 1 << 16;

void MctsAgent::Init(const State& observation, Budget& budget) {
  game_bounds_ = ValueBounds{};
  has_init_tree_ = false;
  last_action_ = -1;
  last_tick_ = -1;
  memory_reserved_ = false;  // another game may need other tables
  ReserveMemory(observation);
  actions_ = ActionList{};
  ResetTree();
  kbe_ready_ = false;
  reverse_penalty_.Clear();
  commitment_.Clear();
  if (UsesActionStatistics()) action_stats_.Clear();
  // §4.2.5: the classification comes first, so that the search already knows the verdict.
  deterministic_ = options_.deterministic_detection &&
                   ClassifyDeterminism(observation, options_.determinism, budget, rng_, dgd_a_,
                                       dgd_b_) == Determinism::kDeterministic;
  if (!options_.init_search) return;
  PrepareRoot(observation, budget);
  if (actions_.empty()) return;
  Search(observation, budget);
  has_init_tree_ = true;
  init_tick_ = observation.tick();
  init_hash_ = StateHash(observation);
}

// The node pool and every table beside it are faulted in under the init budget, not inside an
// action (docs/agents.md, "Time discipline").
void MctsAgent::ReserveMemory(const State& observation) {
  if (memory_reserved_) return;
  memory_reserved_ = true;
  if (options_.novelty_pruning) novelty_.Prefault(options_.max_nodes, observation);
  tree_.Prefault();
  if (options_.sarsa) sarsa_.Prefault(options_.max_nodes);
  if (options_.loss_avoidance) loss_avoidance_.Reserve(kMaxPath);
  path_nodes_.reserve(kMaxPath);
  path_values_.reserve(kMaxPath);
  if (options_.reverse_penalty) reverse_penalty_.Prefault(options_.max_nodes);
  if (options_.moving_average) moving_average_.Prefault(options_.max_nodes);
  if (UsesActionStatistics()) {
    action_stats_.Init(options_.ngram_selection ? options_.nst_max_n : 1);
    trace_.Reserve(static_cast<int>(kMaxPath));
  }
}

Action MctsAgent::Act(const State& observation, Budget& budget) {
  ReserveMemory(observation);  // a no-op after Init; an agent asked without Init still works
  const int64_t start_calls = budget.calls();
  stats_ = {};
  // §V-B with commitment: the rest of the macro is played without a search.
  if (options_.macro && options_.macro_commit) {
    if (const auto committed = commitment_.Next(observation.tick())) {
      const ActionList now = ActionList::Of(observation, /*with_nil=*/false);
      if (*committed < now.size()) return now[*committed];
    }
  }
  const bool continue_init_tree =
      has_init_tree_ && observation.tick() == init_tick_ && StateHash(observation) == init_hash_;
  has_init_tree_ = false;
  if (!continue_init_tree) {
    // §4.2.2 Move Decay: the statistics of earlier searches count less after every move.
    if (UsesActionStatistics()) action_stats_.Decay(options_.action_decay);
    PrepareRoot(observation, budget);
  }
  if (actions_.empty()) return Action::kNil;
  Search(observation, budget);
  stats_.fm_calls = budget.calls() - start_calls;
  int best = FinalMove();
  // Without a single finished iteration every action is a guess.
  if (best < 0) best = rng_.NextInt(actions_.size());
  last_action_ = best;
  last_tick_ = observation.tick();
  if (options_.macro && options_.macro_commit) {
    commitment_.Start(best, observation.tick(), options_.macro_k);
  }
  return actions_[best];
}

// Step 0. The tree for this search: the played action's subtree (tree reuse) or a fresh root;
// then BFTI's safety prepruning and one-ply initialisation.
void MctsAgent::PrepareRoot(const State& root, Budget& budget) {
  const ActionList previous = actions_;
  actions_ = ActionList::Of(root, /*with_nil=*/false);
  const bool same_actions = previous.size() == actions_.size() &&
                            std::equal(previous.begin(), previous.end(), actions_.begin());
  // With macro actions the kept subtree would be macro_k ticks ahead of the real state.
  const bool reused = options_.tree_reuse && !options_.macro && same_actions && ReuseTree(root);
  if (!reused) ResetTree();
  // §4.2.4: the weights' growth per tick and the root's distances d_0(i); the walls'
  // connectivity once per game (at Init, or at the first Act of an agent never initialised).
  if (options_.knowledge_evaluation) {
    if (!kbe_ready_) kbe_.Init(root);
    kbe_ready_ = true;
    kbe_.BeginTick(root);
  }
  bfti_.Clear();
  // §V-D: the root's positions are the avatar's latest real ones.
  if (options_.reverse_penalty) reverse_penalty_.BeginSearch(root);
  if (!options_.bfti || actions_.empty()) return;
  // With tree reuse, BFTI still runs on a root that is already expanded, for its safety
  // prepruning (§4.2.3), unless "No TR-BFTI" (Table 5.11) is asked for.
  if (reused && tree_.FullyExpanded(Tree::root()) && !options_.bfti_on_reused_root) return;
  bfti_.Run(root, actions_, options_.bfti_samples, tree_, budget, rng_,
            [this](const State& s) { return Evaluate(s); });
}

// §4.2.3: keep the subtree below the action played (tree_reuse.h). Only for the state that
// follows the last decision: anything else (a skipped tick, the runner's NIL after an
// overspent action) starts afresh.
bool MctsAgent::ReuseTree(const State& root) {
  if (last_action_ < 0 || root.tick() != last_tick_ + 1) return false;
  const int32_t child = tree_.child(Tree::root(), last_action_);
  if (child == kNoNode) return false;
  TreeReuseTables tables;
  if (options_.sarsa) tables.sarsa = &sarsa_;
  if (options_.novelty_pruning) tables.novelty = &novelty_;
  if (options_.reverse_penalty) tables.reverse_penalty = &reverse_penalty_;
  if (options_.moving_average) tables.moving_average = &moving_average_;
  KeepPlayedSubtree(tree_, child, tables, deterministic_, options_.tree_reuse_gamma);
  return true;
}

void MctsAgent::ResetTree() {
  tree_.Reset(actions_.size());
  if (options_.sarsa) sarsa_.Reset();
  if (options_.novelty_pruning) novelty_.Clear();
  if (options_.reverse_penalty) reverse_penalty_.ResetTree();
  if (options_.moving_average) moving_average_.Reset();
}

bool MctsAgent::Step(State& state, int a, Budget& budget) {
  const int cell = UsesActionStatistics() ? AvatarCell(state) : kNoCell;
  const double value_before = options_.knowledge_evaluation ? GameValue(state) : 0.0;
  const size_t events_before = state.events().size();
  if (!SimulateStepWithin(state, actions_[a], budget)) return false;
  if (UsesActionStatistics()) trace_.Push(a, cell);
  if (options_.knowledge_evaluation) kbe_.ObserveStep(value_before, events_before, state);
  return true;
}

void MctsAgent::ExtendPath(int32_t node, double value) {
  if (path_nodes_.size() == kMaxPath) return;
  path_nodes_.push_back(node);
  path_values_.push_back(value);
}

void MctsAgent::Search(const State& root, Budget& budget) {
  IterationPacer pacer(budget);
  while (pacer.HasRoom()) {
    RunIteration(root, budget);
    pacer.Done();
  }
  stats_.iterations += pacer.iterations();
}

void MctsAgent::RunIteration(const State& root, Budget& budget) {
  State& state = sim_.CopyFrom(root, rng_);
  const bool total_depth = options_.depth_rule == DepthRule::kTotal;
  path_nodes_.clear();
  path_values_.clear();
  ExtendPath(Tree::root(), GameValue(root));
  if (UsesActionStatistics()) trace_.Clear();

  // Step 1. Selection. (A budget that ends inside the iteration cuts it short; what was
  // simulated so far is still evaluated and backed up.)
  int32_t node = Tree::root();
  bool in_budget = Select(root, state, budget, node);

  // Step 2. Expansion and play-out.
  const int play_out_steps = total_depth ? options_.depth - tree_.node(node).depth : options_.depth;
  bool growing = true;  // whether play-out actions still get nodes
  for (int step = 0; in_budget && step < play_out_steps && !state.ended(); ++step) {
    const int a = PlayOutAction(node, growing, state);
    // §V-B: a step that gets a node is a tree edge, a macro with macro actions.
    const bool gets_node = growing && !tree_.full();
    in_budget = gets_node ? StepEdge(state, a, budget) : Step(state, a, budget);
    if (!in_budget) break;
    const int32_t child = gets_node ? tree_.AddChild(node, a) : kNoNode;
    if (child != kNoNode && options_.reverse_penalty) reverse_penalty_.Record(node, child, state);
    if (child == kNoNode) {
      growing = false;  // the pool is full (or nodes are no longer added): play on without
    } else {
      node = child;
      ExtendPath(node, GameValue(state));
      if (options_.expansion == ExpansionRule::kOneNode) growing = false;
    }
    // §4.1.2: a loss in the play-out (not in selection) starts loss avoidance.
    // (Not with macro actions: its replay steps one tick an edge.)
    if (options_.loss_avoidance && !options_.macro && child != kNoNode && IsLoss(state)) {
      BackupAvoidingLoss(root, node, Evaluate(state), budget);
      return;
    }
  }

  // Step 3. Evaluation; Step 4. Backpropagation.
  Backup(node, Evaluate(state));
}

bool MctsAgent::Select(const State& root, State& state, Budget& budget, int32_t& node) {
  const bool total_depth = options_.depth_rule == DepthRule::kTotal;
  (void)root;
  int a = -1;
  while (!state.ended() && !(total_depth && tree_.node(node).depth >= options_.depth) &&
         Descends(node, state, budget, a)) {
    // BFTI's cached successors of the root serve one simulation each (§4.1.1), and the states
    // of a novelty test this one (§4.1.3); both are one tick ahead, so not with macro actions.
    const int cell = UsesActionStatistics() ? AvatarCell(state) : kNoCell;
    bool cached =
        !options_.macro && node == Tree::root() && options_.bfti && bfti_.TakeCached(a, state);
    if (!cached && novelty_children_valid_ && !options_.macro) {
      std::swap(state, novelty_children_[static_cast<size_t>(a)].get());
      cached = true;
    }
    if (cached && UsesActionStatistics()) trace_.Push(a, cell);
    if (!cached && !StepEdge(state, a, budget)) return false;
    const int32_t parent = node;
    node = tree_.child(node, a);
    if (options_.reverse_penalty) reverse_penalty_.Record(parent, node, state);
    ExtendPath(node, GameValue(state));
  }
  return true;
}

bool MctsAgent::Descends(int32_t node, const State& state, Budget& budget, int& a) {
  const bool full = tree_.FullyExpanded(node);
  if (!full && !options_.partial_expansion) return false;
  novelty_children_valid_ = full && options_.novelty_pruning && !novelty_.Tested(node) &&
                            TestNovelty(node, state, budget);
  double best = 0.0;
  a = SelectChild(node, state, &best);
  if (a < 0) return false;  // nothing selectable: play out from here
  // §V-C: below a node that lacks children, an existing child is taken only when its value
  // beats the first-play urgency of a missing one.
  return full ||
         ChoosePartialExpansionStep(true, best, options_.fpu) == PartialExpansionStep::kDescend;
}

bool MctsAgent::StepEdge(State& state, int a, Budget& budget) {
  if (!options_.macro) return Step(state, a, budget);
  return StepMacro(state, options_.macro_k, [&] { return Step(state, a, budget); }).in_budget;
}

void MctsAgent::BackupAvoidingLoss(const State& root, int32_t node, double loss_value,
                                   Budget& budget) {
  const LossAvoidance::Backup b =
      loss_avoidance_.Avoid(root, actions_, node, loss_value, tree_, budget, rng_,
                            [this](const State& s) { return Evaluate(s); });
  // The path now ends at the node backed up (a sibling of the losing node, or where the
  // replay ended): the parent's entry is the path's second last one, or the root's.
  while (!path_nodes_.empty() && path_nodes_.back() != tree_.node(b.node).parent &&
         path_nodes_.back() != b.node) {
    path_nodes_.pop_back();
    path_values_.pop_back();
  }
  if (!path_nodes_.empty() && path_nodes_.back() != b.node) ExtendPath(b.node, b.value);
  if (UsesActionStatistics()) trace_.Rewrite(tree_.node(b.node).depth, tree_.node(b.node).action);
  Backup(b.node, b.value);
}

bool MctsAgent::TestNovelty(int32_t node, const State& state, Budget& budget) {
  if (state.ended()) return false;
  std::array<const State*, kMaxSearchActions> children{};
  for (int a = 0; a < actions_.size(); ++a) {
    if (!budget.HasRoom()) return false;
    State& child = novelty_children_[static_cast<size_t>(a)].CopyFrom(state, rng_);
    SimulateStep(child, actions_[a], budget);
    children[static_cast<size_t>(a)] = &child;
  }
  novelty_.TestChildren(tree_, node, actions_, state, children.data());
  return true;
}

uint32_t MctsAgent::PrunedRootActions() const {
  uint32_t pruned = 0;
  if (!options_.bfti) return pruned;
  for (int a = 0; a < actions_.size(); ++a) pruned |= (bfti_.Pruned(a) ? 1u : 0u) << a;
  return pruned;
}

// Whether selection and the final move may take child `a` of `node`.
bool MctsAgent::Selectable(int32_t node, int a) const {
  if (tree_.child(node, a) == kNoNode) return false;
  if (node == Tree::root() && options_.bfti && bfti_.Pruned(a)) return false;
  return true;
}

// UCB1 over the selectable children of a fully expanded node (Soemers Eq. 3.3 with GVGAI's
// guards); -1 if none is selectable.
int MctsAgent::SelectChild(int32_t node, const State& state, double* best_value) {
  const double state_value = options_.sarsa ? GameValue(state) : 0.0;
  const int cell = options_.progressive_history ? AvatarCell(state) : kNoCell;
  const double parent_visits = tree_.node(node).visits;
  const double log_parent = Ucb1LogParent(parent_visits, Ucb1Parent::kPlusOne);
  const double c = ExplorationConstant(node, state_value);
  int best = -1;
  double best_noised = std::numeric_limits<double>::lowest();
  for (int a = 0; a < tree_.num_actions(); ++a) {
    if (!Selectable(node, a)) continue;
    const int32_t child = tree_.child(node, a);
    const double visits = tree_.node(child).visits;
    const double q = SelectionQ(node, child, state_value);
    double value = Ucb1(q, c, log_parent, visits, Ucb1Visits::kPlusTieEpsilon);
    // §4.2.1 Eq. 4.1: the bias toward what this action paid from this cell before.
    if (options_.progressive_history) {
      value += progressive_history_.Bonus(action_stats_, a, cell, game_bounds_, visits, q);
    }
    // §V-D: a child that takes the avatar back to one of its latest cells is worth less.
    if (options_.reverse_penalty) value = reverse_penalty_.Apply(value, node, child);
    // §4.1.3 soft pruning: a child that is not novel is passed over while its parent looks
    // safe; a penalty rather than a removal, so that a node whose children are all pruned
    // still selects one (MaastCTS2).
    if (options_.novelty_pruning &&
        novelty_.Skipped(child, tree_.node(node).mean(), game_bounds_)) {
      value -= kNoveltyPenalty;
    }
    const double noised = TieBreakNoise(value, kTieEpsilon, rng_.NextDouble());
    if (noised > best_noised) {
      best_noised = noised;
      best = a;
      if (best_value != nullptr) *best_value = value;
    }
  }
  return best;
}

// UCB1's C, or 0 while a child is good enough (the sufficiency threshold, Eq. 2 of
// Gudmundsson and Björnsson, in games where their methods apply).
double MctsAgent::ExplorationConstant(int32_t node, double state_value) const {
  if (!options_.sufficiency_threshold || !UsesDeterministicMethods()) return options_.c;
  double max_q = std::numeric_limits<double>::lowest();
  for (int a = 0; a < tree_.num_actions(); ++a) {
    if (!Selectable(node, a)) continue;
    const int32_t child = tree_.child(node, a);
    if (tree_.node(child).visits <= 0.0) continue;
    max_q = std::max(max_q, SelectionQ(node, child, state_value));
  }
  return SufficiencyThresholdC(options_.c, max_q, options_.st_alpha);
}

double MctsAgent::SelectionQ(int32_t parent, int32_t child, double parent_state_value) const {
  const ValueBounds& bounds = BoundsFor(parent);
  const Node& c = tree_.node(child);
  // §4.2.6 "Selection in TDTS": V(n_t) + X(s_t-1) replaces the mean.
  double mean = c.mean();
  if (options_.sarsa && c.visits > 0.0) mean = sarsa_.SelectionValue(child, parent_state_value);
  // Gudmundsson and Björnsson, Eq. 3-4: later returns count more than the arithmetic mean.
  if (UsesMovingAverage()) mean = moving_average_.Value(child, mean);
  const double q = bounds.Normalise(mean);
  // §4.2.5: in a deterministic game the best value seen can be had again.
  if (deterministic_) return MixMaxOf(c, q, bounds, options_.dgd_mixmax_alpha);
  // Frydenberg et al. §V-A: MixMax in every game.
  if (options_.mixmax) return MixMaxOf(c, q, bounds, options_.mixmax_q);
  return q;
}

const ValueBounds& MctsAgent::BoundsFor(int32_t parent) const {
  return options_.normalisation == NormalisationRule::kParentNode ? tree_.node(parent).bounds
                                                                  : game_bounds_;
}

// The play-out policy: a missing child of the tree node first (so that nodes get all their
// children), then uniformly random actions.
int MctsAgent::PlayOutAction(int32_t leaf, bool growing, const State& state) {
  // §4.2.2: epsilon-greedy over the N-grams, among the node's missing children while it has
  // any (as MaastCTS2 does), else among all actions.
  if (options_.ngram_selection) {
    ActionSet candidates = 0;
    if (growing && !tree_.FullyExpanded(leaf)) {
      for (int a = 0; a < actions_.size(); ++a) {
        if (tree_.child(leaf, a) == kNoNode) candidates |= ActionSet{1} << a;
      }
    } else {
      candidates = AllActions(actions_.size());
    }
    const int a = ngram_selection_.ChooseAmong(action_stats_, trace_.history(), AvatarCell(state),
                                               candidates, game_bounds_.max, rng_);
    if (a >= 0) return a;
  }
  if (growing) {
    const int a = tree_.RandomUnexpandedAction(leaf, rng_);
    if (a >= 0) return a;
  }
  return rng_.NextInt(actions_.size());
}

// Step 3. X(s) of Eq. 3.1 (with the knowledge-based term of Eq. 4.2 where it applies), and
// the game's bounds for normalisation.
double MctsAgent::Evaluate(const State& state) {
  const double value =
      options_.knowledge_evaluation ? kbe_.Evaluate(state, GameValue(state)) : GameValue(state);
  game_bounds_.Add(value);
  return value;
}

// Step 4. Monte-Carlo backups: every node of the path gets a visit and the value; then
// Sarsa-UCT's temporal-difference values, which use the visits just counted (sarsa_uct.h).
void MctsAgent::Backup(int32_t leaf, double value) {
  for (int32_t n = leaf; n != kNoNode; n = tree_.node(n).parent) {
    Node& node = tree_.node(n);
    node.visits += 1.0;
    node.total += value;
    node.bounds.Add(value);
    if (UsesMovingAverage()) moving_average_.Update(n, value);
  }
  if (UsesActionStatistics()) action_stats_.RecordSimulation(trace_.history(), value);
  if (!options_.sarsa || path_nodes_.empty() || path_nodes_.back() != leaf) return;
  // The evaluation of the final state (a play-out may run on past the last node).
  path_values_.back() = value;
  sarsa_.Backup(tree_, path_nodes_.data(), path_values_.data(),
                static_cast<int>(path_nodes_.size()));
}

// Step 5. The action index to play, or -1 when the root has no visited selectable child.
int MctsAgent::FinalMove() {
  // TDMS (§5.2.8): the temporal-difference values choose the move as well.
  if (options_.sarsa && options_.sarsa_options.final_move_uses_v()) return HighestTdValueChild();
  // §4.1.3: novel root children first, unless they look bad and a pruned one looks better.
  if (options_.novelty_pruning) {
    return novelty_.FinalMove(tree_, game_bounds_, rng_, PrunedRootActions());
  }
  switch (options_.final_move) {
    case FinalMoveRule::kMostVisited:
      return MostVisitedChild();
    case FinalMoveRule::kHighestAverage:
      return HighestAverageChild();
  }
  return -1;
}

int MctsAgent::MostVisitedChild() {
  int best = -1;
  double best_value = std::numeric_limits<double>::lowest();
  double first_visits = -1.0;
  bool all_equal = true;
  for (int a = 0; a < tree_.num_actions(); ++a) {
    if (!Selectable(Tree::root(), a)) continue;
    const int32_t child = tree_.child(Tree::root(), a);
    const double visits = tree_.node(child).visits;
    if (first_visits < 0.0) {
      first_visits = visits;
    } else if (visits != first_visits) {
      all_equal = false;
    }
    const double value = TieBreakNoise(visits, kTieEpsilon, rng_.NextDouble());
    if (value > best_value) {
      best_value = value;
      best = a;
    }
  }
  // GVGAI: when every child has the same count, the visits say nothing; use the values.
  if (best >= 0 && all_equal) return HighestAverageChild();
  return best;
}

int MctsAgent::HighestAverageChild() {
  return BestVisitedRootChild([this](int32_t child) {
    const double mean = tree_.node(child).mean();
    return UsesMovingAverage() ? moving_average_.Value(child, mean) : mean;
  });
}

// TDMS (§5.2.8): the highest temporal-difference value.
int MctsAgent::HighestTdValueChild() {
  return BestVisitedRootChild([this](int32_t child) { return sarsa_.V(child); });
}

namespace {

AgentSpec MakeMctsSpec(std::string name, std::string summary, std::string paper,
                       const MctsOptions& defaults) {
  AgentSpec spec;
  spec.name = name;
  spec.summary = std::move(summary);
  spec.paper = std::move(paper);
  spec.options = MctsOptionSpecs(defaults);
  spec.create = [name](const AgentOptions& options, uint64_t seed) -> std::unique_ptr<Agent> {
    return std::make_unique<MctsAgent>(options.Canonical(name), ReadMctsOptions(options), seed);
  };
  return spec;
}

}  // namespace

AgentSpec SampleMctsSpec() {
  return MakeMctsSpec("sample-mcts",
                      "GVGAI's sample open-loop MCTS: C = sqrt 2, depth 10 from the root, one "
                      "node per iteration, most-visited action",
                      "GVGAI sampleMCTS (Perez-Liebana et al. 2016); Soemers 2016, Table 5.1",
                      MctsOptions::SampleMcts());
}

AgentSpec MctsSpec() {
  return MakeMctsSpec("mcts",
                      "open-loop MCTS baseline of Soemers: C = 0.6, play-out depth 10 after "
                      "selection, a node per play-out action, searches during init, highest "
                      "average; Soemers' enhancements are its options (mcts:bfti,la,nbp,...)",
                      "Soemers 2016, Enhancements for Real-Time MCTS in GVGP, Table 5.1, Ch. 4",
                      MctsOptions::Soemers());
}

AgentSpec MaastCtsSpec() {
  return MakeMctsSpec("maastcts",
                      "MCTS with every enhancement of Soemers' thesis but Sarsa-UCT: BFTI, LA, "
                      "NBP, PH, NST, TR, KBE, DGD (mcts:bfti,la,nbp,ph,nst,tr,kbe,dgd)",
                      "Soemers 2016, Table 5.10, 'Enh. (No TDTS)'", MctsOptions::MaastCts());
}

AgentSpec MaastCtsTdSpec() {
  return MakeMctsSpec("maastcts-td",
                      "maastcts with Sarsa-UCT(0.8) backups, variant TD (maastcts:td=td)",
                      "Soemers 2016, Table 5.10, 'Enh. TD(0.8)'", MctsOptions::MaastCtsTd());
}

AgentSpec MctsFrydenbergSpec() {
  return MakeMctsSpec("mcts-frydenberg",
                      "MCTS with the UCT reverse penalty and MixMax (Q = 0.1) in every game "
                      "(mcts:rp,mixmax), the best combination of Frydenberg et al.",
                      "Frydenberg et al. 2015, Investigating MCTS Modifications in GVGP, §VIII",
                      MctsOptions::Frydenberg());
}

AgentSpec MctsGudmundssonBjornssonSpec() {
  return MakeMctsSpec("mcts-gb",
                      "MCTS with the sufficiency threshold and moving-average returns in games "
                      "deterministic game detection classifies deterministic (mcts:dgd,st,ma)",
                      "Gudmundsson and Björnsson 2011, MCTS: Improved Action Selection "
                      "Techniques for Deterministic Games, Eq. 2-4",
                      MctsOptions::GudmundssonBjornsson());
}

}  // namespace vgdl
