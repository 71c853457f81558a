// TerminationSet (spec §9) and the game line (spec §2.3).
#include <gtest/gtest.h>

#include "tests/vgdl/lang_test_util.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

using testing::FormatAll;
using testing::LoadClean;

constexpr const char* kSprites = R"(BasicGame
  SpriteSet
    goal > Immovable
    enemy > Immovable
    avatar > MovingAvatar
)";

TEST(Terminations, KindsAndParameters) {
  const auto game = LoadClean(std::string(kSprites) + R"(  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
    SpriteCounterMore stype=goal limit=3 win=TRUE count_score=True
    MultiSpriteCounter stype1=goal stype2=enemy limit=0 win=True,False min=True
    MultiSpriteCounterSubTypes stype1=enemy subTypesNum=2 limit=1
    Timeout limit=1000 win=True
    StopCounter stype1=goal limit=2
)");
  ASSERT_TRUE(game);
  const auto& t = game->terminations;
  ASSERT_EQ(t.size(), 6u);
  EXPECT_EQ(t[0].kind, TerminationKind::kSpriteCounter);
  EXPECT_EQ(t[0].stype, kAvatarType);
  EXPECT_EQ(t[0].win, std::vector<bool>{false});
  EXPECT_EQ(t[1].win, std::vector<bool>{true});
  EXPECT_TRUE(t[1].count_score);
  EXPECT_EQ(t[1].limit, 3);
  EXPECT_EQ(t[2].stype1, game->FindType("goal"));
  EXPECT_EQ(t[2].stype2, game->FindType("enemy"));
  EXPECT_EQ(t[2].stype3, kNoType);
  EXPECT_EQ(t[2].win, (std::vector<bool>{true, false}));
  EXPECT_TRUE(t[2].min);
  EXPECT_EQ(t[3].sub_types_num, 2);
  EXPECT_EQ(t[4].kind, TerminationKind::kTimeout);
  EXPECT_EQ(t[4].limit, 1000);
  EXPECT_EQ(t[5].kind, TerminationKind::kStopCounter);
  EXPECT_EQ(t[5].stype2, kNoType);
}

TEST(Terminations, Problems) {
  const auto load = [](const std::string& line) {
    return LoadGameFromText(std::string(kSprites) + "  TerminationSet\n" + line + "\n", "g.txt");
  };
  GameLoad unknown = load("    SpriteCountr stype=goal");
  EXPECT_FALSE(unknown.game);
  EXPECT_EQ(unknown.diagnostics.items()[0].hint.rfind("did you mean 'SpriteCounter'? ", 0), 0u);
  EXPECT_FALSE(load("    SpriteCounter limit=0").game);     // no stype
  EXPECT_FALSE(load("    SpriteCounter stype=gaol").game);  // unknown sprite
  EXPECT_FALSE(load("    Timeout limit= win=True").game);   // key= without value
  EXPECT_FALSE(load("    Timeout limit=10 extra").game);    // stray word
  GameLoad odd = load("    Timeout limit=10 win=yes scoreChange=1");
  ASSERT_TRUE(odd.game) << FormatAll(odd.diagnostics);
  EXPECT_EQ(odd.diagnostics.WarningCount(), 2) << FormatAll(odd.diagnostics);
  EXPECT_EQ(odd.game->terminations[0].win, std::vector<bool>{false});
}

TEST(GameLine, Parameters) {
  GameLoad load = LoadGameFromText(
      R"(BasicGame square_size=24 no_players=2 no_counters=3 key_handler=pulse obs=wall,goal
  SpriteSet
    goal > Immovable
)",
      "g.txt");
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  const GameDef& game = *load.game;
  EXPECT_EQ(game.square_size, 24);
  EXPECT_EQ(game.no_players, 2);
  EXPECT_EQ(game.no_counters, 3);
  EXPECT_EQ(game.key_handler, "Pulse");
  EXPECT_EQ(game.obs, (std::vector<TypeId>{kWallType, game.FindType("goal")}));
  EXPECT_EQ(game.name, "g");
  EXPECT_TRUE(load.diagnostics.items().empty()) << FormatAll(load.diagnostics);
}

TEST(GameLine, Problems) {
  const auto errors = [](const std::string& first_line) {
    GameLoad load = LoadGameFromText(first_line + "\n  SpriteSet\n    a > Immovable\n", "g.txt");
    return load.diagnostics.ErrorCount();
  };
  EXPECT_EQ(errors("BasicGame"), 0);
  EXPECT_EQ(errors("GameSpace"), 0);
  EXPECT_EQ(errors("BasicGam"), 1);
  EXPECT_EQ(errors("BasicGame square_size=0"), 1);
  EXPECT_EQ(errors("BasicGame no_players=0"), 1);
  EXPECT_EQ(errors("BasicGame no_players=100"), 1);
  EXPECT_EQ(errors("BasicGame obs=nothing"), 1);
  EXPECT_EQ(errors("BasicGame stray"), 1);
  GameLoad unknown = LoadGameFromText("BasicGame sqare_size=3\n  SpriteSet\n", "g.txt");
  ASSERT_TRUE(unknown.game);
  EXPECT_EQ(unknown.diagnostics.items()[0].hint, "did you mean 'square_size'?");
}

}  // namespace
}  // namespace vgdl
