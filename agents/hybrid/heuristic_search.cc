// Joppen et al. 2016, §3.1, Algorithm 1: heuristic search (see heuristic_search.h).
#include "agents/hybrid/heuristic_search.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "agents/common/evaluation.h"
#include "agents/common/pacer.h"
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
  slots_.resize(static_cast<size_t>(options_.max_states));
  for (SimState& slot : slots_) slot.CopyFrom(first, rng);
  parent_.CopyFrom(first, rng);
  child_.CopyFrom(first, rng);
  confirm_.CopyFrom(first, rng);
  replay_.reserve(4096);
  started_ = false;
}

void HeuristicSearch::Start(const State& root, AgentRandom& rng) {
  ++stamp_;
  open_.clear();
  size_ = 0;
  used_slots_ = 0;
  found_ = best_ = best_terminal_ = kNone;
  expansions_ = duplicates_ = 0;
  root_score_ = Score(root);
  actions_ = ActionList::Of(root, /*with_nil=*/true);
  const int32_t r = AddNode(kNone, -1, root, PositionHash(root));
  slots_[0].CopyFrom(root, rng);  // AddNode stored it; a fresh stream for the copy
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
  }
  return true;
}

void HeuristicSearch::InsertHash(uint64_t h, int32_t node) {
  uint32_t i = static_cast<uint32_t>(h) & hash_mask_;
  while (hash_[static_cast<int32_t>(i)].stamp == stamp_) i = (i + 1) & hash_mask_;
  hash_[static_cast<int32_t>(i)] = HashEntry{node, stamp_};
}

bool HeuristicSearch::Duplicate(const State& s, uint64_t h, Budget& budget, AgentRandom& rng,
                                bool* out_of_budget) {
  uint32_t i = static_cast<uint32_t>(h) & hash_mask_;
  for (; hash_[static_cast<int32_t>(i)].stamp == stamp_; i = (i + 1) & hash_mask_) {
    const int32_t other = hash_[static_cast<int32_t>(i)].node;
    if (nodes_[other].hash != h) continue;
    // Equal hashes: confirm that the states are equal, so that a collision prunes nothing.
    const State* stored = StoredState(other);
    if (stored == nullptr) {
      if (!Restore(other, confirm_, budget, rng)) {
        *out_of_budget = true;
        return false;
      }
      stored = &confirm_.get();
    }
    if (SamePosition(s, *stored)) return true;
  }
  return false;
}

int32_t HeuristicSearch::AddNode(int32_t parent, int action, const State& s, uint64_t h) {
  const int32_t index = size_++;
  HsNode& n = nodes_[index];
  n = HsNode{};
  n.parent = parent;
  n.action = static_cast<int8_t>(action);
  n.depth = parent == kNone ? 0 : nodes_[parent].depth + 1;
  n.score = Score(s);
  n.hash = h;
  n.ended = s.ended() ? 1 : 0;
  n.won = IsWin(s) ? 1 : 0;
  if (used_slots_ < options_.max_states) {
    n.slot = used_slots_++;
    // The slot keeps the copy's random stream: the game is deterministic.
    slots_[static_cast<size_t>(n.slot)].get() = s;
  }
  if (options_.post_prune) InsertHash(h, index);
  return index;
}

bool HeuristicSearch::Expand(int32_t node, Budget& budget, KnowledgeBase& kb, AgentRandom& rng,
                             bool* npc) {
  const State* stored = StoredState(node);
  if (stored == nullptr) {
    if (!Restore(node, parent_, budget, rng)) return false;
    stored = &parent_.get();
  }
  const State& from = *stored;
  const ActionMask allowed = options_.pre_prune ? PrePrune(from, actions_, kb, nullptr).allowed
                                                : (1u << actions_.size()) - 1;
  for (int a = 0; a < actions_.size(); ++a) {
    if ((allowed & (1u << a)) == 0) continue;
    if (size_ >= options_.max_nodes) return true;
    State& s = child_.CopyFrom(from, rng);
    if (!SimulateStepWithin(s, actions_[a], budget)) return false;
    kb.Observe(from, actions_[a], s);
    if (ShowsNpc(s)) *npc = true;
    const uint64_t h = PositionHash(s);
    if (options_.post_prune) {
      bool out_of_budget = false;
      const bool duplicate = Duplicate(s, h, budget, rng, &out_of_budget);
      if (out_of_budget) return false;
      if (duplicate) {
        ++duplicates_;
        continue;
      }
    }
    PushOpen(AddNode(node, a, s, h));
  }
  ++expansions_;
  return true;
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
