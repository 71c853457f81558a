// `vgdl solve`'s search: the shortest winning action sequence of a one-player level, found
// breadth-first over positions (engine/position_key.h), each position expanded once.
//
// Breadth-first search generates every position at depth d before any at depth d + 1, so the
// first win it generates is a shortest one, and a search that runs out of positions has seen
// every position the level can reach: the level cannot be won within GVGAI's 2000 ticks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/state.h"
#include "gvgai/action_file.h"

namespace vgdl::tools {

// Positions are numbered in 32 bits.
inline constexpr int64_t kMaxSolveStates = int64_t{UINT32_MAX} - 1;

struct SolveLimits {
  int64_t max_states = 2'000'000;  // distinct positions stored; at most kMaxSolveStates
  double max_seconds = 60.0;       // wall-clock time of the search
  int64_t max_memory_mb = 2048;    // keys, path records and the two layers' states, estimated
};

struct SolveOptions {
  SolveLimits limits;
  // False: the game must not draw a random number on any tick the search plays (its outcome
  // is then the same for every seed), and the search stops when one does. True: the search is
  // for the initial state's seed only; the generator is part of each position.
  bool for_this_seed = false;
  // IW(1) (Lipovetzky and Geffner 2012; Soemers 2016 §3.3): the breadth-first search keeps only
  // positions that make an atom true that no earlier position made true (agents/iw/novelty.h),
  // for levels whose whole space is too large to exhaust. A win it finds is not proven
  // shortest, and running out of novel positions proves nothing.
  bool novelty_pruning = false;
};

enum class SolveAnswer {
  kSolved,      // a shortest win, proven: every shorter sequence was played
  kUnwinnable,  // every reachable position was expanded; none wins
  kNoWinWithinLimits,
  kStochastic,  // a tick drew a random number and the options ask for seed independence
  // IW(1) only: every novel position was expanded, none wins; this proves nothing, since
  // positions without a new atom were pruned.
  kNoveltyExhausted,
};

struct SolveResult {
  SolveAnswer answer = SolveAnswer::kNoWinWithinLimits;
  // The solution's action per tick. On a tick where the player is not asked (no avatar, or a
  // disabled one), ACTION_NIL stands there and no action is logged (ActionRecorder).
  std::vector<Action> ticks;
  int64_t expanded = 0;     // positions whose successors were generated
  int64_t generated = 0;    // successors generated (one tick each)
  int64_t stored = 0;       // distinct positions kept
  int depth_completed = 0;  // every position at a depth up to this one was expanded
  double seconds = 0.0;
  size_t peak_bytes = 0;  // the estimate the memory limit is checked against
  // kNoWinWithinLimits: "states", "seconds", "memory" or "sprites".
  std::string limit;
  // How positions were told apart (PositionKeyPlan): whether the tick was part of them and
  // why, and, when positions could not be compared at all, why (the search then keeps every
  // path apart).
  bool keys_with_tick = false;
  std::string clock_reader;
  std::string no_merging_reason;
  // Whether a tick the search played drew a random number. False: the answer holds for every
  // seed.
  bool drew_random = false;
  // kStochastic: the tick at which the first random number was drawn, and the actions that
  // led there.
  int stochastic_tick = -1;
  std::vector<Action> stochastic_path;
};

// Searches from `initial`, a one-player level's state at its start.
SolveResult Solve(const State& initial, const SolveOptions& options);

// `ticks` played from `initial` as GVGAI's game loop plays them, recorded as `vgdl play
// --record` records a game: the GVGAI action file of the solution, with `seed` (the seed
// `initial` was built with) and the result the replay reached.
ActionFile SolutionFile(const State& initial, const std::vector<Action>& ticks, int64_t seed);

}  // namespace vgdl::tools
