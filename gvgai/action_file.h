// GVGAI's action files: a played game as its seed, its result and the actions its players
// chose, so that the game replays exactly (spec §10: seed + actions reproduce the real game).
//
// Single-player files (GVGAI's Player.teardown):
//   <seed> <win> <score> <ticks>
//   ACTION_RIGHT
//   ...                          one line per action, in the order the player was asked
// Multi-player files (ArcadeMachine.tearPlayerDown):
//   <seed> <ticks>
//   <score0> <score1> ...        (each followed by a space)
//   <win0> <win1> ...
//   <action0> <action1> ...      one line per game tick, ticks + 1 lines
// <win> is 1 when the player won and 0 otherwise; <score> is the reported score (a winner has
// at least 1) in Java's Double.toString form ("12.0"); <ticks> is GVGAI's getGameTick(), the
// last tick processed. A player is asked for an action only on ticks where its avatar exists
// and is enabled, so a player's actions are consumed in order, one per tick it is asked.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/state.h"

namespace vgdl {

struct ActionFile {
  int64_t seed = 0;
  int players = 1;
  std::vector<int> win;       // per player: 1 won, 0 otherwise
  std::vector<double> score;  // per player, as reported
  int ticks = 0;              // GVGAI's getGameTick() at the end: the last tick processed
  std::vector<std::vector<Action>> actions;  // per player, in the order it was asked
};

// The file's text, byte for byte as GVGAI writes it.
std::string FormatActionFile(const ActionFile& file);
bool SaveActionFile(const ActionFile& file, const std::filesystem::path& path, std::string* error);

// Reads a file written for a game of `players` players (the format depends on it, as in
// GVGAI). Stricter than GVGAI, which plays unknown names as NIL: an unknown action name, a
// malformed first line or a blank line among single-player actions is an error naming the
// line. Action names are case-insensitive, as in GVGAI.
std::optional<ActionFile> ParseActionFile(std::string_view text, int players, std::string* error);
std::optional<ActionFile> LoadActionFile(const std::filesystem::path& path, int players,
                                         std::string* error);

// "ACTION_UP" (any case) -> Action; nullopt for other text.
std::optional<Action> ActionFromName(std::string_view name);

// Whether GVGAI asks `player` for an action this tick: its avatar exists and is enabled.
bool PlayerAsked(const State& state, int player);
// What GVGAI logs and applies for a chosen action (requestPlayerInput): ESCAPE stays ESCAPE,
// an action the avatar does not offer becomes NIL.
Action ValidatedAction(const State& state, int player, Action chosen);

// Collects the actions of a game being played, as GVGAI's players log them.
class ActionRecorder {
 public:
  ActionRecorder() = default;
  ActionRecorder(int64_t seed, int players);

  void Log(int player, Action action);
  // The file for the game as it stands: result from `state` (the state after the last tick).
  ActionFile File(const State& state) const;
  int64_t seed() const { return seed_; }
  const std::vector<std::vector<Action>>& actions() const { return actions_; }

 private:
  int64_t seed_ = 0;
  std::vector<std::vector<Action>> actions_;
};

// One tick of the real game (StepMode::kRealGame) as GVGAI's loop plays it: each player asked
// this tick has its chosen action (`chosen[p]`; missing entries are NIL) validated and logged
// to `recorder` (may be null); then the tick runs. Returns true when a player chose
// ACTION_ESCAPE: GVGAI's abort, where the tick still runs and then the game is over.
bool PlayRealTick(State& state, std::span<const Action> chosen, ActionRecorder* recorder);

// Plays a recorded game back, one tick per Step, asking the file instead of the players.
class ActionReplay {
 public:
  enum class Step { kPlayed, kOver, kOutOfActions };

  explicit ActionReplay(ActionFile file);

  // Plays the next tick. kOver once the game has ended or was aborted (nothing is played);
  // kOutOfActions when a player is asked but the file has no action left, or when every
  // action has been played and the file's last tick is reached (nothing is played: the file
  // was saved before the game's end, e.g. when a window was closed; GVGAI's replayer fails
  // there).
  Step Next(State& state, ActionRecorder* recorder = nullptr);
  bool aborted() const { return aborted_; }
  const ActionFile& file() const { return file_; }

 private:
  ActionFile file_;
  std::vector<size_t> next_;
  bool aborted_ = false;
};

// A game's result as an action file's first line states it.
struct GameResult {
  int win = 0;
  double score = 0.0;
  int ticks = 0;
  friend bool operator==(const GameResult&, const GameResult&) = default;
};
GameResult ResultOf(const State& state, int player);
GameResult RecordedResult(const ActionFile& file, int player);
std::string FormatResult(const GameResult& result);  // "win=1 score=12.0 ticks=57"

}  // namespace vgdl
