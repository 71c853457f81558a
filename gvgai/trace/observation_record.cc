#include "gvgai/trace/observation_record.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <sstream>
#include <vector>

#include "engine/game.h"
#include "engine/observation.h"
#include "gvgai/trace/java_format.h"
#include "gvgai/trace/line_reader.h"
#include "gvgai/trace/trace.h"
#include "vgdl/geometry.h"

namespace vgdl::trace {

namespace fs = std::filesystem;

namespace {

// A type's name; "none" where the engine has no avatar on a tick GVGAI had one.
std::string TypeName(const State& state, TypeId t) {
  if (t < 0 || t >= state.def().type_count()) return "none";
  return state.def().type(t).name;
}

// A position as the recorder prints a Vector2d: each coordinate cast to int.
std::string Position(Vec2 v) {
  return std::to_string(JavaIntCast(v.x)) + "," + std::to_string(JavaIntCast(v.y));
}

// Java's (long) cast, which saturates where C++'s would be undefined (a sprite stopped at the
// end of int's range lies some 1e19 squared pixels away).
int64_t JavaLong(double v) {
  if (v != v) return 0;
  if (v >= 9223372036854775807.0) return INT64_MAX;
  if (v <= -9223372036854775808.0) return INT64_MIN;
  return static_cast<int64_t>(v);
}

std::string_view WinnerName(Winner w) {
  switch (w) {
    case Winner::kWins:
      return "PLAYER_WINS";
    case Winner::kLoses:
      return "PLAYER_LOSES";
    case Winner::kNone:
      break;
  }
  return "NO_WINNER";
}

void AppendGame(const State& state, std::string& out) {
  const int block = state.block_size();
  out += "st " + FormatJavaFixed(Score(state), 3) + " " +
         std::string(WinnerName(GameWinner(state))) + " " + (IsGameOver(state) ? "1" : "0") + " " +
         std::to_string(state.width_cells() * block) + "," +
         std::to_string(state.height_cells() * block) + " " + std::to_string(block) + " " +
         std::string(ActionName(AvatarLastAction(state))) + "\n";
  out += "acts";
  for (const Action a : AvailableActions(state)) out += " " + std::string(ActionName(a));
  out += "\n";
}

void AppendAvatar(const State& state, std::string& out) {
  out += "av " + Position(AvatarPosition(state)) + " " + Position(AvatarOrientation(state)) + " " +
         FormatJavaFixed(AvatarSpeed(state), 3) + " " + TypeName(state, AvatarType(state)) + " " +
         std::to_string(AvatarHealth(state)) + " " + std::to_string(AvatarMaxHealth(state)) + " " +
         std::to_string(AvatarLimitHealth(state)) + " " + (IsAvatarAlive(state) ? "1" : "0") + "\n";
  std::map<std::string, int> resources;  // by name, as the recorder sorts them
  for (const auto& [type, amount] : AvatarResources(state)) {
    resources[TypeName(state, type)] = amount;
  }
  out += "res";
  for (const auto& [name, amount] : resources) out += " " + name + ":" + std::to_string(amount);
  out += "\n";
}

void AppendLists(const State& state, ObsCategory category, std::string& out) {
  const auto lists = ObservationsOf(state, category, AvatarPosition(state));
  out += "p " + std::to_string(static_cast<int>(category));
  if (lists.empty()) out += " null";
  for (const auto& list : lists) {
    out += " |";
    if (list.empty()) {
      out += " - 0";
      continue;
    }
    out += " " + TypeName(state, list.front().type) + " " + std::to_string(list.size());
    for (const Observation& o : list) {
      out += " " + std::to_string(o.id) + ":" + std::to_string(static_cast<int>(o.category)) + "@" +
             Position(o.position) + ":" + std::to_string(JavaLong(o.sq_dist));
    }
  }
  out += "\n";
}

void AppendGrid(const State& state, std::string& out) {
  const ObservationGrid grid = BuildObservationGrid(state);
  for (size_t x = 0; x < grid.size(); ++x) {
    for (size_t y = 0; y < grid[x].size(); ++y) {
      if (grid[x][y].empty()) continue;
      out += "g " + std::to_string(x) + "," + std::to_string(y);
      for (const Observation& o : grid[x][y]) {
        out += " " + TypeName(state, o.type) + ":" + std::to_string(o.id) + ":" +
               std::to_string(static_cast<int>(o.category));
      }
      out += "\n";
    }
  }
}

void AppendEvents(const State& state, std::string& out) {
  const EventLog& events = state.events();
  out += "ev " + std::to_string(events.size());
  if (!events.empty()) {
    const Event& e = events[events.size() - 1];
    out += " " + std::to_string(e.tick) + "," + (e.from_avatar ? "1" : "0") + "," +
           TypeName(state, e.active_type) + "," + TypeName(state, e.passive_type) + "," +
           std::to_string(e.active_id) + "," + std::to_string(e.passive_id) + "," +
           Position(e.position);
  }
  out += "\n";
}

// GVGAI records nothing while there is no avatar to ask; a longer gap than this is taken for
// a malformed record rather than played out (a tick of 2e9 would never end).
constexpr int kMaxTicksWithoutObservation = 100000;

struct RecordHeader {
  std::string game;
  std::string folder;
  int level = -1;
  int seed = 0;
};

// The lines of a record, one after another (LineReader), with the record's own errors.
class RecordLines {
 public:
  RecordLines(std::string_view text, const std::string& file) : reader_(text, file) {}
  int number() const { return reader_.number(); }  // of the line Take returned last
  std::string_view Take() {
    if (!reader_.Next()) reader_.Fail("the record ends early (no `end` line)");
    return reader_.line();
  }
  // The value of a `key value` line, which must come next.
  std::string_view TakeValue(const std::string& key) {
    const std::string_view line = Take();
    if (!line.starts_with(key + " ")) Fail("expected `" + key + " ...`");
    return line.substr(key.size() + 1);
  }
  int TakeInt(const std::string& key) { return IntOf(TakeValue(key), key); }
  // `value` as an integer, or an error naming `key`.
  int IntOf(std::string_view value, const std::string& key) const {
    int v = 0;
    if (!ParseNumber(value, v)) Fail("`" + key + "` needs an integer");
    return v;
  }
  [[noreturn]] void Fail(const std::string& message) const { reader_.Fail(message); }

 private:
  LineReader reader_;
};

RecordHeader ReadHeader(RecordLines& lines) {
  if (lines.Take() != "vgdl-obs 1") lines.Fail("not a `vgdl-obs 1` record");
  RecordHeader h;
  h.game = std::string(lines.TakeValue("game"));
  h.folder = std::string(lines.TakeValue("folder"));
  h.level = lines.TakeInt("level");
  h.seed = lines.TakeInt("seed");
  return h;
}

std::vector<std::string> SplitLines(const std::string& block) {
  std::vector<std::string> out;
  std::istringstream in(block);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

// The two lines around their first difference, short enough for a report line.
std::string Difference(std::string_view expected, std::string_view got) {
  const auto mismatch = std::mismatch(expected.begin(), expected.end(), got.begin(), got.end());
  const size_t at = static_cast<size_t>(mismatch.first - expected.begin());
  const size_t from = at > 60 ? at - 60 : 0;
  const auto excerpt = [&](std::string_view s) {
    return (from > 0 ? "..." : "") + std::string(s.substr(std::min(from, s.size()), 160));
  };
  return "expected `" + excerpt(expected) + "` got `" + excerpt(got) + "`";
}

// Compares one block and reads the action after it into `action`; returns the failure, if any.
std::optional<Outcome> CompareBlock(RecordLines& lines, const State& state, Action* action) {
  const std::vector<std::string> engine = SplitLines(FormatObservationBlock(state));
  const std::string tick = std::to_string(state.tick());
  for (size_t i = 1;; ++i) {  // line 0, `o TICK`, was read by the caller
    const std::string_view recorded = lines.Take();
    if (recorded.starts_with("a ")) {
      const auto parsed = ParseActionName(recorded.substr(2));
      if (!parsed) lines.Fail("unknown action `" + std::string(recorded.substr(2)) + "`");
      *action = *parsed;
      if (i < engine.size()) {
        return Outcome{
            Verdict::kFail,
            "tick=" + tick + " extra line in the engine's observation `" + engine[i] + "`"};
      }
      return std::nullopt;
    }
    if (i >= engine.size()) {
      return Outcome{Verdict::kFail, "tick=" + tick + " missing from the engine's observation: `" +
                                         std::string(recorded) + "`"};
    }
    if (recorded != engine[i]) {
      return Outcome{Verdict::kFail, "tick=" + tick + " record line " +
                                         std::to_string(lines.number()) + ": " +
                                         Difference(recorded, engine[i])};
    }
  }
}

}  // namespace

bool IsObservationRecord(const fs::path& file) {
  const std::string name = file.filename().string();
  return name.ends_with(".obs.gz") || name.ends_with(".obs");
}

std::string FormatObservationBlock(const State& state) {
  std::string out = "o " + std::to_string(state.tick()) + "\n";
  AppendGame(state, out);
  AppendAvatar(state, out);
  for (int c = static_cast<int>(ObsCategory::kResource);
       c <= static_cast<int>(ObsCategory::kMovable); ++c) {
    AppendLists(state, static_cast<ObsCategory>(c), out);
  }
  AppendGrid(state, out);
  AppendEvents(state, out);
  return out;
}

Outcome ReplayObservationRecord(const fs::path& file, const fs::path& games_dir) {
  return ReplayObservationRecordText(ReadMaybeGzipped(file), file.string(), games_dir);
}

Outcome ReplayObservationRecordText(std::string_view text, const std::string& file,
                                    const fs::path& games_dir) {
  RecordLines lines(text, file);
  const RecordHeader header = ReadHeader(lines);
  const LoadedLevel loaded = LoadTraceLevel(games_dir, header.folder, header.game, header.level);
  State state(loaded.game, loaded.level, header.seed);
  int blocks = 0;
  for (;;) {
    const std::string_view line = lines.Take();
    if (line.starts_with("end ")) {
      // Where GVGAI's episode stopped; the game itself is the traces' to compare.
      lines.IntOf(line.substr(4), "end");
      break;
    }
    if (!line.starts_with("o ")) lines.Fail("expected `o TICK` or `end TICK`");
    const int tick = lines.IntOf(line.substr(2), "o");
    if (tick < state.tick()) lines.Fail("the observations' ticks must increase");
    if (tick - state.tick() > kMaxTicksWithoutObservation) {
      lines.Fail("more than " + std::to_string(kMaxTicksWithoutObservation) +
                 " ticks without an observation");
    }
    // GVGAI asks for no action while there is no avatar: those ticks pass without a block.
    while (state.tick() < tick && !state.ended()) Advance(state, Action::kNil, StepMode::kRealGame);
    if (state.tick() != tick) {
      return {Verdict::kFail, "tick=" + std::to_string(tick) + " the engine's game ended at tick " +
                                  std::to_string(state.tick())};
    }
    Action action = Action::kNil;
    if (auto failure = CompareBlock(lines, state, &action)) return *failure;
    Advance(state, action, StepMode::kRealGame);
    ++blocks;
  }
  return {Verdict::kPass, std::to_string(blocks) + " observations"};
}

}  // namespace vgdl::trace
