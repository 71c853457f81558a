// GVGAI's action files: reading, writing, recording and replaying.
#include "gvgai/action_file.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <system_error>
#include <type_traits>

#include "engine/avatars/avatar.h"
#include "engine/game.h"
#include "vgdl/java_math.h"

namespace vgdl {

namespace {

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    pos = end + 1;
  }
  return lines;
}

std::vector<std::string_view> SplitWords(std::string_view line) {
  std::vector<std::string_view> words;
  size_t pos = 0;
  while (pos < line.size()) {
    while (pos < line.size() && std::isspace(static_cast<unsigned char>(line[pos]))) ++pos;
    size_t end = pos;
    while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end]))) ++end;
    if (end > pos) words.push_back(line.substr(pos, end - pos));
    pos = end;
  }
  return words;
}

bool Blank(std::string_view line) {
  return SplitWords(line).empty();
}

template <typename T>
bool ParseNumber(std::string_view word, T& out) {
  const char* begin = word.data();
  const char* end = word.data() + word.size();
  if constexpr (std::is_floating_point_v<T>) {
    // Java writes "Infinity"; from_chars takes "inf"/"infinity" in any case.
    if (word == "Infinity" || word == "-Infinity") {
      out = word[0] == '-' ? -HUGE_VAL : HUGE_VAL;
      return true;
    }
  }
  const auto [ptr, ec] = std::from_chars(begin, end, out);
  return ec == std::errc() && ptr == end;
}

std::string LineError(int line, const std::string& what) {
  return "line " + std::to_string(line) + ": " + what;
}

bool Fail(std::string* error, std::string message) {
  if (error != nullptr) *error = std::move(message);
  return false;
}

// GVGAI ends every game by tick kMaxTicks, so no file it writes counts more; a larger count
// would also make the file written back from it (FormatActionFile) that many lines long.
bool TicksInRange(const ActionFile& file, std::string* error) {
  if (file.ticks >= 0 && file.ticks <= kMaxTicks) return true;
  return Fail(error,
              LineError(1, "ticks " + std::to_string(file.ticks) + " is outside 0.." +
                               std::to_string(kMaxTicks) + " (GVGAI ends every game by tick " +
                               std::to_string(kMaxTicks) + ")"));
}

bool ParseSingleHeader(std::string_view line, ActionFile& file, std::string* error) {
  const auto w = SplitWords(line);
  if (w.size() != 4 || !ParseNumber(w[0], file.seed) || !ParseNumber(w[1], file.win[0]) ||
      !ParseNumber(w[2], file.score[0]) || !ParseNumber(w[3], file.ticks)) {
    return Fail(error, LineError(1, "expected '<seed> <win> <score> <ticks>', got '" +
                                        std::string(line) + "'"));
  }
  return TicksInRange(file, error);
}

bool ParseSingleActions(const std::vector<std::string_view>& lines, ActionFile& file,
                        std::string* error) {
  size_t last = lines.size();
  while (last > 1 && Blank(lines[last - 1])) --last;  // trailing blank lines are harmless
  for (size_t i = 1; i < last; ++i) {
    const auto w = SplitWords(lines[i]);
    const auto action = w.size() == 1 ? ActionFromName(w[0]) : std::nullopt;
    if (!action) {
      return Fail(error, LineError(static_cast<int>(i + 1),
                                   "expected one action name such as "
                                   "ACTION_UP, got '" +
                                       std::string(lines[i]) + "'"));
    }
    file.actions[0].push_back(*action);
  }
  return true;
}

template <typename T>
bool ParseRow(std::string_view line, int line_no, int players, const char* what,
              std::vector<T>& out, std::string* error) {
  const auto w = SplitWords(line);
  // GVGAI reads what is there and takes 0 for missing players.
  if (w.size() > static_cast<size_t>(players)) {
    return Fail(error, LineError(line_no, std::string("more ") + what + " than players"));
  }
  for (size_t p = 0; p < w.size(); ++p) {
    if (!ParseNumber(w[p], out[p])) {
      return Fail(error,
                  LineError(line_no, std::string("bad ") + what + " '" + std::string(w[p]) + "'"));
    }
  }
  return true;
}

bool ParseMulti(const std::vector<std::string_view>& lines, ActionFile& file, std::string* error) {
  const auto head = SplitWords(lines[0]);
  if (head.size() != 2 || !ParseNumber(head[0], file.seed) || !ParseNumber(head[1], file.ticks)) {
    return Fail(error,
                LineError(1, "expected '<seed> <ticks>', got '" + std::string(lines[0]) + "'"));
  }
  if (!TicksInRange(file, error)) return false;
  if (lines.size() < 3) return Fail(error, "missing the scores and wins lines");
  if (!ParseRow(lines[1], 2, file.players, "scores", file.score, error)) return false;
  if (!ParseRow(lines[2], 3, file.players, "wins", file.win, error)) return false;
  size_t last = lines.size();
  while (last > 3 && Blank(lines[last - 1])) --last;
  for (size_t i = 3; i < last; ++i) {
    const auto w = SplitWords(lines[i]);
    if (w.size() > static_cast<size_t>(file.players)) {
      return Fail(error, LineError(static_cast<int>(i + 1), "more actions than players"));
    }
    for (size_t p = 0; p < static_cast<size_t>(file.players); ++p) {
      const auto action = p < w.size() ? ActionFromName(w[p]) : std::optional(Action::kNil);
      if (!action) {
        return Fail(error, LineError(static_cast<int>(i + 1),
                                     "unknown action '" + std::string(w[p]) + "'"));
      }
      file.actions[p].push_back(*action);
    }
  }
  return true;
}

}  // namespace

std::optional<Action> ActionFromName(std::string_view name) {
  for (int i = 0; i < kActionCount; ++i) {
    const auto a = static_cast<Action>(i);
    const std::string_view n = ActionName(a);
    if (n.size() == name.size() && std::equal(n.begin(), n.end(), name.begin(), [](char x, char y) {
          return std::toupper(static_cast<unsigned char>(x)) ==
                 std::toupper(static_cast<unsigned char>(y));
        })) {
      return a;
    }
  }
  return std::nullopt;
}

std::string FormatActionFile(const ActionFile& file) {
  std::string out;
  const auto players = static_cast<size_t>(std::max(file.players, 1));
  const auto at = [](const auto& v, size_t i, auto fallback) {
    return i < v.size() ? v[i] : fallback;
  };
  if (players == 1) {
    out += std::to_string(file.seed) + " " + std::to_string(at(file.win, 0, 0)) + " " +
           JavaDoubleString(at(file.score, 0, 0.0)) + " " + std::to_string(file.ticks) + "\n";
    if (!file.actions.empty()) {
      for (const Action a : file.actions[0]) {
        out += ActionName(a);
        out += '\n';
      }
    }
    return out;
  }
  out += std::to_string(file.seed) + " " + std::to_string(file.ticks) + "\n";
  for (size_t p = 0; p < players; ++p) out += JavaDoubleString(at(file.score, p, 0.0)) + " ";
  out += "\n";
  for (size_t p = 0; p < players; ++p) out += std::to_string(at(file.win, p, 0)) + " ";
  out += "\n";
  // GVGAI writes getGameTick() + 1 lines, the i-th action of each player on line i.
  size_t rows = static_cast<size_t>(std::max(file.ticks + 1, 0));
  for (const auto& list : file.actions) rows = std::max(rows, list.size());
  for (size_t i = 0; i < rows; ++i) {
    for (size_t p = 0; p < players && p < file.actions.size(); ++p) {
      if (i < file.actions[p].size()) {
        out += ActionName(file.actions[p][i]);
        out += ' ';
      }
    }
    out += '\n';
  }
  return out;
}

bool SaveActionFile(const ActionFile& file, const std::filesystem::path& path, std::string* error) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return Fail(error, "cannot write '" + path.string() + "'");
  const std::string text = FormatActionFile(file);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  if (!out) return Fail(error, "cannot write '" + path.string() + "'");
  return true;
}

std::optional<ActionFile> ParseActionFile(std::string_view text, int players, std::string* error) {
  if (players < 1) {
    Fail(error, "the game has no players");
    return std::nullopt;
  }
  ActionFile file;
  file.players = players;
  file.win.assign(static_cast<size_t>(players), 0);
  file.score.assign(static_cast<size_t>(players), 0.0);
  file.actions.resize(static_cast<size_t>(players));
  const auto lines = SplitLines(text);
  if (lines.empty() || Blank(lines[0])) {
    Fail(error, "empty action file");
    return std::nullopt;
  }
  const bool ok = players == 1 ? ParseSingleHeader(lines[0], file, error) &&
                                     ParseSingleActions(lines, file, error)
                               : ParseMulti(lines, file, error);
  if (!ok) return std::nullopt;
  return file;
}

std::optional<ActionFile> LoadActionFile(const std::filesystem::path& path, int players,
                                         std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Fail(error, "cannot read '" + path.string() + "'");
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  std::string parse_error;
  auto file = ParseActionFile(text.str(), players, &parse_error);
  if (!file) Fail(error, path.string() + ": " + parse_error);
  return file;
}

bool PlayerAsked(const State& state, int player) {
  if (player < 0 || player >= state.player_count()) return false;
  const SpriteRef avatar = state.player(player).avatar;
  return avatar != kNoSprite && !state.sprite(avatar).disabled();
}

Action ValidatedAction(const State& state, int player, Action chosen) {
  if (chosen == Action::kEscape) return chosen;
  if (!PlayerAsked(state, player)) return Action::kNil;
  const auto offered = AvailableActions(state.def_of(state.player(player).avatar).cls);
  return std::find(offered.begin(), offered.end(), chosen) != offered.end() ? chosen : Action::kNil;
}

ActionRecorder::ActionRecorder(int64_t seed, int players)
    : seed_(seed), actions_(static_cast<size_t>(std::max(players, 1))) {}

void ActionRecorder::Log(int player, Action action) {
  if (player < 0 || static_cast<size_t>(player) >= actions_.size()) return;
  actions_[static_cast<size_t>(player)].push_back(action);
}

ActionFile ActionRecorder::File(const State& state) const {
  ActionFile file;
  file.seed = seed_;
  file.players = static_cast<int>(actions_.size());
  file.ticks = state.tick() - 1;
  for (int p = 0; p < file.players; ++p) {
    const GameResult r = ResultOf(state, p);
    file.win.push_back(r.win);
    file.score.push_back(r.score);
  }
  file.actions = actions_;
  return file;
}

bool PlayRealTick(State& state, std::span<const Action> chosen, ActionRecorder* recorder) {
  std::vector<Action> applied(static_cast<size_t>(std::max(state.player_count(), 1)), Action::kNil);
  bool abort = false;
  for (int p = 0; p < state.player_count(); ++p) {
    if (!PlayerAsked(state, p)) continue;
    const auto i = static_cast<size_t>(p);
    const Action a = ValidatedAction(state, p, i < chosen.size() ? chosen[i] : Action::kNil);
    if (recorder != nullptr) recorder->Log(p, a);
    if (a == Action::kEscape) {
      abort = true;
    } else {
      applied[i] = a;
    }
  }
  Advance(state, applied, StepMode::kRealGame);
  return abort;
}

ActionReplay::ActionReplay(ActionFile file) : file_(std::move(file)), next_(file_.actions.size()) {}

ActionReplay::Step ActionReplay::Next(State& state, ActionRecorder* recorder) {
  if (aborted_ || state.ended()) return Step::kOver;
  // A file saved before the game's end (the window was closed) stops where it was saved, even
  // when nobody would be asked for an action on the following ticks.
  bool consumed = true;
  for (size_t p = 0; p < file_.actions.size(); ++p) consumed &= next_[p] >= file_.actions[p].size();
  if (consumed && state.tick() - 1 >= file_.ticks) return Step::kOutOfActions;
  std::vector<Action> chosen(static_cast<size_t>(std::max(state.player_count(), 1)), Action::kNil);
  for (int p = 0; p < state.player_count(); ++p) {
    if (!PlayerAsked(state, p)) continue;
    const auto i = static_cast<size_t>(p);
    if (i >= file_.actions.size() || next_[i] >= file_.actions[i].size()) {
      return Step::kOutOfActions;
    }
    chosen[i] = file_.actions[i][next_[i]];
  }
  for (int p = 0; p < state.player_count(); ++p) {
    if (PlayerAsked(state, p)) ++next_[static_cast<size_t>(p)];
  }
  aborted_ = PlayRealTick(state, chosen, recorder);
  return Step::kPlayed;
}

GameResult ResultOf(const State& state, int player) {
  GameResult r;
  if (player < 0 || player >= state.player_count()) {
    r.ticks = state.tick() - 1;
    return r;
  }
  r.win = state.player(player).winner == Winner::kWins ? 1 : 0;
  r.score = ReportedScore(state, player);
  r.ticks = state.tick() - 1;
  return r;
}

GameResult RecordedResult(const ActionFile& file, int player) {
  GameResult r;
  const auto p = static_cast<size_t>(player);
  r.win = p < file.win.size() ? file.win[p] : 0;
  r.score = p < file.score.size() ? file.score[p] : 0.0;
  r.ticks = file.ticks;
  return r;
}

std::string FormatResult(const GameResult& result) {
  return "win=" + std::to_string(result.win) + " score=" + JavaDoubleString(result.score) +
         " ticks=" + std::to_string(result.ticks);
}

}  // namespace vgdl
