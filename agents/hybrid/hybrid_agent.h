// The hybrid agent of Joppen et al. 2016 ("Informed Hybrid Game Tree Search", YOLOBOT, winner
// of the GVGAI 2015 planning track), §3 and Figure 3.3: a heuristic search (heuristic_search.h)
// for as long as the game looks deterministic, and an enhanced MCTS (enhanced_mcts.h) from the
// first stochastic effect or NPC on; both learn into and prune with one knowledge base
// (knowledge_base.h, pruning.h), MCTS is guided by target selection (target_selection.h).
//
// A tick of the agent:
//   1. The real transition (last observation, action played, this observation) is given to the
//      knowledge base; the state the agent's own simulation predicted for it is compared with
//      the observation (two successors of one state and action: ObserveRepeat).
//   2. While the heuristic search is in charge, the look-ahead path (§3.1) is extended by three
//      ACTION_NIL moves, each simulated twice and compared (ObserveRepeat); where it ends, the
//      game's last tick is known.
//   3. A stochastic effect, or an NPC in the observation or in a simulated state, switches to
//      MCTS for the rest of the game.
//   4. Heuristic search: Algorithm 1 continues from its root (ACTION_NIL is played while it
//      searches) until a stop criterion: a winning path of score >= E_score (§3.1's estimate:
//      the score plus every positive score change the classifiers predict for the objects on
//      the board); the best winning path is as long as the game's remaining ticks; 75 % of the
//      game's ticks are used (then the best path, winning or not, is played and MCTS follows);
//      the search space is exhausted (likewise). No criterion but stochasticity is tested
//      during Init (the initial second "populates the knowledge base").
//   5. Replay: the path is played action by action; before the first action the observation
//      must equal the search's root (ACTION_NIL changed nothing; otherwise the game is
//      stochastic, §4.2) and after each the prediction must hold (step 1). A replay that ends
//      without ending the game starts a new heuristic search.
//   6. MCTS: the danger heatmap and the target are computed for the observation, and Algorithm 2
//      picks the action.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "agents/agent.h"
#include "agents/common/agent_spec.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/hybrid/enhanced_mcts.h"
#include "agents/hybrid/heuristic_search.h"
#include "agents/hybrid/knowledge_base.h"
#include "agents/hybrid/target_selection.h"

namespace vgdl {

struct HybridOptions {
  bool heuristic_search = true;  // false: MCTS from the start
  HeuristicSearchOptions hs;
  EnhancedMctsOptions mcts;
  double tick_share = 0.75;   // §3.1: the share of the game's ticks the search may use
  int max_game_ticks = 2000;  // GVGAI's limit, when the look-ahead path never ends
  SpawnerRule spawner_rule = SpawnerRule::kAny;  // §4.5: which object on a spawn cell spawned
  bool unmet_danger = true;  // §6: a stochastic type never collided with counts as dangerous
  TargetOptions targets;     // §5: how long a target is disregarded, meeting a type, the ranking
};

class HybridAgent : public Agent {
 public:
  enum class Mode : uint8_t { kSearch, kReplay, kMcts };
  static constexpr int kLookAheadNils = 3;  // §3.1

  HybridAgent(std::string name, const HybridOptions& options, uint64_t seed);

  void Init(const State& observation, Budget& budget) override;
  Action Act(const State& observation, Budget& budget) override;
  AgentStats LastStats() const override { return stats_; }
  std::string Name() const override { return name_; }

  Mode mode() const { return mode_; }
  // The tick of the observation on which the agent switched to MCTS, -1 while it has not.
  int switch_tick() const { return switch_tick_; }
  const KnowledgeBase& knowledge() const { return kb_; }
  const HeuristicSearch& heuristic_search() const { return hs_; }
  const EnhancedMcts& mcts() const { return mcts_; }
  // The path being replayed.
  const std::vector<Action>& path() const { return path_; }

  // §3.1's E_score for a search from `root`.
  static double ExpectedScore(const State& root, const KnowledgeBase& kb);

 private:
  void Prepare(const State& first);
  void LearnFromRealGame(const State& observation);
  void ExtendLookAhead(Budget& budget);
  void SwitchToMcts(int tick);
  // The heuristic search's tick; returns the action, or NIL while it searches.
  Action SearchTick(const State& observation, Budget& budget);
  // Starts replaying the path to `node`; false if there is nothing to replay or the
  // observation is no longer the search's root.
  bool StartReplay(const State& observation, int32_t node, bool then_mcts);
  Action ReplayTick(const State& observation, Budget& budget);
  Action MctsTick(const State& observation, Budget& budget);
  void Predict(const State& observation, Action action, Budget& budget);

  std::string name_;
  HybridOptions options_;
  AgentRandom rng_;
  KnowledgeBase kb_;
  TargetSelector targets_;
  HeuristicSearch hs_;
  EnhancedMcts mcts_;
  Mode mode_ = Mode::kSearch;
  int switch_tick_ = -1;
  bool prepared_ = false;
  bool npc_seen_ = false;
  // The real game: the last observation and action, and the agent's prediction of the next.
  SimState last_observation_;
  bool has_last_ = false;
  Action last_action_ = Action::kNil;
  SimState predicted_;
  bool has_prediction_ = false;
  // §3.1's look-ahead path.
  SimState look_ahead_, look_ahead_twin_;
  bool look_ahead_started_ = false;
  int game_end_tick_ = -1;  // where the look-ahead path ended
  // Replay.
  std::vector<Action> path_;
  size_t replay_index_ = 0;
  bool mcts_after_replay_ = false;
  int64_t iterations_before_ = 0;
  AgentStats stats_;
};

// `hybrid` (the paper's readings) and its preset `hybrid-code` (the authors' code's).
std::vector<AgentSpec> HybridSpecs();

}  // namespace vgdl
