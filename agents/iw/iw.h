// `iw`: Iterated Width for GVGAI (Geffner & Geffner 2015, as Soemers 2016 §3.3), one agent whose
// options are the variants of §3.3: the width (1, 3/2, 2, or none for a plain breadth-first
// search; width.h), the atoms novelty counts (atoms.h), and the order of expansion (breadth-
// first, 2BFS's two queues: two_queues.h, or YBCriber's novelty levels: novelty_levels.h).
// Presets (spec.h): `iw1`, `iw32`, `iw2`, `brfs`, `2bfs`.
//
// Every decision runs one breadth-first search from the current state in which a generated
// state is pruned unless it passes the novelty test of the width (with width 1: it makes true
// an atom no earlier state of this search made true); 2BFS prunes nothing and orders the nodes
// by its two queues instead. Each generated state is one copy of its parent with a fresh random
// stream advanced by one action, so a node stands for one sampled outcome.
//
// Safety prepruning at the root (§3.3.1): each action is applied to M = 10 copies of the root;
// only the actions with the fewest immediate losses are searched. The root's children are the
// first non-losing of those samples. With `safety_stochastic_only`, a game that Deterministic
// Game Detection (§4.2.5) classifies deterministic at Init gets one sample an action.
//
// Losing states are neither expanded nor memorised (their atoms must not block safe states),
// and the search stops at the first win: breadth-first order makes it a shallowest one.
//
// The decision (§3.3.1: play the action leading to the most promising state found): the first
// action of the path to the generated state with the highest X(s) (score, +1e7 for a win, -1e7
// for a loss, Eq. 3.1), the shallowest among equals, then uniformly random among those. So a
// win is played towards along a shortest path, a score gain is taken as early as found, and a
// search that finds nothing better than the root walks randomly among the safe actions.
//
// Budget: one Budget::CountCall per Advance; a node is expanded while the remaining budget
// exceeds twice the average expansion (GVGAI's rule) or, for call budgets, while one average
// expansion fits. States of unexpanded nodes are kept in a cache of `state_cache_mb`; nodes
// beyond it are re-simulated from the root when they are expanded (counted calls too).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/common/action_list.h"
#include "agents/common/agent_spec.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/iw/atoms.h"
#include "agents/iw/novelty_levels.h"
#include "agents/iw/seen_states.h"
#include "agents/iw/two_queues.h"
#include "agents/iw/width.h"

namespace vgdl {

// How the open nodes are ordered: breadth-first with novelty pruning (IW); 2BFS's two queues,
// by novelty and by reward, without pruning (two_queues.h); or one queue per novelty level,
// the lowest first, stale nodes kept (behind the others) only in a game Deterministic Game
// Detection classifies deterministic (novelty_levels.h).
enum class IwSearch { kBreadthFirst, kTwoQueues, kLevels };

struct IwOptions {
  int safety_samples = 10;       // M of safety prepruning (Geffner & Geffner use 10)
  double state_cache_mb = 64.0;  // memory for the states of nodes waiting to be expanded
  int32_t max_nodes = 1 << 20;   // nodes per search (12 bytes each)
  Width width = Width::kOne;
  IwAtomOptions atoms;
  double pair_table_mb = 64.0;  // memory for the pairs of widths 2 and 3/2 (pair_table.h)
  IwSearch search = IwSearch::kBreadthFirst;
  // Safety prepruning with M samples only in games that Deterministic Game Detection (Soemers
  // 2016 §4.2.5, at Init) does not classify deterministic; one sample per action otherwise.
  bool safety_stochastic_only = false;
};

class IwAgent : public Agent {
 public:
  IwAgent(std::string name, const IwOptions& options, uint64_t seed);

  void Init(const State& observation, Budget& budget) override;
  Action Act(const State& observation, Budget& budget) override;
  AgentStats LastStats() const override { return stats_; }
  std::string Name() const override { return name_; }

  // Depth of the node whose path gave the last decision (0 when the choice was a guess).
  int last_plan_depth() const { return best_.depth; }
  // Whether Init classified the game deterministic (only with options that ask for it).
  bool classified_deterministic() const { return deterministic_; }
  // Whether the last search found a win.
  bool last_found_win() const { return found_win_; }
  // Samples per action of the last safety prepruning.
  int last_safety_samples() const { return safety_samples_used_; }

 private:
  struct IwNode {
    int32_t parent = -1;
    int32_t slot = -1;  // state cache slot, or -1: re-simulate from the root
    int16_t depth = 0;
    int8_t action = -1;       // action index on the edge from the parent
    int8_t root_action = -1;  // action index of the first edge of the path
  };
  struct Best {
    double value = 0.0;
    int depth = 0;
    int root_action = -1;
    int ties = 0;
  };

  void StartSearch(const State& root);
  void ExpandRoot(const State& root, Budget& budget);
  void ExpandNode(int32_t index, const State& root, Budget& budget);
  // The child of the node at `parent_index` through action index `a`, already simulated in
  // `child`: records it as a candidate decision and keeps it if novel.
  void Generate(int32_t parent_index, int a, State& child);
  void Consider(double value, int depth, int root_action);
  // Whether a generated, unfinished state becomes a node (the novelty test, or always in 2BFS).
  bool Admit(const State& child);
  // Appends `node` (its state's value `value`) to the nodes waiting to be expanded.
  void Open(const IwNode& node, double value);
  bool HasOpenNode();
  int32_t NextNode();
  const State* StateOf(int32_t index, const State& root, Budget& budget);
  int32_t Store(State& state);
  void Release(int32_t slot);
  void SizeStateCache(const State& root);
  void ReserveTables();
  Action Decide();

  std::string name_;
  IwOptions options_;
  AgentRandom rng_;
  WidthNovelty novelty_;
  ActionList actions_;
  std::vector<IwNode> nodes_;  // in generation order, which is the breadth-first queue
  size_t head_ = 1;            // the next node to expand breadth-first
  TwoQueues queues_;           // 2BFS only
  NoveltyLevels levels_;       // search=levels only
  SeenStates seen_;            // search=levels in a game classified deterministic
  int last_novelty_ = 1;       // 2BFS, levels: the measure of the state Admit saw last
  std::vector<State> cache_;   // states of unexpanded nodes
  std::vector<int32_t> free_slots_;
  size_t cache_capacity_ = 0;
  std::vector<int8_t> path_;  // scratch: actions from the root to a re-simulated node
  SimState scratch_;          // successor being generated
  SimState resim_;            // re-simulated parent
  std::array<int32_t, kMaxSearchActions> root_slots_{};
  std::array<bool, kMaxSearchActions> root_slot_loses_{};
  Best best_;
  bool found_win_ = false;
  bool deterministic_ = false;  // classified at Init (safety_stochastic_only, search=levels)
  int safety_samples_used_ = 0;
  bool safe_[kMaxSearchActions] = {};
  AgentStats stats_;
};

}  // namespace vgdl
