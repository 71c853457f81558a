// GVGAI reference traces (`vgdl-trace 1`, described in ../shared/gvgai/TRACES.md): the data
// model and the reader.
//
// A trace records one episode of the GVGAI Java framework: the header (game, level, seed, the
// sprites at tick 0), one `t` line per processed tick and an `end` line. Reading parses every
// line; a malformed trace is rejected with the number of the offending line.
//
// This project extends the format for games with several players (which ../shared has none
// of): a header line `players N` after `size`, and then on every `t` and `end` line one value
// a player where TRACES.md has one (docs/fidelity.md, "Several players"). A trace of a game of
// GVGAI's game-design track may carry a header line `parameters NAME=VALUE ...`: the values
// the recorder chose for the GameSpace's parameters (docs/fidelity.md, "Game-design track").
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "vgdl/game_def.h"

namespace vgdl::trace {

// A malformed or unreadable trace. `line` is 1-based, 0 when the problem is not on one line.
class TraceError : public std::runtime_error {
 public:
  TraceError(std::string file, int line, const std::string& message);
  const std::string& file() const { return file_; }
  int line() const { return line_; }

 private:
  std::string file_;
  int line_;
};

// One sprite as the trace names it: an `s` line, or a `+`/`-` item of a `t` line.
struct TraceSprite {
  std::string type;
  int32_t x = 0;
  int32_t y = 0;
  friend bool operator==(const TraceSprite&, const TraceSprite&) = default;
};

// What a `t` line says of one player. Score and win are kept as printed: comparing the
// printed form is exactly what the format promises.
struct TracePlayer {
  Action action = Action::kNil;
  std::string score;   // "%.3f", Java style
  std::string win;     // NO_WINNER, WINS or LOSES
  std::string avatar;  // the `av` field, "none" or "x,y,ox,oy,type,hp,resources"
};

// The `t` line of one processed tick. A trace of a game with several players (`players N`)
// lists the action, score, win state and avatar of each, player 0 first: actions, scores and
// win states joined by ',', avatars by '|'.
struct TraceTick {
  int line = 0;  // line number in the file, for messages
  int tick = 0;
  std::vector<TracePlayer> players;  // Trace::players entries
  int sprite_count = 0;
  uint64_t hash = 0;
  std::vector<TraceSprite> added;    // `+` items
  std::vector<TraceSprite> removed;  // `-` items
};

struct TraceEnd {
  int line = 0;
  std::vector<std::string> wins;    // one a player
  std::vector<std::string> scores;  // one a player
  int tick = 0;
};

struct Trace {
  std::string file;  // as opened, for messages
  std::string game;
  std::string folder;
  int level = 0;
  int64_t seed = 0;
  bool exact = true;
  int block = 0;
  int width = 0;
  int height = 0;
  int players = 1;  // the `players` header line; 1 without one
  // The `parameters` header line: "NAME=VALUE" each (LoadOptions::parameter_settings).
  std::vector<std::string> parameters;
  std::vector<std::string> notes;
  std::vector<TraceSprite> init;
  std::vector<TraceTick> ticks;
  std::optional<TraceEnd> end;  // missing only in a truncated trace (rejected by the reader)
};

// Parses trace text. `file` names the source in error messages.
Trace ParseTrace(std::string_view text, const std::string& file);

// Reads a trace file, gzip-compressed or plain text. Throws TraceError.
Trace ReadTrace(const std::filesystem::path& path);

// Reads a whole file, gunzipping it when it is gzip-compressed. Throws TraceError.
std::string ReadMaybeGzipped(const std::filesystem::path& path);

// The trace's name: the file name without ".trace.gz" / ".trace" / ".gz"
// ("aliens_lvl0_s1" for ".../aliens_lvl0_s1.trace.gz").
std::string TraceName(const std::filesystem::path& path);

// The action named as in GVGAI ("ACTION_UP"), or nothing.
std::optional<Action> ParseActionName(std::string_view name);

// Whether `win` is one of NO_WINNER, WINS, LOSES.
bool IsWinName(std::string_view win);

}  // namespace vgdl::trace
