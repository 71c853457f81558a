// `vgdl check GAME [LEVEL...] [--games-dir DIR] [--json]`: loads a game and its levels, prints
// what the loader resolved (types, order, interactions, terminations, levels) and every
// diagnostic, including designer warnings. Exit code 1 when there is an error. Given a folder,
// it checks every game file under it and prints a line and the problems of each. With
// --watch, it checks again whenever the game or level files change, until Ctrl-C.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "agents/common/budget.h"
#include "agents/common/random.h"
#include "agents/common/simulation.h"
#include "agents/mcts/deterministic_detection.h"
#include "engine/state.h"
#include "tools/commands.h"
#include "tools/file_watch.h"
#include "tools/game_def_json.h"
#include "tools/game_flags.h"
#include "vgdl/lint.h"
#include "vgdl/loader.h"
#include "vgdl/names.h"
#include "vgdl/text.h"

namespace vgdl::tools {

namespace {

using nlohmann::json;

struct CheckOptions {
  std::string game;
  std::vector<std::string> levels;
  std::string games_dir;
  bool json = false;
  bool gvgai_subset = false;
  std::vector<std::string> settings;  // --set NAME=VALUE
  bool watch = false;
  bool determinism = false;
};

struct CheckedLevel {
  std::string file;
  std::optional<LevelDef> level;
};

struct CheckResult {
  std::optional<GameLocation> location;
  std::shared_ptr<const GameDef> game;
  std::vector<CheckedLevel> levels;
  Diagnostics diagnostics;
};

bool IsNumber(const std::string& s) {
  return !s.empty() && s.size() < 9 &&
         std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The level files the command line names: numbers index the levels found beside the game.
std::vector<std::string> LevelFiles(const CheckOptions& options, const GameLocation& location,
                                    Diagnostics& diagnostics) {
  std::vector<std::string> files;
  if (options.levels.empty()) {
    for (const auto& path : location.level_files) {
      if (!path.empty()) files.push_back(path.string());  // not a gap in the numbers
    }
    return files;
  }
  for (const std::string& level : options.levels) {
    if (!IsNumber(level)) {
      files.push_back(level);
      continue;
    }
    const auto index = static_cast<size_t>(std::stoi(level));
    if (index < location.level_files.size() && !location.level_files[index].empty()) {
      files.push_back(location.level_files[index].string());
    } else {
      const auto found = std::count_if(location.level_files.begin(), location.level_files.end(),
                                       [](const auto& path) { return !path.empty(); });
      diagnostics.Add(FileError(location.game_file.string(), "there is no level " + level + " (" +
                                                                 std::to_string(found) +
                                                                 " levels found beside the game)"));
    }
  }
  return files;
}

CheckResult RunCheck(const CheckOptions& options) {
  CheckResult result;
  std::string error;
  result.location =
      ResolveGame(options.game, GamesDirFor(options.games_dir, VGDL_SOURCE_DIR), &error);
  if (!result.location) {
    result.diagnostics.Add(FileError(options.game, error));
    return result;
  }
  GameLoad load = LoadGameFromFile(
      result.location->game_file,
      LoadOptions{.gvgai_subset = options.gvgai_subset, .parameter_settings = options.settings});
  result.diagnostics.Append(load.diagnostics);
  result.game = load.game;
  const std::vector<std::string> files = LevelFiles(options, *result.location, result.diagnostics);
  if (!result.game) return result;
  std::vector<const LevelDef*> loaded;
  for (const std::string& file : files) {
    LevelLoad level = LoadLevelFromFile(*result.game, file);
    result.diagnostics.Append(level.diagnostics);
    if (level.level) {
      result.diagnostics.Append(LintLevel(*level.PlayedWith(result.game), *level.level, file));
    }
    result.levels.push_back({file, std::move(level.level)});
  }
  for (const CheckedLevel& level : result.levels) {
    if (level.level) loaded.push_back(&*level.level);
  }
  const lang::FileRead source = lang::ReadFileCapped(result.location->game_file);
  result.diagnostics.Append(LintGame(*result.game, loaded, source.bytes));
  return result;
}

// --- Text ----------------------------------------------------------------------------------

std::string Params(const std::map<std::string, std::string>& params) {
  std::string out;
  for (const auto& [key, value] : params) {
    if (!out.empty()) out += ' ';
    out += key + "=" + value;
  }
  return out;
}

std::string EffectText(const EffectDef& effect) {
  std::string out = effect.name;
  if (!effect.raw_params.empty()) out += " " + Params(effect.raw_params);
  return out + "  (line " + std::to_string(effect.loc.line) + ")";
}

std::string Padded(std::string text, size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

// A GameSpace's parameters: each with the values it takes, its default and the value played.
void PrintParameters(const GameDef& game, std::ostream& out) {
  if (game.parameters.empty()) return;
  out << "parameters (" << game.parameters.size()
      << "), --set NAME=VALUE chooses one of the values:\n";
  size_t width = 0;
  for (const GameParameter& p : game.parameters) width = std::max(width, p.name.size());
  for (const GameParameter& p : game.parameters) {
    out << "  " << Padded(p.name, width) << "  " << ParameterValuesText(p) << ", default "
        << p.default_shown;
    if (!p.declared.empty()) out << " (value=)";
    if (p.chosen) out << ", set to " << p.played;
    if (!p.description.empty()) out << "  " << p.description;
    out << "  (line " << p.loc.line << ")\n";
  }
}

void PrintTypes(const GameDef& game, std::ostream& out) {
  out << "sprite types (" << game.type_count() << "), as a tree with resolved classes:\n";
  std::vector<std::string> names;
  size_t width = 0;
  for (const SpriteDef& def : game.types) {
    names.push_back(std::string(2 * (def.itypes.size() - 1), ' ') + def.name);
    width = std::max(width, names.back().size());
  }
  for (const SpriteDef& def : game.types) {
    std::string tags = def.declared ? "" : " (GVGAI default)";
    if (!def.is_leaf) tags += " (group)";
    const std::string id = std::to_string(def.id);
    out << "  " << std::string(id.size() < 3 ? 3 - id.size() : 0, ' ') << id << "  "
        << Padded(names[static_cast<size_t>(def.id)], width) << "  "
        << Padded(std::string(SpriteClassName(def.cls)) + tags, 22);
    if (!def.raw_params.empty()) out << " " << Params(def.raw_params);
    out << "\n";
  }
  out << "sprite order:";
  for (TypeId t : game.sprite_order) out << " " << TypeName(game, t);
  out << "\n";
}

void PrintEffects(const GameDef& game, std::ostream& out) {
  if (!game.time_effects.empty()) out << "TIME effects:\n";
  for (const TimeEffectDef& timed : game.time_effects) {
    out << "  " << TypeName(game, timed.itype) << " TIME > "
        << EffectText(game.effects[static_cast<size_t>(timed.effect)]) << "\n";
  }
  if (!game.eos_types.empty()) out << "EOS effects (one pass per EOS line):\n";
  for (TypeId t : game.eos_types) {
    for (EffectId id : game.eos_effects[static_cast<size_t>(t)]) {
      out << "  " << TypeName(game, t) << " EOS > "
          << EffectText(game.effects[static_cast<size_t>(id)]) << "\n";
    }
  }
  out << "interactions (execution order):\n";
  for (const InteractionPair& pair : game.pairs) {
    for (EffectId id : pair.effects) {
      out << "  " << TypeName(game, pair.first) << " " << TypeName(game, pair.second) << " > "
          << EffectText(game.effects[static_cast<size_t>(id)]) << "\n";
    }
  }
  out << "terminations:\n";
  for (const TerminationDef& term : game.terminations) {
    out << "  " << term.name << " " << Params(term.raw_params) << "  (line " << term.loc.line
        << ")\n";
  }
}

std::map<std::string, int> LevelCounts(const GameDef& game, const LevelDef& level) {
  std::map<std::string, int> counts;
  const std::vector<int> count = CountInitialSprites(game, level);
  for (size_t t = 0; t < count.size(); ++t) {
    if (count[t] > 0) counts[game.types[t].name] = count[t];
  }
  return counts;
}

// How deterministic game detection (Soemers 2016, §4.2.5; `mcts:dgd`) classifies the level:
// what the search agents that switch on by it (dgd, st, ma) will take the game for. Five
// random sequences of five actions, each played three times from the level's start; the
// agent's seeds are those of an agent seeded 0 on an episode seeded 0, so a game whose
// randomness rarely shows can come out either way from run to run.
Determinism ClassifyLevel(const std::shared_ptr<const GameDef>& game, const LevelDef& level) {
  const State start(game, level, 0);
  const DeterminismOptions options;
  Budget budget = Budget::ForwardModelCalls(options.max_calls());
  AgentRandom rng(0);
  SimState a;
  SimState b;
  return ClassifyDeterminism(start, options, budget, rng, a, b);
}

std::string DeterminismText(Determinism d) {
  switch (d) {
    case Determinism::kDeterministic:
      return "deterministic (5 random action sequences of 5 actions, each played 3 times, "
             "reached one state each; no NPC)";
    case Determinism::kDiffers:
      return "not deterministic (an action sequence reached different states)";
    case Determinism::kNpc:
      return "not deterministic (an NPC is on the map)";
    case Determinism::kOutOfBudget:
      break;
  }
  return "not classified";
}

void PrintText(const CheckResult& result, std::ostream& out, bool determinism) {
  if (result.game) {
    const GameDef& game = *result.game;
    out << "game " << game.name << " (" << game.path << ")\n";
    out << "  square_size=" << game.square_size << " no_players=" << game.no_players
        << " no_counters=" << game.no_counters;
    if (!game.key_handler.empty()) out << " key_handler=" << game.key_handler;
    if (!game.obs.empty()) {
      out << " obs=";
      for (size_t i = 0; i < game.obs.size(); ++i)
        out << (i ? "," : "") << TypeName(game, game.obs[i]);
    }
    out << "\n";
    PrintParameters(game, out);
    PrintTypes(game, out);
    PrintEffects(game, out);
    out << "levels:\n";
    for (const CheckedLevel& checked : result.levels) {
      out << "  " << checked.file;
      if (!checked.level) {
        out << ": not loaded\n";
        continue;
      }
      const LevelDef& level = *checked.level;
      out << ": " << level.width << "x" << level.height << " cells, block " << level.block_size
          << " px;";
      for (const auto& [name, n] : LevelCounts(game, level)) out << " " << name << " " << n;
      out << "\n";
      if (determinism) {
        out << "    determinism: " << DeterminismText(ClassifyLevel(result.game, level)) << "\n";
      }
    }
  }
  for (const Diagnostic& d : result.diagnostics.items()) out << Format(d);
  out << result.diagnostics.ErrorCount() << " error(s), " << result.diagnostics.WarningCount()
      << " warning(s)\n";
}

// Every line of `text` indented by two spaces.
std::string Indented(const std::string& text) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = std::min(text.find('\n', start), text.size() - 1);
    out += "  " + text.substr(start, end - start + 1);
    start = end + 1;
  }
  return out;
}

// A folder's check: one line per game, its problems under it, and the totals; a game's full
// summary is for `vgdl check GAME`.
void PrintFolderText(const std::vector<CheckResult>& results, std::ostream& out) {
  int errors = 0;
  int warnings = 0;
  int games_with_errors = 0;
  for (const CheckResult& result : results) {
    const Diagnostics& d = result.diagnostics;
    out << result.location->game_file.string() << ": " << result.levels.size() << " level(s), "
        << d.ErrorCount() << " error(s), " << d.WarningCount() << " warning(s)\n";
    for (const Diagnostic& diagnostic : d.items()) out << Indented(Format(diagnostic));
    errors += d.ErrorCount();
    warnings += d.WarningCount();
    games_with_errors += d.HasErrors() ? 1 : 0;
  }
  out << results.size() << " game(s), " << games_with_errors << " with errors; " << errors
      << " error(s), " << warnings << " warning(s)\n";
}

// --- JSON ----------------------------------------------------------------------------------

json ResultJson(const CheckResult& result, bool determinism) {
  json out;
  out["game"] = result.game ? GameDefJson(*result.game) : json(nullptr);
  json levels = json::array();
  for (const CheckedLevel& checked : result.levels) {
    json level = {{"file", checked.file}, {"loaded", checked.level.has_value()}};
    if (checked.level) {
      level["width"] = checked.level->width;
      level["height"] = checked.level->height;
      level["block_size"] = checked.level->block_size;
      level["sprites"] = LevelCounts(*result.game, *checked.level);
      if (determinism) {
        level["determinism"] = DeterminismName(ClassifyLevel(result.game, *checked.level));
      }
    }
    levels.push_back(level);
  }
  out["levels"] = levels;
  json diagnostics = json::array();
  for (const Diagnostic& d : result.diagnostics.items()) {
    const char* severity = d.severity == Severity::kError     ? "error"
                           : d.severity == Severity::kWarning ? "warning"
                                                              : "note";
    diagnostics.push_back({{"severity", severity},
                           {"file", d.file},
                           {"line", d.line},
                           {"column", d.column},
                           {"message", d.message},
                           {"hint", d.hint}});
  }
  out["diagnostics"] = diagnostics;
  out["errors"] = result.diagnostics.ErrorCount();
  out["warnings"] = result.diagnostics.WarningCount();
  return out;
}

// The game `files` of a folder, each with every level beside it.
std::vector<CheckResult> CheckFolder(const CheckOptions& options,
                                     const std::vector<std::filesystem::path>& files) {
  if (!options.levels.empty()) {
    FailWithUserError("check", "levels name one game's levels: give a game, not a folder");
  }
  if (!options.settings.empty()) {
    FailWithUserError("check", "--set names one game's parameters: give a game, not a folder");
  }
  std::vector<CheckResult> results;
  for (const auto& file : files) {
    CheckOptions one = options;
    one.game = file.string();
    results.push_back(RunCheck(one));
    // A file gone since the listing is reported by its path like any other.
    if (!results.back().location) results.back().location = GameLocation{file, {}};
  }
  return results;
}

// The exit code of one check: errors outrank warnings (kExitUserError), warnings alone give
// kExitWarningsOnly, a clean check kExitOk.
int ExitCodeOf(const CheckResult& result) {
  if (result.diagnostics.HasErrors()) return kExitUserError;
  return result.diagnostics.WarningCount() > 0 ? kExitWarningsOnly : kExitOk;
}

json FolderJson(const std::vector<CheckResult>& results) {
  json games = json::array();
  int errors = 0;
  int warnings = 0;
  for (const CheckResult& result : results) {
    games.push_back(ResultJson(result, false));
    games.back()["file"] = result.location->game_file.string();
    errors += result.diagnostics.ErrorCount();
    warnings += result.diagnostics.WarningCount();
  }
  return {{"games", games}, {"errors", errors}, {"warnings", warnings}};
}

// Invalid UTF-8 in a diagnostic (a binary file's bytes) must not abort the output.
void PrintJson(const json& j) {
  std::cout << j.dump(2, ' ', false, json::error_handler_t::replace) << "\n";
}

// `vgdl check FOLDER`: every game under it. Exits with errors when any game has errors, else
// with warnings when any has warnings.
void RunFolderCheck(const CheckOptions& options, const std::vector<std::filesystem::path>& files) {
  const std::vector<CheckResult> results = CheckFolder(options, files);
  if (options.json) {
    PrintJson(FolderJson(results));
  } else {
    PrintFolderText(results, std::cout);
  }
  int code = kExitOk;
  for (const CheckResult& result : results) {
    const int one = ExitCodeOf(result);
    if (one == kExitUserError || code == kExitOk) code = one;
    if (code == kExitUserError) break;
  }
  if (code != kExitOk) throw CommandExit{code};
}

// --- --watch -------------------------------------------------------------------------------

volatile std::sig_atomic_t interrupted = 0;
extern "C" void OnInterrupt(int) {
  interrupted = 1;
}

// How often the files are looked at, and how long a change is given to settle: an editor that
// saves by writing a new file and renaming it over the old one leaves a moment without it.
constexpr auto kPollInterval = std::chrono::milliseconds(200);
constexpr auto kSettleTime = std::chrono::milliseconds(100);

// The files a check read: its game file (the name given, when it did not resolve) and the
// level files it loaded or tried to.
std::vector<std::filesystem::path> FilesRead(const CheckOptions& options,
                                             const CheckResult& result) {
  std::vector<std::filesystem::path> files;
  files.push_back(result.location ? result.location->game_file
                                  : std::filesystem::path(options.game));
  for (const CheckedLevel& level : result.levels) files.push_back(level.file);
  return files;
}

// With --json, one object per line (JSON Lines), a line per check.
void PrintCheck(const CheckOptions& options, const CheckResult& result) {
  if (options.json) {
    std::cout << ResultJson(result, options.determinism)
                     .dump(-1, ' ', false, json::error_handler_t::replace)
              << "\n";
  } else {
    PrintText(result, std::cout, options.determinism);
  }
  std::cout << std::flush;
}

// Blocks until one of the watched files changes (returning them) or Ctrl-C (returning none).
std::vector<std::filesystem::path> NextChange(FileWatch& watch) {
  while (interrupted == 0) {
    std::this_thread::sleep_for(kPollInterval);
    std::vector<std::filesystem::path> changed = watch.Changed();
    if (changed.empty()) continue;
    std::this_thread::sleep_for(kSettleTime);
    for (auto& more : watch.Changed()) {
      if (std::find(changed.begin(), changed.end(), more) == changed.end()) changed.push_back(more);
    }
    return changed;
  }
  return {};
}

// `vgdl check --watch GAME`: a check, then another after each change to the files the last one
// read, until Ctrl-C (SIGINT) or SIGTERM; the exit code is the last check's. The files are
// looked at before each check reads them, so that an edit saved while a check runs is seen.
void WatchCheck(const CheckOptions& options) {
  std::signal(SIGINT, OnInterrupt);
  std::signal(SIGTERM, OnInterrupt);
  CheckResult result = RunCheck(options);
  FileWatch watch(FilesRead(options, result));
  PrintCheck(options, result);
  while (interrupted == 0) {
    const std::vector<std::filesystem::path> changed = NextChange(watch);
    if (changed.empty()) break;
    if (!options.json) {
      std::cout << "--- changed:";
      for (const auto& file : changed) std::cout << " " << file.string();
      std::cout << "; checking again\n";
    }
    FileWatch before(FilesRead(options, result));
    result = RunCheck(options);
    const std::vector<std::filesystem::path> files = FilesRead(options, result);
    // A level added or gone beside the game changes the files; they are then read afresh.
    watch = files == before.files() ? std::move(before) : FileWatch(files);
    PrintCheck(options, result);
  }
  if (ExitCodeOf(result) != kExitOk) throw CommandExit{ExitCodeOf(result)};
}

}  // namespace

void AddCheckCommand(CLI::App& app) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand(
      "check", "Load a game and its levels; print what was resolved and every problem found");
  cmd->add_option("game", options->game,
                  "Game file, bundled game name, a name inside --games-dir, or a folder: every "
                  "game file under it, one line each")
      ->required();
  cmd->add_option("levels", options->levels,
                  "Level numbers or level files (default: every level beside the game)");
  AddGamesDirOption(cmd, options->games_dir, "; searched recursively, e.g. GVGAI's examples/");
  cmd->add_flag("--json", options->json, "Print one JSON object instead of text");
  cmd->add_flag("--watch", options->watch,
                "Check again whenever the game or level files change, until Ctrl-C (with "
                "--json: one object per line, per check)");
  AddGvgaiSubsetFlag(cmd, options->gvgai_subset);
  AddSetOption(cmd, options->settings);
  cmd->add_flag("--determinism", options->determinism,
                "Also classify each level as deterministic or not, as the agents' deterministic "
                "game detection does (mcts:dgd; Soemers 2016 §4.2.5)");
  cmd->callback([options] {
    if (const auto files = GamesInFolder("check", options->game,
                                         GamesDirFor(options->games_dir, VGDL_SOURCE_DIR))) {
      if (options->watch) FailWithUserError("check", "--watch checks one game, not a folder");
      if (options->determinism) {
        FailWithUserError("check", "--determinism classifies the levels of one game, not a folder");
      }
      return RunFolderCheck(*options, *files);
    }
    if (options->watch) return WatchCheck(*options);
    const CheckResult result = RunCheck(*options);
    if (options->json) {
      PrintJson(ResultJson(result, options->determinism));
    } else {
      PrintText(result, std::cout, options->determinism);
    }
    if (ExitCodeOf(result) != kExitOk) throw CommandExit{ExitCodeOf(result)};
  });
}

}  // namespace vgdl::tools
