// The real window under a virtual X server: xdotool presses keys into `vgdl play`, Escape
// quits, and the saved action file and the replayed final state show the moves. Skipped when
// Xvfb, xvfb-run or xdotool is missing (scripts/install-deps installs them). Each run is
// bounded by `timeout`.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "engine/action_file.h"
#include "engine/observation.h"
#include "tests/window/command_util.h"
#include "vgdl/loader.h"

namespace vgdl::window {
namespace {

namespace fs = std::filesystem;
using testing::Data;
using testing::DataFile;
using testing::FreshDir;
using testing::HaveProgram;
using testing::Quote;
using testing::ReadFile;
using testing::RunShell;
using testing::Vgdl;

bool HaveXvfb() {
  return HaveProgram("Xvfb") && HaveProgram("xvfb-run") && HaveProgram("xdotool") &&
         HaveProgram("timeout");
}

// Runs `keys` (shell lines using $WID, the window) against `vgdl play <play_args>` in a fresh
// virtual display; the play command writes its output to play.log in `dir`.
testing::ShellResult PlayUnderXvfb(const fs::path& dir, const std::string& play_args,
                                   const std::string& keys) {
  const std::string script =
      "cd " + Quote(dir.string()) + "\n" + Vgdl() + " play " + play_args +
      " > play.log 2>&1 &\n"
      "pid=$!\n"
      "WID=$(timeout 20 xdotool search --sync --name 'vgdl play' | head -n 1)\n"
      "if [ -z \"$WID\" ]; then echo 'no window appeared'; cat play.log; kill $pid; exit 3; fi\n"
      "timeout 5 xdotool windowfocus --sync \"$WID\" 2>/dev/null || xdotool windowfocus \"$WID\"\n"
      "sleep 0.5\n" +
      keys +
      "\n"
      "wait $pid\n"
      "code=$?\n"
      "cat play.log\n"
      "exit $code\n";
  std::ofstream(dir / "run.sh") << script;
  return RunShell("timeout 90 xvfb-run -a -s '-screen 0 1280x1024x24' sh " +
                  Quote((dir / "run.sh").string()));
}

struct Replayed {
  ActionFile file;
  Vec2 start;
  Vec2 end;
};

// Loads a test game and replays an action file on it, in this process.
Replayed ReplayFile(const std::string& game, const fs::path& actions) {
  Replayed r;
  GameLoad g = LoadGameFromFile(Data() / (game + ".txt"));
  EXPECT_TRUE(g.game);
  LevelLoad l = LoadLevelFromFile(*g.game, Data() / (game + "_lvl0.txt"));
  EXPECT_TRUE(l.level);
  std::string error;
  auto file = LoadActionFile(actions, 1, &error);
  EXPECT_TRUE(file) << error;
  if (!g.game || !l.level || !file) return r;
  r.file = *file;
  State state(g.game, *l.level, file->seed);
  r.start = AvatarPosition(state);
  ActionReplay replay(*file);
  while (replay.Next(state) == ActionReplay::Step::kPlayed) {
  }
  r.end = AvatarPosition(state);
  return r;
}

std::vector<Action> Pressed(const ActionFile& file) {
  std::vector<Action> out;
  for (const Action a : file.actions[0]) {
    if (a != Action::kNil) out.push_back(a);
  }
  return out;
}

TEST(XvfbWindowTest, PulseKeysMoveTheAvatarAndAreSaved) {
  if (!HaveXvfb()) GTEST_SKIP() << "needs Xvfb, xvfb-run and xdotool";
  const fs::path dir = FreshDir("xvfb_pulse");
  const auto r = PlayUnderXvfb(dir, DataFile("walk.txt") + " --seed 5 --record actions.txt",
                               "xdotool key --delay 120 Right Right Right Down\n"
                               "sleep 1\n"
                               "xdotool key Escape\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("actions: actions.txt"), std::string::npos) << r.output;
  ASSERT_TRUE(fs::exists(dir / "actions.txt")) << r.output;
  const Replayed replayed = ReplayFile("walk", dir / "actions.txt");
  EXPECT_EQ(replayed.file.seed, 5);
  EXPECT_EQ(Pressed(replayed.file),
            (std::vector<Action>{Action::kRight, Action::kRight, Action::kRight, Action::kDown,
                                 Action::kEscape}))
      << ReadFile(dir / "actions.txt");
  EXPECT_EQ(replayed.end.x - replayed.start.x, 3 * 20);
  EXPECT_EQ(replayed.end.y - replayed.start.y, 1 * 20);
  // The window's own result line is the replayed one.
  const auto headless = RunShell(Vgdl() + " replay " + Quote((dir / "actions.txt").string()) +
                                 " --game " + DataFile("walk.txt") + " --headless");
  EXPECT_EQ(headless.exit_code, 0) << headless.output;
  const std::string replayed_line = "result: " + FormatResult(RecordedResult(replayed.file, 0));
  EXPECT_NE(r.output.find(replayed_line), std::string::npos) << r.output;
  fs::remove_all(dir);
}

TEST(XvfbWindowTest, HeldKeysMoveEveryTick) {
  if (!HaveXvfb()) GTEST_SKIP() << "needs Xvfb, xvfb-run and xdotool";
  const fs::path dir = FreshDir("xvfb_held");
  const auto r = PlayUnderXvfb(dir, DataFile("stroll.txt") + " --seed 9 --record actions.txt",
                               "xdotool keydown Right\n"
                               "sleep 0.25\n"
                               "xdotool keyup Right\n"
                               "sleep 0.3\n"
                               "xdotool key Down\n"
                               "sleep 0.3\n"
                               "xdotool key Escape\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  ASSERT_TRUE(fs::exists(dir / "actions.txt")) << r.output;
  const Replayed replayed = ReplayFile("stroll", dir / "actions.txt");
  const auto& actions = replayed.file.actions[0];
  const auto rights = std::count(actions.begin(), actions.end(), Action::kRight);
  const auto downs = std::count(actions.begin(), actions.end(), Action::kDown);
  EXPECT_GE(rights, 1) << ReadFile(dir / "actions.txt");
  EXPECT_GE(downs, 1) << ReadFile(dir / "actions.txt");
  EXPECT_EQ(actions.back(), Action::kEscape);
  // Walls stop the avatar at column 8 (it starts in column 2) and row 5 (from row 2).
  EXPECT_EQ(replayed.end.x - replayed.start.x, 20 * std::min<int64_t>(rights, 6));
  EXPECT_EQ(replayed.end.y - replayed.start.y, 20 * std::min<int64_t>(downs, 3));
  fs::remove_all(dir);
}

TEST(XvfbWindowTest, AgentGamesRoundTrip) {
  if (!HaveXvfb()) GTEST_SKIP() << "needs Xvfb, xvfb-run and xdotool";
  const fs::path dir = FreshDir("xvfb_agent");
  const auto r = PlayUnderXvfb(dir,
                               DataFile("countdown.txt") +
                                   " --agent random --seed 12 --tick-ms 0 --exit-on-end "
                                   "--record agent.txt",
                               "");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  ASSERT_TRUE(fs::exists(dir / "agent.txt")) << r.output;
  const Replayed replayed = ReplayFile("countdown", dir / "agent.txt");
  EXPECT_EQ(replayed.file.seed, 12);
  EXPECT_LE(replayed.file.ticks, 40);
  EXPECT_FALSE(replayed.file.actions[0].empty());
  const auto headless = RunShell(Vgdl() + " replay " + Quote((dir / "agent.txt").string()) +
                                 " --game " + DataFile("countdown.txt") + " --headless");
  EXPECT_EQ(headless.exit_code, 0) << headless.output;
  EXPECT_NE(headless.output.find("match"), std::string::npos) << headless.output;
  fs::remove_all(dir);
}

TEST(XvfbWindowTest, ReplayInTheWindowAndScreenshots) {
  if (!HaveXvfb()) GTEST_SKIP() << "needs Xvfb, xvfb-run and xdotool";
  const fs::path dir = FreshDir("xvfb_replay");
  const std::string script = "cd " + Quote(dir.string()) + "\n" + Vgdl() + " replay " +
                             DataFile("gallery_actions.txt") + " --game " +
                             DataFile("gallery.txt") +
                             " --tick-ms 10 --exit-on-end > replay.log 2>&1\n"
                             "code=$?\ncat replay.log\nexit $code\n";
  std::ofstream(dir / "replay.sh") << script;
  const auto r = RunShell("timeout 60 xvfb-run -a -s '-screen 0 1280x1024x24' sh " +
                          Quote((dir / "replay.sh").string()));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("result: win=0 score=0.0 ticks=3"), std::string::npos) << r.output;

  const auto shot = PlayUnderXvfb(dir, DataFile("walk.txt") + " --seed 2 --screenshots .",
                                  "xdotool key F12\nsleep 0.5\nxdotool key Escape\n");
  ASSERT_EQ(shot.exit_code, 0) << shot.output;
  const size_t at = shot.output.find("screenshot: ");
  ASSERT_NE(at, std::string::npos) << shot.output;
  const std::string name = shot.output.substr(at + 12, shot.output.find('\n', at) - at - 12);
  EXPECT_TRUE(fs::exists(dir / name)) << name;
  EXPECT_NE(name.find("walk-lvl0-tick"), std::string::npos) << name;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace vgdl::window
