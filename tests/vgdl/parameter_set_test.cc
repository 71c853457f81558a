// The ParameterSet of a GameSpace (spec §2.9, GVGAI's game-design track): the parameters'
// kinds and values, the default played without a choice, a chosen value
// (LoadOptions::parameter_settings), the substitution into sprites, effects and terminations,
// and the errors, each with its line and column.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/vgdl/lang_test_util.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

using testing::FormatAll;
using testing::TypeNamed;

// `parameters` goes under "ParameterSet" (line 17 on).
std::string Game(const std::string& parameters, const std::string& game_class = "GameSpace") {
  return game_class + R"( square_size=10
    SpriteSet
        floor  > Immovable hidden=True
        avatar > MovingAvatar speed=ASPEED
        enemy  > RandomNPC speed=ESPEED cons=ECONS
        shot   > Missile singleton=ONE
    InteractionSet
        avatar wall  > stepBack
        avatar enemy > killSprite scoreChange=PENALTY,1
    TerminationSet
        SpriteCounter stype=avatar limit=0 win=False
        Timeout limit=TIMEOUT win=WINTIME
    LevelMapping
        . > floor
        e > floor enemy
    ParameterSet
)" + parameters;
}

const std::string kParameters =
    R"(        ASPEED  > values=0.25:0.25:1.0 string=Avatar_Speed value=1.0
        ESPEED  > values=0.1:0.1:1.0   string=Enemy_Speed
        ECONS   > values=1:1:4
        PENALTY > values=-5:1:0
        TIMEOUT > values=20:20:200
        WINTIME > values=True:False
        ONE     > values=True:False
)";

GameLoad Load(const std::string& text, std::vector<std::string> settings = {}) {
  return LoadGameFromText(text, "test.txt", LoadOptions{.parameter_settings = std::move(settings)});
}

const GameParameter& Named(const GameDef& game, const std::string& name) {
  for (const GameParameter& p : game.parameters) {
    if (p.name == name) return p;
  }
  ADD_FAILURE() << "no parameter " << name;
  return game.parameters.front();
}

TEST(ParameterSet, KindsValuesAndDefaults) {
  const GameLoad load = Load(Game(kParameters));
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  const GameDef& game = *load.game;
  EXPECT_TRUE(game.game_space);
  ASSERT_EQ(game.parameters.size(), 7u);
  EXPECT_EQ(game.parameters[0].name, "ASPEED");
  EXPECT_EQ(game.parameters[0].loc.line, 17);
  EXPECT_EQ(game.parameters[0].loc.column, 9);
  // A '.' makes doubles, lo + k * step in Java's arithmetic (0.1 + 2 * 0.1 shows as 0.3).
  const GameParameter& espeed = Named(game, "ESPEED");
  EXPECT_EQ(espeed.kind, GameParameter::Kind::kDouble);
  EXPECT_EQ(espeed.shown, (std::vector<std::string>{"0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7",
                                                    "0.8", "0.9", "1"}));
  EXPECT_EQ(espeed.description, "Enemy_Speed");
  EXPECT_EQ(espeed.default_shown, "0.1");
  EXPECT_FALSE(espeed.chosen);
  EXPECT_EQ(Named(game, "ECONS").kind, GameParameter::Kind::kInt);
  EXPECT_EQ(Named(game, "ECONS").shown, (std::vector<std::string>{"1", "2", "3", "4"}));
  EXPECT_EQ(Named(game, "PENALTY").shown.front(), "-5");
  EXPECT_EQ(Named(game, "TIMEOUT").shown.size(), 10u);
  // A boolean's values are false and true; the first declared is the default.
  const GameParameter& wintime = Named(game, "WINTIME");
  EXPECT_EQ(wintime.kind, GameParameter::Kind::kBool);
  EXPECT_EQ(wintime.shown, (std::vector<std::string>{"false", "true"}));
  EXPECT_EQ(wintime.default_shown, "true");
  // value= is the default.
  EXPECT_EQ(Named(game, "ASPEED").default_shown, "1");
  EXPECT_EQ(Named(game, "ASPEED").declared, "1");
}

TEST(ParameterSet, DefaultsAreSubstituted) {
  const GameLoad load = Load(Game(kParameters));
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  const GameDef& game = *load.game;
  EXPECT_EQ(TypeNamed(game, "avatar").speed, 1.0);
  EXPECT_EQ(TypeNamed(game, "enemy").speed, 0.1);
  EXPECT_EQ(TypeNamed(game, "enemy").cons, 1);
  // An element of a comma list is substituted too.
  bool found = false;
  for (const EffectDef& e : game.effects) {
    if (e.name != "killSprite") continue;
    found = true;
    EXPECT_EQ(e.score_change, (std::vector<int>{-5, 1}));
  }
  EXPECT_TRUE(found);
  ASSERT_EQ(game.terminations.size(), 2u);
  EXPECT_EQ(game.terminations[1].limit, 20);
  EXPECT_EQ(game.terminations[1].win, std::vector<bool>{true});
}

TEST(ParameterSet, ChosenValuesAreSubstitutedAsGvgaiWritesThem) {
  const GameLoad load = Load(Game(kParameters), {"ESPEED=0.3", "ECONS=3", "TIMEOUT=100",
                                                 "WINTIME=False", "ASPEED=0.5", "PENALTY=-2"});
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  const GameDef& game = *load.game;
  // GVGAI plays 0.1 + 2 * 0.1, which is not 0.3.
  EXPECT_EQ(TypeNamed(game, "enemy").speed, 0.1 + 2 * 0.1);
  EXPECT_EQ(Named(game, "ESPEED").played, "0.3");
  EXPECT_EQ(Named(game, "ESPEED").played_java, "0.30000000000000004");
  EXPECT_TRUE(Named(game, "ESPEED").chosen);
  EXPECT_EQ(TypeNamed(game, "enemy").cons, 3);
  EXPECT_EQ(game.terminations[1].limit, 100);
  EXPECT_EQ(game.terminations[1].win, std::vector<bool>{false});
  // A choice wins over value=.
  EXPECT_EQ(TypeNamed(game, "avatar").speed, 0.5);
  EXPECT_FALSE(Named(game, "TIMEOUT").played.empty());
}

TEST(ParameterSet, SingletonIsReadBeforeTheSubstitution) {
  const GameLoad load = Load(Game(kParameters), {"ONE=true"});
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  EXPECT_FALSE(TypeNamed(*load.game, "shot").singleton);
  const std::string diagnostics = FormatAll(load.diagnostics);
  EXPECT_NE(diagnostics.find("test.txt:6:26: warning: GVGAI reads singleton"), std::string::npos)
      << diagnostics;
  // One warning for the word: the field's type check does not report it again.
  EXPECT_EQ(diagnostics.find("singleton=ONE is ignored"), std::string::npos) << diagnostics;
}

TEST(ParameterSet, AValueOutsideTheRangeIsRefusedWithTheRange) {
  const GameLoad load = Load(Game(kParameters), {"ESPEED=1.1"});
  EXPECT_FALSE(load.game);
  EXPECT_NE(FormatAll(load.diagnostics)
                .find("test.txt:18:9: error: --set ESPEED=1.1: '1.1' is not a value of ESPEED"),
            std::string::npos)
      << FormatAll(load.diagnostics);
  EXPECT_NE(FormatAll(load.diagnostics)
                .find("ESPEED takes values=0.1:0.1:1.0 (0.1, 0.2, 0.3, 0.4, ..., 0.8, 0.9, 1)"),
            std::string::npos)
      << FormatAll(load.diagnostics);
  for (const char* bad : {"ECONS=5", "ECONS=1.5", "ECONS=x", "WINTIME=yes", "ESPEED=0.15"}) {
    EXPECT_FALSE(Load(Game(kParameters), {bad}).game) << bad;
  }
}

TEST(ParameterSet, AnUnknownNameIsRefusedWithTheParameters) {
  const GameLoad load = Load(Game(kParameters), {"ESPED=0.2"});
  EXPECT_FALSE(load.game);
  const std::string text = FormatAll(load.diagnostics);
  EXPECT_NE(text.find("--set ESPED=0.2: the game has no parameter 'ESPED'"), std::string::npos)
      << text;
  EXPECT_NE(text.find("did you mean 'ESPEED'? the parameters are ASPEED, ESPEED, ECONS"),
            std::string::npos)
      << text;
  EXPECT_FALSE(Load(Game(kParameters), {"ESPEED"}).game);
  EXPECT_FALSE(Load(Game(kParameters), {"ECONS=2", "ECONS=3"}).game);
}

TEST(ParameterSet, SetOnAGameWithoutParametersIsRefused) {
  const GameLoad load = LoadGameFromText("BasicGame\n  SpriteSet\n    avatar > MovingAvatar\n",
                                         "plain.txt", LoadOptions{.parameter_settings = {"X=1"}});
  EXPECT_FALSE(load.game);
  EXPECT_NE(FormatAll(load.diagnostics).find("--set X=1: the game has no ParameterSet"),
            std::string::npos)
      << FormatAll(load.diagnostics);
}

TEST(ParameterSet, MalformedLinesAreErrorsAtTheirPosition) {
  // Each line after the parameters (line 24), and a part of what is reported for it.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"BAD > values=1:0:5", "test.txt:24:15: error: the step of"},
      {"BAD > values=5:1:1", "24:15: error: values=5:1:1 ends below"},
      {"BAD > values=1:2", "24:15: error: values=1:2 is neither"},
      {"BAD > values=1:x:5", "24:15: error: 'x' in values=1:x:5"},
      {"BAD > string=Nothing", "24:9: error: parameter 'BAD' has no"},
      {"BAD > values=1:1:9999999", "has more than 10000 values"},
      {"BAD > values=1:1:5 value=two", "24:28: error: value=two"},
      {"BAD > values=1:1:5 vaules=2", "did you mean 'values'?"},
  };
  for (const auto& [line, expected] : cases) {
    const std::string text =
        FormatAll(Load(Game(kParameters + "        " + line + "\n")).diagnostics);
    EXPECT_NE(text.find(expected), std::string::npos) << line << "\n" << text;
  }
}

// GVGAI's (int)(0.0 / 0) is 0: a step of 0 from a value to itself is that one value.
TEST(ParameterSet, AStepOfZeroFromAValueToItselfIsOneValue) {
  const GameLoad load = Load(Game(kParameters + "        ONLY > values=0:0:0\n"));
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  EXPECT_EQ(Named(*load.game, "ONLY").shown, std::vector<std::string>{"0"});
}

TEST(ParameterSet, NeedsAGameSpace) {
  const GameLoad load = Load(Game(kParameters, "BasicGame"));
  EXPECT_FALSE(load.game);
  EXPECT_NE(
      FormatAll(load.diagnostics).find("test.txt:16:5: error: a ParameterSet needs a GameSpace"),
      std::string::npos)
      << FormatAll(load.diagnostics);
}

TEST(ParameterSet, ARepeatedNameKeepsTheLastLine) {
  const GameLoad load = Load(Game(kParameters + "        ECONS > values=2:2:8\n"));
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  EXPECT_EQ(Named(*load.game, "ECONS").shown, (std::vector<std::string>{"2", "4", "6", "8"}));
  EXPECT_EQ(load.game->parameters.size(), 7u);
  EXPECT_NE(FormatAll(load.diagnostics).find("warning: parameter 'ECONS' is declared again"),
            std::string::npos);
}

TEST(ParameterSet, AGameSpaceWithoutParametersPlaysLikeABasicGame) {
  const GameLoad load = Load(
      "GameSpace\n  SpriteSet\n    avatar > MovingAvatar speed=0.5\n  TerminationSet\n"
      "    Timeout limit=10,\n");
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  EXPECT_TRUE(load.game->parameters.empty());
  EXPECT_EQ(TypeNamed(*load.game, "avatar").speed, 0.5);
}

}  // namespace
}  // namespace vgdl
