// The level editor's model (tools/window/level_editor.h): palette, erase character, painting,
// resizing, the level's text and its check through the real loader, saving.
#include "tools/window/level_editor.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "tests/temp_dir.h"
#include "vgdl/loader.h"

namespace vgdl::window {
namespace {

// A walking game whose coins are a character outside ASCII: 'é' is two bytes in the file.
constexpr char kGame[] =
    "BasicGame square_size=10\n"
    "    SpriteSet\n"
    "        floor  > Immovable color=DARKGRAY\n"
    "        coin   > Immovable color=GOLD\n"
    "        avatar > MovingAvatar\n"
    "    LevelMapping\n"
    "        . > floor\n"
    "        A > floor avatar\n"
    "        \xc3\xa9 > floor coin\n"
    "    InteractionSet\n"
    "        avatar wall > stepBack\n"
    "    TerminationSet\n"
    "        Timeout limit=100 win=False\n";

constexpr char kLevel[] =
    "wwwww\n"
    "w.A.w\n"
    "w\xc3\xa9..w\n"
    "wwwww\n";

std::shared_ptr<const GameDef> Game(const char* text = kGame) {
  GameLoad load = LoadGameFromText(text, "game.txt");
  EXPECT_TRUE(load.game) << (load.diagnostics.items().empty()
                                 ? ""
                                 : Format(load.diagnostics.items().front()));
  return load.game;
}

LevelEditor Editor(const char* level = kLevel) {
  LevelEditor editor(Game(), "level.txt");
  std::string error;
  EXPECT_TRUE(editor.SetText(level, &error)) << error;
  return editor;
}

TEST(LevelEditorTest, PaletteIsTheLevelMappingWithItsSprites) {
  const LevelEditor editor = Editor();
  std::vector<std::string> texts;
  std::vector<std::string> names;
  for (const PaletteEntry& e : editor.palette()) {
    texts.push_back(e.text);
    names.push_back(e.sprite_names);
  }
  // GVGAI's default 'w' (wall) and 'A' (avatar, here redefined) are level characters too.
  EXPECT_EQ(texts, (std::vector<std::string>{".", "A", "w", "\xc3\xa9"}));
  EXPECT_EQ(names, (std::vector<std::string>{"floor", "floor avatar", "wall", "floor coin"}));
}

TEST(LevelEditorTest, EraseCharacterIsTheFloorUnderTheOthers) {
  EXPECT_EQ(Editor().erase_char(), ".");
  // Nothing lies under anything: erasing leaves an empty cell, a space.
  const std::vector<PaletteEntry> apart = {{"x", {3}, "a"}, {"y", {4}, "b"}};
  EXPECT_EQ(EraseCharOf(apart), " ");
  // The sprite most entries place under theirs wins over '.'.
  const std::vector<PaletteEntry> floors = {{".", {3}, "a"},
                                            {"g", {4}, "grass"},
                                            {"1", {4, 5}, ""},
                                            {"2", {4, 6}, ""},
                                            {"3", {3, 6}, ""}};
  EXPECT_EQ(EraseCharOf(floors), "g");
}

TEST(LevelEditorTest, TextRoundTripsMultiByteCharacters) {
  const LevelEditor editor = Editor();
  EXPECT_EQ(editor.width(), 5);
  EXPECT_EQ(editor.height(), 4);
  EXPECT_EQ(editor.Cell(1, 2), "\xc3\xa9");
  EXPECT_EQ(editor.Text(), kLevel);
  EXPECT_FALSE(editor.modified());
}

TEST(LevelEditorTest, PaintAndEraseCells) {
  LevelEditor editor = Editor();
  EXPECT_TRUE(editor.Paint(3, 1, "\xc3\xa9"));
  EXPECT_FALSE(editor.Paint(3, 1, "\xc3\xa9"));  // already so
  EXPECT_FALSE(editor.Paint(5, 1, "w"));         // outside
  EXPECT_TRUE(editor.Erase(1, 2));
  EXPECT_TRUE(editor.modified());
  EXPECT_EQ(editor.Text(),
            "wwwww\n"
            "w.A\xc3\xa9w\n"
            "w...w\n"
            "wwwww\n");
}

TEST(LevelEditorTest, ResizeKeepsTheContentAndFillsWithTheEraseCharacter) {
  LevelEditor editor = Editor();
  editor.Resize(6, 5);
  EXPECT_EQ(editor.Text(),
            "wwwww.\n"
            "w.A.w.\n"
            "w\xc3\xa9..w.\n"
            "wwwww.\n"
            "......\n");
  editor.Resize(3, 2);
  EXPECT_EQ(editor.Text(), "www\nw.A\n");
  editor.Resize(0, -4);  // never below one cell
  EXPECT_EQ(editor.Text(), "w\n");
}

TEST(LevelEditorTest, UndoGoesBackToTheLastRememberedGrid) {
  LevelEditor editor = Editor();
  EXPECT_FALSE(editor.Undo());
  editor.Remember();  // a stroke: two cells
  editor.Paint(1, 1, "w");
  editor.Paint(3, 1, "w");
  editor.Remember();  // a stroke that changes nothing
  editor.Remember();  // a resize
  editor.Resize(2, 2);
  EXPECT_TRUE(editor.Undo());
  EXPECT_EQ(editor.Text(), "wwwww\nwwAww\nw\xc3\xa9..w\nwwwww\n");
  EXPECT_TRUE(editor.Undo());  // the whole stroke at once; the empty one is skipped
  EXPECT_EQ(editor.Text(), kLevel);
  EXPECT_FALSE(editor.Undo());
}

TEST(LevelEditorTest, ShortRowsArePaddedWithSpaces) {
  const LevelEditor editor = Editor("www\nw\r\nwA\n");
  EXPECT_EQ(editor.Text(), "www\nw  \nwA \n");
}

TEST(LevelEditorTest, ACleanLevelChecksWithoutProblems) {
  LevelEditor editor = Editor();
  const LevelCheck& check = editor.Check();
  EXPECT_EQ(check.Summary(), "no problems");
  ASSERT_TRUE(check.level);
  EXPECT_EQ(check.level->width, 5);
  EXPECT_EQ(check.level->height, 4);
}

// An unknown character is the loader's warning at its line and column; a level without an
// avatar is `vgdl check`'s lint warning. Both are redone after each change.
TEST(LevelEditorTest, CheckReportsTheLoaderAndLintDiagnosticsWithLineAndColumn) {
  LevelEditor editor = Editor();
  EXPECT_TRUE(editor.Paint(3, 2, "Z"));
  const LevelCheck& unknown = editor.Check();
  EXPECT_EQ(unknown.errors(), 0);
  EXPECT_EQ(unknown.warnings(), 1);
  EXPECT_EQ(unknown.Summary().rfind("0 errors, 1 warning; first: level.txt:3:4: warning: 'Z' is "
                                    "not defined in the LevelMapping",
                                    0),
            0u)
      << unknown.Summary();
  EXPECT_TRUE(editor.Erase(3, 2));
  EXPECT_TRUE(editor.Erase(2, 1));  // the avatar
  const LevelCheck& no_avatar = editor.Check();
  EXPECT_EQ(no_avatar.warnings(), 1);
  EXPECT_NE(no_avatar.Summary().find("level.txt: warning: the level has no avatar"),
            std::string::npos)
      << no_avatar.Summary();
}

TEST(LevelEditorTest, CheckReportsErrors) {
  // A character whose LevelMapping entry GVGAI cannot build: the level is refused at its cell.
  constexpr char kBroken[] =
      "BasicGame\n"
      "    SpriteSet\n"
      "        avatar > MovingAvatar\n"
      "    LevelMapping\n"
      "        x > nosuchsprite\n"
      "    TerminationSet\n"
      "        Timeout limit=100 win=False\n";
  GameLoad load = LoadGameFromText(kBroken, "broken.txt");
  ASSERT_TRUE(load.game);
  LevelEditor editor(load.game, "broken_lvl0.txt");
  std::string error;
  ASSERT_TRUE(editor.SetText("Ax\n", &error)) << error;
  const LevelCheck& check = editor.Check();
  EXPECT_EQ(check.errors(), 1) << check.Summary();
  EXPECT_FALSE(check.level);
  EXPECT_NE(check.Summary().find("broken_lvl0.txt:1:2: error: GVGAI cannot build 'x'"),
            std::string::npos)
      << check.Summary();
}

TEST(LevelEditorTest, RefusesEmptyAndGeneratedLevels) {
  LevelEditor editor(Game(), "level.txt");
  std::string error;
  EXPECT_FALSE(editor.SetText("", &error));
  EXPECT_EQ(error, "level.txt: the level has no cell");
  EXPECT_FALSE(editor.SetText("LevelMapping\n  . > floor\nLevelDescription\n...\n", &error));
  EXPECT_NE(error.find("its own LevelMapping"), std::string::npos) << error;
}

TEST(LevelEditorTest, SaveWritesTheTextAndClearsModified) {
  const vgdl::testing::TempDir dir("vgdl_level_editor");
  LevelEditor editor = Editor();
  editor.Resize(6, 4);
  editor.Paint(5, 0, "\xc3\xa9");
  std::string error;
  ASSERT_TRUE(editor.Save(dir / "out.txt", &error)) << error;
  EXPECT_FALSE(editor.modified());
  std::ifstream in(dir / "out.txt", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), editor.Text());
  // Read back, the saved level is the edited one and loads.
  LevelEditor again = Editor(text.str().c_str());
  EXPECT_EQ(again.Text(), editor.Text());
  EXPECT_EQ(again.Cell(5, 0), "\xc3\xa9");
  EXPECT_TRUE(again.Check().level);
  EXPECT_FALSE(editor.Save(dir / "no" / "such" / "folder.txt", &error));
  EXPECT_NE(error.find("cannot write"), std::string::npos) << error;
}

}  // namespace
}  // namespace vgdl::window
