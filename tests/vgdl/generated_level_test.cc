// Level files of GVGAI's level-generation track, with their own LevelMapping (LevelGenMachine).
#include <gtest/gtest.h>

#include "tests/vgdl/lang_test_util.h"
#include "vgdl/lint.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

using testing::FormatAll;
using testing::LoadClean;

std::shared_ptr<const GameDef> Game() {
  return LoadClean(R"(BasicGame
  SpriteSet
    floor > Immovable
    gem > Immovable
    rock > Passive
    avatar > MovingAvatar
  LevelMapping
    . > floor
    x > gem
)");
}

std::vector<std::string> Lines(const Diagnostics& diagnostics) {
  std::vector<std::string> lines;
  for (const Diagnostic& d : diagnostics.items()) {
    lines.push_back(std::to_string(d.line) + ":" + std::to_string(d.column) + " " + d.message);
  }
  return lines;
}

TEST(GeneratedLevels, TheFilesMappingReplacesTheGames) {
  const auto game = Game();
  ASSERT_TRUE(game);
  // As GVGAI writes them: names followed by a space, a blank line before the description,
  // rows of spaces kept, empty lines at the end dropped.
  LevelLoad load = LoadLevelFromText(*game,
                                     "LevelMapping\n"
                                     "    x > rock \n"
                                     "    c > avatar \n"
                                     "\n"
                                     "LevelDescription\n"
                                     "     \n"
                                     "wx c\n"
                                     "\n"
                                     "A  x.\n"
                                     "\n"
                                     "\n",
                                     "g.txt");
  ASSERT_TRUE(load.level) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.level->rows, (std::vector<std::string>{"     ", "wx c ", "     ", "A  x."}));
  ASSERT_TRUE(load.remapped_game);
  const GameDef& remapped = *load.remapped_game;
  EXPECT_EQ(remapped.char_mapping['x'], (std::vector<TypeId>{game->FindType("rock")}));
  EXPECT_EQ(remapped.char_mapping['c'], (std::vector<TypeId>{game->FindType("avatar")}));
  // The game's own entries, GVGAI's 'w' and 'A' among them, no longer apply.
  EXPECT_TRUE(remapped.char_mapping['.'].empty());
  EXPECT_TRUE(remapped.char_mapping['w'].empty());
  EXPECT_TRUE(remapped.char_mapping['A'].empty());
  EXPECT_EQ(game->char_mapping['x'], (std::vector<TypeId>{game->FindType("gem")}));
  EXPECT_EQ(load.PlayedWith(game), load.remapped_game);
  // Unmapped characters are warned about on the file's own lines.
  EXPECT_EQ(Lines(load.diagnostics),
            (std::vector<std::string>{
                "7:1 'w' is not defined in the LevelMapping (1 cell); GVGAI logs a warning and "
                "leaves those cells empty",
                "9:1 'A' is not defined in the LevelMapping (1 cell); GVGAI logs a warning and "
                "leaves those cells empty",
                "9:5 '.' is not defined in the LevelMapping (1 cell); GVGAI logs a warning and "
                "leaves those cells empty",
            }));
  ASSERT_TRUE(load.level->char_mapping);
  EXPECT_EQ(*load.level->char_mapping, remapped.char_mapping);
  // The level counts with its own mapping, whichever game is given: two rocks, one avatar, no
  // gem.
  EXPECT_EQ(CountInitialSprites(remapped, *load.level), CountInitialSprites(*game, *load.level));
  const std::vector<int> count = CountInitialSprites(*game, *load.level);
  EXPECT_EQ(count[static_cast<size_t>(game->FindType("rock"))], 2);
  EXPECT_EQ(count[static_cast<size_t>(game->FindType("avatar"))], 1);
  EXPECT_EQ(count[static_cast<size_t>(game->FindType("gem"))], 0);
}

TEST(GeneratedLevels, PlainLevelsKeepTheGamesMapping) {
  const auto game = Game();
  ASSERT_TRUE(game);
  LevelLoad load = LoadLevelFromText(*game, "..x\n", "l.txt");
  ASSERT_TRUE(load.level);
  EXPECT_FALSE(load.remapped_game);
  EXPECT_FALSE(load.level->char_mapping);
  EXPECT_EQ(load.PlayedWith(game), game);
}

TEST(GeneratedLevels, LintCountsEachLevelWithItsOwnMapping) {
  const auto game = Game();
  ASSERT_TRUE(game);
  LevelLoad plain = LoadLevelFromText(*game, "..x\n", "p.txt");
  LevelLoad generated =
      LoadLevelFromText(*game, "LevelMapping\n r > rock\nLevelDescription\nr\n", "g.txt");
  ASSERT_TRUE(plain.level && generated.level);
  const std::vector<bool> reachable = ReachableTypes(*game, {&*plain.level, &*generated.level});
  EXPECT_TRUE(reachable[static_cast<size_t>(game->FindType("floor"))]);  // the plain level's
  EXPECT_TRUE(reachable[static_cast<size_t>(game->FindType("gem"))]);
  EXPECT_TRUE(reachable[static_cast<size_t>(game->FindType("rock"))]);  // the generated one's
  EXPECT_FALSE(reachable[static_cast<size_t>(game->FindType("avatar"))]);
}

TEST(GeneratedLevels, MappingProblemsPointAtTheirLine) {
  const auto game = Game();
  ASSERT_TRUE(game);
  const auto errors = [&](const std::string& text) {
    return Lines(LoadLevelFromText(*game, text, "g.txt").diagnostics);
  };
  EXPECT_EQ(errors("LevelMapping\n  x rock\nLevelDescription\nx\n"),
            (std::vector<std::string>{"2:3 expected one '>' in a LevelMapping line"}));
  EXPECT_EQ(errors("LevelMapping\n  x > rok\nLevelDescription\nx\n"),
            (std::vector<std::string>{"2:7 unknown sprite 'rok'"}));
  EXPECT_EQ(errors("LevelMapping\n   > rock\nLevelDescription\nx\n"),
            (std::vector<std::string>{"2:4 expected a level character before '>'"}));
  EXPECT_EQ(errors("LevelMapping\n  x >  \nLevelDescription\nx\n"),
            (std::vector<std::string>{"2:5 expected at least one sprite name after '>'"}));
  EXPECT_EQ(
      errors("LevelMapping\n  x > rock\n"),
      (std::vector<std::string>{"0:0 a level with its own LevelMapping needs a LevelDescription"}));
  EXPECT_EQ(errors("LevelMapping\n  x > rock\nLevelDescription\n\n\n"),
            (std::vector<std::string>{"0:0 the LevelDescription has no rows"}));
  EXPECT_EQ(errors("LevelMapping\n  x > rock\nLevelDescription\n\nx\n"),
            (std::vector<std::string>{
                "4:1 the first line of the level is empty; GVGAI takes the level width from it"}));
  // GVGAI keeps the last mapping of a character and the first character of a longer key.
  LevelLoad twice = LoadLevelFromText(
      *game, "LevelMapping\n x > gem\n xy > rock\nLevelDescription\nx\n", "g.txt");
  ASSERT_TRUE(twice.level) << FormatAll(twice.diagnostics);
  EXPECT_EQ(twice.remapped_game->char_mapping['x'], (std::vector<TypeId>{game->FindType("rock")}));
  EXPECT_EQ(twice.diagnostics.items().size(), 2u) << FormatAll(twice.diagnostics);
}

}  // namespace
}  // namespace vgdl
