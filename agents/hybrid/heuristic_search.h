// The heuristic search of the hybrid agent (Joppen et al. 2016, §3.1, Algorithm 1), for
// deterministic games: a best-first search from a root state that may go on over several game
// ticks (the agent plays ACTION_NIL meanwhile) until it finds a path to replay exactly.
//
//   H_HS(s) = -phi_t(s) + w_s * sum_0^t r(s_t)                                        (Eq. 3.1)
//
// with phi_t(s) the number of steps from the root and the sum the score gained since the root.
// The open list's best state is taken (ties: the state created first, so that with equal
// scores the search is breadth-first), its actions are pre-pruned by the knowledge base (§6,
// pruning.h), and each remaining action is simulated; a successor equal to a state already
// seen is post-pruned (equal PositionKeys, 128 bits, and SamePosition where the other state is
// kept). Before that, §6's pre-pruning by the hash of the expected next state: after a step
// that changed nothing but the avatar, ACTION_NIL is expected to change nothing and a move onto
// a vacant cell to move only the avatar (pruning.h, PredictedMoveKey); when that expected state
// is already a node, the action is pruned without being simulated. Every simulated transition
// is given to the knowledge base.
// A winning state taken from the open list whose score reaches E_score ends the search
// (kFound); otherwise the best winning state (BestTerminal) and the best state that is not a
// terminal (Best) are kept for the agent's other stop criteria (hybrid_agent.h).
//
// Memory: nodes (parent, action, depth, score, key) live in a NodeTable and the duplicate
// table is open addressing over another, both faulted in at Init. States are kept in slots
// (State copies made at Init and reused), as many as `state_mb` holds and at most `max_states`.
// A new node that is not terminal takes a free slot if there is one; one made when none was
// free is re-simulated, when it is expanded, from its nearest ancestor with a state (its
// anchor; counted calls, which the game's determinism makes exact). A state is needed only
// until its node is expanded and no node anchored to it waits to be: then its slot is given
// back (never the root's). So slots go to the open list's nodes and to the few anchors, not to
// nodes long expanded, and a node is rarely re-simulated over more than a step or two.
//
// Choices where the paper is silent (docs/agents.md, "Hybrid agent"):
//   - Best is the highest-scoring non-terminal state (lost states are never "best"); ties keep
//     the state found first (the shorter path).
//   - A search whose node pool is full, or whose open list is empty, ends (kExhausted): the
//     agent then treats it like the 75 % threshold.
//   - A state that shows an NPC ends the search (kNpc), as an NPC makes the game
//     indeterministic (§3.1).
//   - w_s = 10: the paper leaves it to "manual tuning"; the authors' code orders its queue by
//     0.1 * tick - score, which is Eq. 3.1 with w_s = 10.
//   - §6's duplicate pruning compares positions, which do not show everything that decides the
//     next tick. Two exceptions settle it as the authors' code does (YOLOBOT's BFS, read to
//     learn): the child of a node whose step changed the avatar's type, when the type stays,
//     is never a duplicate (a sprite made by a transformation may wait a tick before it moves:
//     a catapult's missile is its own duplicate on the tick it stands); and an avatar out of
//     the player's control (§4.2) is expanded by ACTION_NIL alone, never pruned, as it goes on
//     moving where its position says nothing of it.
#pragma once

#include <cstdint>
#include <vector>

#include "agents/common/action_list.h"
#include "agents/common/budget.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/hybrid/knowledge_base.h"
#include "agents/hybrid/pruning.h"
#include "agents/mcts/node_table.h"
#include "engine/state.h"

namespace vgdl {

// Which moves the heuristic search prunes without simulating them.
//   kKnowledge: Algorithm 1's KB.preprune as §6 describes it: moves the knowledge base predicts
//     to equal ACTION_NIL (blocked, outside the playing area) or to lose, and moves whose
//     expected next state was searched already.
//   kExpected: the authors' BFS (YOLOBOT, read to learn): only moves whose expected next state
//     was searched already; a move predicted to be blocked or to lose is simulated. What the
//     knowledge base learnt with one inventory is then put to the test with another: the door
//     that blocked before the key, the fire that killed before the boots.
enum class HsPrePrune : uint8_t { kKnowledge, kExpected };

struct HeuristicSearchOptions {
  double ws = 10.0;       // w_s of Eq. 3.1
  bool pre_prune = true;  // §6 pre-pruning by the knowledge base
  // What §6's pre-pruning removes before a node's children are simulated.
  HsPrePrune pre_prune_rule = HsPrePrune::kKnowledge;
  bool post_prune = true;  // §6 duplicate-state pruning
  bool expect = true;      // §6 pre-pruning by the expected next state's hash (needs both above)
  int32_t max_nodes = 1 << 20;
  int32_t max_states = 1 << 16;  // states kept, at most ...
  double state_mb = 64.0;        // ... and at most this much memory
};

// Throws std::invalid_argument naming the valid ranges.
void ValidateHeuristicSearchOptions(const HeuristicSearchOptions& options);

class HeuristicSearch {
 public:
  static constexpr int32_t kNone = -1;

  enum class Outcome : uint8_t {
    kSearching,  // the budget ran out; call Continue again next tick
    kFound,      // a winning state with score >= E_score: found()
    kExhausted,  // the open list is empty or the node pool is full
    kNpc,        // a simulated state shows an NPC
  };

  explicit HeuristicSearch(const HeuristicSearchOptions& options = {});

  // Faults every table in and makes the state copies (for the agent's Init).
  void Init(const State& first, AgentRandom& rng);
  // Forgets the last search and starts one from `root`.
  void Start(const State& root, AgentRandom& rng);
  bool started() const { return started_; }

  // Algorithm 1's loop while `budget` has room. `check_stop`: whether a winning state with
  // score >= `expected_score` ends the search (not during the initial second, §3.1).
  Outcome Continue(Budget& budget, KnowledgeBase& kb, double expected_score, bool check_stop,
                   AgentRandom& rng);

  const State& root() const { return slots_[0].get(); }
  int32_t found() const { return found_; }
  int32_t best() const { return best_; }
  int32_t best_terminal() const { return best_terminal_; }
  double score(int32_t node) const { return nodes_[node].score; }
  int depth(int32_t node) const { return nodes_[node].depth; }
  // The actions from the root to `node`, in playing order.
  void PathTo(int32_t node, std::vector<Action>& out) const;

  int64_t expansions() const { return expansions_; }
  int64_t duplicates() const { return duplicates_; }
  // Of those, the ones pruned by the expected next state's hash, never simulated.
  int64_t predicted_duplicates() const { return predicted_duplicates_; }
  int32_t size() const { return size_; }
  // The number of state slots Init made (from max_states and state_mb).
  int32_t state_slots() const { return static_cast<int32_t>(slots_.size()); }
  // Forward-model calls spent re-simulating states that were not kept.
  int64_t resimulated() const { return resimulated_; }
  const HeuristicSearchOptions& options() const { return options_; }

 private:
  struct HsNode {
    double score = 0.0;
    PositionKey key;
    int32_t parent = kNone;
    int32_t depth = 0;
    int32_t slot = -1;    // index into slots_, or -1
    int32_t anchor = -1;  // the node whose state it is re-simulated from (itself if kept)
    int32_t waiting = 0;  // unexpanded nodes anchored to this one
    int8_t action = -1;
    uint8_t won = 0;
    uint8_t ended = 0;
    uint8_t expanded = 0;
    uint8_t quiet = 0;  // the step to it changed nothing but the avatar
    // The step to it gave the avatar another type (or made or removed the avatar); the root
    // counts as such, its history being unknown.
    uint8_t avatar_changed = 0;
  };
  struct OpenEntry {
    double h;
    int32_t node;
  };
  struct HashEntry {
    int32_t node;
    uint32_t stamp;
  };
  static bool LaterInOpen(const OpenEntry& a, const OpenEntry& b) {
    return a.h < b.h || (a.h == b.h && a.node > b.node);
  }

  double Priority(int32_t node) const;
  void PushOpen(int32_t node);
  // The state of `node` into `out` (a stored copy, or re-simulated); false if the budget ran
  // out.
  bool Restore(int32_t node, SimState& out, Budget& budget, AgentRandom& rng);
  const State* StoredState(int32_t node) const;
  // Whether a state equal to `s` (key `key`) is already a node.
  bool Duplicate(const State& s, const PositionKey& key) const;
  // Whether some node has key `key`.
  bool KnownKey(const PositionKey& key) const;
  // Whether action `a` of `node` (state `from`) is expected to reach a known state (§6).
  bool ExpectedDuplicate(int32_t node, const State& from, int a, const PrePruneResult& pruning,
                         const KnowledgeBase& kb) const;
  void InsertHash(uint64_t h, int32_t node);
  // Where the open addressing of hash `h` starts.
  uint32_t FirstSlot(uint64_t h) const;
  // `s` is swapped into the new node's slot, if it gets one.
  int32_t AddNode(int32_t parent, int action, State& s, const PositionKey& key);
  // After `node`'s expansion: its own slot and its anchor's are given back if nothing waits.
  void ReleaseAfterExpansion(int32_t node);
  void ReleaseSlot(int32_t node);
  // Expands `node`; false if the budget ran out (the node goes back to the open list).
  bool Expand(int32_t node, Budget& budget, KnowledgeBase& kb, AgentRandom& rng, bool* npc);

  HeuristicSearchOptions options_;
  NodeTable<HsNode> nodes_;
  NodeTable<HashEntry> hash_;
  uint32_t hash_mask_ = 0;
  uint32_t stamp_ = 0;
  std::vector<OpenEntry> open_;
  std::vector<SimState> slots_;
  std::vector<int32_t> free_slots_;
  int64_t resimulated_ = 0;
  int32_t size_ = 0;
  double root_score_ = 0.0;
  int32_t found_ = kNone;
  int32_t best_ = kNone;
  int32_t best_terminal_ = kNone;
  bool started_ = false;
  int64_t expansions_ = 0;
  int64_t duplicates_ = 0;
  int64_t predicted_duplicates_ = 0;
  ActionList actions_;
  SimState parent_, child_;
  std::vector<Action> replay_;
};

}  // namespace vgdl
