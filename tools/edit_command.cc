// `vgdl edit GAME [--level N | --level-file F]`: a level editor in the window (painting with the
// LevelMapping's characters, resizing, the level checked as `vgdl check` checks it, saving,
// playing it and asking `vgdl solve`'s search about it). Built only with the window
// (VGDL_HAS_WINDOW); main.cc registers it then.
#include "tools/commands.h"

#ifdef VGDL_HAS_WINDOW

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "tools/game_flags.h"
#include "tools/solve/solver.h"
#include "tools/window/command_args.h"
#include "tools/window/editor_window.h"
#include "tools/window/level_editor.h"
#include "vgdl/loader.h"
#include "vgdl/text.h"

// The commands build as one unit (tools/CMakeLists.txt): a namespace of its own keeps these
// names apart from the other commands'.
namespace vgdl::tools::edit_command {

namespace fs = std::filesystem;

struct EditArgs {
  std::string game;
  std::optional<int> level;
  std::string level_file;
  std::string output;
  std::string size;  // "WxH": a new level file starts as an empty grid of that size
  std::string games_dir;
  bool gvgai_subset = false;
  std::vector<std::string> settings;
  std::string sprites;
  bool shapes = false;
  std::string screenshots;
  SolveLimits limits{.max_states = 200'000, .max_seconds = 2.0, .max_memory_mb = 512};
};

[[noreturn]] void Fail(const std::string& message) {
  FailWithUserError("edit", message);
}

// Every error of a load, formatted with file, line and column.
std::string Errors(const Diagnostics& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics.items()) {
    if (d.severity != Severity::kError) continue;
    std::string text = Format(d);
    if (!text.empty() && text.back() == '\n') text.pop_back();
    out += (out.empty() ? "" : "\n") + text;
  }
  return out;
}

// "WxH", each at least 1.
std::optional<std::pair<int, int>> ParseSize(const std::string& text) {
  const size_t x = text.find('x');
  if (x == std::string::npos) return std::nullopt;
  try {
    size_t used_w = 0;
    size_t used_h = 0;
    const int w = std::stoi(text.substr(0, x), &used_w);
    const int h = std::stoi(text.substr(x + 1), &used_h);
    if (used_w != x || used_h != text.size() - x - 1 || w < 1 || h < 1 || w > 1000 || h > 1000) {
      return std::nullopt;
    }
    return std::pair(w, h);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string Plural(int64_t n, const std::string& what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

// The solver's answer as the status line shows it.
std::string SolveLine(const State& initial, const SolveLimits& limits) {
  const SolveResult r = Solve(initial, SolveOptions{.limits = limits});
  switch (r.answer) {
    case SolveAnswer::kSolved: {
      const auto moves =
          std::count_if(r.ticks.begin(), r.ticks.end(), [](Action a) { return a != Action::kNil; });
      return "solved: a shortest win takes " +
             Plural(static_cast<int64_t>(r.ticks.size()), "tick") + " (" + Plural(moves, "move") +
             ")";
    }
    case SolveAnswer::kUnwinnable:
      return "proven unwinnable: all " + Plural(r.stored, "reachable position") +
             " explored, none wins";
    case SolveAnswer::kNoWinWithinLimits:
    case SolveAnswer::kNoveltyExhausted:
      return "no win within the limits (" + r.limit + " limit; " + Plural(r.stored, "position") +
             ", every sequence of up to " + Plural(r.depth_completed, "tick") +
             " tried; `vgdl solve` searches longer)";
    case SolveAnswer::kStochastic:
      return "stochastic: the game draws a random number on tick " +
             std::to_string(r.stochastic_tick) +
             ", so the answer depends on the seed; `vgdl solve --seed S` answers for one seed";
  }
  return "";
}

void Edit(const EditArgs& args) {
  if (args.level && *args.level < 0) Fail("--level must not be negative");
  std::string error;
  const fs::path games_dir = GamesDirFor(args.games_dir, VGDL_SOURCE_DIR);
  const auto location = ResolveGame(args.game, games_dir, &error);
  if (!location) Fail(error.empty() ? "game '" + args.game + "' not found" : error);
  GameLoad load = LoadGameFromFile(
      location->game_file,
      LoadOptions{.gvgai_subset = args.gvgai_subset, .parameter_settings = args.settings});
  if (!load.game) Fail(Errors(load.diagnostics));

  // The level to start from, and where Ctrl+S writes.
  const int number = args.level.value_or(0);
  const auto level_file_of = [&](int n) -> fs::path {
    const auto i = static_cast<size_t>(n);
    return i < location->level_files.size() ? location->level_files[i] : fs::path();
  };
  fs::path source;
  std::string title = location->game_file.stem().string();
  std::error_code ec;
  const std::optional<std::pair<int, int>> size =
      args.size.empty() ? std::nullopt : ParseSize(args.size);
  if (!args.size.empty() && !size) Fail("--size '" + args.size + "' is not WxH (e.g. 12x8)");
  if (!args.level_file.empty()) {
    title += " " + fs::path(args.level_file).filename().string();
    if (fs::exists(args.level_file, ec)) {
      if (size) Fail("--size is for a new level file; '" + args.level_file + "' exists");
      source = args.level_file;
    } else if (!size) {
      // A new file starts as a copy of the game's first level.
      source = level_file_of(0);
      if (source.empty()) {
        Fail("'" + args.level_file +
             "' does not exist and the game has no level 0 to start "
             "from: give --size WxH for an empty grid");
      }
    }
  } else {
    title += " level " + std::to_string(number);
    if (size) Fail("--size is for a new --level-file");
    source = level_file_of(number);
    if (source.empty()) {
      Fail("game '" + location->game_file.stem().string() + "' has no level " +
           std::to_string(number));
    }
  }
  const fs::path save_path = !args.output.empty()       ? fs::path(args.output)
                             : !args.level_file.empty() ? fs::path(args.level_file)
                                                        : source;

  window::LevelEditor editor(load.game, save_path.string());
  if (source.empty()) {
    editor.Clear(size->first, size->second);
  } else {
    const lang::FileRead read = lang::ReadFileCapped(source);
    if (!read.error.empty()) Fail(source.string() + ": " + read.error);
    if (!editor.SetText(read.bytes, &error)) Fail(error);
  }

  window::EditorOptions options;
  const auto sprites = window::SpritesDirFor(args.sprites);
  if (!sprites) Fail("the sprites folder (--sprites or $VGDL_SPRITES_DIR) does not exist");
  options.window.sprites = *sprites;
  options.window.default_sprites = !args.shapes;
  if (!window::PrepareScreenshotFolder(args.screenshots, &error)) Fail(error);
  options.window.screenshot_dir = args.screenshots;
  options.save_path = save_path;
  options.title = title;
  options.play.game = location->game_file.string();
  options.play.games_dir = games_dir;
  options.play.level = number;
  options.play.level_file = save_path;
  options.play.gvgai_subset = args.gvgai_subset;
  options.play.settings = args.settings;
  options.solve = [limits = args.limits](const State& initial) {
    return SolveLine(initial, limits);
  };

  std::string why;
  if (!window::DisplayAvailable(&why)) Fail(why);
  if (window::RunEditor(editor, options) != 0) throw CommandExit{kExitUserError};
}

}  // namespace vgdl::tools::edit_command

namespace vgdl::tools {

void AddEditCommand(CLI::App& app) {
  auto args = std::make_shared<edit_command::EditArgs>();
  CLI::App* cmd = app.add_subcommand(
      "edit",
      "Edit a level in a window: paint with the LevelMapping's characters, check, save, play "
      "it, ask the solver (docs/authoring.md)");
  cmd->add_option("game", args->game, "Game name or file")->required();
  CLI::Option* level = cmd->add_option("-l,--level", args->level, "Level number (default 0)");
  cmd->add_option("--level-file", args->level_file,
                  "Level file; one that does not exist is made on Ctrl+S, starting from the "
                  "game's level 0 (or --size)")
      ->excludes(level);
  cmd->add_option("--output", args->output,
                  "Where Ctrl+S writes the level (default: the level's own file)");
  cmd->add_option("--size", args->size,
                  "WxH: a new --level-file starts as an empty grid of this size, filled with "
                  "the erase character");
  AddGamesDirOption(cmd, args->games_dir);
  AddGvgaiSubsetFlag(cmd, args->gvgai_subset);
  AddSetOption(cmd, args->settings);
  window::AddSpriteOptions(cmd, args->sprites, args->shapes);
  window::AddScreenshotsOption(cmd, args->screenshots);
  cmd->add_option("--solve-states", args->limits.max_states,
                  "V: distinct positions the solver stores before giving up (default 200000)")
      ->check(CLI::Range(int64_t{1}, kMaxSolveStates));
  cmd->add_option("--solve-seconds", args->limits.max_seconds,
                  "V: seconds the solver searches before giving up (default 2)")
      ->check(CLI::Range(0.001, 600.0));
  cmd->callback([args] { edit_command::Edit(*args); });
}

}  // namespace vgdl::tools

#endif  // VGDL_HAS_WINDOW
