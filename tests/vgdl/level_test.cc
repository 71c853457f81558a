// Level files (spec §2.10).
#include <gtest/gtest.h>

#include "engine/state.h"
#include "tests/vgdl/lang_test_util.h"
#include "vgdl/lint.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

using testing::FormatAll;
using testing::LoadClean;

std::shared_ptr<const GameDef> Game(const std::string& first_line = "BasicGame") {
  return LoadClean(first_line + R"(
  SpriteSet
    floor > Immovable
    avatar > MovingAvatar
  LevelMapping
    . > floor
    A > floor avatar
)");
}

TEST(Levels, WidthFromFirstRowPaddingAndTruncation) {
  const auto game = Game();
  ASSERT_TRUE(game);
  LevelLoad load = LoadLevelFromText(*game, "wwww\r\nwA\nw..w.w\n\n", "l.txt");
  ASSERT_TRUE(load.level) << FormatAll(load.diagnostics);
  const LevelDef& level = *load.level;
  EXPECT_EQ(level.width, 4);
  EXPECT_EQ(level.height, 4);  // the trailing empty line is a row of spaces
  EXPECT_EQ(level.rows, (std::vector<std::string>{"wwww", "wA  ", "w..w", "    "}));
  ASSERT_EQ(load.diagnostics.items().size(), 1u);
  EXPECT_EQ(load.diagnostics.items()[0].severity, Severity::kWarning);
  EXPECT_EQ(load.diagnostics.items()[0].line, 3);
  EXPECT_EQ(load.diagnostics.items()[0].column, 5);
}

TEST(Levels, BlockSize) {
  const auto game = Game();
  ASSERT_TRUE(game);
  EXPECT_EQ(LoadLevelFromText(*game, std::string(30, '.') + "\n", "l.txt").level->block_size, 26);
  EXPECT_EQ(LoadLevelFromText(*game, std::string(500, '.') + "\n", "l.txt").level->block_size, 2);
  const auto squared = Game("BasicGame square_size=17");
  ASSERT_TRUE(squared);
  EXPECT_EQ(LoadLevelFromText(*squared, "...\n", "l.txt").level->block_size, 17);
}

TEST(Levels, UnmappedCharactersAreOneWarningEach) {
  const auto game = Game();
  ASSERT_TRUE(game);
  LevelLoad load = LoadLevelFromText(*game, ".x.x\n..y.\n", "l.txt");
  ASSERT_TRUE(load.level);
  ASSERT_EQ(load.diagnostics.items().size(), 2u) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.diagnostics.items()[0].message.rfind("'x' is not defined", 0), 0u);
  EXPECT_NE(load.diagnostics.items()[0].message.find("(2 cells)"), std::string::npos);
  EXPECT_EQ(load.diagnostics.items()[0].column, 2);
  EXPECT_EQ(load.diagnostics.items()[1].line, 2);
}

TEST(Levels, TooManyAvatars) {
  const auto game = Game();
  ASSERT_TRUE(game);
  LevelLoad load = LoadLevelFromText(*game, "A.A.A\n", "l.txt");
  ASSERT_TRUE(load.level);
  ASSERT_EQ(load.diagnostics.items().size(), 1u);
  EXPECT_EQ(load.diagnostics.items()[0].column, 3);
  const std::vector<int> counts = CountInitialSprites(*game, *load.level);
  EXPECT_EQ(counts[static_cast<size_t>(kAvatarType)], 1);
  EXPECT_EQ(counts[static_cast<size_t>(game->FindType("floor"))], 5);
}

// A singleton group holding an avatar type (rival) and another type (gem): a sprite of either
// refuses the next one of the group, avatar or not.
std::shared_ptr<const GameDef> SingletonGroupGame(const std::string& first_line) {
  return LoadClean(first_line + R"(
  SpriteSet
    floor > Immovable
    hero > MovingAvatar
    group > singleton=True
      rival > MovingAvatar
      gem > Immovable
  LevelMapping
    . > floor
    A > hero
    R > rival
    g > gem
)");
}

// The extra avatar is made, and removed only once the level is built: it refuses the gem
// after it, as in the engine.
TEST(Levels, AnAvatarBeyondThePlayerCountStillRefusesItsSingletonGroup) {
  const auto game = SingletonGroupGame("BasicGame");
  ASSERT_TRUE(game);
  const LevelLoad load = LoadLevelFromText(*game, "ARg.\n", "l.txt");
  ASSERT_TRUE(load.level);
  const std::vector<int> counts = CountInitialSprites(*game, *load.level);
  const State state(game, *load.level, 0);
  for (const char* name : {"hero", "rival", "gem"}) {
    const TypeId t = game->FindType(name);
    EXPECT_EQ(counts[static_cast<size_t>(t)], state.count_of(t)) << name;
  }
  EXPECT_EQ(counts[static_cast<size_t>(game->FindType("gem"))], 0);
}

// A gem made first refuses the rival: the level makes one avatar for two players, and the
// warning points at the rival.
TEST(Levels, ASingletonGroupsOtherTypeRefusesItsAvatar) {
  const auto game = SingletonGroupGame("BasicGame no_players=2");
  ASSERT_TRUE(game);
  const LevelLoad load = LoadLevelFromText(*game, "gAR.\n", "l.txt");
  ASSERT_TRUE(load.level);
  ASSERT_EQ(load.diagnostics.items().size(), 1u) << FormatAll(load.diagnostics);
  const Diagnostic& d = load.diagnostics.items()[0];
  EXPECT_EQ(d.column, 3);
  EXPECT_EQ(d.message.rfind("the level places 2 avatars, of which a singleton type lets 1 be "
                            "made, but the game has no_players=2",
                            0),
            0u)
      << FormatAll(load.diagnostics);
  const State state(game, *load.level, 0);
  EXPECT_EQ(state.count_of(game->FindType("rival")), 0);
}

TEST(Levels, Errors) {
  const auto game = Game();
  ASSERT_TRUE(game);
  EXPECT_FALSE(LoadLevelFromText(*game, "", "l.txt").level);
  EXPECT_FALSE(LoadLevelFromText(*game, "\n...\n", "l.txt").level);
  EXPECT_FALSE(LoadLevelFromFile(*game, "/nonexistent/level.txt").level);
}

TEST(Levels, UnbuildableCharacterOnlyFailsWhenUsed) {
  GameLoad load = LoadGameFromText(R"(BasicGame
  SpriteSet
    floor > Immovable
  LevelMapping
    . > floor
    n > floor running
)",
                                   "g.txt");
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.diagnostics.items().size(), 1u);
  EXPECT_EQ(load.diagnostics.items()[0].severity, Severity::kNote);
  EXPECT_TRUE(LoadLevelFromText(*load.game, "...\n", "l.txt").level);
  LevelLoad bad = LoadLevelFromText(*load.game, ".n.\n", "l.txt");
  EXPECT_FALSE(bad.level);
  EXPECT_EQ(bad.diagnostics.ErrorCount(), 1);
}

// GVGAI reads level files as UTF-8 into Java chars, one a cell.
std::shared_ptr<const GameDef> WideGame() {
  return LoadClean(R"(BasicGame
  SpriteSet
    floor > Immovable
    gem > Immovable
    avatar > MovingAvatar
  LevelMapping
    . > floor
    é > floor gem
    A > floor avatar
)");
}

TEST(Levels, ANonAsciiCharacterIsOneCellMappedLikeAnyOther) {
  const auto game = WideGame();
  ASSERT_TRUE(game);
  ASSERT_EQ(game->wide_chars, (std::vector<char16_t>{u'é'}));
  LevelLoad load = LoadLevelFromText(*game, ".é.A\n", "l.txt");
  ASSERT_TRUE(load.level) << FormatAll(load.diagnostics);
  EXPECT_TRUE(load.diagnostics.items().empty()) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.level->width, 4);
  const std::vector<int> sprites = CountInitialSprites(*game, *load.level);
  EXPECT_EQ(sprites[static_cast<size_t>(game->FindType("gem"))], 1);
  EXPECT_EQ(sprites[static_cast<size_t>(game->FindType("floor"))], 4);
}

TEST(Levels, AnUnmappedNonAsciiCharacterIsNamedAtItsColumn) {
  const auto game = WideGame();
  ASSERT_TRUE(game);
  LevelLoad load = LoadLevelFromText(*game, "éé.ü\n", "l.txt");
  ASSERT_TRUE(load.level) << FormatAll(load.diagnostics);
  ASSERT_EQ(load.diagnostics.items().size(), 1u) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.diagnostics.items()[0].message.rfind("'ü' is not defined", 0), 0u)
      << load.diagnostics.items()[0].message;
  EXPECT_EQ(load.diagnostics.items()[0].column, 4);
  EXPECT_EQ(load.level->width, 4);
}

TEST(Levels, ACharacterOutsideTheBmpIsTwoCellsAsJavaCharsAre) {
  const auto game = WideGame();
  ASSERT_TRUE(game);
  // U+1F600 is the surrogate pair D83D DE00 in Java: two cells, neither mapped.
  LevelLoad load = LoadLevelFromText(*game, ".\xF0\x9F\x98\x80.\n", "l.txt");
  ASSERT_TRUE(load.level) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.level->width, 4);
  ASSERT_EQ(load.diagnostics.items().size(), 2u) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.diagnostics.items()[0].message.rfind("U+D83D is not defined", 0), 0u)
      << load.diagnostics.items()[0].message;
  EXPECT_EQ(load.diagnostics.items()[0].column, 2);
  EXPECT_EQ(load.diagnostics.items()[1].message.rfind("U+DE00 is not defined", 0), 0u);
}

TEST(Levels, InvalidUtf8IsTheReplacementCharacterAsJavaReadsIt) {
  const auto game = WideGame();
  ASSERT_TRUE(game);
  // A lone continuation byte, then a sequence cut short: one U+FFFD each.
  LevelLoad load = LoadLevelFromText(*game, ".\x80.\xE2\x82\n", "l.txt");
  ASSERT_TRUE(load.level) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.level->width, 4);
  ASSERT_EQ(load.diagnostics.items().size(), 1u) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.diagnostics.items()[0].message.rfind("'\xEF\xBF\xBD' is not defined", 0), 0u)
      << load.diagnostics.items()[0].message;
  EXPECT_NE(load.diagnostics.items()[0].message.find("(2 cells)"), std::string::npos);
}

TEST(Levels, ARowLongerThanTheFirstIsCutInCharactersNotBytes) {
  const auto game = WideGame();
  ASSERT_TRUE(game);
  LevelLoad load = LoadLevelFromText(*game, "é.\nééé\n", "l.txt");
  ASSERT_TRUE(load.level) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.level->width, 2);
  ASSERT_EQ(load.diagnostics.items().size(), 1u) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.diagnostics.items()[0].column, 3);
  EXPECT_NE(load.diagnostics.items()[0].message.find("has 3 characters"), std::string::npos);
}

TEST(Levels, ALevelWithItsOwnMappingTakesNonAsciiCharactersToo) {
  const auto game = WideGame();
  ASSERT_TRUE(game);
  LevelLoad load = LoadLevelFromText(
      *game, "LevelMapping\n  ß > gem\n  . > floor\n\nLevelDescription\n.ß.é\n", "l.txt");
  ASSERT_TRUE(load.level) << FormatAll(load.diagnostics);
  ASSERT_TRUE(load.remapped_game);
  ASSERT_EQ(load.diagnostics.items().size(), 1u) << FormatAll(load.diagnostics);
  // The game's 'é' does not apply: the level's mapping replaces the game's.
  EXPECT_EQ(load.diagnostics.items()[0].message.rfind("'é' is not defined", 0), 0u);
  const std::vector<int> sprites = CountInitialSprites(*load.remapped_game, *load.level);
  EXPECT_EQ(sprites[static_cast<size_t>(game->FindType("gem"))], 1);
}

TEST(Levels, AMappingKeyKeepsItsFirstJavaChar) {
  GameLoad load = LoadGameFromText(R"(BasicGame
  SpriteSet
    floor > Immovable
  LevelMapping
    éx > floor
)",
                                   "g.txt");
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  ASSERT_EQ(load.diagnostics.items().size(), 1u) << FormatAll(load.diagnostics);
  EXPECT_NE(load.diagnostics.items()[0].message.find("only the first character 'é' of 'éx'"),
            std::string::npos)
      << load.diagnostics.items()[0].message;
}

}  // namespace
}  // namespace vgdl
