// IW(i): breadth-first search with novelty pruning and safety prepruning (see iw.h).
#include "agents/iw/iw.h"

#include <algorithm>
#include <utility>

#include "agents/common/evaluation.h"
#include "agents/common/pacer.h"
#include "agents/common/safety.h"
#include "agents/common/state_memory.h"
#include "agents/mcts/deterministic_detection.h"
#include "engine/observation.h"

namespace vgdl {

namespace {

// At most this many cached states, whatever their size: beyond it the vector of State
// headers alone would be large.
constexpr size_t kMaxCachedStates = 1 << 16;
// At most this many state hashes remembered a search (search=levels): 8 MiB of table.
constexpr size_t kMaxSeenStates = 1 << 18;

}  // namespace

IwAgent::IwAgent(std::string name, const IwOptions& options, uint64_t seed)
    : name_(std::move(name)),
      options_(options),
      rng_(seed),
      novelty_(options.width, options.atoms, options.pair_table_mb) {}

void IwAgent::Init(const State& observation, Budget& budget) {
  // Size the tables once, outside the 40 ms decisions.
  novelty_.Reserve(observation);
  SizeStateCache(observation);
  if (options_.safety_stochastic_only || options_.search == IwSearch::kLevels) {
    // §4.2.5's classification; a budget too small for it leaves the game stochastic.
    deterministic_ = ClassifyDeterminism(observation, DeterminismOptions{}, budget, rng_, scratch_,
                                         resim_) == Determinism::kDeterministic;
  }
}

Action IwAgent::Act(const State& observation, Budget& budget) {
  const int64_t start_calls = budget.calls();
  stats_ = {};
  StartSearch(observation);
  if (actions_.empty()) return Action::kNil;
  ExpandRoot(observation, budget);
  // An expansion costs one call per action (plus the re-simulation of an uncached node).
  IterationPacer pacer(budget, 2.0, actions_.size());
  head_ = 1;  // nodes_[0] is the root
  while (!found_win_ && HasOpenNode() && pacer.HasRoom()) {
    ExpandNode(NextNode(), observation, budget);
    pacer.Done();
  }
  stats_.iterations = pacer.iterations() + 1;  // the root's expansion included
  stats_.fm_calls = budget.calls() - start_calls;
  return Decide();
}

void IwAgent::StartSearch(const State& root) {
  actions_ = ActionList::Of(root, /*with_nil=*/false);
  best_ = Best{};
  found_win_ = false;
  std::fill(std::begin(safe_), std::end(safe_), false);
  nodes_.clear();
  nodes_.push_back(IwNode{});
  queues_.Clear();
  levels_.Clear();
  seen_.Clear();
  novelty_.Reset(root);
  novelty_.TestAndMemorize(root);
  if (options_.search == IwSearch::kLevels && deterministic_) seen_.TestAndInsert(StateHash(root));
  SizeStateCache(root);
}

void IwAgent::SizeStateCache(const State& root) {
  ReserveTables();
  const double bytes = std::max(0.0, options_.state_cache_mb) * 1024.0 * 1024.0;
  auto capacity = static_cast<size_t>(bytes / static_cast<double>(ApproxStateBytes(root)));
  // The root's children are always kept: they are the safety samples to search from.
  capacity = std::max<size_t>(capacity, kMaxSearchActions + 1);
  capacity = std::min({capacity, kMaxCachedStates, static_cast<size_t>(options_.max_nodes)});
  cache_capacity_ = capacity;
  // States beyond a smaller capacity are kept idle, not destroyed: freeing tens of thousands
  // of states would cost milliseconds inside a decision, and growing back would fault in
  // fresh pages again.
  free_slots_.clear();
  for (size_t i = std::min(cache_.size(), capacity); i-- > 0;) {
    free_slots_.push_back(static_cast<int32_t>(i));
  }
}

// Room for the most nodes and cached states a search may hold, reserved once (at Init). A
// reservation takes address space only: a page is faulted in when a node or a state first
// lands on it, under the budget's watch. Growing by doubling instead would move a whole array
// into fresh pages inside one decision (megabytes at about 3.4 ms per MB on the reference VM),
// and cached states, read through references during a search, must never move.
void IwAgent::ReserveTables() {
  const auto max_nodes = static_cast<size_t>(options_.max_nodes);
  // The root and its children are stored even beyond max_nodes.
  const size_t node_room = std::max<size_t>(max_nodes, kMaxSearchActions + 1);
  if (nodes_.capacity() < node_room) nodes_.reserve(node_room);
  const size_t max_states = std::min(kMaxCachedStates, max_nodes);
  if (cache_.capacity() < max_states) cache_.reserve(max_states);
  if (options_.search == IwSearch::kTwoQueues) queues_.Reserve(node_room);
  if (options_.search == IwSearch::kLevels) {
    levels_.Reserve(node_room);
    seen_.Reserve(std::min<size_t>(max_nodes, kMaxSeenStates));
  }
}

int32_t IwAgent::Store(State& state) {
  if (!free_slots_.empty()) {
    const int32_t slot = free_slots_.back();
    free_slots_.pop_back();
    // The slot's old buffers go back to `state`, to be reused by the next copy.
    std::swap(cache_[static_cast<size_t>(slot)], state);
    return slot;
  }
  if (cache_.size() < cache_capacity_) {
    // Within the reservation: no reallocation.
    cache_.push_back(std::move(state));
    return static_cast<int32_t>(cache_.size() - 1);
  }
  return -1;
}

void IwAgent::Release(int32_t slot) {
  if (slot >= 0) free_slots_.push_back(slot);
}

// Safety prepruning, then the root's children: for each safe action, the first non-losing
// sample (or the first sample when they all lose).
void IwAgent::ExpandRoot(const State& root, Budget& budget) {
  root_slots_.fill(-1);
  root_slot_loses_.fill(false);
  // Without prepruning (M = 0) each action still needs one sample to search from.
  const bool prepruning = options_.safety_samples > 0;
  // In a game classified deterministic the M samples of an action would all be one state.
  safety_samples_used_ = deterministic_ ? 1 : std::max(1, options_.safety_samples);
  const SafetyCounts counts =
      RunSafetyPrepruning(root, actions_, safety_samples_used_, budget, rng_, scratch_,
                          [this](int i, State& successor) {
                            const auto k = static_cast<size_t>(i);
                            const bool loses = IsLoss(successor);
                            if (root_slots_[k] < 0) {
                              root_slots_[k] = Store(successor);
                              root_slot_loses_[k] = loses;
                            } else if (root_slot_loses_[k] && !loses) {
                              std::swap(cache_[static_cast<size_t>(root_slots_[k])], successor);
                              root_slot_loses_[k] = false;
                            }
                          });
  for (int i = 0; i < actions_.size(); ++i) {
    const auto k = static_cast<size_t>(i);
    safe_[k] = !prepruning || counts.safe(i);
    const int32_t slot = root_slots_[k];
    if (slot < 0) continue;  // the budget ended before this action was sampled
    if (!safe_[k] || found_win_) {
      Release(slot);
      continue;
    }
    State& child = cache_[static_cast<size_t>(slot)];
    const double value = GameValue(child);
    Consider(value, 1, i);
    if (IsWin(child)) found_win_ = true;
    if (child.ended() || !Admit(child)) {
      Release(slot);
      continue;
    }
    Open(IwNode{0, slot, 1, static_cast<int8_t>(i), static_cast<int8_t>(i)}, value);
  }
}

void IwAgent::ExpandNode(int32_t index, const State& root, Budget& budget) {
  const IwNode node = nodes_[static_cast<size_t>(index)];  // nodes_ grows below
  const State* parent = StateOf(index, root, budget);
  if (parent != nullptr) {
    for (int a = 0; a < actions_.size() && !found_win_; ++a) {
      if (!budget.HasRoom()) break;
      State& child = scratch_.CopyFrom(*parent, rng_);
      SimulateStep(child, actions_[a], budget);
      Generate(index, a, child);
    }
  }
  Release(node.slot);
}

// The node's state: its cached copy, or the root re-simulated along the node's path. nullptr
// when the budget ends on the way or the re-simulated game ends early (a stochastic game may
// differ from the first simulation).
const State* IwAgent::StateOf(int32_t index, const State& root, Budget& budget) {
  const IwNode& node = nodes_[static_cast<size_t>(index)];
  if (node.slot >= 0) return &cache_[static_cast<size_t>(node.slot)];
  path_.clear();
  for (int32_t i = index; i > 0; i = nodes_[static_cast<size_t>(i)].parent) {
    path_.push_back(nodes_[static_cast<size_t>(i)].action);
  }
  State& state = resim_.CopyFrom(root, rng_);
  for (auto it = path_.rbegin(); it != path_.rend(); ++it) {
    if (state.ended() || !budget.HasRoom()) return nullptr;
    SimulateStep(state, actions_[*it], budget);
  }
  return state.ended() ? nullptr : &state;
}

void IwAgent::Generate(int32_t parent_index, int a, State& child) {
  const IwNode& parent = nodes_[static_cast<size_t>(parent_index)];
  const int depth = parent.depth + 1;
  const int8_t root_action = parent.root_action;
  const double value = GameValue(child);
  Consider(value, depth, root_action);
  if (IsWin(child)) {
    found_win_ = true;
    return;
  }
  // Lost (or otherwise ended) states are not expanded, and not memorised: a state that only
  // repeats a losing state's atoms may still be safe.
  if (child.ended() || !Admit(child)) return;
  if (nodes_.size() >= static_cast<size_t>(options_.max_nodes)) return;
  const int32_t slot = Store(child);
  Open(IwNode{parent_index, slot, static_cast<int16_t>(std::min(depth, 32767)),
              static_cast<int8_t>(a), root_action},
       value);
}

// Breadth-first: the novelty test of the width prunes. 2BFS: nothing is pruned, the novelty
// measure (memorised here) only orders the novelty queue. Levels: the measure orders the
// levels; a stale node (no new tuple) is kept only in a game classified deterministic, where
// the same action sequence always leads to the same state and a complete search behind the
// novel nodes can still find what novelty pruned (as YBCriber searches such games).
bool IwAgent::Admit(const State& child) {
  switch (options_.search) {
    case IwSearch::kBreadthFirst:
      return novelty_.TestAndMemorize(child);
    case IwSearch::kTwoQueues:
      last_novelty_ = novelty_.Measure(child);
      return true;
    case IwSearch::kLevels: {
      last_novelty_ = novelty_.Measure(child);
      const bool novel = last_novelty_ < WidthNovelty::kInfinite;
      if (!deterministic_) return novel;
      // Every kept state is remembered, so that a stale one another node already holds (its
      // future is that node's) is dropped.
      const bool seen = seen_.TestAndInsert(StateHash(child));
      return novel || !seen;
    }
  }
  return true;
}

void IwAgent::Open(const IwNode& node, double value) {
  nodes_.push_back(node);
  const auto index = static_cast<int32_t>(nodes_.size() - 1);
  if (options_.search == IwSearch::kTwoQueues) queues_.Push(index, last_novelty_, value);
  if (options_.search == IwSearch::kLevels) levels_.Push(index, last_novelty_);
}

bool IwAgent::HasOpenNode() {
  switch (options_.search) {
    case IwSearch::kBreadthFirst:
      return head_ < nodes_.size();
    case IwSearch::kTwoQueues:
      return !queues_.Empty();
    case IwSearch::kLevels:
      return !levels_.Empty();
  }
  return false;
}

int32_t IwAgent::NextNode() {
  switch (options_.search) {
    case IwSearch::kBreadthFirst:
      return static_cast<int32_t>(head_++);
    case IwSearch::kTwoQueues:
      return queues_.Pop();
    case IwSearch::kLevels:
      return levels_.Pop();
  }
  return 0;
}

// Keeps the best generated state: highest value, then shallowest, then a uniform choice among
// the equals (reservoir sampling, so that no order of generation is favoured).
void IwAgent::Consider(double value, int depth, int root_action) {
  if (best_.root_action < 0 || value > best_.value ||
      (value == best_.value && depth < best_.depth)) {
    best_ = Best{value, depth, root_action, 1};
    return;
  }
  if (value == best_.value && depth == best_.depth) {
    ++best_.ties;
    if (rng_.NextInt(best_.ties) == 0) best_.root_action = root_action;
  }
}

Action IwAgent::Decide() {
  if (best_.root_action >= 0) return actions_[best_.root_action];
  // Nothing was simulated to the end: any safe action is as good a guess as another.
  int candidates[kMaxSearchActions];
  int n = 0;
  for (int i = 0; i < actions_.size(); ++i) {
    if (safe_[static_cast<size_t>(i)]) candidates[n++] = i;
  }
  if (n == 0) return actions_[rng_.NextInt(actions_.size())];
  return actions_[candidates[rng_.NextInt(n)]];
}

}  // namespace vgdl
