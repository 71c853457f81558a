#include "gvgai/trace/replay.h"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <tuple>

#include "engine/game.h"
#include "engine/state.h"
#include "gvgai/trace/observation_record.h"
#include "gvgai/trace/state_format.h"
#include "gvgai/trace/stats.h"
#include "vgdl/loader.h"

namespace vgdl::trace {
namespace {

namespace fs = std::filesystem;

// How many differing sprites a failure message lists before abbreviating.
constexpr size_t kMaxListedSprites = 8;

bool IsPlainName(const std::string& name) {
  return !name.empty() && name != "." && name != ".." &&
         name.find_first_of("/\\") == std::string::npos;
}

std::string FirstErrors(const Diagnostics& diagnostics) {
  std::string out;
  int shown = 0;
  for (const auto& d : diagnostics.items()) {
    if (d.severity != Severity::kError) continue;
    if (shown++ == 2) return out + " (and more)";
    if (!out.empty()) out += "; ";
    out += d.file + ":" + std::to_string(d.line) + ": " + d.message;
  }
  return out;
}

std::string Item(const TraceSprite& s) {
  return s.type + "@" + std::to_string(s.x) + "," + std::to_string(s.y);
}

bool LessSprite(const TraceSprite& a, const TraceSprite& b) {
  return std::tie(a.type, a.x, a.y) < std::tie(b.type, b.x, b.y);
}

// "extra a@1,2 ...; missing b@3,4 ..." for the multiset difference of two sprite lists, or ""
// when they hold the same sprites.
std::string SpriteDifference(std::vector<TraceSprite> expected, std::vector<TraceSprite> got) {
  std::sort(expected.begin(), expected.end(), LessSprite);
  std::sort(got.begin(), got.end(), LessSprite);
  std::vector<TraceSprite> extra;
  std::vector<TraceSprite> missing;
  std::set_difference(got.begin(), got.end(), expected.begin(), expected.end(),
                      std::back_inserter(extra), LessSprite);
  std::set_difference(expected.begin(), expected.end(), got.begin(), got.end(),
                      std::back_inserter(missing), LessSprite);
  auto list = [](const char* label, const std::vector<TraceSprite>& items) {
    std::string out = label;
    for (size_t i = 0; i < items.size() && i < kMaxListedSprites; ++i) out += " " + Item(items[i]);
    if (items.size() > kMaxListedSprites) {
      out += " (+" + std::to_string(items.size() - kMaxListedSprites) + " more)";
    }
    return out;
  };
  std::string out;
  if (!extra.empty()) out = list("extra", extra);
  if (!missing.empty()) out += (out.empty() ? "" : "; ") + list("missing", missing);
  return out;
}

// The sprites the trace holds after tick `index` (0-based position in trace.ticks): the init
// list with every diff up to and including that tick applied.
std::vector<TraceSprite> ExpectedSpritesAfter(const Trace& trace, size_t index) {
  std::map<std::tuple<std::string, int32_t, int32_t>, int> counts;
  for (const auto& s : trace.init) ++counts[{s.type, s.x, s.y}];
  for (size_t i = 0; i <= index && i < trace.ticks.size(); ++i) {
    for (const auto& s : trace.ticks[i].added) ++counts[{s.type, s.x, s.y}];
    for (const auto& s : trace.ticks[i].removed) --counts[{s.type, s.x, s.y}];
  }
  std::vector<TraceSprite> out;
  for (const auto& [key, count] : counts) {
    for (int k = 0; k < count; ++k)
      out.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key)});
  }
  return out;
}

Outcome Fail(const std::string& tick, const std::string& field, const std::string& expected,
             const std::string& got, const std::string& detail = "") {
  std::string text = "tick=" + tick + " " + field + ": expected " + expected + " got " + got;
  if (!detail.empty()) text += " [" + detail + "]";
  return {Verdict::kFail, std::move(text)};
}

// The name of a per-player field in failure messages: "score" in a one-player trace,
// "score[1]" for player 1 of several.
std::string PlayerField(const Trace& trace, const char* field, size_t player) {
  if (trace.players == 1) return field;
  return std::string(field) + "[" + std::to_string(player) + "]";
}

// Compares the state after tick `index` with its `t` line.
std::optional<Outcome> CompareTick(const Trace& trace, size_t index, const State& state,
                                   TraceFormatter& formatter) {
  const TraceTick& t = trace.ticks[index];
  const std::string tick = std::to_string(t.tick);
  // Any difference is easier to explain with the sprites that differ; computed only on failure.
  auto sprite_detail = [&] {
    return SpriteDifference(ExpectedSpritesAfter(trace, index), formatter.SpriteList(state));
  };
  for (size_t p = 0; p < t.players.size(); ++p) {
    const Player& player = state.player(static_cast<int>(p));
    const TracePlayer& expected = t.players[p];
    if (const std::string score = FormatScore(player.score); score != expected.score) {
      return Fail(tick, PlayerField(trace, "score", p), expected.score, score, sprite_detail());
    }
    if (const std::string_view win = WinName(player.winner); win != expected.win) {
      return Fail(tick, PlayerField(trace, "win", p), expected.win, std::string(win),
                  sprite_detail());
    }
  }
  if (const int n = TraceFormatter::SpriteCount(state); n != t.sprite_count) {
    return Fail(tick, "n", std::to_string(t.sprite_count), std::to_string(n), sprite_detail());
  }
  if (const uint64_t h = formatter.Checksum(state); h != t.hash) {
    return Fail(tick, "h", FormatHash(t.hash), FormatHash(h), sprite_detail());
  }
  for (size_t p = 0; p < t.players.size(); ++p) {
    const std::string av = formatter.Avatar(state, static_cast<int>(p));
    if (av != t.players[p].avatar) {
      return Fail(tick, PlayerField(trace, "av", p), t.players[p].avatar, av);
    }
  }
  return std::nullopt;
}

Outcome CompareInit(const Trace& trace, const State& state, const TraceFormatter& formatter) {
  if (state.block_size() != trace.block) {
    return Fail("init", "block", std::to_string(trace.block), std::to_string(state.block_size()));
  }
  if (state.width_cells() != trace.width || state.height_cells() != trace.height) {
    return Fail("init", "size", std::to_string(trace.width) + "x" + std::to_string(trace.height),
                std::to_string(state.width_cells()) + "x" + std::to_string(state.height_cells()));
  }
  const auto ours = formatter.SpriteList(state);
  if (const std::string diff = SpriteDifference(trace.init, ours); !diff.empty()) {
    return Fail("init", "sprites", std::to_string(trace.init.size()) + " sprites",
                std::to_string(ours.size()), diff);
  }
  for (size_t i = 0; i < ours.size(); ++i) {
    if (!(ours[i] == trace.init[i])) {
      return Fail("init", "order", "#" + std::to_string(i) + " " + Item(trace.init[i]),
                  Item(ours[i]));
    }
  }
  return {Verdict::kPass, ""};
}

Outcome CompareEnd(const Trace& trace, const State& state) {
  const TraceEnd& end = *trace.end;
  const std::string tick = std::to_string(end.tick);
  bool no_winner = true;
  for (size_t p = 0; p < end.wins.size(); ++p) {
    const Player& player = state.player(static_cast<int>(p));
    const std::string_view win = WinName(player.winner);
    if (win != end.wins[p]) {
      return Fail(tick, "end." + PlayerField(trace, "win", p), end.wins[p], std::string(win));
    }
    if (const std::string score = FormatScore(player.score); score != end.scores[p]) {
      return Fail(tick, "end." + PlayerField(trace, "score", p), end.scores[p], score);
    }
    no_winner = no_winner && end.wins[p] == "NO_WINNER";
  }
  // A NO_WINNER end at tick 999 is the recorder's 1000-tick cap: the game itself went on.
  const bool cut = no_winner && end.tick == 999;
  if (!cut && !state.ended()) return Fail(tick, "ended", "game over", "running");
  return {Verdict::kPass, ""};
}

fs::path FindStatsTable(const fs::path& trace_file, const fs::path& games_dir,
                        const std::string& game, int level) {
  const std::string name = game + "_lvl" + std::to_string(level) + ".tsv";
  for (const fs::path& dir : {trace_file.parent_path().parent_path() / "stats",
                              games_dir.parent_path() / "stats", games_dir / ".." / "stats"}) {
    std::error_code ec;
    if (fs::is_regular_file(dir / name, ec)) return dir / name;
  }
  return {};
}

std::string FindGameFolder(const fs::path& games_dir, const std::string& game) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(games_dir, ec)) {
    if (entry.is_directory(ec) && fs::is_regular_file(entry.path() / (game + ".txt"), ec)) {
      return entry.path().filename().string();
    }
  }
  return {};
}

// Says so on the report line when the game was read only up to a line GVGAI stops at.
Outcome NoteGvgaiSubset(Outcome outcome, const LoadedLevel& loaded) {
  if (loaded.game->gvgai_stop_line == 0) return outcome;
  if (!outcome.detail.empty()) outcome.detail += ' ';
  outcome.detail += "(the game as GVGAI reads it, which stops at line " +
                    std::to_string(loaded.game->gvgai_stop_line) + ")";
  return outcome;
}

Outcome VerifyStatsFile(const fs::path& file, const VerifyOptions& options) {
  std::string game;
  int level = 0;
  if (!ParseStatsFileName(file.filename().string(), &game, &level)) {
    return {Verdict::kFail, "a statistics table is named <game>_lvl<N>.tsv"};
  }
  const std::string folder = FindGameFolder(options.games_dir, game);
  if (folder.empty()) {
    return {Verdict::kFail, "game '" + game + "' not found under " + options.games_dir.string()};
  }
  const LoadedLevel loaded = LoadTraceLevel(options.games_dir, folder, game, level);
  return NoteGvgaiSubset(CheckStatsFile(file, loaded, options.policy_seed), loaded);
}

Outcome VerifyTrace(const fs::path& file, const VerifyOptions& options) {
  const Trace trace = ReadTrace(file);
  if (trace.exact) {
    const LoadedLevel loaded =
        LoadTraceLevel(options.games_dir, trace.folder, trace.game, trace.level, trace.parameters);
    return NoteGvgaiSubset(ReplayTrace(trace, loaded), loaded);
  }
  if (!options.stats) return {Verdict::kSkip, "(exact no)"};
  const fs::path tsv = FindStatsTable(file, options.games_dir, trace.game, trace.level);
  if (tsv.empty()) {
    return {Verdict::kFail, "exact no, and no stats/" + trace.game + "_lvl" +
                                std::to_string(trace.level) + ".tsv to compare with"};
  }
  const LoadedLevel loaded =
      LoadTraceLevel(options.games_dir, trace.folder, trace.game, trace.level, trace.parameters);
  return NoteGvgaiSubset(CheckStatsFile(tsv, loaded, options.policy_seed), loaded);
}

}  // namespace

LoadedLevel LoadTraceLevel(const fs::path& games_dir, const std::string& folder,
                           const std::string& game, int level,
                           const std::vector<std::string>& parameters) {
  if (!IsPlainName(folder) || !IsPlainName(game)) {
    throw std::runtime_error("bad game or folder name '" + folder + "/" + game + "'");
  }
  const fs::path game_file = games_dir / folder / (game + ".txt");
  const std::string level_name = game + "_lvl" + std::to_string(level) + ".txt";
  fs::path level_file = games_dir / folder / level_name;
  std::error_code ec;
  // This project's own layout: games/<game>.txt beside levels/<game>_lvl<N>.txt.
  if (!fs::is_regular_file(level_file, ec) &&
      fs::is_regular_file(games_dir / "levels" / level_name, ec)) {
    level_file = games_dir / "levels" / level_name;
  }
  if (!fs::is_regular_file(game_file, ec)) {
    throw std::runtime_error("game file not found: " + game_file.string());
  }
  if (!fs::is_regular_file(level_file, ec)) {
    throw std::runtime_error("level file not found: " + level_file.string());
  }
  // A trace shows the game GVGAI played, which for a game with a line its parser throws on is
  // the part before that line.
  GameLoad game_load = LoadGameFromFile(
      game_file, LoadOptions{.gvgai_subset = true, .parameter_settings = parameters});
  if (!game_load.game) {
    throw std::runtime_error("game does not load: " + FirstErrors(game_load.diagnostics));
  }
  LevelLoad level_load = LoadLevelFromFile(*game_load.game, level_file);
  if (!level_load.level) {
    throw std::runtime_error("level does not load: " + FirstErrors(level_load.diagnostics));
  }
  return {level_load.PlayedWith(std::move(game_load.game)), std::move(*level_load.level)};
}

Outcome ReplayTrace(const Trace& trace, const LoadedLevel& loaded) {
  std::optional<State> state;
  try {
    state.emplace(loaded.game, loaded.level, trace.seed);
  } catch (const std::exception& e) {
    return {Verdict::kFail, std::string("tick=init exception: ") + e.what()};
  }
  if (trace.players != state->player_count()) {
    return Fail("init", "players", std::to_string(trace.players),
                std::to_string(state->player_count()));
  }
  TraceFormatter formatter(*loaded.game);
  if (Outcome init = CompareInit(trace, *state, formatter); init.verdict != Verdict::kPass) {
    return init;
  }
  std::vector<Action> actions;
  for (size_t i = 0; i < trace.ticks.size(); ++i) {
    const TraceTick& t = trace.ticks[i];
    const std::string tick = std::to_string(t.tick);
    if (state->ended()) return Fail(tick, "ended", "running", "game over");
    if (state->tick() != t.tick) {
      return Fail(tick, "tick", std::to_string(t.tick), std::to_string(state->tick()));
    }
    try {
      actions.clear();
      for (const TracePlayer& p : t.players) actions.push_back(p.action);
      Advance(*state, actions, StepMode::kRealGame);
    } catch (const std::exception& e) {
      return {Verdict::kFail, "tick=" + tick + " exception: " + e.what()};
    }
    if (auto failure = CompareTick(trace, i, *state, formatter)) return *failure;
  }
  return CompareEnd(trace, *state);
}

Outcome VerifyFile(const fs::path& file, const VerifyOptions& options) {
  try {
    if (file.extension() == ".tsv") return VerifyStatsFile(file, options);
    if (IsObservationRecord(file)) return ReplayObservationRecord(file, options.games_dir);
    return VerifyTrace(file, options);
  } catch (const TraceError& e) {
    return {Verdict::kFail, std::string("malformed: ") + e.what()};
  } catch (const std::exception& e) {
    return {Verdict::kFail, std::string("error: ") + e.what()};
  } catch (...) {
    return {Verdict::kFail, "error: unknown exception"};
  }
}

}  // namespace vgdl::trace
