// Open-loop MCTS: the search loop, step by step (see mcts.h).
#include "agents/mcts/mcts.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string_view>

#include "agents/common/pacer.h"
#include "engine/observation.h"

namespace vgdl {

MctsOptions MctsOptions::SampleMcts() {
  MctsOptions o;
  o.c = std::sqrt(2.0);
  o.depth = 10;
  o.depth_rule = DepthRule::kTotal;
  o.expansion = ExpansionRule::kOneNode;
  o.final_move = FinalMoveRule::kMostVisited;
  o.normalisation = NormalisationRule::kParentNode;
  o.init_search = false;
  return o;
}

MctsOptions MctsOptions::Soemers() {
  return MctsOptions{};
}

MctsAgent::MctsAgent(std::string name, const MctsOptions& options, uint64_t seed)
    : name_(std::move(name)), options_(options), rng_(seed), tree_(options.max_nodes) {}

void MctsAgent::Init(const State& observation, Budget& budget) {
  game_bounds_ = ValueBounds{};
  has_init_tree_ = false;
  // The node pool's memory is faulted in now, under the init budget, not inside an action.
  tree_.Prefault();
  if (!options_.init_search) return;
  PrepareRoot(observation);
  if (actions_.empty()) return;
  Search(observation, budget);
  has_init_tree_ = true;
  init_tick_ = observation.tick();
  init_hash_ = StateHash(observation);
}

Action MctsAgent::Act(const State& observation, Budget& budget) {
  const int64_t start_calls = budget.calls();
  stats_ = {};
  const bool continue_init_tree =
      has_init_tree_ && observation.tick() == init_tick_ && StateHash(observation) == init_hash_;
  has_init_tree_ = false;
  if (!continue_init_tree) PrepareRoot(observation);
  if (actions_.empty()) return Action::kNil;
  Search(observation, budget);
  stats_.fm_calls = budget.calls() - start_calls;
  const int best = FinalMove();
  // Without a single finished iteration every action is a guess.
  return best >= 0 ? actions_[best] : actions_[rng_.NextInt(actions_.size())];
}

// Step 0. A fresh tree over the root's actions.
// Hook: tree reuse would keep the played action's subtree here; BFTI would add the 1-ply
// breadth-first initialisation with safety prepruning.
void MctsAgent::PrepareRoot(const State& root) {
  actions_ = ActionList::Of(root, /*with_nil=*/false);
  tree_.Reset(actions_.size());
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

  // Step 1. Selection. (A budget that ends inside the iteration cuts it short; what was
  // simulated so far is still evaluated and backed up.)
  int32_t node = Tree::root();
  bool in_budget = true;
  while (!state.ended() && tree_.FullyExpanded(node) &&
         !(total_depth && tree_.node(node).depth >= options_.depth)) {
    const int a = SelectChild(node);
    in_budget = SimulateStepWithin(state, actions_[a], budget);
    if (!in_budget) break;
    node = tree_.child(node, a);
  }

  // Step 2. Expansion and play-out.
  const int play_out_steps = total_depth ? options_.depth - tree_.node(node).depth : options_.depth;
  bool growing = true;  // whether play-out actions still get nodes
  for (int step = 0; in_budget && step < play_out_steps && !state.ended(); ++step) {
    const int a = PlayOutAction(node, growing);
    in_budget = SimulateStepWithin(state, actions_[a], budget);
    if (!in_budget) break;
    // Hook: loss avoidance would react here when a play-out action loses the game.
    if (!growing) continue;
    const int32_t child = tree_.AddChild(node, a);
    if (child == kNoNode) {
      growing = false;  // the pool is full: play on without nodes
      continue;
    }
    node = child;
    if (options_.expansion == ExpansionRule::kOneNode) growing = false;
  }

  // Step 3. Evaluation; Step 4. Backpropagation.
  Backup(node, Evaluate(state));
}

// UCB1 over the children of a fully expanded node (Soemers Eq. 3.3 with GVGAI's guards).
// Hook: progressive history, MixMax and novelty-based pruning change this value.
int MctsAgent::SelectChild(int32_t node) {
  const double parent_visits = tree_.node(node).visits;
  const double log_parent = std::log(parent_visits + 1.0);
  int best = 0;
  double best_value = std::numeric_limits<double>::lowest();
  for (int a = 0; a < tree_.num_actions(); ++a) {
    const int32_t child = tree_.child(node, a);
    const double exploration =
        options_.c * std::sqrt(log_parent / (tree_.node(child).visits + kTieEpsilon));
    const double value =
        TieBreakNoise(NormalisedMean(node, child) + exploration, kTieEpsilon, rng_.NextDouble());
    if (value > best_value) {
      best_value = value;
      best = a;
    }
  }
  return best;
}

double MctsAgent::NormalisedMean(int32_t parent, int32_t child) const {
  const double mean = tree_.node(child).mean();
  switch (options_.normalisation) {
    case NormalisationRule::kParentNode:
      return tree_.node(parent).bounds.Normalise(mean);
    case NormalisationRule::kGame:
      return game_bounds_.Normalise(mean);
  }
  return mean;
}

// The play-out policy: a missing child of the tree node first (so that nodes get all their
// children), then uniformly random actions.
// Hook: N-gram selection replaces the uniform choice.
int MctsAgent::PlayOutAction(int32_t leaf, bool growing) {
  if (growing) {
    const int a = tree_.RandomUnexpandedAction(leaf, rng_);
    if (a >= 0) return a;
  }
  return rng_.NextInt(actions_.size());
}

// Step 3. Hook: knowledge-based evaluation adds its distance term here.
double MctsAgent::Evaluate(const State& state) {
  const double value = GameValue(state);
  game_bounds_.Add(value);
  return value;
}

// Step 4. Hook: Sarsa-UCT(lambda) backs up temporal-difference values instead.
void MctsAgent::Backup(int32_t leaf, double value) {
  for (int32_t n = leaf; n != kNoNode; n = tree_.node(n).parent) {
    Node& node = tree_.node(n);
    node.visits += 1.0;
    node.total += value;
    node.bounds.Add(value);
  }
}

// Step 5. The action index to play, or -1 when the root has no visited child.
// Hook: novelty-based pruning filters the root's children here.
int MctsAgent::FinalMove() {
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
    const int32_t child = tree_.child(Tree::root(), a);
    if (child == kNoNode) continue;
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
  int best = -1;
  double best_value = std::numeric_limits<double>::lowest();
  for (int a = 0; a < tree_.num_actions(); ++a) {
    const int32_t child = tree_.child(Tree::root(), a);
    if (child == kNoNode || tree_.node(child).visits <= 0.0) continue;
    const double value = TieBreakNoise(tree_.node(child).mean(), kTieEpsilon, rng_.NextDouble());
    if (value > best_value) {
      best_value = value;
      best = a;
    }
  }
  return best;
}

namespace {

DepthRule ParseDepthRule(std::string_view s) {
  if (s == "total") return DepthRule::kTotal;
  if (s == "playout") return DepthRule::kPlayOut;
  throw std::invalid_argument("depth_rule must be 'total' or 'playout', not '" + std::string(s) +
                              "'");
}

ExpansionRule ParseExpansionRule(std::string_view s) {
  if (s == "one") return ExpansionRule::kOneNode;
  if (s == "playout") return ExpansionRule::kWholePlayOut;
  throw std::invalid_argument("expand must be 'one' or 'playout', not '" + std::string(s) + "'");
}

FinalMoveRule ParseFinalMoveRule(std::string_view s) {
  if (s == "visits") return FinalMoveRule::kMostVisited;
  if (s == "average") return FinalMoveRule::kHighestAverage;
  throw std::invalid_argument("final must be 'visits' or 'average', not '" + std::string(s) + "'");
}

NormalisationRule ParseNormalisationRule(std::string_view s) {
  if (s == "node") return NormalisationRule::kParentNode;
  if (s == "game") return NormalisationRule::kGame;
  throw std::invalid_argument("norm must be 'node' or 'game', not '" + std::string(s) + "'");
}

std::string_view RuleName(DepthRule r) {
  return r == DepthRule::kTotal ? "total" : "playout";
}
std::string_view RuleName(ExpansionRule r) {
  return r == ExpansionRule::kOneNode ? "one" : "playout";
}
std::string_view RuleName(FinalMoveRule r) {
  return r == FinalMoveRule::kMostVisited ? "visits" : "average";
}
std::string_view RuleName(NormalisationRule r) {
  return r == NormalisationRule::kParentNode ? "node" : "game";
}

std::string Text(std::string_view s) {
  return std::string(s);
}

// The options of both MCTS agents, with `defaults` as their default values.
std::vector<AgentOption> MctsOptionSpecs(const MctsOptions& d) {
  // The shortest text that reads back as the same double: "0.6", not "0.59999999999999998".
  char c_text[32];
  const auto written = std::to_chars(c_text, c_text + sizeof(c_text), d.c);
  return {
      {"c", OptionType::kDouble, std::string(c_text, written.ptr), "UCB1 exploration constant"},
      {"depth", OptionType::kInt, std::to_string(d.depth),
       "depth limit in ticks, counted as depth_rule says"},
      {"depth_rule", OptionType::kString, Text(RuleName(d.depth_rule)),
       "what the depth limit counts: 'total' (tree + play-out, GVGAI) or 'playout' "
       "(play-out after selection, Soemers)"},
      {"expand", OptionType::kString, Text(RuleName(d.expansion)),
       "nodes added per iteration: 'one' (GVGAI) or 'playout' (one per play-out action, "
       "Soemers)"},
      {"final", OptionType::kString, Text(RuleName(d.final_move)),
       "action played: 'visits' (most visited, GVGAI) or 'average' (highest mean, Soemers)"},
      {"norm", OptionType::kString, Text(RuleName(d.normalisation)),
       "bounds normalising values for UCB1: 'node' (parent's, GVGAI) or 'game' (all values "
       "this game, Soemers)"},
      {"init_search", OptionType::kBool, d.init_search ? "true" : "false",
       "search during the 1 s initialisation and keep the tree for the first action"},
      {"max_nodes", OptionType::kInt, std::to_string(d.max_nodes),
       "node pool cap (64 bytes per node); a full pool adds no nodes"},
  };
}

MctsOptions ReadMctsOptions(const AgentOptions& o) {
  MctsOptions m;
  m.c = o.GetDouble("c");
  const int64_t depth = o.GetInt("depth");
  const int64_t max_nodes = o.GetInt("max_nodes");
  if (!(m.c >= 0.0) || !std::isfinite(m.c)) throw std::invalid_argument("c must be >= 0");
  if (depth < 0 || depth > 100000) throw std::invalid_argument("depth must be in [0, 100000]");
  if (max_nodes < 1 || max_nodes > (int64_t{1} << 30)) {
    throw std::invalid_argument("max_nodes must be in [1, 2^30]");
  }
  m.depth = static_cast<int>(depth);
  m.max_nodes = static_cast<int32_t>(max_nodes);
  m.depth_rule = ParseDepthRule(o.GetString("depth_rule"));
  m.expansion = ParseExpansionRule(o.GetString("expand"));
  m.final_move = ParseFinalMoveRule(o.GetString("final"));
  m.normalisation = ParseNormalisationRule(o.GetString("norm"));
  m.init_search = o.GetBool("init_search");
  return m;
}

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
                      "average",
                      "Soemers 2016, Enhancements for Real-Time MCTS in GVGP, Table 5.1",
                      MctsOptions::Soemers());
}

}  // namespace vgdl
