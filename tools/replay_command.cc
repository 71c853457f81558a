// `vgdl replay`: plays a GVGAI action file again (the recorded seed and actions, spec §10),
// in the window or, with --headless, without one, checking that the result is the recorded
// one. The headless replay needs no SFML and exists in every build.
#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "engine/state.h"
#include "gvgai/action_file.h"
#include "tools/commands.h"
#include "tools/window/command_args.h"
#include "vgdl/loader.h"

#ifdef VGDL_HAS_WINDOW
#include "tools/window/window.h"
#endif

namespace vgdl::tools {
namespace {

namespace fs = std::filesystem;

struct ReplayArgs {
  std::string file;
  window::GameChoice choice;
  bool headless = false;
  std::string sprites;
  double tick_ms = -1.0;
  bool exit_on_end = false;
};

std::string FirstError(const Diagnostics& diagnostics) {
  for (const Diagnostic& d : diagnostics.items()) {
    if (d.severity == Severity::kError) return Format(d);
  }
  return "";
}

struct LoadedGame {
  std::shared_ptr<const GameDef> def;
  LevelDef level;
};

LoadedGame LoadGameAndLevel(const ReplayArgs& args) {
  std::string error;
  const auto location =
      ResolveGame(args.choice.game, GamesDirFor(args.choice.games_dir, VGDL_SOURCE_DIR), &error);
  if (!location)
    FailWithUserError("replay",
                      error.empty() ? "game '" + args.choice.game + "' not found" : error);
  GameLoad game = LoadGameFromFile(location->game_file,
                                   LoadOptions{.gvgai_subset = args.choice.gvgai_subset,
                                               .parameter_settings = args.choice.settings});
  if (!game.game) {
    FailWithUserError("replay", "'" + location->game_file.string() + "' does not load\n" +
                                    FirstError(game.diagnostics));
  }
  if (const Diagnostic* stop = GvgaiStopWarning(game)) std::cerr << Format(*stop) << "\n";
  fs::path level_path = args.choice.level_file;
  if (level_path.empty()) {
    const auto l = static_cast<size_t>(args.choice.level);
    if (args.choice.level < 0 || l >= location->level_files.size() ||
        location->level_files[l].empty()) {
      FailWithUserError("replay", "game '" + location->game_file.stem().string() +
                                      "' has no level " + std::to_string(args.choice.level));
    }
    level_path = location->level_files[l];
  }
  LevelLoad level = LoadLevelFromFile(*game.game, level_path);
  if (!level.level) {
    FailWithUserError(
        "replay", "'" + level_path.string() + "' does not load\n" + FirstError(level.diagnostics));
  }
  return {level.PlayedWith(game.game), *std::move(level.level)};
}

ActionFile LoadFile(const ReplayArgs& args, const GameDef& def) {
  std::string error;
  auto file = LoadActionFile(args.file, std::max(def.no_players, 1), &error);
  if (!file) FailWithUserError("replay", error);
  return *std::move(file);
}

// Replays to the end and prints both results; exit code 1 when they differ.
void ReplayHeadless(const ReplayArgs& args) {
  const LoadedGame loaded = LoadGameAndLevel(args);
  const ActionFile file = LoadFile(args, *loaded.def);
  std::optional<State> state;
  try {
    state.emplace(loaded.def, loaded.level, file.seed);
  } catch (const std::exception& e) {
    FailWithUserError("replay", std::string("building the level: ") + e.what());
  }
  ActionReplay replay(file);
  while (replay.Next(*state) == ActionReplay::Step::kPlayed) {
  }
  bool same = true;
  for (int p = 0; p < file.players; ++p) {
    const std::string who = file.players > 1 ? " P" + std::to_string(p + 1) : "";
    const GameResult recorded = RecordedResult(file, p);
    const GameResult replayed = ResultOf(*state, p);
    std::cout << "recorded" << who << ": " << FormatResult(recorded) << "\n";
    std::cout << "replayed" << who << ": " << FormatResult(replayed) << "\n";
    same = same && recorded == replayed;
  }
  std::cout << (same ? "match" : "MISMATCH: the replay does not give the recorded result")
            << std::endl;
  if (!same) throw CommandExit{kExitUserError};
}

#ifdef VGDL_HAS_WINDOW
void ReplayInWindow(const ReplayArgs& args) {
  const auto sprites = window::SpritesDirFor(args.sprites);
  if (!sprites)
    FailWithUserError("replay",
                      "the sprites folder (--sprites or $VGDL_SPRITES_DIR) does not exist");
  std::string why;
  if (!window::DisplayAvailable(&why)) FailWithUserError("replay", why + "; use --headless");
  window::GameSession session(
      window::SessionConfigFor(args.choice, args.choice.level, VGDL_SOURCE_DIR));
  if (!session.Load()) FailWithUserError("replay", session.errors());
  session.Replay(LoadFile(args, *session.game()));
  window::WindowOptions options;
  options.sprites = *sprites;
  options.tick_ms = args.tick_ms;
  options.exit_on_end = args.exit_on_end;
  if (window::RunWindow(session, options) != 0) throw CommandExit{kExitUserError};
  if (const auto match = session.ReplayMatches(); match && !*match) {
    throw CommandExit{kExitUserError};
  }
}
#endif

void Replay(const ReplayArgs& args) {
  if (args.choice.game.empty()) FailWithUserError("replay", "--game is required");
#ifdef VGDL_HAS_WINDOW
  if (!args.headless) {
    ReplayInWindow(args);
    return;
  }
#else
  if (!args.headless)
    FailWithUserError("replay", "this vgdl was built without the window: use --headless");
#endif
  ReplayHeadless(args);
}

}  // namespace

void AddReplayCommand(CLI::App& app) {
  auto args = std::make_shared<ReplayArgs>();
  CLI::App* cmd = app.add_subcommand(
      "replay", "Replay a GVGAI action file (seed, result, actions) in a window or headless");
  cmd->add_option("file", args->file, "Action file")->required()->check(CLI::ExistingFile);
  args->choice.AddGameOption(cmd);
  cmd->add_flag("--headless", args->headless,
                "No window: print the recorded and replayed results (exit 1 if they differ)");
  cmd->add_option("--sprites", args->sprites, "GVGAI sprites folder (window only)");
  cmd->add_option("--tick-ms", args->tick_ms, "Milliseconds per tick in the window (default 40)");
  cmd->add_flag("--exit-on-end", args->exit_on_end, "Close the window when the replay is over");
  cmd->callback([args] { Replay(*args); });
}

}  // namespace vgdl::tools
