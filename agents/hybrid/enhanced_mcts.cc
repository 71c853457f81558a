// Joppen et al. 2016, §3.2, Algorithm 2: enhanced MCTS (see enhanced_mcts.h).
#include "agents/hybrid/enhanced_mcts.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>
#include <string>

#include "agents/common/pacer.h"
#include "agents/common/ucb1.h"
#include "engine/observation.h"

namespace vgdl {

void ValidateEnhancedMctsOptions(const EnhancedMctsOptions& o) {
  auto need = [](bool ok, const std::string& what) {
    if (!ok) throw std::invalid_argument(what);
  };
  need(o.c >= 0.0 && o.c <= 100.0, "c must be in [0, 100], got " + std::to_string(o.c));
  need(o.depth >= 0 && o.depth <= 1000,
       "depth must be in [0, 1000], got " + std::to_string(o.depth));
  need(o.epsilon >= 0.0 && o.epsilon <= 1.0,
       "eps must be in [0, 1], got " + std::to_string(o.epsilon));
  need(o.backtrack >= 0 && o.backtrack <= kMaxSearchActions,
       "backtrack must be in [0, 6], got " + std::to_string(o.backtrack));
  for (double w : {o.wo, o.ws, o.wd, o.wt}) {
    need(w >= 0.0 && w <= 1e6, "wo, ws, wd and wt must be in [0, 1e6], got " + std::to_string(w));
  }
  need(o.max_nodes >= 16 && o.max_nodes <= (1 << 22),
       "mcts_nodes must be in [16, 4194304], got " + std::to_string(o.max_nodes));
}

EnhancedMcts::EnhancedMcts(const EnhancedMctsOptions& options)
    : options_(options), tree_(options.max_nodes) {
  ValidateEnhancedMctsOptions(options_);
}

void EnhancedMcts::Init(const State& first, AgentRandom& rng) {
  tree_.Prefault();
  info_.Prefault(options_.max_nodes);
  sim_.CopyFrom(first, rng);
  prev_.CopyFrom(first, rng);
  path_.reserve(1024);
}

double EnhancedMcts::Evaluate(const State& s, int steps, double root_score, const KnowledgeBase& kb,
                              const TargetSelector& targets) const {
  double v = options_.ws * (Score(s) - root_score) - options_.wt * steps;
  if (IsWin(s)) v += options_.wo;
  if (IsLoss(s)) v -= options_.wo;
  if (targets.has_target() && HasAvatar(s)) {
    const double cells = kb.grid().width() * kb.grid().height();
    v -= options_.wd * std::min(cells, targets.DistanceFrom(kb.grid().AvatarCell(s)));
  }
  return v;
}

void EnhancedMcts::InitNode(int32_t node, const State& s, const KnowledgeBase& kb,
                            const TargetSelector& targets, const std::vector<double>* heat) {
  NodeInfo& info = info_[node];
  info.allowed =
      options_.pre_prune ? PrePrune(s, actions_, kb, heat).allowed : (1u << actions_.size()) - 1;
  for (int a = 0; a < actions_.size(); ++a) {
    info.prior[static_cast<size_t>(a)] =
        options_.informed ? static_cast<float>(targets.Prior(s, actions_[a], kb)) : 0.5f;
  }
}

int EnhancedMcts::SelectAction(int32_t node, AgentRandom& rng) const {
  const NodeInfo& info = info_[node];
  const double n = tree_.node(node).visits;
  int best = -1;
  double best_value = std::numeric_limits<double>::lowest();
  for (int a = 0; a < actions_.size(); ++a) {
    if ((info.allowed & (1u << a)) == 0) continue;
    const int32_t child = tree_.child(node, a);
    double q;
    double visits;
    if (child == kNoNode || tree_.node(child).visits <= 0.0) {
      // The informed prior stands for one visit until a value is propagated (§3.2).
      q = info.prior[static_cast<size_t>(a)];
      visits = 1.0;
    } else {
      q = bounds_.valid() ? bounds_.Normalise(tree_.node(child).mean()) : 0.5;
      visits = tree_.node(child).visits;
    }
    const double uct =
        Ucb1(q, options_.c, Ucb1LogParent(n, Ucb1Parent::kPlusOne), visits, Ucb1Visits::kAsIs);
    const double value = TieBreakNoise(uct, kTieEpsilon, rng.NextDouble());
    if (value > best_value) {
      best_value = value;
      best = a;
    }
  }
  return best;
}

int EnhancedMcts::RolloutAction(const State& s, const KnowledgeBase& kb,
                                const TargetSelector& targets, double epsilon, ActionMask excluded,
                                AgentRandom& rng) const {
  // Rollouts prune only the moves off the playing area (§6).
  ActionMask allowed = 0;
  for (int a = 0; a < actions_.size(); ++a) {
    if ((excluded & (1u << a)) == 0 && !LeavesPlayingArea(s, actions_[a], kb)) {
      allowed |= 1u << a;
    }
  }
  if (allowed == 0) return -1;
  if (options_.informed && rng.NextDouble() >= epsilon) {
    const int greedy = targets.GreedyAction(s, actions_, kb, allowed);
    if (greedy >= 0) return greedy;
  }
  const int count = std::popcount(allowed);
  int pick = rng.NextInt(count);
  for (int a = 0; a < actions_.size(); ++a) {
    if ((allowed & (1u << a)) == 0) continue;
    if (pick-- == 0) return a;
  }
  return -1;
}

bool EnhancedMcts::Step(State& s, int a, Budget& budget, KnowledgeBase& kb, AgentRandom& rng) {
  if (!budget.HasRoom()) return false;
  const State& before = prev_.CopyFrom(s, rng);
  SimulateStep(s, actions_[a], budget);
  kb.Observe(before, actions_[a], s);
  return true;
}

void EnhancedMcts::Backup(double value) {
  bounds_.Add(value);
  for (int32_t node : path_) {
    Node& n = tree_.node(node);
    n.visits += 1.0;
    n.total += value;
  }
}

void EnhancedMcts::Iterate(const State& root, Budget& budget, KnowledgeBase& kb,
                           const TargetSelector& targets, AgentRandom& rng, bool greedy) {
  State& s = sim_.CopyFrom(root, rng);
  path_.clear();
  path_.push_back(Tree::root());
  int32_t node = Tree::root();
  int steps = 0;
  int last = -1;            // the last action simulated; prev_ holds the state before it
  bool in_rollout = false;  // `last` was a rollout step, not a tree edge
  // Selection (lines 5-9) and expansion (lines 10-11).
  while (!s.ended()) {
    const int a = SelectAction(node, rng);
    if (a < 0) break;
    if (!Step(s, a, budget, kb, rng)) return;
    last = a;
    ++steps;
    int32_t child = tree_.child(node, a);
    const bool expand = child == kNoNode;
    if (expand) {
      child = tree_.AddChild(node, a);
      if (child == kNoNode) break;  // the pool is full: roll out from here
      InitNode(child, s, kb, targets, nullptr);
    }
    node = child;
    path_.push_back(node);
    if (expand) break;
  }
  // Rollout (line 12), to the maximal depth.
  const double epsilon = greedy ? 0.0 : options_.epsilon;
  for (int r = 0; r < options_.depth && !s.ended(); ++r) {
    const int a = RolloutAction(s, kb, targets, epsilon, 0, rng);
    if (a < 0) break;
    if (!Step(s, a, budget, kb, rng)) break;
    last = a;
    ++steps;
    in_rollout = true;
  }
  // Backtracking (lines 13-18): alternatives to the losing rollout action from the state
  // before it. A loss on a tree edge is propagated as it is: the value goes to that edge's
  // node, which an alternative's state would misrepresent.
  if (IsLoss(s) && last >= 0 && in_rollout) {
    ++stats_.rollout_losses;
    ActionMask tried = 1u << last;
    for (int b = 0; b < options_.backtrack && IsLoss(s); ++b) {
      const int alt = RolloutAction(prev_.get(), kb, targets, 1.0, tried, rng);
      if (alt < 0) break;
      tried |= 1u << alt;
      // prev_ is the state before the losing step; Step copies it onto itself.
      s = prev_.get();
      if (!Step(s, alt, budget, kb, rng)) break;
      ++stats_.backtracks;
    }
    if (IsLoss(s)) ++stats_.rollout_losses_kept;
  }
  if (IsLoss(s)) ++stats_.losses_propagated;
  Backup(Evaluate(s, steps, root_score_, kb, targets));
  ++stats_.iterations;
}

Action EnhancedMcts::Search(const State& root, Budget& budget, KnowledgeBase& kb,
                            const TargetSelector& targets, const std::vector<double>& heat,
                            AgentRandom& rng) {
  actions_ = ActionList::Of(root, /*with_nil=*/true);
  if (actions_.empty()) return Action::kNil;
  tree_.Reset(actions_.size());
  bounds_ = ValueBounds{};
  root_score_ = Score(root);
  InitNode(Tree::root(), root, kb, targets, &heat);
  IterationPacer pacer(budget);
  bool first = true;
  while (pacer.HasRoom()) {
    Iterate(root, budget, kb, targets, rng, first);
    first = false;
    pacer.Done();
  }
  // The most visited root action (line 21).
  const NodeInfo& info = info_[Tree::root()];
  int best = -1;
  double best_visits = 0.0;
  for (int a = 0; a < actions_.size(); ++a) {
    const int32_t child = tree_.child(Tree::root(), a);
    if ((info.allowed & (1u << a)) == 0 || child == kNoNode) continue;
    const double v = TieBreakNoise(tree_.node(child).visits, kTieEpsilon, rng.NextDouble());
    if (v > best_visits) {
      best_visits = v;
      best = a;
    }
  }
  if (best < 0) best = targets.GreedyAction(root, actions_, kb, info.allowed);
  if (best < 0) {
    for (int a = 0; a < actions_.size() && best < 0; ++a) {
      if ((info.allowed & (1u << a)) != 0) best = a;
    }
  }
  return best < 0 ? Action::kNil : actions_[best];
}

}  // namespace vgdl
