// `vgdl solve`: the shortest winning action sequence of a level, found breadth-first
// (tools/solve/solver.h), or a proof that none exists, or "no win within the limits"; the
// solution is written as a GVGAI action file that `vgdl replay` plays.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>

#include "engine/state.h"
#include "gvgai/action_file.h"
#include "tools/commands.h"
#include "tools/solve/solver.h"
#include "tools/window/command_args.h"
#include "vgdl/loader.h"
#include "vgdl/names.h"

namespace vgdl::tools {
namespace {

namespace fs = std::filesystem;

struct SolveArgs {
  window::GameChoice choice;
  std::optional<int64_t> seed;
  SolveLimits limits;
  std::string out;
  bool json = false;
  bool iw = false;  // IW(1): novelty pruning (SolveOptions::novelty_pruning)
};

// Every error of a file that did not load, each with its file, line and column.
[[noreturn]] void FailToLoad(const std::string& what, const Diagnostics& diagnostics) {
  std::string message = what + " does not load";
  for (const Diagnostic& d : diagnostics.items()) {
    if (d.severity == Severity::kError) message += "\n" + Format(d);
  }
  FailWithUserError("solve", message);
}

struct Level {
  std::string name;      // "<game> level N" or "<game> <level file>"
  nlohmann::json label;  // the level number, or the level file's path, for --json
  std::shared_ptr<const GameDef> def;
  LevelDef level;
};

fs::path LevelPath(const SolveArgs& args, const GameLocation& location, int number) {
  if (!args.choice.level_file.empty()) return args.choice.level_file;
  const auto l = static_cast<size_t>(number);
  if (l >= location.level_files.size() || location.level_files[l].empty()) {
    FailWithUserError("solve", "game '" + location.game_file.stem().string() + "' has no level " +
                                   std::to_string(number));
  }
  return location.level_files[l];
}

Level LoadLevel(const SolveArgs& args) {
  std::string error;
  const std::optional<int> number = args.choice.Level(&error);
  if (!number) FailWithUserError("solve", error);
  const auto location =
      ResolveGame(args.choice.game, GamesDirFor(args.choice.games_dir, VGDL_SOURCE_DIR), &error);
  if (!location) {
    FailWithUserError("solve", error.empty() ? "game '" + args.choice.game + "' not found" : error);
  }
  const GameLoad game = LoadGameFromFile(location->game_file,
                                         LoadOptions{.gvgai_subset = args.choice.gvgai_subset,
                                                     .parameter_settings = args.choice.settings});
  if (!game.game) FailToLoad("the game '" + location->game_file.string() + "'", game.diagnostics);
  if (const Diagnostic* stop = GvgaiStopWarning(game)) std::cerr << Format(*stop) << "\n";
  const fs::path path = LevelPath(args, *location, *number);
  LevelLoad level = LoadLevelFromFile(*game.game, path);
  if (!level.level) FailToLoad("the level '" + path.string() + "'", level.diagnostics);
  const bool by_file = !args.choice.level_file.empty();
  const std::shared_ptr<const GameDef> def = level.PlayedWith(game.game);
  Level loaded{.name = def->name + (by_file ? " " + path.filename().string()
                                            : " level " + std::to_string(*number)),
               .label = by_file ? nlohmann::json(path.string()) : nlohmann::json(*number),
               .def = def,
               .level = *std::move(level.level)};
  if (loaded.def->no_players != 1) {
    FailWithUserError("solve", "'" + loaded.def->name + "' is a " +
                                   std::to_string(loaded.def->no_players) +
                                   "-player game; the solver plays one-player games only");
  }
  return loaded;
}

std::string Actions(const std::vector<Action>& actions) {
  std::string text;
  for (const Action a : actions) text += (text.empty() ? "" : " ") + std::string(ActionName(a));
  return text.empty() ? "(none)" : text;
}

// The exit code of an answer, so that a designer's build can tell them apart: only a proof
// (every reachable position explored) gives kExitProvenUnwinnable; IW(1) running out of novel
// positions proves nothing and is a search that found no win.
int ExitCodeOf(SolveAnswer answer) {
  switch (answer) {
    case SolveAnswer::kSolved:
      return kExitOk;
    case SolveAnswer::kUnwinnable:
      return kExitProvenUnwinnable;
    case SolveAnswer::kNoWinWithinLimits:
    case SolveAnswer::kNoveltyExhausted:
      return kExitNoWinFound;
    case SolveAnswer::kStochastic:
      return kExitUserError;
  }
  return kExitInternalError;
}

std::string AnswerName(SolveAnswer answer) {
  switch (answer) {
    case SolveAnswer::kSolved:
      return "solved";
    case SolveAnswer::kUnwinnable:
      return "unwinnable";
    case SolveAnswer::kNoWinWithinLimits:
      return "no_win_within_limits";
    case SolveAnswer::kStochastic:
      return "stochastic";
    case SolveAnswer::kNoveltyExhausted:
      return "novel_positions_exhausted";
  }
  return "";
}

std::string LimitOption(const std::string& limit, const SolveLimits& limits) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", limits.max_seconds);
  if (limit == "states") return "--max-states " + std::to_string(limits.max_states);
  if (limit == "seconds") return "--max-seconds " + std::string(seconds);
  if (limit == "memory") return "--max-memory " + std::to_string(limits.max_memory_mb) + " (MB)";
  return "a position with more than " + std::to_string(State::kMaxSprites / 2) +
         " sprites (near GVGAI's sprite limit, which the positions compared do not show)";
}

// Parts of the game that draw random numbers, named for the designer beside the tick the
// search saw one drawn on: sprite classes named Random..., spawn points and effects with
// prob < 1. Not every source (chasers break ties at random, for one): the draw seen decides.
std::string RandomParts(const GameDef& def) {
  std::vector<std::string> parts;
  for (const SpriteDef& d : def.types) {
    const std::string cls(SpriteClassName(d.cls));
    if (cls.find("Random") != std::string::npos || (IsSpawnPointClass(d.cls) && d.prob < 1.0)) {
      parts.push_back("the " + cls + " '" + d.name + "' (line " + std::to_string(d.loc.line) + ")");
    }
  }
  for (const EffectDef& e : def.effects) {
    if (e.prob < 1.0) {
      parts.push_back(e.name + " with prob < 1 (line " + std::to_string(e.loc.line) + ")");
    }
  }
  if (parts.empty()) return "";
  constexpr size_t kNamed = 3;
  std::string text = "; its random parts include ";
  for (size_t i = 0; i < std::min(parts.size(), kNamed); ++i) {
    text += (i > 0 ? ", " : "") + parts[i];
  }
  if (parts.size() > kNamed) text += " and " + std::to_string(parts.size() - kNamed) + " more";
  return text;
}

// A stochastic game without --seed is refused: its solution would hold for one seed only.
[[noreturn]] void RefuseStochastic(const Level& level, const SolveResult& r) {
  FailWithUserError(
      "solve",
      level.name + " is stochastic: on tick " + std::to_string(r.stochastic_tick) +
          (r.stochastic_path.empty() ? " (the first)" : ", after " + Actions(r.stochastic_path)) +
          ", the game drew a random number, so what a sequence of actions does "
          "depends on the seed" +
          RandomParts(*level.def) +
          ". Give --seed S to solve it for that seed; `vgdl replay` then replays the "
          "solution with it");
}

struct Written {
  ActionFile file;
  std::string path;  // empty when not written
};

// The solution's action file; written to --out when given. Replaying it must win: the search
// and the file's replay play the same ticks.
Written WriteSolution(const SolveArgs& args, const State& initial, const SolveResult& r,
                      int64_t seed) {
  Written w{SolutionFile(initial, r.ticks, seed), ""};
  if (w.file.win.empty() || w.file.win[0] != 1) {
    throw std::logic_error("the solution found does not win when replayed");
  }
  if (!args.out.empty()) {
    std::string error;
    if (!SaveActionFile(w.file, args.out, &error)) FailWithUserError("solve", error);
    w.path = args.out;
  }
  return w;
}

std::string Count(size_t n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

void PrintText(const SolveArgs& args, const Level& level, const SolveResult& r,
               const Written& solution) {
  std::ostringstream o;
  o << level.name << ": ";
  switch (r.answer) {
    case SolveAnswer::kSolved:
      o << (args.iw ? "solved by IW(1) (not proven shortest) in " : "solved (shortest, proven) in ")
        << Count(solution.file.actions[0].size(), "action") << ", " << Count(r.ticks.size(), "tick")
        << "\n  " << Actions(solution.file.actions[0]) << "\n";
      break;
    case SolveAnswer::kUnwinnable:
      o << "proven unwinnable: the reachable space was exhausted (" << r.stored
        << " positions, none wins within GVGAI's 2000 ticks)\n";
      break;
    case SolveAnswer::kNoveltyExhausted:
      o << "no win found: IW(1) expanded every novel position (" << r.stored
        << "); this proves nothing, since it prunes positions without a new atom (search "
           "without --iw to exhaust the space)\n";
      break;
    default:
      o << "no win within the limits: stopped by " << LimitOption(r.limit, args.limits)
        << "; no sequence of " << r.depth_completed << " ticks or fewer wins\n";
      break;
  }
  o << "  states explored " << r.expanded << ", stored " << r.stored << ", ticks played "
    << r.generated << (args.iw ? "; IW(1) to depth " : "; every sequence up to ")
    << r.depth_completed
    << (args.iw ? " ticks (positions without a new atom pruned); " : " ticks played; ");
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2f", r.seconds);
  o << seconds << " s\n";
  if (!r.no_merging_reason.empty()) {
    o << "  positions were not merged: " << r.no_merging_reason << "\n";
  } else if (r.keys_with_tick) {
    o << "  positions compared with their tick: " << r.clock_reader << " reads the clock\n";
  }
  if (args.seed && r.drew_random) {
    o << "  for seed " << *args.seed << " only: the game drew random numbers (first on tick "
      << r.stochastic_tick << ")\n";
  } else if (args.seed) {
    o << "  the game drew no random number: the answer holds for every seed\n";
  }
  if (r.answer == SolveAnswer::kSolved) {
    o << (solution.path.empty() ? "  (--out FILE writes it as a GVGAI action file)\n"
                                : "  written to " + solution.path + "\n");
  }
  std::cout << o.str() << std::flush;
}

void PrintJson(const SolveArgs& args, const Level& level, const SolveResult& r,
               const Written& solution) {
  const bool solved = r.answer == SolveAnswer::kSolved;
  nlohmann::json actions = nlohmann::json::array();
  if (solved) {
    for (const Action a : solution.file.actions[0]) actions.push_back(std::string(ActionName(a)));
  }
  const auto or_null = [](bool present, auto value) {
    return present ? nlohmann::json(value) : nlohmann::json(nullptr);
  };
  const nlohmann::json j = {{"game", level.def->name},
                            {"level", level.label},
                            {"answer", AnswerName(r.answer)},
                            {"proven_shortest", solved && !args.iw},
                            {"search", args.iw ? "iw1" : "breadth-first"},
                            {"length", or_null(solved, actions.size())},
                            {"ticks", or_null(solved, r.ticks.size())},
                            {"actions", actions},
                            {"states_explored", r.expanded},
                            {"states_stored", r.stored},
                            {"ticks_played", r.generated},
                            {"depth_completed", r.depth_completed},
                            {"seconds", r.seconds},
                            {"limit", or_null(!r.limit.empty(), r.limit)},
                            {"seed", or_null(args.seed.has_value(), args.seed.value_or(0))},
                            {"drew_random", r.drew_random},
                            {"positions_with_tick", r.keys_with_tick},
                            {"positions_merged", r.no_merging_reason.empty()},
                            {"out", or_null(!solution.path.empty(), solution.path)}};
  std::cout << j.dump() << "\n";
}

void Run(const SolveArgs& args) {
  const Level level = LoadLevel(args);
  const int64_t seed = args.seed.value_or(0);
  std::optional<State> initial;
  try {
    initial.emplace(level.def, level.level, seed);
  } catch (const std::exception& e) {
    FailWithUserError("solve", std::string("building the level: ") + e.what());
  }
  const SolveResult r = Solve(*initial, SolveOptions{.limits = args.limits,
                                                     .for_this_seed = args.seed.has_value(),
                                                     .novelty_pruning = args.iw});
  if (r.answer == SolveAnswer::kStochastic) RefuseStochastic(level, r);
  Written solution;
  if (r.answer == SolveAnswer::kSolved) solution = WriteSolution(args, *initial, r, seed);
  if (args.json) {
    PrintJson(args, level, r, solution);
  } else {
    PrintText(args, level, r, solution);
  }
  if (ExitCodeOf(r.answer) != kExitOk) throw CommandExit{ExitCodeOf(r.answer)};
}

}  // namespace

void AddSolveCommand(CLI::App& app) {
  auto args = std::make_shared<SolveArgs>();
  CLI::App* cmd = app.add_subcommand(
      "solve",
      "Find a level's shortest winning action sequence breadth-first, or prove there is none");
  args->choice.AddPositionalOptions(cmd);
  cmd->add_option("--seed", args->seed,
                  "Solve a stochastic game for this seed of its generator (without it, a game "
                  "that draws a random number is refused)");
  cmd->add_option("--max-states", args->limits.max_states,
                  "Distinct positions stored before giving up (default 2000000)")
      ->check(CLI::Range(int64_t{1}, kMaxSolveStates));
  cmd->add_option("--max-seconds", args->limits.max_seconds,
                  "Wall-clock seconds before giving up (default 60)")
      ->check(CLI::Range(0.001, 1e7));
  cmd->add_option("--max-memory", args->limits.max_memory_mb,
                  "Megabytes of positions and states, estimated, before giving up (default 2048)")
      ->check(CLI::Range(int64_t{1}, int64_t{1} << 30));
  cmd->add_option("--out", args->out, "Write the solution here as a GVGAI action file");
  cmd->add_flag("--iw", args->iw,
                "IW(1): keep only positions with a new atom (avatar cell, orientation, type; a "
                "sprite type in a cell), for levels too large to exhaust; not proven shortest");
  cmd->add_flag("--json", args->json, "Print one JSON object");
  cmd->callback([args] { Run(*args); });
}

}  // namespace vgdl::tools
