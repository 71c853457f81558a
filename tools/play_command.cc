// `vgdl play`: a game in a window, played with the keyboard (GVGAI's keys and pace) or
// watched while an agent plays it; every game can be saved as a GVGAI action file. Built
// only with the window (VGDL_BUILD_WINDOW); main.cc registers it then.
#include "tools/commands.h"

#ifdef VGDL_HAS_WINDOW

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "agents/registry.h"
#include "gvgai/action_file.h"
#include "tools/budget_options.h"
#include "tools/window/command_args.h"
#include "tools/window/window.h"

namespace vgdl::tools {
namespace {

namespace fs = std::filesystem;

struct PlayArgs {
  window::GameChoice choice;
  std::optional<int64_t> seed;
  std::string agent;
  BudgetOptions budget;
  std::string sprites;
  bool shapes = false;
  std::string record;
  std::string screenshots;
  double tick_ms = -1.0;
  bool exit_on_end = false;
  bool watch = false;
  std::string actions;  // a GVGAI action file to play in the window instead of a player
};

fs::path SpritesDir(const std::string& option) {
  const auto dir = window::SpritesDirFor(option);
  if (!dir)
    FailWithUserError("play", "the sprites folder (--sprites or $VGDL_SPRITES_DIR) does not exist");
  return *dir;
}

void Play(const PlayArgs& args) {
  std::string error;
  if (!args.agent.empty() && CanonicalAgentSpec(args.agent, &error).empty())
    FailWithUserError("play", error);
  const std::optional<int> level = args.choice.Level(&error);
  if (!level) FailWithUserError("play", error);
  window::SessionConfig config = window::SessionConfigFor(args.choice, *level, VGDL_SOURCE_DIR);
  config.seed = args.seed;
  config.agent = args.agent;
  config.rules = args.budget.ToRules("play");
  window::WindowOptions options;
  options.sprites = SpritesDir(args.sprites);
  options.default_sprites = !args.shapes;
  options.record = args.record;
  if (!window::PrepareScreenshotFolder(args.screenshots, &error)) FailWithUserError("play", error);
  options.screenshot_dir = args.screenshots;
  options.tick_ms = args.tick_ms;
  options.exit_on_end = args.exit_on_end;
  options.watch = args.watch;

  std::string why;
  if (!window::DisplayAvailable(&why)) FailWithUserError("play", why);
  if (!args.actions.empty() && !args.agent.empty()) {
    FailWithUserError("play", "--actions and --agent exclude each other");
  }
  window::GameSession session(config);
  if (!session.Load()) {
    if (!args.actions.empty()) FailWithUserError("play", session.errors());
    // Broken game or level files open the window anyway, showing the errors: fix, press F5.
    std::cerr << session.errors() << "\n";
    if (!session.fixable()) FailWithUserError("play", "cannot play '" + args.choice.game + "'");
  }
  // An action file (a recorded game, a solution of `vgdl solve`) plays itself, with its seed,
  // as `vgdl replay` plays it.
  if (!args.actions.empty()) {
    auto file = LoadActionFile(args.actions, std::max(session.game()->no_players, 1), &error);
    if (!file) FailWithUserError("play", error);
    session.Replay(*std::move(file));
  }
  const int code = window::RunWindow(session, options);
  if (code != 0) throw CommandExit{kExitUserError};
}

}  // namespace

void AddPlayCommand(CLI::App& app) {
  auto args = std::make_shared<PlayArgs>();
  CLI::App* cmd = app.add_subcommand(
      "play", "Play a game in a window (arrows, space; W A S D, left Shift for player 2)");
  args->choice.AddPositionalOptions(cmd);
  cmd->add_option("--seed", args->seed, "The game's random seed (default: a new one each game)");
  cmd->add_option("--agent", args->agent, "An agent plays player 0, e.g. mcts or osla");
  args->budget.AddTo(cmd);
  window::AddSpriteOptions(cmd, args->sprites, args->shapes);
  cmd->add_option("--record", args->record,
                  "Write each game's GVGAI action file here (FILE, FILE-2, ... after restarts)");
  window::AddScreenshotsOption(cmd, args->screenshots);
  cmd->add_option("--tick-ms", args->tick_ms,
                  "Milliseconds per tick (default GVGAI's pace: 66.7 with a human, 25 with "
                  "an agent; 0: as fast as possible)");
  cmd->add_flag("--exit-on-end", args->exit_on_end, "Close the window when the game is over");
  cmd->add_option("--actions", args->actions,
                  "Play a GVGAI action file in the window (a recording, a solution of `vgdl "
                  "solve`), with its seed, as `vgdl replay` does")
      ->check(CLI::ExistingFile);
  cmd->add_flag("--watch", args->watch,
                "Reload the game and level files when they change on disk, as F5 does (the "
                "seed kept; errors shown in the window until fixed)");
  cmd->callback([args] { Play(*args); });
}

}  // namespace vgdl::tools

#endif  // VGDL_HAS_WINDOW
