// `vgdl render`: one frame of a game as a PNG file, drawn by the window's software painter
// without a display (documentation, bug reports, golden-image tests). The frame is the
// level as built, or the game after T ticks of an action file (or of ACTION_NIL). Built only
// with the window (VGDL_BUILD_WINDOW); main.cc registers it then.
#include "tools/commands.h"

#ifdef VGDL_HAS_WINDOW

#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "engine/action_file.h"
#include "engine/render.h"
#include "tools/window/command_args.h"
#include "tools/window/painter.h"
#include "tools/window/session.h"

namespace vgdl::tools {
namespace {

namespace fs = std::filesystem;

struct RenderArgs {
  window::GameChoice choice;
  std::optional<int64_t> seed;
  std::string actions;
  std::optional<int> tick;
  std::string out;
  std::string sprites;
  int scale = 1;
  int player = 0;
};

// Plays up to `tick` ticks (all of the file's when unset) and says where it stopped.
void PlayTo(window::GameSession& session, std::optional<int> tick) {
  window::HumanInput nobody(session.players(), false);  // without a file: ACTION_NIL
  while (!session.over() && (!tick || session.state()->tick() < *tick)) {
    if (!tick && !session.replaying()) break;
    session.Tick(nobody);
  }
  if (tick && session.state()->tick() < *tick) {
    std::cerr << "vgdl render: the game ended at tick " << session.state()->tick()
              << "; drawing that frame\n";
  }
}

void Render(const RenderArgs& args) {
  if (args.out.empty()) FailWithUserError("render", "--out is required");
  if (args.tick && *args.tick < 0) FailWithUserError("render", "--tick must not be negative");
  if (args.scale < 1 || args.scale > 16)
    FailWithUserError("render", "--scale must be between 1 and 16");
  std::string error;
  const std::optional<int> level = args.choice.Level(&error);
  if (!level) FailWithUserError("render", error);
  if (!args.actions.empty() && args.seed) {
    FailWithUserError("render",
                      "--seed and --actions exclude each other: the action file holds the seed");
  }
  const auto sprites = window::SpritesDirFor(args.sprites);
  if (!sprites)
    FailWithUserError("render",
                      "the sprites folder (--sprites or $VGDL_SPRITES_DIR) does not exist");
  window::SessionConfig config = window::SessionConfigFor(args.choice, *level, VGDL_SOURCE_DIR);
  config.seed = args.seed.value_or(0);
  window::GameSession session(config);
  if (!session.Load()) FailWithUserError("render", session.errors());
  if (args.player < 0 || args.player >= session.players()) {
    FailWithUserError("render",
                      "--player must be between 0 and " + std::to_string(session.players() - 1));
  }
  if (!args.actions.empty()) {
    auto file = LoadActionFile(args.actions, std::max(session.game()->no_players, 1), &error);
    if (!file) FailWithUserError("render", error);
    session.Replay(*std::move(file));
  }
  PlayTo(session, args.tick);
  RenderOptions options;
  options.player = args.player;
  options.game_seed = session.seed();
  options.memory = &session.memory();
  window::SpriteImages images(*sprites);
  const window::Canvas frame =
      window::PaintFrame(BuildRenderList(*session.state(), options), &images);
  if (!frame.Scaled(args.scale).SavePng(args.out, &error)) FailWithUserError("render", error);
  std::cout << "wrote " << args.out << " (" << frame.width() * args.scale << "x"
            << frame.height() * args.scale << ", tick " << session.state()->tick() << ")\n";
}

}  // namespace

void AddRenderCommand(CLI::App& app) {
  auto args = std::make_shared<RenderArgs>();
  CLI::App* cmd =
      app.add_subcommand("render", "Draw one frame of a game into a PNG file (no display needed)");
  args->choice.AddPositionalOptions(cmd);
  cmd->add_option("--seed", args->seed, "The game's seed (default 0; an action file has its own)");
  cmd->add_option("--actions", args->actions, "Replay this GVGAI action file first")
      ->check(CLI::ExistingFile);
  cmd->add_option("--tick", args->tick,
                  "Draw after this many ticks (default: the end of --actions, or the level "
                  "as built); without --actions the ticks play ACTION_NIL");
  cmd->add_option("-o,--out", args->out, "PNG file to write")->required();
  cmd->add_option("--sprites", args->sprites,
                  "GVGAI sprites folder (holding oryx/, newset/); default $VGDL_SPRITES_DIR");
  cmd->add_option("--scale", args->scale, "Enlarge the image by this whole factor (1-16)");
  cmd->add_option("--player", args->player, "Whose view (invisible= is per player)");
  cmd->callback([args] { Render(*args); });
}

}  // namespace vgdl::tools

#endif  // VGDL_HAS_WINDOW
