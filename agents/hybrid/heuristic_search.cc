// Joppen et al. 2016, §3.1, Algorithm 1: heuristic search (see heuristic_search.h).
#include "agents/hybrid/heuristic_search.h"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "agents/common/evaluation.h"
#include "agents/common/pacer.h"
#include "agents/common/state_memory.h"
#include "agents/hybrid/pruning.h"
#include "agents/mcts/deterministic_detection.h"
#include "engine/observation.h"

namespace vgdl {

void ValidateHeuristicSearchOptions(const HeuristicSearchOptions& o) {
  if (!(o.ws >= 0.0 && o.ws <= 1e6)) {
    throw std::invalid_argument("ws must be in [0, 1e6], got " + std::to_string(o.ws));
  }
  if (o.max_nodes < 16 || o.max_nodes > (1 << 24)) {
    throw std::invalid_argument("hs_nodes must be in [16, 16777216], got " +
                                std::to_string(o.max_nodes));
  }
  if (o.max_states < 1 || o.max_states > 65536) {
    throw std::invalid_argument("hs_states must be in [1, 65536], got " +
                                std::to_string(o.max_states));
  }
  if (!(o.state_mb >= 0.0 && o.state_mb <= 65536.0)) {
    throw std::invalid_argument("hs_state_mb must be in [0, 65536], got " +
                                std::to_string(o.state_mb));
  }
}

HeuristicSearch::HeuristicSearch(const HeuristicSearchOptions& options) : options_(options) {
  ValidateHeuristicSearchOptions(options_);
}

void HeuristicSearch::Init(const State& first, AgentRandom& rng) {
  nodes_.Prefault(options_.max_nodes);
  uint32_t capacity = 1;
  while (capacity < 2u * static_cast<uint32_t>(options_.max_nodes)) capacity <<= 1;
  hash_.Prefault(static_cast<int32_t>(capacity));
  for (uint32_t i = 0; i < capacity; ++i) hash_[static_cast<int32_t>(i)] = HashEntry{kNone, 0};
  hash_mask_ = capacity - 1;
  stamp_ = 0;
  open_.reserve(static_cast<size_t>(options_.max_nodes) + 8);
  // The root's slot always, then as many as the memory allows.
  const double bytes = options_.state_mb * 1024.0 * 1024.0;
  const auto fit = static_cast<int64_t>(bytes / static_cast<double>(ApproxStateBytes(first)));
  const auto slots = static_cast<size_t>(std::clamp<int64_t>(fit, 1, options_.max_states));
  slots_.resize(slots);
  for (SimState& slot : slots_) slot.CopyFrom(first, rng);
  free_slots_.reserve(slots);
  parent_.CopyFrom(first, rng);
  child_.CopyFrom(first, rng);
  replay_.reserve(4096);
  started_ = false;
}

void HeuristicSearch::Start(const State& root, AgentRandom& rng) {
  ++stamp_;
  open_.clear();
  size_ = 0;
  // Slot 0 is the root's; the others are free, handed out lowest first.
  free_slots_.clear();
  for (auto i = static_cast<int32_t>(slots_.size()) - 1; i >= 1; --i) free_slots_.push_back(i);
  found_ = best_ = best_terminal_ = kNone;
  expansions_ = duplicates_ = predicted_duplicates_ = resimulated_ = 0;
  root_score_ = Score(root);
  actions_ = ActionList::Of(root, /*with_nil=*/true);
  State& root_copy = slots_[0].CopyFrom(root, rng);
  const int32_t r = AddNode(kNone, -1, root_copy, PositionHash(root));
  nodes_[r].slot = nodes_[r].anchor = 0;
  nodes_[r].avatar_changed = 1;
  PushOpen(r);
  started_ = true;
}

double HeuristicSearch::Priority(int32_t node) const {
  const HsNode& n = nodes_[node];
  return -static_cast<double>(n.depth) + options_.ws * (n.score - root_score_);
}

void HeuristicSearch::PushOpen(int32_t node) {
  open_.push_back(OpenEntry{Priority(node), node});
  std::push_heap(open_.begin(), open_.end(), LaterInOpen);
}

const State* HeuristicSearch::StoredState(int32_t node) const {
  const int32_t slot = nodes_[node].slot;
  return slot >= 0 ? &slots_[static_cast<size_t>(slot)].get() : nullptr;
}

bool HeuristicSearch::Restore(int32_t node, SimState& out, Budget& budget, AgentRandom& rng) {
  replay_.clear();
  int32_t n = node;
  while (nodes_[n].slot < 0) {
    replay_.push_back(actions_[nodes_[n].action]);
    n = nodes_[n].parent;
  }
  State& s = out.CopyFrom(*StoredState(n), rng);
  for (auto it = replay_.rbegin(); it != replay_.rend(); ++it) {
    if (!SimulateStepWithin(s, *it, budget)) return false;
    ++resimulated_;
  }
  return true;
}

uint32_t HeuristicSearch::FirstSlot(uint64_t h) const {
  // MurmurHash3's finaliser: the keys are sums of hashes whose low bits alone are weak.
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return static_cast<uint32_t>(h) & hash_mask_;
}

void HeuristicSearch::InsertHash(uint64_t h, int32_t node) {
  uint32_t i = FirstSlot(h);
  while (hash_[static_cast<int32_t>(i)].stamp == stamp_) i = (i + 1) & hash_mask_;
  hash_[static_cast<int32_t>(i)] = HashEntry{node, stamp_};
}

bool HeuristicSearch::Duplicate(const State& s, const PositionKey& key) const {
  uint32_t i = FirstSlot(key.hash);
  for (; hash_[static_cast<int32_t>(i)].stamp == stamp_; i = (i + 1) & hash_mask_) {
    const int32_t other = hash_[static_cast<int32_t>(i)].node;
    if (nodes_[other].key != key) continue;
    // Equal keys; where the other state is kept, equality is checked as well.
    const State* stored = StoredState(other);
    if (stored == nullptr || SamePosition(s, *stored)) return true;
  }
  return false;
}

bool HeuristicSearch::KnownKey(const PositionKey& key) const {
  uint32_t i = FirstSlot(key.hash);
  for (; hash_[static_cast<int32_t>(i)].stamp == stamp_; i = (i + 1) & hash_mask_) {
    if (nodes_[hash_[static_cast<int32_t>(i)].node].key == key) return true;
  }
  return false;
}

int32_t HeuristicSearch::AddNode(int32_t parent, int action, State& s, const PositionKey& key) {
  const int32_t index = size_++;
  HsNode& n = nodes_[index];
  n = HsNode{};
  n.parent = parent;
  n.action = static_cast<int8_t>(action);
  n.depth = parent == kNone ? 0 : nodes_[parent].depth + 1;
  n.score = Score(s);
  n.key = key;
  n.ended = s.ended() ? 1 : 0;
  n.won = IsWin(s) ? 1 : 0;
  // A terminal node is never expanded: it needs no state. The root's slot is set by Start.
  if (parent != kNone && !n.ended) {
    if (!free_slots_.empty()) {
      n.slot = free_slots_.back();
      n.anchor = index;
      free_slots_.pop_back();
      // Swapped in, not copied: `s` gets the slot's old buffers, to be overwritten by the next
      // copy. The slot keeps the copy's random stream: the game is deterministic.
      std::swap(slots_[static_cast<size_t>(n.slot)].get(), s);
    } else {
      n.anchor = nodes_[parent].anchor;
      ++nodes_[n.anchor].waiting;
    }
  }
  if (options_.post_prune) InsertHash(key.hash, index);
  return index;
}

namespace {

// Whether the step from `before` to `after` gave the avatar another type, made it or removed it.
bool AvatarTypeChanged(const State& before, const State& after) {
  if (HasAvatar(before) != HasAvatar(after)) return true;
  return HasAvatar(before) && AvatarType(before) != AvatarType(after);
}

}  // namespace

bool HeuristicSearch::Expand(int32_t node, Budget& budget, KnowledgeBase& kb, AgentRandom& rng,
                             bool* npc) {
  const State* stored = StoredState(node);
  if (stored == nullptr) {
    if (!Restore(node, parent_, budget, rng)) return false;
    stored = &parent_.get();
  }
  const State& from = *stored;
  const PositionKey from_key = nodes_[node].key;
  const ActionMask every_action = (1u << actions_.size()) - 1;
  PrePruneResult pruning;
  pruning.allowed = every_action;
  if (options_.pre_prune) {
    pruning = PrePrune(from, actions_, kb, nullptr);
    // Under kExpected the prediction serves only ExpectedDuplicate (its `vacant` moves).
    if (options_.pre_prune_rule == HsPrePrune::kExpected) pruning.allowed = every_action;
  }
  const PositionKey from_rest = PositionKeyWithoutAvatar(from_key, from);
  const bool from_changed = nodes_[node].avatar_changed != 0;
  const bool out_of_control = HasAvatar(from) && !kb.AvatarInControl(AvatarType(from));
  if (out_of_control) {
    const int nil = actions_.IndexOf(Action::kNil);
    pruning.allowed = nil >= 0 ? 1u << nil : 0u;
  }
  for (int a = 0; a < actions_.size(); ++a) {
    if ((pruning.allowed & (1u << a)) == 0) continue;
    if (size_ >= options_.max_nodes) return true;
    const bool forced = out_of_control;  // ACTION_NIL alone is left: never pruned
    if (!forced && !from_changed && ExpectedDuplicate(node, from, a, pruning, kb)) {
      ++duplicates_;
      ++predicted_duplicates_;
      continue;
    }
    State& s = child_.CopyFrom(from, rng);
    if (!SimulateStepWithin(s, actions_[a], budget)) return false;
    kb.Observe(from, actions_[a], s);
    if (ShowsNpc(s)) *npc = true;
    const PositionKey key = PositionHash(s);
    const bool changed = AvatarTypeChanged(from, s);
    const bool exempt = forced || (from_changed && !changed);
    if (options_.post_prune && !exempt && Duplicate(s, key)) {
      ++duplicates_;
      continue;
    }
    const bool quiet = PositionKeyWithoutAvatar(key, s) == from_rest;
    const int32_t child = AddNode(node, a, s, key);
    nodes_[child].quiet = quiet ? 1 : 0;
    nodes_[child].avatar_changed = changed ? 1 : 0;
    PushOpen(child);
  }
  ++expansions_;
  ReleaseAfterExpansion(node);
  return true;
}

bool HeuristicSearch::ExpectedDuplicate(int32_t node, const State& from, int a,
                                        const PrePruneResult& pruning,
                                        const KnowledgeBase& kb) const {
  // §6: the expected next state is known only after a step that changed nothing but the avatar.
  if (!options_.expect || !options_.pre_prune || !options_.post_prune || nodes_[node].quiet == 0) {
    return false;
  }
  const Action action = actions_[a];
  if (action == Action::kNil) return true;  // nothing but the avatar moves, and it stays
  if ((pruning.vacant & (1u << a)) == 0 || !MovePredictable(from, action)) return false;
  return KnownKey(PredictedMoveKey(nodes_[node].key, from, action, kb));
}

void HeuristicSearch::ReleaseSlot(int32_t node) {
  HsNode& n = nodes_[node];
  if (n.slot <= 0 || n.waiting > 0) return;  // the root's slot 0 is kept
  free_slots_.push_back(n.slot);
  n.slot = -1;
}

void HeuristicSearch::ReleaseAfterExpansion(int32_t node) {
  HsNode& n = nodes_[node];
  n.expanded = 1;
  if (n.slot >= 0) {
    ReleaseSlot(node);
    return;
  }
  // Re-simulated from its anchor, which no longer waits for it. An anchor whose own expansion
  // was cut short by the budget keeps its state for the second attempt.
  if (n.anchor < 0) return;
  --nodes_[n.anchor].waiting;
  if (nodes_[n.anchor].expanded != 0) ReleaseSlot(n.anchor);
}

HeuristicSearch::Outcome HeuristicSearch::Continue(Budget& budget, KnowledgeBase& kb,
                                                   double expected_score, bool check_stop,
                                                   AgentRandom& rng) {
  IterationPacer pacer(budget);
  while (pacer.HasRoom()) {
    if (open_.empty() || size_ >= options_.max_nodes) return Outcome::kExhausted;
    std::pop_heap(open_.begin(), open_.end(), LaterInOpen);
    const int32_t c = open_.back().node;
    open_.pop_back();
    const HsNode& n = nodes_[c];
    if (n.won) {
      if (best_terminal_ == kNone || n.score > nodes_[best_terminal_].score) best_terminal_ = c;
      if (check_stop && n.score >= expected_score) {
        found_ = c;
        return Outcome::kFound;
      }
      pacer.Done();
      continue;
    }
    if (n.ended) {  // a loss (or an end without a winner): neither best nor expanded
      pacer.Done();
      continue;
    }
    if (best_ == kNone || n.score > nodes_[best_].score) best_ = c;
    bool npc = false;
    if (!Expand(c, budget, kb, rng, &npc)) {
      PushOpen(c);
      return Outcome::kSearching;
    }
    pacer.Done();
    if (npc) return Outcome::kNpc;
  }
  return Outcome::kSearching;
}

void HeuristicSearch::PathTo(int32_t node, std::vector<Action>& out) const {
  out.clear();
  for (int32_t n = node; n != kNone && nodes_[n].parent != kNone; n = nodes_[n].parent) {
    out.push_back(actions_[nodes_[n].action]);
  }
  std::reverse(out.begin(), out.end());
}

}  // namespace vgdl
