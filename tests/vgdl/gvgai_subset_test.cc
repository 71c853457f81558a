// LoadOptions::gvgai_subset: a game with a line GVGAI's parser throws on loads as GVGAI loads
// it, without that line and everything after it (spec §15.5).
#include <gtest/gtest.h>

#include <string>

#include "tests/vgdl/lang_test_util.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

using testing::FormatAll;

const LoadOptions kSubset{.gvgai_subset = true, .parameter_settings = {}};

// Line numbers below count from the game line (line 1).
constexpr std::string_view kSprites = R"(BasicGame
  SpriteSet
    floor > Immovable
    gem > Immovable
    rock > Immovable
    avatar > MovingAvatar
)";

bool HasPair(const GameDef& game, std::string_view first, std::string_view second) {
  for (const InteractionPair& pair : game.pairs) {
    if (pair.first == game.FindType(first) && pair.second == game.FindType(second)) return true;
  }
  return false;
}

TEST(GvgaiSubset, WithoutTheOptionSuchALineIsAnErrorThatNamesIt) {
  const std::string text = std::string(kSprites) + R"(  InteractionSet
    avatar floor > killIfScoreNegative
)";
  const GameLoad load = LoadGameFromText(text, "test.txt");
  EXPECT_FALSE(load.game);
  ASSERT_EQ(load.diagnostics.ErrorCount(), 1) << FormatAll(load.diagnostics);
  const Diagnostic& d = load.diagnostics.items().front();
  EXPECT_EQ(d.line, 8);
  EXPECT_EQ(d.column, 20);
  EXPECT_NE(d.hint.find("--gvgai-subset"), std::string::npos) << d.hint;
}

TEST(GvgaiSubset, AnUnknownEffectEndsReadingAtItsLine) {
  const std::string text = std::string(kSprites) + R"(  LevelMapping
    g > floor gem
  TerminationSet
    SpriteCounter stype=gem limit=0 win=True
  InteractionSet
    avatar rock > stepBack
    avatar floor > killIfScoreNegative
    gem avatar > killSprite
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
  LevelMapping
    r > floor rock
)";
  const GameLoad load = LoadGameFromText(text, "test.txt", kSubset);
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  const GameDef& game = *load.game;
  EXPECT_EQ(game.gvgai_stop_line, 13);
  ASSERT_EQ(load.diagnostics.items().size(), 1u) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.diagnostics.items().front().severity, Severity::kWarning);
  ASSERT_TRUE(GvgaiStopWarning(load));
  EXPECT_EQ(GvgaiStopWarning(load)->line, 13);
  // Before the line: read.
  EXPECT_TRUE(HasPair(game, "avatar", "rock"));
  ASSERT_EQ(game.terminations.size(), 1u);
  EXPECT_EQ(game.terminations.front().loc.line, 10);
  EXPECT_FALSE(game.char_mapping['g'].empty());
  // After it, in its section and in the sections below: not read.
  EXPECT_FALSE(HasPair(game, "gem", "avatar"));
  EXPECT_TRUE(game.char_mapping['r'].empty());
}

TEST(GvgaiSubset, APairLineKeepsThePairsBeforeItsFirstUnknownSprite) {
  const std::string text = std::string(kSprites) + R"(  InteractionSet
    avatar rock boulder floor > stepBack
)";
  const GameLoad load = LoadGameFromText(text, "test.txt", kSubset);
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  EXPECT_TRUE(HasPair(*load.game, "avatar", "rock"));
  EXPECT_FALSE(HasPair(*load.game, "avatar", "floor"));
  ASSERT_TRUE(GvgaiStopWarning(load));
  EXPECT_EQ(GvgaiStopWarning(load)->column, 17);
}

TEST(GvgaiSubset, AnUnknownFirstSpriteStopsBeforeAnyPair) {
  const std::string text = std::string(kSprites) + R"(  InteractionSet
    bottom avatar > killSprite
    gem avatar > killSprite
)";
  const GameLoad load = LoadGameFromText(text, "test.txt", kSubset);
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  EXPECT_TRUE(load.game->pairs.empty());
  EXPECT_EQ(load.game->gvgai_stop_line, 8);
}

TEST(GvgaiSubset, AnUnknownTerminationLeavesOutTheSectionsBelow) {
  const std::string text = std::string(kSprites) + R"(  TerminationSet
    SpriteCounter stype=gem limit=0 win=True
    Timout limit=50 win=False
    SpriteCounter stype=avatar limit=0 win=False
  InteractionSet
    gem avatar > killSprite
)";
  const GameLoad load = LoadGameFromText(text, "test.txt", kSubset);
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.game->terminations.size(), 1u);
  EXPECT_TRUE(load.game->pairs.empty());
  EXPECT_EQ(load.game->gvgai_stop_line, 9);
}

TEST(GvgaiSubset, ATerminationsUnknownSpriteStopsThere) {
  for (const std::string line : {"    SpriteCounter stype=gaol limit=0 win=True",
                                 "    MultiSpriteCounter stype1=gem stype2=gaol limit=0"}) {
    const std::string text =
        std::string(kSprites) + "  TerminationSet\n" + line + "\n    Timeout limit=10 win=False\n";
    const GameLoad load = LoadGameFromText(text, "test.txt", kSubset);
    ASSERT_TRUE(load.game) << line << "\n" << FormatAll(load.diagnostics);
    EXPECT_EQ(load.game->gvgai_stop_line, 8);
    EXPECT_TRUE(load.game->terminations.empty());
  }
}

TEST(GvgaiSubset, AMissingRequiredParameterStopsAsGvgaisConstructorDoes) {
  const std::string text = std::string(kSprites) + R"(  InteractionSet
    gem avatar > killSprite
    floor avatar > spawn
    rock avatar > killSprite
)";
  const GameLoad load = LoadGameFromText(text, "test.txt", kSubset);
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  EXPECT_TRUE(HasPair(*load.game, "gem", "avatar"));
  EXPECT_FALSE(HasPair(*load.game, "floor", "avatar"));
  EXPECT_FALSE(HasPair(*load.game, "rock", "avatar"));
}

// The interaction lines of kSprites plus `line`, loaded with the option.
GameLoad LoadWithLine(const std::string& line) {
  return LoadGameFromText(std::string(kSprites) +
                              "  InteractionSet\n    gem avatar > killSprite\n" + line +
                              "\n    rock avatar > killSprite\n",
                          "test.txt", kSubset);
}

// Stopped at line 9 (`line`): the line before it kept, the line after it not read.
void ExpectStopsAtTheLine(const GameLoad& load) {
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.game->gvgai_stop_line, 9) << FormatAll(load.diagnostics);
  EXPECT_TRUE(HasPair(*load.game, "gem", "avatar"));
  EXPECT_FALSE(HasPair(*load.game, "floor", "avatar"));
  EXPECT_FALSE(HasPair(*load.game, "rock", "avatar"));
}

TEST(GvgaiSubset, ASpriteNameGvgaisConstructorCannotResolveStopsThere) {
  ExpectStopsAtTheLine(LoadWithLine("    floor avatar > spawn stype=gemm"));
  ExpectStopsAtTheLine(LoadWithLine("    floor avatar > killIfHasMore resource=gemm limit=1"));
  // After the stop, nothing more of the line is read: stypeCount would be an error here.
  ExpectStopsAtTheLine(LoadWithLine("    floor avatar > transformIfCount stype=x stypeCount=y"));
}

TEST(GvgaiSubset, AnAddTimerWhoseDelegateGvgaiCannotBuildStopsThere) {
  ExpectStopsAtTheLine(LoadWithLine("    floor avatar > addTimer timer=5 ftype=killSprit"));
  ExpectStopsAtTheLine(LoadWithLine(
      "    floor avatar > addTimer timer=5 ftype=transformToAll stype=gem stypeTo=rok"));
  ExpectStopsAtTheLine(
      LoadWithLine("    floor avatar > addTimer timer=5 ftype=transformToAll stype=gem"));
}

TEST(GvgaiSubset, WhereGvgaisConstructorDoesNotThrowTheErrorStays) {
  // GVGAI builds these with sprite type -1 (or hashes the unknown effect name) and reads on.
  for (const std::string line :
       {"    floor avatar > spawnAbove", "    floor avatar > spawnAbove stype=gemm",
        "    floor avatar > changeResource resource=gemm",
        "    floor avatar > shieldFrom stype=gem ftype=killSprit",
        "    floor avatar > transformIfCount stype=gem stypeCount=y"}) {
    const GameLoad load = LoadWithLine(line);
    EXPECT_FALSE(load.game) << line;
    EXPECT_EQ(load.diagnostics.ErrorCount(), 1) << line << "\n" << FormatAll(load.diagnostics);
  }
}

TEST(GvgaiSubset, OtherErrorsStillRefuseTheGame) {
  // GVGAI does not throw here: it registers the EOS line for type -1 and fails on every tick.
  const std::string eos = std::string(kSprites) + R"(  InteractionSet
    boulder EOS > stepBack
)";
  EXPECT_FALSE(LoadGameFromText(eos, "test.txt", kSubset).game);
  // An error before a line GVGAI stops at keeps the game from loading.
  const std::string before = std::string(kSprites) + R"(  InteractionSet
    gem avatar > killSprite killSprite
    avatar floor > killIfScoreNegative
)";
  const GameLoad load = LoadGameFromText(before, "test.txt", kSubset);
  EXPECT_FALSE(load.game);
  EXPECT_EQ(load.diagnostics.ErrorCount(), 1) << FormatAll(load.diagnostics);
}

TEST(GvgaiSubset, AGameWithoutSuchALineLoadsTheSameEitherWay) {
  const std::string text = std::string(kSprites) + R"(  InteractionSet
    gem avatar > killSprite
  TerminationSet
    SpriteCounter stype=gem limit=0 win=True
)";
  const GameLoad load = LoadGameFromText(text, "test.txt", kSubset);
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  EXPECT_TRUE(load.diagnostics.items().empty()) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.game->gvgai_stop_line, 0);
  EXPECT_FALSE(GvgaiStopWarning(load));
  EXPECT_EQ(load.game->terminations.size(), 1u);
}

}  // namespace
}  // namespace vgdl
