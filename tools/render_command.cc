// `vgdl render`: one frame of a game as a PNG file, drawn by the window's software painter
// without a display (documentation, bug reports, golden-image tests). The frame is the
// level as built, or the game after T ticks of an action file (or of ACTION_NIL). With --gif,
// every frame of an episode (an action file, `vgdl solve`'s solution, an agent playing) as an
// animated GIF, for sharing a level or a bug. Built only
// with the window (VGDL_BUILD_WINDOW); main.cc registers it then.
#include "tools/budget_options.h"
#include "tools/commands.h"

#ifdef VGDL_HAS_WINDOW

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

#include "engine/render.h"
#include "gvgai/action_file.h"
#include "tools/window/command_args.h"
#include "tools/window/gif_writer.h"
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
  std::string gif;
  std::string agent;
  BudgetOptions budget;
  int frame_ms = 100;
  std::string sprites;
  bool shapes = false;
  int scale = 1;
  int player = 0;
};

// Plays up to `tick` ticks (all of the file's, or the agent's whole game, when unset) and
// says where it stopped. `on_tick` sees the state after each tick.
void PlayTo(window::GameSession& session, std::optional<int> tick,
            const std::function<void()>& on_tick = {}) {
  window::HumanInput nobody(session.players(), false);  // without a file: ACTION_NIL
  while (!session.over() && (!tick || session.state()->tick() < *tick)) {
    if (!tick && !session.replaying() && !session.has_agent()) break;
    session.Tick(nobody);
    if (on_tick) on_tick();
  }
  if (tick && session.state()->tick() < *tick) {
    std::cerr << "vgdl render: the game ended at tick " << session.state()->tick()
              << "; drawing that frame\n";
  }
}

// The frame of the session's state now.
window::Canvas Frame(const window::GameSession& session, const RenderArgs& args,
                     window::SpriteImages& images) {
  RenderOptions options;
  options.player = args.player;
  options.game_seed = session.seed();
  options.memory = &session.memory();
  return window::PaintFrame(BuildRenderList(*session.state(), options), &images).Scaled(args.scale);
}

// `--gif`: the level as built, then a frame after every tick played.
void RecordGif(window::GameSession& session, const RenderArgs& args, window::SpriteImages& images) {
#ifdef VGDL_HAS_GIF
  std::string error;
  const window::Canvas first = Frame(session, args, images);
  auto gif = window::GifWriter::Open(args.gif, first.width(), first.height(), &error);
  if (!gif) FailWithUserError("render", error);
  const int delay_cs = std::max(1, (args.frame_ms + 5) / 10);  // GIF counts hundredths
  bool ok = gif->AddFrame(first, delay_cs, &error);
  int drawn = session.state()->tick();
  PlayTo(session, args.tick, [&] {
    // A replay that runs out of actions finds out on a call that plays no tick.
    if (!ok || session.state()->tick() == drawn) return;
    drawn = session.state()->tick();
    ok = gif->AddFrame(Frame(session, args, images), delay_cs, &error);
  });
  if (!ok || !gif->Close(&error)) FailWithUserError("render", error);
  std::cout << "wrote " << args.gif << " (" << first.width() << "x" << first.height() << ", "
            << gif->frames() << " frames, ticks 0-" << session.state()->tick() << ", "
            << session.Outcome() << ")\n";
#else
  (void)session, (void)images;
  FailWithUserError("render",
                    "--gif needs giflib, which this build was made without (install "
                    "libgif-dev and configure again); " +
                        args.gif + " not written");
#endif
}

void Render(const RenderArgs& args) {
  if (args.out.empty() == args.gif.empty()) {
    FailWithUserError("render", "give one of --out FILE.png (a frame) and --gif FILE (an episode)");
  }
  if (args.frame_ms < 10 || args.frame_ms > 10000) {
    FailWithUserError("render", "--frame-ms must be between 10 and 10000");
  }
  if (!args.agent.empty() && !args.actions.empty()) {
    FailWithUserError("render", "--agent and --actions exclude each other");
  }
  const Rules rules = args.budget.ToRules("render");
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
  config.agent = args.agent;
  config.rules = rules;
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
  window::DefaultSprites defaults;
  window::SpriteImages images(*sprites, args.shapes ? nullptr : &defaults);
  if (!args.gif.empty()) return RecordGif(session, args, images);
  PlayTo(session, args.tick);
  const window::Canvas frame = Frame(session, args, images);
  if (!frame.SavePng(args.out, &error)) FailWithUserError("render", error);
  std::cout << "wrote " << args.out << " (" << frame.width() << "x" << frame.height() << ", tick "
            << session.state()->tick() << ")\n";
}

}  // namespace

void AddRenderCommand(CLI::App& app) {
  auto args = std::make_shared<RenderArgs>();
  CLI::App* cmd =
      app.add_subcommand("render",
                         "Draw one frame of a game into a PNG file, or an episode (an action "
                         "file, an agent playing) into an animated GIF (no display needed)");
  args->choice.AddPositionalOptions(cmd);
  cmd->add_option("--seed", args->seed, "The game's seed (default 0; an action file has its own)");
  cmd->add_option("--actions", args->actions, "Replay this GVGAI action file first")
      ->check(CLI::ExistingFile);
  cmd->add_option("--tick", args->tick,
                  "Draw after this many ticks (default: the end of --actions, or the level "
                  "as built); without --actions the ticks play ACTION_NIL");
  cmd->add_option("-o,--out", args->out, "PNG file to write (one frame)");
  cmd->add_option("--gif", args->gif,
                  "Animated GIF file to write: the level as built and a frame per tick, up to "
                  "--tick, the end of --actions, or the end of --agent's game");
  cmd->add_option("--agent", args->agent, "Let this agent play (e.g. maastcts), for --gif");
  args->budget.AddTo(cmd);
  cmd->add_option("--frame-ms", args->frame_ms,
                  "Milliseconds per GIF frame (10-10000, default 100)");
  window::AddSpriteOptions(cmd, args->sprites, args->shapes);
  cmd->add_option("--scale", args->scale, "Enlarge the image by this whole factor (1-16)");
  cmd->add_option("--player", args->player, "Whose view (invisible= is per player)");
  cmd->callback([args] { Render(*args); });
}

}  // namespace vgdl::tools

#endif  // VGDL_HAS_WINDOW
