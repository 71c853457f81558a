// The N-Gram Selection Technique's play-out policy (Soemers 2016 §4.2.2; Tak, Winands and
// Björnsson 2012), epsilon-greedy over the N-gram statistics of ActionStatistics:
//   - with probability epsilon, a uniformly random candidate action;
//   - otherwise the candidate a_t maximising the average of the means of its candidate
//     N-grams <a_t>, <a_{t-1}, a_t>, <a_{t-2}, a_{t-1}, a_t>, each action with the avatar's
//     cell before it (the same keys as PH: the 1-grams are PH's data). An N-gram with N > 1
//     counts only once it was seen at least k times (decayed counts); near the root, where
//     fewer previous actions exist, only the shorter N-grams are candidates. A candidate whose
//     1-gram has no data scores the maximum evaluation observed so far in the game, "to
//     motivate exploration of actions that have not been tried yet". Exact ties are broken
//     uniformly at random.
// "Previous actions" are those of the current simulation, from the search's root (selection
// and play-out alike), as ActionStatistics::RecordSimulation records them.
//
// Choices where the thesis is silent, settled by MaastCTS2 (playout/NstPlayout.java):
//   - A longer N-gram is not looked at once a shorter one is below k. (Its count cannot exceed
//     the shorter one's, each occurrence of <a_{t-2}, a_{t-1}, a_t> being one of
//     <a_{t-1}, a_t>, so this only saves a look-up.)
//   - The 1-gram counts whenever it has data: k applies to N > 1 only, as the thesis says.
//   - An unseen 1-gram scores the game's maximum alone (no longer N-gram can have data then).
//   - The greedy choice is among the candidates the agent offers (MaastCTS2: the node's
//     unexpanded actions, all of them below the tree), and so is the random one.
#pragma once

#include <cstdint>

#include "agents/common/random.h"
#include "agents/mcts/action_statistics.h"

namespace vgdl {

struct NstOptions {
  // §5.2.5: "NST with k = 7, epsilon = 0.5, N = 3".
  double epsilon = 0.5;  // probability of a uniformly random action, in [0, 1]
  double k = 7.0;        // occurrences before an N-gram with N > 1 counts, >= 0
  int max_n = 3;         // longest N-gram, in [1, kMaxNGram]

  // Throws std::invalid_argument, naming the valid range, for a value out of range.
  void Validate() const;
};

// The candidate actions as a bit set (bit a: action index a).
using ActionSet = uint32_t;
inline ActionSet AllActions(int num_actions) {
  return num_actions <= 0 ? 0u : (ActionSet{1} << num_actions) - 1u;
}

class NGramSelection {
 public:
  // Validates the options (std::invalid_argument).
  explicit NGramSelection(const NstOptions& options = {});

  const NstOptions& options() const { return options_; }

  // The play-out action among `candidates` (-1 when empty) with the avatar in `cell`, after
  // `history` (the simulation so far; only its last max_n - 1 actions are looked at);
  // `max_score` is the highest evaluation X seen so far in the game.
  int ChooseAmong(const ActionStatistics& stats, const ActionHistory& history, int cell,
                  ActionSet candidates, double max_score, AgentRandom& rng) const;
  // ChooseAmong all `num_actions` actions.
  int Choose(const ActionStatistics& stats, const ActionHistory& history, int cell, int num_actions,
             double max_score, AgentRandom& rng) const {
    return ChooseAmong(stats, history, cell, AllActions(num_actions), max_score, rng);
  }

  // The greedy score of playing `action` in `cell` after `history`: the average of the means
  // of its candidate N-grams, or `max_score` when its 1-gram has no data.
  double Score(const ActionStatistics& stats, const ActionHistory& history, int cell, int action,
               double max_score) const;

 private:
  NstOptions options_;
};

}  // namespace vgdl
