// The real window under a virtual X server: xdotool presses keys into `vgdl play`, Escape
// quits, and the saved action file and the replayed final state show the moves. Skipped when
// Xvfb or xdotool is missing (scripts/install-deps installs them), except under
// VGDL_REQUIRE_XVFB=1 (CI), where that fails. One Xvfb serves the suite;
// each command is bounded by `timeout`.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
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
  return HaveProgram("Xvfb") && HaveProgram("xdotool") && HaveProgram("timeout");
}

// One virtual X server for the suite: it takes seconds to start on a busy machine.
class XvfbWindowTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (!HaveXvfb()) return;
    server_dir_ = new fs::path(FreshDir("xvfb_server"));
    // -displayfd: Xvfb picks a free display and writes its number once it accepts clients.
    RunShell("Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>" +
             Quote((*server_dir_ / "display").string()) + " >/dev/null 2>&1 & echo $! > " +
             Quote((*server_dir_ / "pid").string()));
    for (int i = 0; i < 600 && display_->empty(); ++i) {
      const std::string number = ReadFile(*server_dir_ / "display");
      if (!number.empty() && number.back() == '\n') {
        *display_ = ":" + number.substr(0, number.size() - 1);
      } else {
        usleep(50000);
      }
    }
  }

  static void TearDownTestSuite() {
    if (server_dir_ == nullptr) return;
    RunShell("kill $(cat " + Quote((*server_dir_ / "pid").string()) + ") 2>/dev/null");
    fs::remove_all(*server_dir_);
    delete server_dir_;
    server_dir_ = nullptr;
    display_->clear();
  }

  void SetUp() override {
    if (!HaveXvfb()) {
      // CI sets VGDL_REQUIRE_XVFB=1 so that these tests can never pass by skipping there.
      const char* required = std::getenv("VGDL_REQUIRE_XVFB");
      if (required != nullptr && std::string(required) == "1") {
        FAIL() << "VGDL_REQUIRE_XVFB=1 but Xvfb or xdotool is missing (scripts/install-deps)";
      }
      GTEST_SKIP() << "needs Xvfb and xdotool (scripts/install-deps)";
    }
    ASSERT_FALSE(display_->empty()) << "Xvfb did not start within 30 s";
  }

  // Runs `script` in `dir` with DISPLAY set to the virtual server, for at most 60 s.
  static testing::ShellResult RunOnDisplay(const fs::path& dir, const std::string& script) {
    std::ofstream(dir / "run.sh") << "export DISPLAY=" << *display_ << "\ncd "
                                  << Quote(dir.string()) << "\n"
                                  << script;
    return RunShell("timeout 60 sh " + Quote((dir / "run.sh").string()));
  }

  // Runs `keys` (shell lines; $WID is the window) against `vgdl play <play_args>`; the
  // output ends with the play command's output.
  static testing::ShellResult PlayWithKeys(const fs::path& dir, const std::string& play_args,
                                           const std::string& keys) {
    return RunOnDisplay(
        dir, Vgdl() + " play " + play_args +
                 " > play.log 2>&1 &\n"
                 "pid=$!\n"
                 "WID=$(timeout 20 xdotool search --sync --name 'vgdl play' | head -n 1)\n"
                 "if [ -z \"$WID\" ]; then echo 'no window'; cat play.log; kill $pid; exit 3; fi\n"
                 "timeout 5 xdotool windowfocus --sync \"$WID\" || xdotool windowfocus \"$WID\"\n"
                 "sleep 0.5\n" +
                 keys +
                 "\n"
                 "wait $pid\n"
                 "code=$?\n"
                 "cat play.log\n"
                 "exit $code\n");
  }

  static fs::path* server_dir_;
  static std::string* display_;
};

fs::path* XvfbWindowTest::server_dir_ = nullptr;
std::string* XvfbWindowTest::display_ = new std::string;

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

TEST_F(XvfbWindowTest, PulseKeysMoveTheAvatarAndAreSaved) {
  const fs::path dir = FreshDir("xvfb_pulse");
  const auto r = PlayWithKeys(dir, DataFile("walk.txt") + " --seed 5 --record actions.txt",
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

TEST_F(XvfbWindowTest, HeldKeysMoveEveryTick) {
  const fs::path dir = FreshDir("xvfb_held");
  const auto r = PlayWithKeys(dir, DataFile("stroll.txt") + " --seed 9 --record actions.txt",
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

TEST_F(XvfbWindowTest, AgentGamesRoundTrip) {
  const fs::path dir = FreshDir("xvfb_agent");
  // The game ends by itself (--exit-on-end): no keys, no need to find the window.
  const auto r = RunOnDisplay(dir, Vgdl() + " play " + DataFile("countdown.txt") +
                                       " --agent random --seed 12 --tick-ms 0 --exit-on-end "
                                       "--record agent.txt\n");
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

TEST_F(XvfbWindowTest, ReplayInTheWindowAndScreenshots) {
  const fs::path dir = FreshDir("xvfb_replay");
  const auto r =
      RunOnDisplay(dir, Vgdl() + " replay " + DataFile("gallery_actions.txt") + " --game " +
                            DataFile("gallery.txt") + " --tick-ms 10 --exit-on-end\n");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("result: win=0 score=0.0 ticks=3"), std::string::npos) << r.output;

  const auto shot = PlayWithKeys(dir, DataFile("walk.txt") + " --seed 2 --screenshots .",
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
