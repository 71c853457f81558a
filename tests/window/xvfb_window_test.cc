// The real window under a virtual X server: xdotool presses keys into `vgdl play`, Escape
// quits, and the saved action file and the replayed final state show the moves. Skipped when
// Xvfb or xdotool is missing (scripts/install-deps installs them), except under
// VGDL_REQUIRE_XVFB=1 (CI), where that fails. One Xvfb serves the suite;
// each command is bounded by `timeout`.
#include <gtest/gtest.h>
#include <unistd.h>

#include <SFML/Graphics/Image.hpp>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/observation.h"
#include "gvgai/action_file.h"
#include "tests/temp_dir.h"
#include "tests/window/command_util.h"
#include "vgdl/loader.h"

namespace vgdl::window {
namespace {

namespace fs = std::filesystem;
using testing::Data;
using testing::DataFile;
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
    server_dir_ = new vgdl::testing::TempDir("vgdl_xvfb_server");
    // The suite's tests fail, rather than skip, when no client can connect to the server.
    if (StartServer() && !ClientConnects()) StopServer();
  }

  static void TearDownTestSuite() {
    if (server_dir_ == nullptr) return;
    StopServer();
    delete server_dir_;
    server_dir_ = nullptr;
  }

  // Starts Xvfb and waits up to 30 s for its display number; false if none came.
  static bool StartServer() {
    const fs::path number_file = *server_dir_ / "display";
    fs::remove(number_file);
    // -displayfd: Xvfb picks a free display and writes its number once it accepts clients.
    // -noreset: by default the server resets when its last client leaves, and a client that
    // connects during the reset is refused ("Failed to open X11 display"); every command here
    // is a new client, and on a loaded machine the reset lasts long enough to be hit.
    RunShell("Xvfb -displayfd 3 -noreset -screen 0 1280x1024x24 -nolisten tcp 3>" +
             Quote(number_file.string()) + " >/dev/null 2>&1 & echo $! > " +
             Quote((*server_dir_ / "pid").string()));
    for (int i = 0; i < 600; ++i) {
      const std::string number = ReadFile(number_file);
      if (!number.empty() && number.back() == '\n') {
        *display_ = ":" + number.substr(0, number.size() - 1);
        return true;
      }
      usleep(50000);
    }
    return false;
  }

  static bool ClientConnects() {
    return RunShell("DISPLAY=" + *display_ + " timeout 10 xdotool getdisplaygeometry").exit_code ==
           0;
  }

  // Stops the server and waits (up to 10 s) until it has exited, so that the next test's server
  // does not start beside a dying one.
  static void StopServer() {
    const std::string pid = "$(cat " + Quote((*server_dir_ / "pid").string()) + ")";
    RunShell("kill " + pid + " 2>/dev/null; for i in $(seq 200); do kill -0 " + pid +
             " 2>/dev/null || break; sleep 0.05; done");
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
    ASSERT_FALSE(display_->empty()) << "Xvfb did not start within 30 s or refused a client";
  }

  // Runs `script` in `dir` with DISPLAY set to the virtual server, for at most 60 s.
  static testing::ShellResult RunOnDisplay(const fs::path& dir, const std::string& script) {
    std::ofstream(dir / "run.sh") << "export DISPLAY=" << *display_ << "\ncd "
                                  << Quote(dir.string()) << "\n"
                                  << script;
    testing::ShellResult r = RunShell("timeout 60 sh " + Quote((dir / "run.sh").string()));
    if (r.exit_code != 0) r.output += ServerState();
    return r;
  }

  // What a failed command's report adds: is the suite's server still there and listening.
  static std::string ServerState() {
    const std::string pid = "$(cat " + Quote((*server_dir_ / "pid").string()) + ")";
    return RunShell("echo \"[xvfb: display " + *display_ + ", pid " + pid + ", alive: $(kill -0 " +
                    pid +
                    " 2>/dev/null && echo yes || echo no), sockets: $(ls /tmp/.X11-unix | tr "
                    "'\\n' ' ')"
                    "abstract: $(grep -o '@/tmp/.X11-unix/X[0-9]*' /proc/net/unix | tr '\\n' "
                    "' ')]\"")
        .output;
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

  // `vgdl edit <edit_args>` with `actions` (shell lines; $WID is the window) run against it;
  // the output ends with the edit command's output.
  static testing::ShellResult EditWithActions(const fs::path& dir, const std::string& edit_args,
                                              const std::string& actions) {
    return RunOnDisplay(
        dir, Vgdl() + " edit " + edit_args +
                 " > edit.log 2>&1 &\n"
                 "pid=$!\n"
                 "WID=$(timeout 20 xdotool search --sync --name 'vgdl edit' | head -n 1)\n"
                 "if [ -z \"$WID\" ]; then echo 'no window'; cat edit.log; kill $pid; exit 3; fi\n"
                 "timeout 5 xdotool windowfocus --sync \"$WID\" || xdotool windowfocus \"$WID\"\n"
                 "sleep 0.5\n" +
                 actions +
                 "\n"
                 "wait $pid\n"
                 "code=$?\n"
                 "cat edit.log\n"
                 "exit $code\n");
  }

  static vgdl::testing::TempDir* server_dir_;
  static std::string* display_;
};

vgdl::testing::TempDir* XvfbWindowTest::server_dir_ = nullptr;
std::string* XvfbWindowTest::display_ = new std::string;

struct Replayed {
  ActionFile file;
  std::vector<Vec2> start;  // per player: the avatar before and after the replay
  std::vector<Vec2> end;

  Vec2 Moved(int player) const {
    const auto p = static_cast<size_t>(player);
    return p < end.size() ? end[p] - start[p] : Vec2{};
  }
};

// Loads a game and level and replays an action file on them, in this process.
Replayed ReplayFile(const fs::path& game_file, const fs::path& level_file,
                    const fs::path& actions) {
  Replayed r;
  GameLoad g = LoadGameFromFile(game_file);
  EXPECT_TRUE(g.game);
  if (!g.game) return r;
  LevelLoad l = LoadLevelFromFile(*g.game, level_file);
  EXPECT_TRUE(l.level);
  const int players = std::max(g.game->no_players, 1);
  std::string error;
  auto file = LoadActionFile(actions, players, &error);
  EXPECT_TRUE(file) << error;
  if (!l.level || !file) return r;
  r.file = *file;
  State state(g.game, *l.level, file->seed);
  for (int p = 0; p < players; ++p) r.start.push_back(AvatarPosition(state, p));
  ActionReplay replay(*file);
  while (replay.Next(state) == ActionReplay::Step::kPlayed) {
  }
  for (int p = 0; p < players; ++p) r.end.push_back(AvatarPosition(state, p));
  return r;
}

// A game of tests/data/window/, level 0.
Replayed ReplayFile(const std::string& game, const fs::path& actions) {
  return ReplayFile(Data() / (game + ".txt"), Data() / (game + "_lvl0.txt"), actions);
}

std::vector<Action> Pressed(const ActionFile& file, int player = 0) {
  std::vector<Action> out;
  for (const Action a : file.actions[static_cast<size_t>(player)]) {
    if (a != Action::kNil) out.push_back(a);
  }
  return out;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

size_t WordCount(const std::string& line) {
  std::istringstream in(line);
  size_t n = 0;
  for (std::string word; in >> word;) ++n;
  return n;
}

// The file named by the play command's "screenshot: " line (relative to its folder).
std::string ScreenshotName(const std::string& output) {
  const size_t at = output.find("screenshot: ");
  if (at == std::string::npos) return "";
  const size_t from = at + 12;
  return output.substr(from, output.find('\n', from) - from);
}

// The tick in a screenshot's name ("<game>-lvl<N>-tick<T>.png"), or -1.
int TickOf(const std::string& screenshot) {
  const size_t at = screenshot.rfind("-tick");
  return at == std::string::npos ? -1 : std::atoi(screenshot.c_str() + at + 5);
}

// "" when two PNG files hold the same picture, else how they differ.
std::string PictureDifference(const fs::path& a, const fs::path& b) {
  sf::Image x;
  sf::Image y;
  if (!x.loadFromFile(a.string())) return "cannot read " + a.string();
  if (!y.loadFromFile(b.string())) return "cannot read " + b.string();
  if (x.getSize() != y.getSize()) {
    return "sizes " + std::to_string(x.getSize().x) + "x" + std::to_string(x.getSize().y) +
           " and " + std::to_string(y.getSize().x) + "x" + std::to_string(y.getSize().y);
  }
  for (unsigned row = 0; row < x.getSize().y; ++row) {
    for (unsigned col = 0; col < x.getSize().x; ++col) {
      if (x.getPixel(col, row) != y.getPixel(col, row)) {
        return "first at (" + std::to_string(col) + ", " + std::to_string(row) + ")";
      }
    }
  }
  return "";
}

// Shell lines defining `wait_title TEXT`: waits up to 10 s for the window title to contain
// TEXT, then appends the title to titles.txt, come or not, for the test to read.
constexpr char kWaitTitle[] =
    "wait_title() {\n"
    "  for i in $(seq 100); do\n"
    "    case \"$(xdotool getwindowname \"$WID\")\" in *\"$1\"*) break;; esac\n"
    "    sleep 0.1\n"
    "  done\n"
    "  xdotool getwindowname \"$WID\" >> titles.txt\n"
    "}\n";

TEST_F(XvfbWindowTest, PulseKeysMoveTheAvatarAndAreSaved) {
  const vgdl::testing::TempDir dir("vgdl_xvfb_pulse");
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
  EXPECT_EQ(replayed.Moved(0).x, 3 * 20);
  EXPECT_EQ(replayed.Moved(0).y, 1 * 20);
  // The window's own result line is the replayed one.
  const auto headless = RunShell(Vgdl() + " replay " + Quote((dir / "actions.txt").string()) +
                                 " --game " + DataFile("walk.txt") + " --headless");
  EXPECT_EQ(headless.exit_code, 0) << headless.output;
  const std::string replayed_line = "result: " + FormatResult(RecordedResult(replayed.file, 0));
  EXPECT_NE(r.output.find(replayed_line), std::string::npos) << r.output;
}

TEST_F(XvfbWindowTest, HeldKeysMoveEveryTick) {
  const vgdl::testing::TempDir dir("vgdl_xvfb_held");
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
  EXPECT_EQ(replayed.Moved(0).x, 20 * std::min<int64_t>(rights, 6));
  EXPECT_EQ(replayed.Moved(0).y, 20 * std::min<int64_t>(downs, 3));
}

TEST_F(XvfbWindowTest, AgentGamesRoundTrip) {
  const vgdl::testing::TempDir dir("vgdl_xvfb_agent");
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
}

// `vgdl play --actions` plays an action file (here a solution of `vgdl solve`) in the window
// as `vgdl replay` does.
TEST_F(XvfbWindowTest, PlayPlaysAnActionFile) {
  const vgdl::testing::TempDir dir("vgdl_xvfb_play_actions");
  const auto r =
      RunOnDisplay(dir, Vgdl() + " play " + DataFile("gallery.txt") + " --actions " +
                            DataFile("gallery_actions.txt") + " --tick-ms 10 --exit-on-end\n");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("result: win=0 score=0.0 ticks=3"), std::string::npos) << r.output;
}

TEST_F(XvfbWindowTest, ReplayInTheWindowAndScreenshots) {
  const vgdl::testing::TempDir dir("vgdl_xvfb_replay");
  const auto r =
      RunOnDisplay(dir, Vgdl() + " replay " + DataFile("gallery_actions.txt") + " --game " +
                            DataFile("gallery.txt") + " --tick-ms 10 --exit-on-end\n");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("result: win=0 score=0.0 ticks=3"), std::string::npos) << r.output;

  const auto shot = PlayWithKeys(dir, DataFile("walk.txt") + " --seed 2 --screenshots .",
                                 "xdotool key F12\nsleep 0.5\nxdotool key Escape\n");
  ASSERT_EQ(shot.exit_code, 0) << shot.output;
  const std::string name = ScreenshotName(shot.output);
  ASSERT_FALSE(name.empty()) << shot.output;
  EXPECT_TRUE(fs::exists(dir / name)) << name;
  EXPECT_NE(name.find("walk-lvl0-tick"), std::string::npos) << name;
}

// A --screenshots folder that does not exist is made at start: F12 saves into it.
TEST_F(XvfbWindowTest, ScreenshotsGoToAFolderMadeAtStart) {
  const vgdl::testing::TempDir dir("vgdl_xvfb_shot_folder");
  const auto shot = PlayWithKeys(dir, DataFile("walk.txt") + " --seed 2 --screenshots shots/new",
                                 "xdotool key F12\nsleep 0.5\nxdotool key Escape\n");
  ASSERT_EQ(shot.exit_code, 0) << shot.output;
  const std::string name = ScreenshotName(shot.output);
  ASSERT_FALSE(name.empty()) << shot.output;
  EXPECT_EQ(name.rfind("shots/new/walk-lvl0-tick", 0), 0u) << name;
  EXPECT_TRUE(fs::exists(dir / name)) << name;
}

// F12 saves the game area as the window drew it: pixel for pixel the frame that `vgdl render`
// draws from the saved action file at the tick in the screenshot's name. The gallery moves
// something every tick, so a stale frame would differ; its images come from --sprites in both.
TEST_F(XvfbWindowTest, ScreenshotIsTheRenderedFrameOfItsTick) {
  const vgdl::testing::TempDir dir("vgdl_xvfb_shot_frame");
  const std::string game = DataFile("gallery.txt") + " --sprites " + DataFile("sprites");
  // F12's event comes before Escape's: the screenshot is written before the window closes.
  const auto r = PlayWithKeys(dir, game + " --seed 3 --record actions.txt --screenshots .",
                              "xdotool key --delay 150 Right Right Down space\n"
                              "sleep 0.3\n"
                              "xdotool key F12 Escape\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::string shot = ScreenshotName(r.output);
  const int tick = TickOf(shot);
  ASSERT_GT(tick, 0) << r.output;
  const auto render_at = [&](int t) {
    const fs::path out = dir / ("render-" + std::to_string(t) + ".png");
    const auto rendered = RunShell("env -u DISPLAY " + Vgdl() + " render " + game + " --actions " +
                                   Quote((dir / "actions.txt").string()) + " --tick " +
                                   std::to_string(t) + " --out " + Quote(out.string()));
    EXPECT_EQ(rendered.exit_code, 0) << rendered.output;
    return out;
  };
  EXPECT_EQ(PictureDifference(dir / shot, render_at(tick)), "") << shot;
  // The comparison tells neighbouring ticks apart.
  EXPECT_NE(PictureDifference(dir / shot, render_at(tick - 1)), "") << shot;
}

// F5 reads the game file again: a broken file leaves the window open on its errors, with
// "(load error)" in the title; once fixed, F5 starts a new game with the same seed, which the
// keys play and --record saves as the second game.
TEST_F(XvfbWindowTest, F5ReloadsABrokenThenFixedGame) {
  const vgdl::testing::TempDir dir("vgdl_xvfb_reload");
  fs::copy_file(Data() / "walk.txt", dir / "edit.txt");
  fs::copy_file(Data() / "walk_lvl0.txt", dir / "edit_lvl0.txt");
  const auto r = PlayWithKeys(dir, Quote((dir / "edit.txt").string()) + " --record actions.txt",
                              std::string(kWaitTitle) +
                                  "sed -i 's/MovingAvatar/NoSuchAvatar/' edit.txt\n"
                                  "xdotool key F5\n"
                                  "wait_title '(load error)'\n"
                                  "sed -i 's/NoSuchAvatar/MovingAvatar/' edit.txt\n"
                                  "xdotool key F5\n"
                                  "wait_title '| Tick'\n"
                                  "xdotool key --delay 120 Right Down\n"
                                  // Pulse presses play one per tick, and Escape quits at
                                  // once: leave the queued presses time even under load.
                                  "sleep 1.5\n"
                                  "xdotool key Escape\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto titles = Lines(ReadFile(dir / "titles.txt"));
  ASSERT_EQ(titles.size(), 2u) << r.output;
  EXPECT_EQ(titles[0], "vgdl play: edit level 0 (load error)");
  EXPECT_EQ(titles[1].rfind("vgdl play: edit level 0 | Score 0.0 | Tick ", 0), 0u) << titles[1];
  EXPECT_NE(r.output.find("unknown sprite class 'NoSuchAvatar'"), std::string::npos) << r.output;
  // F5 saved the first game as it stood; the reloaded game went on in the second file.
  ASSERT_TRUE(fs::exists(dir / "actions.txt")) << r.output;
  ASSERT_TRUE(fs::exists(dir / "actions-2.txt")) << r.output;
  const fs::path game = dir / "edit.txt";
  const fs::path level = dir / "edit_lvl0.txt";
  const Replayed first = ReplayFile(game, level, dir / "actions.txt");
  const Replayed second = ReplayFile(game, level, dir / "actions-2.txt");
  EXPECT_TRUE(Pressed(first.file).empty()) << ReadFile(dir / "actions.txt");
  EXPECT_EQ(second.file.seed, first.file.seed);  // kept through the failed load
  EXPECT_EQ(Pressed(second.file),
            (std::vector<Action>{Action::kRight, Action::kDown, Action::kEscape}))
      << ReadFile(dir / "actions-2.txt");
  EXPECT_EQ(second.Moved(0).x, 20);
  EXPECT_EQ(second.Moved(0).y, 20);
}

// --watch does what F5 does when the file changes on disk, with no key pressed: the broken
// game shows its errors, the fixed one starts again with the same seed.
TEST_F(XvfbWindowTest, WatchReloadsWhenTheGameFileChangesOnDisk) {
  const vgdl::testing::TempDir dir("vgdl_xvfb_watch");
  fs::copy_file(Data() / "walk.txt", dir / "edit.txt");
  fs::copy_file(Data() / "walk_lvl0.txt", dir / "edit_lvl0.txt");
  const auto r =
      PlayWithKeys(dir, Quote((dir / "edit.txt").string()) + " --watch --record actions.txt",
                   std::string(kWaitTitle) +
                       "sed -i 's/MovingAvatar/NoSuchAvatar/' edit.txt\n"
                       "wait_title '(load error)'\n"
                       "sed -i 's/NoSuchAvatar/MovingAvatar/' edit.txt\n"
                       "wait_title '| Tick'\n"
                       "xdotool key Escape\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto titles = Lines(ReadFile(dir / "titles.txt"));
  ASSERT_EQ(titles.size(), 2u) << r.output;
  EXPECT_EQ(titles[0], "vgdl play: edit level 0 (load error)") << r.output;
  EXPECT_EQ(titles[1].rfind("vgdl play: edit level 0 | Score 0.0 | Tick ", 0), 0u) << titles[1];
  EXPECT_NE(r.output.find("changed on disk: reloading"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("unknown sprite class 'NoSuchAvatar'"), std::string::npos) << r.output;
  ASSERT_TRUE(fs::exists(dir / "actions-2.txt")) << r.output;
  const fs::path game = dir / "edit.txt";
  const fs::path level = dir / "edit_lvl0.txt";
  EXPECT_EQ(ReplayFile(game, level, dir / "actions-2.txt").file.seed,
            ReplayFile(game, level, dir / "actions.txt").file.seed);
}

// Two players share the keyboard as in GVGAI: the arrows play player 1, W A S D and left
// Shift player 2. The action file is GVGAI's multi-player one: a column per player.
TEST_F(XvfbWindowTest, TwoPlayersHaveTheirOwnKeysAndColumns) {
  const vgdl::testing::TempDir dir("vgdl_xvfb_two");
  const auto r = PlayWithKeys(dir, DataFile("pair.txt") + " --seed 4 --record actions.txt",
                              "xdotool key --delay 120 Right a Right a Down w Shift_L\n"
                              "sleep 1\n"
                              "xdotool key Escape\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  ASSERT_TRUE(fs::exists(dir / "actions.txt")) << r.output;
  const std::string text = ReadFile(dir / "actions.txt");
  const Replayed replayed = ReplayFile("pair", dir / "actions.txt");
  ASSERT_EQ(replayed.file.players, 2) << text;
  // Escape is player 1's: player 2 plays NIL on that last tick.
  EXPECT_EQ(Pressed(replayed.file, 0),
            (std::vector<Action>{Action::kRight, Action::kRight, Action::kDown, Action::kEscape}))
      << text;
  EXPECT_EQ(Pressed(replayed.file, 1),
            (std::vector<Action>{Action::kLeft, Action::kLeft, Action::kUp, Action::kUse}))
      << text;
  // "<seed> <ticks>", the scores, the wins, then ticks + 1 rows of "<P1 action> <P2 action> ".
  const auto lines = Lines(text);
  ASSERT_EQ(lines.size(), 3 + static_cast<size_t>(replayed.file.ticks) + 1) << text;
  EXPECT_EQ(WordCount(lines[0]), 2u) << text;
  for (size_t i = 3; i < lines.size(); ++i) EXPECT_EQ(WordCount(lines[i]), 2u) << lines[i];
  EXPECT_EQ(lines.back(), "ACTION_ESCAPE ACTION_NIL ");
  EXPECT_EQ(replayed.Moved(0).x, 2 * 20);
  EXPECT_EQ(replayed.Moved(0).y, 1 * 20);
  EXPECT_EQ(replayed.Moved(1).x, -2 * 20);
  EXPECT_EQ(replayed.Moved(1).y, -1 * 20);
  // The window's result lines are the replayed ones, and `vgdl replay` reads the file back.
  for (int p = 0; p < 2; ++p) {
    const std::string line =
        "result P" + std::to_string(p + 1) + ": " + FormatResult(RecordedResult(replayed.file, p));
    EXPECT_NE(r.output.find(line), std::string::npos) << line << "\n" << r.output;
  }
  const auto headless = RunShell(Vgdl() + " replay " + Quote((dir / "actions.txt").string()) +
                                 " --game " + DataFile("pair.txt") + " --headless");
  EXPECT_EQ(headless.exit_code, 0) << headless.output;
  EXPECT_NE(headless.output.find("replayed P2: "), std::string::npos) << headless.output;
}

// `vgdl edit` with real mouse and key events: a palette click selects a character, left clicks
// and a left drag paint, a right click erases, Ctrl+Z takes back a click, C adds a column,
// Ctrl+S writes the game's level file; V asks the solver, P plays the level in the same window
// (the keys win it), Escape comes back to the editor and then quits it.
constexpr char kGoalGame[] =
    "BasicGame square_size=20 key_handler=Pulse\n"
    "    SpriteSet\n"
    "        floor  > Immovable color=DARKGRAY\n"
    "        goal   > Immovable color=GREEN\n"
    "        avatar > MovingAvatar color=WHITE\n"
    "    LevelMapping\n"
    "        . > floor\n"
    "        A > floor avatar\n"
    "        g > floor goal\n"
    "    InteractionSet\n"
    "        avatar wall > stepBack\n"
    "        goal avatar > killSprite\n"
    "    TerminationSet\n"
    "        SpriteCounter stype=goal limit=0 win=True\n"
    "        Timeout limit=2000 win=False\n";

// Shell lines defining `click X Y BUTTON` (window coordinates) and `wait_log TEXT` (waits up
// to 10 s for the editor's output to hold TEXT).
constexpr char kEditorShell[] =
    "click() { xdotool mousemove --window \"$WID\" $1 $2 click $3; sleep 0.3; }\n"
    "wait_log() {\n"
    "  for i in $(seq 100); do grep -q \"$1\" edit.log && break; sleep 0.1; done\n"
    "}\n";

TEST_F(XvfbWindowTest, EditorPaintsErasesResizesSavesSolvesAndPlays) {
  const vgdl::testing::TempDir dir("vgdl_xvfb_edit");
  std::ofstream(dir / "goal.txt") << kGoalGame;
  std::ofstream(dir / "goal_lvl0.txt") << "wwwwww\nwA...w\nw....w\nwwwwww\n";
  // The level is 6 x 4 cells of 20 pixels, drawn 6 times larger: cell (x, y) is the square
  // from (120 x, 120 y), the palette is right of x = 720, its entries '.', 'A', 'g', 'w' 40
  // pixels high from y = 26.
  const auto r = EditWithActions(
      dir, "goal.txt --shapes",
      std::string(kEditorShell) +
          "xdotool getwindowgeometry \"$WID\" > geometry.txt\n"
          "click 835 126 1\n"                                          // palette: 'g'
          "click 540 300 1\n"                                          // cell (4, 2)
          "click 835 166 1\n"                                          // palette: 'w'
          "xdotool mousemove --window \"$WID\" 180 300 mousedown 1\n"  // drag over (1, 2) ...
          "sleep 0.2\n"
          "xdotool mousemove --window \"$WID\" 300 300 mouseup 1\n"  // ... to (2, 2)
          "sleep 0.3\n"
          "click 660 180 3\n"     // erase cell (5, 1)
          "click 420 180 1\n"     // a wall at (3, 1) ...
          "xdotool key ctrl+z\n"  // ... taken back
          "sleep 0.3\n"
          "xdotool key c\n"  // a column more
          "sleep 0.3\n"
          "xdotool key ctrl+s\n"
          "wait_log saved:\n"
          "xdotool key v\n"
          "wait_log solve:\n"
          "xdotool key p\n"
          "wait_log 'play: started'\n"
          "sleep 0.5\n"
          "xdotool key --delay 150 Right Right Right Down\n"
          "wait_log 'result:'\n"
          "xdotool key Escape\n"
          "wait_log 'play: back'\n"
          "xdotool key Escape\n");
  ASSERT_EQ(r.exit_code, 0) << r.output << ReadFile(dir / "geometry.txt");
  EXPECT_EQ(ReadFile(dir / "goal_lvl0.txt"),
            "wwwwww.\n"
            "wA.....\n"
            "www.gw.\n"
            "wwwwww.\n")
      << r.output << ReadFile(dir / "geometry.txt");
  EXPECT_NE(r.output.find("selected: g (floor goal)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("saved: goal_lvl0.txt\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("solve: solved: a shortest win takes 4 ticks (4 moves)"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("play: started"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("result: win=1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("play: back in the editor"), std::string::npos) << r.output;
  // Before the goal was painted, the level was won at once; the check found nothing wrong
  // all along.
  EXPECT_NE(r.output.find("check: no problems"), std::string::npos) << r.output;
}

// The check follows the edits: an erased avatar is `vgdl check`'s warning at once; the middle
// button picks a cell's character; Escape with unsaved changes asks again before quitting, and
// nothing is written.
TEST_F(XvfbWindowTest, EditorChecksEachEditAndAsksBeforeDroppingChanges) {
  const vgdl::testing::TempDir dir("vgdl_xvfb_edit_check");
  std::ofstream(dir / "goal.txt") << kGoalGame;
  std::ofstream(dir / "goal_lvl0.txt") << "wwwwww\nwA...w\nw..g.w\nwwwwww\n";
  const auto r = EditWithActions(dir, "goal.txt --shapes --level-file new.txt",
                                 std::string(kEditorShell) +
                                     "click 420 300 2\n"  // pick the goal at (3, 2)
                                     "click 180 180 3\n"  // erase the avatar at (1, 1)
                                     "wait_log 'no avatar'\n"
                                     "xdotool key v\n"
                                     "wait_log solve:\n"
                                     "xdotool key Escape\n"
                                     "sleep 0.5\n"
                                     "xdotool key Escape\n");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("check: 0 errors, 1 warning; first: new.txt: warning: the level has "
                          "no avatar"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("selected: g (floor goal)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("solve: "), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(dir / "new.txt"));
}

}  // namespace
}  // namespace vgdl::window
