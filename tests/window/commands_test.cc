// `vgdl render`, `vgdl replay --headless` and `vgdl play` without a display, run as a user
// runs them. The PNG goldens under tests/data/window/golden/ are regenerated with
//   VGDL_UPDATE_GOLDEN=1 ./build/tests/vgdl_window_tests --gtest_filter='RenderCommand*'
// (check the new images by eye before committing them).
#include <gtest/gtest.h>

#include <SFML/Graphics/Image.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "tests/temp_dir.h"
#include "tests/window/command_util.h"
#include "tests/window/golden_image.h"

namespace vgdl::window {
namespace {

namespace fs = std::filesystem;
using testing::Data;
using testing::DataFile;
using testing::Quote;
using testing::ReadFile;
using testing::RunShell;
using testing::Vgdl;

// Renders with `arguments` (no display) and compares with golden/<golden>, pixel for pixel.
void ExpectGolden(const std::string& arguments, const std::string& golden) {
  vgdl::testing::TempDir dir("vgdl_golden");
  const fs::path out = dir / golden;
  const auto r = RunShell("env -u DISPLAY " + Vgdl() + " render " + arguments + " --out " +
                          Quote(out.string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  testing::ExpectMatchesGolden(out, golden, dir);
}

TEST(RenderCommandTest, ShapesGolden) {
  ExpectGolden(DataFile("gallery.txt") + " --level 0", "gallery_shapes.png");
}

TEST(RenderCommandTest, ImagesAfterActionsGolden) {
  ExpectGolden(DataFile("gallery.txt") + " --level 0 --sprites " + DataFile("sprites") +
                   " --actions " + DataFile("gallery_actions.txt") + " --scale 2",
               "gallery_images.png");
}

TEST(RenderCommandTest, BundledLevelGolden) {
  // games/cratedock.txt, level 1, as shapes (--shapes: without the default sprite set, which
  // knows its image names). If the game's colours or level change on purpose, regenerate (see
  // the top of this file).
  ExpectGolden("cratedock --level 1 --shapes", "cratedock_lvl1.png");
}

TEST(RenderCommandTest, TicksWithoutActionsPlayNil) {
  const vgdl::testing::TempDir dir("vgdl_render_ticks");
  const auto r = RunShell("env -u DISPLAY " + Vgdl() + " render " + DataFile("gallery.txt") +
                          " --tick 3 --out " + Quote((dir / "t.png").string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("tick 3"), std::string::npos) << r.output;
}

TEST(RenderCommandTest, BadArgumentsAreUserErrors) {
  const vgdl::testing::TempDir dir("vgdl_render_bad");
  const std::string out = " --out " + Quote((dir / "x.png").string());
  const std::string game = DataFile("gallery.txt");
  EXPECT_EQ(RunShell(Vgdl() + " render " + game + " --level 9" + out).exit_code, 1);
  const auto two_levels = RunShell(Vgdl() + " render " + game + " 0 --level 1" + out);
  EXPECT_EQ(two_levels.exit_code, 1);
  EXPECT_NE(two_levels.output.find("two different levels given"), std::string::npos)
      << two_levels.output;
  const auto negative = RunShell(Vgdl() + " render " + game + " --level -1" + out);
  EXPECT_EQ(negative.exit_code, 1);
  EXPECT_NE(negative.output.find("--level must not be negative"), std::string::npos)
      << negative.output;
  EXPECT_EQ(RunShell(Vgdl() + " render no_such_game" + out).exit_code, 1);
  EXPECT_EQ(RunShell(Vgdl() + " render " + game + " --sprites /no/such/dir" + out).exit_code, 1);
  EXPECT_EQ(RunShell(Vgdl() + " render " + game + " --scale 0" + out).exit_code, 1);
  EXPECT_EQ(RunShell(Vgdl() + " render " + game + " --seed 1 --actions " +
                     DataFile("gallery_actions.txt") + out)
                .exit_code,
            1);
  const auto bad_out = RunShell(Vgdl() + " render " + game + " --out /no/such/dir/x.png");
  EXPECT_EQ(bad_out.exit_code, 1) << bad_out.output;
  EXPECT_FALSE(fs::exists(dir / "x.png"));
}

TEST(ReplayCommandTest, HeadlessReplayMatchesTheRecordedResult) {
  const auto r = RunShell(Vgdl() + " replay " + DataFile("gallery_actions.txt") + " --game " +
                          DataFile("gallery.txt") + " --headless");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("recorded: win=0 score=0.0 ticks=3"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("replayed: win=0 score=0.0 ticks=3"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("match"), std::string::npos);
}

TEST(ReplayCommandTest, HeadlessReplayReportsADifferentResult) {
  const vgdl::testing::TempDir dir("vgdl_replay_mismatch");
  std::string text = ReadFile(Data() / "gallery_actions.txt");
  text.replace(0, text.find('\n'), "0 1 5.0 3");  // claims a win with 5 points
  { std::ofstream(dir / "tampered.txt") << text; }
  const auto r = RunShell(Vgdl() + " replay " + Quote((dir / "tampered.txt").string()) +
                          " --game " + DataFile("gallery.txt") + " --headless");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("MISMATCH"), std::string::npos) << r.output;
  std::ofstream(dir / "garbage.txt") << "not an action file\n";
  const auto g = RunShell(Vgdl() + " replay " + Quote((dir / "garbage.txt").string()) + " --game " +
                          DataFile("gallery.txt") + " --headless");
  EXPECT_EQ(g.exit_code, 1) << g.output;
  EXPECT_NE(g.output.find("line 1"), std::string::npos) << g.output;
}

// --set on render: a value outside the parameter's values is refused with them; a value in
// them renders.
TEST(RenderCommandTest, SetChoosesAParametersValue) {
  const std::string game = Quote(std::string(VGDL_TEST_DATA_DIR) + "/parameters/designed.txt");
  const vgdl::testing::TempDir dir("vgdl_render_set");
  const std::string out = " --out " + Quote((dir / "f.png").string());
  const auto bad =
      RunShell("env -u DISPLAY " + Vgdl() + " render " + game + out + " --set ECONS=9");
  EXPECT_EQ(bad.exit_code, 1) << bad.output;
  EXPECT_NE(bad.output.find("--set ECONS=9: '9' is not a value of ECONS"), std::string::npos)
      << bad.output;
  EXPECT_NE(bad.output.find("values=1:1:4 (1, 2, 3, 4)"), std::string::npos) << bad.output;
  const auto unknown =
      RunShell("env -u DISPLAY " + Vgdl() + " render " + game + out + " --set ECON=2");
  EXPECT_EQ(unknown.exit_code, 1) << unknown.output;
  EXPECT_NE(unknown.output.find("did you mean 'ECONS'?"), std::string::npos) << unknown.output;
  const auto good = RunShell("env -u DISPLAY " + Vgdl() + " render " + game + out +
                             " --set ECONS=2 --set ESPEED=0.5 --tick 3");
  EXPECT_EQ(good.exit_code, 0) << good.output;
  EXPECT_TRUE(fs::exists(dir / "f.png"));
}

TEST(PlayCommandTest, WithoutADisplayIsAUserError) {
  const auto r = RunShell("env -u DISPLAY " + Vgdl() + " play " + DataFile("walk.txt"));
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("display"), std::string::npos) << r.output;
  const auto replay =
      RunShell("env -u DISPLAY " + Vgdl() + " replay " + DataFile("gallery_actions.txt") +
               " --game " + DataFile("gallery.txt"));
  EXPECT_EQ(replay.exit_code, 1) << replay.output;
  EXPECT_NE(replay.output.find("--headless"), std::string::npos) << replay.output;
  const auto agent = RunShell("env -u DISPLAY " + Vgdl() + " play " + DataFile("walk.txt") +
                              " --agent no_such_agent");
  EXPECT_EQ(agent.exit_code, 1) << agent.output;
}

// A --screenshots folder that cannot be made is refused at start, before the window opens,
// and not at the first F12; a missing one is made at start.
TEST(PlayCommandTest, TheScreenshotFolderIsSettledAtStart) {
  const vgdl::testing::TempDir dir("vgdl_play_shots");
  std::ofstream(dir / "notes.txt") << "a file\n";
  const auto file = RunShell("env -u DISPLAY " + Vgdl() + " play " + DataFile("walk.txt") +
                             " --screenshots " + Quote((dir / "notes.txt").string()));
  EXPECT_EQ(file.exit_code, 1) << file.output;
  EXPECT_NE(file.output.find("is not a folder"), std::string::npos) << file.output;
  EXPECT_EQ(file.output.find("display"), std::string::npos) << file.output;
  const fs::path shots = dir / "new" / "shots";
  RunShell("env -u DISPLAY " + Vgdl() + " play " + DataFile("walk.txt") + " --screenshots " +
           Quote(shots.string()));
  EXPECT_TRUE(fs::is_directory(shots));
}

// `vgdl edit`'s bad input is refused before any window, naming the file and, for a broken game,
// its line and column; without a display it says so.
TEST(EditCommandTest, BadInputAndNoDisplayAreUserErrors) {
  const vgdl::testing::TempDir dir("vgdl_edit_errors");
  const std::string edit = "env -u DISPLAY " + Vgdl() + " edit ";
  const std::string game = DataFile("walk.txt");
  const auto missing = RunShell(edit + "no_such_game");
  EXPECT_EQ(missing.exit_code, 1) << missing.output;
  const auto level = RunShell(edit + game + " --level 7");
  EXPECT_EQ(level.exit_code, 1) << level.output;
  EXPECT_NE(level.output.find("vgdl edit: game 'walk' has no level 7"), std::string::npos)
      << level.output;
  const auto both = RunShell(edit + game + " --level 0 --level-file x.txt");
  EXPECT_EQ(both.exit_code, 1) << both.output;
  EXPECT_NE(both.output.find("excludes"), std::string::npos) << both.output;
  const auto size = RunShell(edit + game + " --level-file " + Quote((dir / "new.txt").string()) +
                             " --size 12by8");
  EXPECT_EQ(size.exit_code, 1) << size.output;
  EXPECT_NE(size.output.find("--size '12by8' is not WxH"), std::string::npos) << size.output;
  // A level file that brings its own LevelMapping is not one the editor writes.
  std::ofstream(dir / "generated.txt") << "LevelMapping\n  . > floor\nLevelDescription\n..\n";
  const auto generated =
      RunShell(edit + game + " --level-file " + Quote((dir / "generated.txt").string()));
  EXPECT_EQ(generated.exit_code, 1) << generated.output;
  EXPECT_NE(generated.output.find("its own LevelMapping"), std::string::npos) << generated.output;
  std::ofstream(dir / "broken.txt") << "BasicGame\n  SpriteSet\n    avatar > MovingAvatr\n";
  const auto broken = RunShell(edit + Quote((dir / "broken.txt").string()) + " --size 3x3 " +
                               "--level-file " + Quote((dir / "broken_lvl0.txt").string()));
  EXPECT_EQ(broken.exit_code, 1) << broken.output;
  EXPECT_NE(broken.output.find("broken.txt:3:14: error: unknown sprite class 'MovingAvatr'"),
            std::string::npos)
      << broken.output;
  const auto no_display = RunShell(edit + game);
  EXPECT_EQ(no_display.exit_code, 1) << no_display.output;
  EXPECT_NE(no_display.output.find("display"), std::string::npos) << no_display.output;
}

}  // namespace
}  // namespace vgdl::window
