// Untrusted input never crashes, hangs or floods: oversized, binary, mutated and pathological
// game and level files.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "tests/vgdl/lang_test_util.h"
#include "vgdl/lint.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

constexpr const char* kGame = R"(BasicGame square_size=20 obs=wall
  SpriteSet
    floor > Immovable hidden=True
    goal  > Door color=GREEN
    box   > Passive
    gem   > Resource limit=3
    avatar > ShootAvatar stype=shot ammo=gem
    shot > Missile singleton=True
    spawner > SpawnPoint stype=box prob=0.5 cooldown=3
  InteractionSet
    avatar wall > stepBack
    box avatar  > bounceForward repeat=2
    avatar TIME > subtractHealthPoints timer=10 repeating=True
    goal avatar > addTimer timer=5 ftype=transformToAll stype=box stypeTo=goal
    shot EOS > killSprite
    gem avatar > collectResource scoreChange=1,2
  LevelMapping
    . > floor
    g > floor goal
    b > floor box
  TerminationSet
    SpriteCounter stype=goal limit=0 win=True
    Timeout limit=500 win=False
)";

TEST(Robustness, OversizedTextIsRefused) {
  const std::string big(size_t{4} * 1024 * 1024 + 1, 'a');
  GameLoad game = LoadGameFromText(big, "big.txt");
  EXPECT_FALSE(game.game);
  EXPECT_EQ(game.diagnostics.items().size(), 1u);
  const auto good = LoadGameFromText(kGame, "g.txt").game;
  ASSERT_TRUE(good);
  EXPECT_FALSE(LoadLevelFromText(*good, big, "big.txt").level);
}

TEST(Robustness, RandomBytesGiveAFewDiagnostics) {
  std::mt19937 rng(1234);
  for (int round = 0; round < 20; ++round) {
    std::string junk(20000, '\0');
    for (char& c : junk) c = static_cast<char>(rng() & 0xFF);
    GameLoad load = LoadGameFromText(junk, "junk.txt");
    EXPECT_FALSE(load.game);
    EXPECT_LE(load.diagnostics.items().size(), 252u);
  }
}

TEST(Robustness, MutatedGamesNeverCrash) {
  const std::string base = kGame;
  const std::string alphabet = " \t\n\r#=>,.-+0123456789abcEOSTIMEwall";
  std::mt19937 rng(42);
  int loaded = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string text = base;
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      const size_t pos = rng() % text.size();
      switch (rng() % 3) {
        case 0:
          text[pos] = alphabet[rng() % alphabet.size()];
          break;
        case 1:
          text.erase(pos, 1 + rng() % 8);
          break;
        default:
          text.insert(pos, 1, alphabet[rng() % alphabet.size()]);
      }
    }
    GameLoad load = LoadGameFromText(text, "m.txt");
    EXPECT_EQ(load.game == nullptr, load.diagnostics.HasErrors());
    if (!load.game) continue;
    ++loaded;
    LevelLoad level = LoadLevelFromText(*load.game, "wwwww\nwAgbw\nw..\n", "l.txt");
    if (level.level) {
      (void)CountInitialSprites(*load.game, *level.level);
      (void)LintGame(*load.game, {&*level.level}, text);
    }
  }
  EXPECT_GT(loaded, 100);
}

TEST(Robustness, ManySpriteTypesAreBounded) {
  std::string text = "BasicGame\n  SpriteSet\n";
  for (int i = 0; i < 40000; ++i) text += "    s" + std::to_string(i) + " > Immovable\n";
  GameLoad load = LoadGameFromText(text, "many.txt");
  EXPECT_FALSE(load.game);
  EXPECT_LE(load.diagnostics.items().size(), 252u);
}

TEST(Robustness, ManyWarningsAreCappedButTheGameStillLoads) {
  std::string text = "BasicGame\n  SpriteSet\n";
  for (int i = 0; i < 300; ++i) text += "    s" + std::to_string(i) + " > Immovable colour=RED\n";
  GameLoad load = LoadGameFromText(text, "chatty.txt");
  ASSERT_TRUE(load.game);
  EXPECT_EQ(load.game->type_count(), 302);
  EXPECT_EQ(load.diagnostics.WarningCount(), 200);
  EXPECT_EQ(load.diagnostics.items().back().message,
            "more warnings and notes follow but are not shown");
}

TEST(Robustness, WideGroupsAndHugeLevelsStayFast) {
  std::string text = "BasicGame\n  SpriteSet\n    group > Immovable\n";
  for (int i = 0; i < 20000; ++i) text += "      s" + std::to_string(i) + " >\n";
  GameLoad load = LoadGameFromText(text, "wide.txt");
  ASSERT_TRUE(load.game) << testing::FormatAll(load.diagnostics);
  EXPECT_EQ(load.game->type(load.game->FindType("group")).subtypes.size(), 20001u);
  const std::string level(size_t{2000} * 1000, '.');
  LevelLoad big = LoadLevelFromText(*load.game, level, "wide_lvl.txt");
  ASSERT_TRUE(big.level);
  EXPECT_EQ(big.diagnostics.items().size(), 1u);  // '.' is not mapped: one warning
}

}  // namespace
}  // namespace vgdl
