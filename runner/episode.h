// One episode of the real game under the competition rules (spec §4.1, §12).
//
// The loop: build the level with the episode's seed; create the agent and call Init with a
// fork of the state and the 1 s budget; then, while the game goes on, on every tick where the
// avatar exists and is enabled (GVGAI asks the player only then), start the agent's clock,
// fork the state (the copy counts against the agent, as in GVGAI), ask for an action, judge
// the time it took (NIL if over 40 ms, disqualified if over 50 ms; the CPU time as the budget
// measures it, clock jumps discarded, budget.h), and advance the real game
// with StepMode::kRealGame (an action the avatar does not have becomes NIL). ACTION_ESCAPE
// ends the game after that tick, as GVGAI's abort() does. Agents get Fork()s: GVGAI hands them
// copies with generators of their own, which Fork gives while keeping the run reproducible.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agents/agent.h"
#include "runner/rules.h"
#include "vgdl/game_def.h"

namespace vgdl {

// A game ready to play: its definition and its levels (index = level number).
struct RunGame {
  std::string name;  // as results name it: the game file's stem
  std::shared_ptr<const GameDef> def;
  std::vector<std::optional<LevelDef>> levels;
  std::vector<std::string> level_errors;  // why levels[i] is empty ("" when it loaded)
  // The level_errors entry of a level number without a file (levels 0, 1 and 3 only).
  static constexpr std::string_view kNoLevelFile = "there is no level file";
  // Per level, the game that a level file with its own LevelMapping is played with
  // (LevelLoad::remapped_game); null or missing for the others, which are played with `def`.
  std::vector<std::shared_ptr<const GameDef>> level_games;
  // Loaded with LoadOptions::gvgai_subset and cut short there: the warning of the line
  // GVGAI's parser stops at, formatted; "" otherwise.
  std::string gvgai_stop_warning;

  std::shared_ptr<const GameDef> GameOfLevel(size_t level) const {
    return level < level_games.size() && level_games[level] ? level_games[level] : def;
  }
};

// Where an episode stands in a run.
struct EpisodeTask {
  int agent_index = 0;
  std::string agent;  // canonical spec, e.g. "osla:samples=1,noise=1e-06"
  int game_index = 0;
  std::string game;
  int level = 0;
  int rep = 0;
  uint64_t seed = 0;
  // The run's --seed that `seed` derives from; none for a replay of one --episode-seed.
  std::optional<uint64_t> run_seed;
};

// What became of an episode: the keys of a results line (results.h).
struct EpisodeResult {
  std::string agent;
  std::string game;
  int level = 0;
  // The values chosen for a GameSpace's parameters (--set), NAME -> VALUE; empty when none
  // were, and then left out of the results line.
  std::map<std::string, std::string> parameters;
  int rep = 0;
  uint64_t seed = 0;
  std::optional<uint64_t> run_seed;  // what `vgdl run --resume` continues without --seed
  std::string budget;                // Rules::Describe()
  bool win = false;
  double score = 0.0;  // GVGAI's reported score: >= 1 for a winner, -1000 if disqualified
  int ticks = 0;       // GVGAI's reported game tick: the last tick processed
  bool disqualified = false;
  std::string disqualified_for;  // "init", "act" or "teardown" when disqualified
  bool aborted = false;          // the agent answered ACTION_ESCAPE
  // The first tick at which the 10000-sprite limit refused a sprite, -1 if none was: GVGAI
  // warns on each refusal and ends the game after 25 warnings (State::sprite_limit_tick).
  int sprite_limit_tick = -1;
  int64_t actions = 0;       // act() calls
  int64_t overspent = 0;     // actions replaced by NIL for taking too long
  double init_ms = 0.0;      // CPU time of construction + Init
  double mean_act_ms = 0.0;  // CPU time per act(), observation copy included
  double max_act_ms = 0.0;
  double mean_act_wall_ms = 0.0;  // wall time, for information only
  double max_act_wall_ms = 0.0;
  double mean_fm_calls = 0.0;  // forward-model calls per action
  int64_t max_fm_calls = 0;
  // The agent's iterations per action (AgentStats::iterations): MCTS simulations, RHEA
  // generations, IW nodes expanded; the "simulations per tick" papers report.
  double mean_iterations = 0.0;
  // The raw thread CPU clock, before the budget discards its jumps (budget.h): for
  // information, the rules judge the corrected times above.
  double max_act_raw_ms = 0.0;
  int64_t overspent_raw = 0;     // actions whose raw time exceeded the action time
  double clock_excess_ms = 0.0;  // clock advance discarded over Init and every act()
  // Where time went unwatched (time budgets only; Budget::longest_unchecked_ns): the tick of
  // the longest act, its longest stretch of CPU time without a question to the budget, and the
  // longest such stretch of any act; the wall time of the longest act's stretch beside it. An act
  // over the limit whose stretch is about as long as its excess ran a step that did not check (or
  // the machine stalled inside one); a short one means the agent went on after its budget said
  // stop.
  int max_act_tick = -1;
  double max_act_unchecked_ms = 0.0;
  double max_act_unchecked_wall_ms = 0.0;
  // The longest act's share of kernel work (getrusage(RUSAGE_THREAD), read around the act):
  // system CPU time and page faults. An act charged tens of ms in the kernel faulted memory in
  // (or the kernel compacted memory for it), which its own code does not show.
  double max_act_system_ms = 0.0;
  int64_t max_act_page_faults = 0;
  double max_unchecked_ms = 0.0;
  // How long the core of the longest act ran nothing during it, by `vgdl run
  // --watch-host-stalls` (host_stall_watch.h): about equal to the act's unchecked stretch
  // when the host, not the agent, took the time. Absent when no watch ran.
  std::optional<double> max_act_host_stall_ms;
  // The same for the act of max_unchecked_ms, which need not be the longest act.
  std::optional<double> max_unchecked_host_stall_ms;

  std::string error;  // non-empty when the agent (or the engine) threw; the run goes on
};

// Creates the agent of an episode, seeded with the given seed; may throw.
using AgentFactory = std::function<std::unique_ptr<Agent>(uint64_t seed)>;

// Shown the state an episode ended in (on the episode's thread), for what a result line does
// not keep: which sprites collided on the last tick (State::events), where they were.
using FinalStateObserver = std::function<void(const State& final_state)>;

// The values --set chose for `game`'s parameters (GameParameter::chosen), NAME -> VALUE, as a
// results line records them.
std::map<std::string, std::string> ChosenParameters(const GameDef& game);

// Plays one episode. Never throws: an exception from the agent or the engine ends the episode
// with `error` set (not a win; the score is the game's score at that point). `on_end`, when
// set, sees the final state of every episode whose level could be built.
EpisodeResult RunEpisode(const RunGame& game, const EpisodeTask& task, const AgentFactory& factory,
                         const Rules& rules, const FinalStateObserver& on_end = {});

}  // namespace vgdl
