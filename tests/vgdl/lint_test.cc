// Designer checks of `vgdl check`.
#include "vgdl/lint.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "tests/vgdl/lang_test_util.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

using testing::FormatAll;

// "line: message" for each warning of `game` played on `level` whose message contains `about`.
std::vector<std::string> LintMessagesAbout(const char* game, const char* level,
                                           std::string_view about) {
  GameLoad load = LoadGameFromText(game, "g.txt");
  EXPECT_TRUE(load.game) << FormatAll(load.diagnostics);
  if (!load.game) return {};
  LevelLoad loaded = LoadLevelFromText(*load.game, level, "l.txt");
  EXPECT_TRUE(loaded.level) << FormatAll(loaded.diagnostics);
  if (!loaded.level) return {};
  const Diagnostics lint = LintGame(*load.game, {&*loaded.level}, game);
  std::vector<std::string> messages;
  for (const Diagnostic& d : lint.items()) {
    if (d.message.find(about) != std::string_view::npos) {
      messages.push_back(std::to_string(d.line) + ": " + d.message);
    }
  }
  return messages;
}

constexpr const char* kGame = R"(BasicGame
  SpriteSet
    floor > Immovable
    ghost > Immovable
    egg > Immovable
    chick > Immovable
    hen > SpawnPoint stype=egg
    avatar > ShootAvatar stype=shot
    shot > Missile
  InteractionSet
    egg shot > transformTo stype=chick
    ghost avatar > killSprite
    shot EOS > killSprite
  LevelMapping
    . > floor
    h > floor hen
  TerminationSet
    SpriteCounter stype=ghost limit=0 win=True
    SpriteCounter stype=chick limit=-1 win=True
    MultiSpriteCounter stype1=ghost limit=2 win=True
    Timeout limit=5000 win=False
)";

TEST(Lint, ReachabilityFollowsSpawnersShootersAndEffects) {
  GameLoad load = LoadGameFromText(kGame, "g.txt");
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  LevelLoad level = LoadLevelFromText(*load.game, "..h.A\n", "l.txt");
  ASSERT_TRUE(level.level);
  const GameDef& game = *load.game;
  const std::vector<bool> reachable = ReachableTypes(game, {&*level.level});
  const auto at = [&](const char* name) {
    return reachable[static_cast<size_t>(game.FindType(name))];
  };
  EXPECT_TRUE(at("hen"));
  EXPECT_TRUE(at("egg"));    // spawned by hen
  EXPECT_TRUE(at("shot"));   // shot by the avatar
  EXPECT_TRUE(at("chick"));  // egg shot > transformTo
  EXPECT_FALSE(at("ghost"));
}

TEST(Lint, Warnings) {
  GameLoad load = LoadGameFromText(kGame, "g.txt");
  ASSERT_TRUE(load.game);
  LevelLoad level = LoadLevelFromText(*load.game, "..h.A\n", "l.txt");
  ASSERT_TRUE(level.level);
  const Diagnostics lint = LintGame(*load.game, {&*level.level}, kGame);
  std::vector<std::string> messages;
  for (const Diagnostic& d : lint.items())
    messages.push_back(std::to_string(d.line) + ": " + d.message);
  EXPECT_EQ(messages,
            (std::vector<std::string>{
                "4: sprite type 'ghost' never exists: no checked level places it and nothing "
                "creates it",
                "12: 'ghost avatar > killSprite' never happens: no 'ghost' sprite ever exists",
                "18: SpriteCounter fires on the first tick: no 'ghost' sprite ever exists",
                "19: SpriteCounter can never fire: a sprite count is never below 0",
                "20: MultiSpriteCounter can never fire: none of its sprites ever exists",
                "21: Timeout limit=5000 never fires: GVGAI ends every game at tick 2000",
            }))
      << FormatAll(lint);
  EXPECT_EQ(lint.items()[0].source_line, "    ghost > Immovable");
}

TEST(Lint, ALevelWithoutAnAvatarIsReported) {
  GameLoad load = LoadGameFromText(kGame, "g.txt");
  ASSERT_TRUE(load.game);
  LevelLoad with = LoadLevelFromText(*load.game, "..h.A\n", "with.txt");
  LevelLoad without = LoadLevelFromText(*load.game, "..h..\n", "without.txt");
  ASSERT_TRUE(with.level && without.level);
  EXPECT_TRUE(LintLevel(*load.game, *with.level, "with.txt").items().empty());
  const Diagnostics lint = LintLevel(*load.game, *without.level, "without.txt");
  ASSERT_EQ(lint.items().size(), 1u) << FormatAll(lint);
  EXPECT_EQ(lint.items()[0].severity, Severity::kWarning);
  EXPECT_EQ(Format(lint.items()[0]),
            "without.txt: warning: the level has no avatar: it places none and nothing creates "
            "one, so no player can act in it\n");
}

TEST(Lint, AnAvatarCreatedDuringPlayCounts) {
  // The hatchery's egg hatches into the avatar when anything touches it.
  constexpr const char* kHatchery = R"(BasicGame
  SpriteSet
    wall > Immovable
    nest > SpawnPoint stype=egg prob=1 total=1
    egg > Immovable
    avatar > MovingAvatar
  InteractionSet
    egg nest > transformTo stype=avatar
  LevelMapping
    n > nest
  TerminationSet
    Timeout limit=10 win=True
)";
  GameLoad load = LoadGameFromText(kHatchery, "h.txt");
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  LevelLoad level = LoadLevelFromText(*load.game, "wnw\n", "l.txt");
  ASSERT_TRUE(level.level);
  EXPECT_TRUE(LintLevel(*load.game, *level.level, "l.txt").items().empty());
}

TEST(Lint, WithoutLevelsOnlyLevelIndependentChecksRun) {
  GameLoad load = LoadGameFromText(kGame, "g.txt");
  ASSERT_TRUE(load.game);
  EXPECT_TRUE(LintGame(*load.game, {}, kGame).items().empty());
  GameLoad endless = LoadGameFromText("BasicGame\n  SpriteSet\n    a > Immovable\n", "e.txt");
  ASSERT_TRUE(endless.game);
  const Diagnostics lint = LintGame(*endless.game, {}, "");
  ASSERT_EQ(lint.items().size(), 1u);
  EXPECT_EQ(lint.items()[0].line, 0);
}

TEST(Lint, SpritesWithNoAreaAreReported) {
  constexpr const char* kTiny = R"(BasicGame square_size=10
  SpriteSet
    floor > Immovable
    dust > Immovable wMult=0.05
    flake > Immovable hMult=0.09
    grain > Immovable wMult=0.1
  LevelMapping
    . > floor
    d > floor dust
    f > floor flake
    g > floor grain
)";
  EXPECT_EQ(LintMessagesAbout(kTiny, "dfg\n", "pixels"),
            (std::vector<std::string>{
                "4: sprite type 'dust' is 0x10 pixels (wMult=0.05, hMult=1 of a "
                "10-pixel block): it collides with nothing and its EOS effects fire on "
                "every tick",
                "5: sprite type 'flake' is 10x0 pixels (wMult=1, hMult=0.09 of a "
                "10-pixel block): it collides with nothing and its EOS effects fire on "
                "every tick; GVGAI stops with a division by zero when it places it",
            }));
}

TEST(Lint, SpritesCreatingTheirOwnTypeAsTheyUpdateAreReported) {
  // GVGAI throws ConcurrentModificationException when an update adds to the list being walked.
  constexpr const char* kFire = R"(BasicGame
  SpriteSet
    floor > Immovable
    fire > Spreader spreadprob=0.5
    ash > Immovable
    ember > Spreader stype=ash
    nest > SpawnPoint stype=nest prob=0.1
    bird > SpawnPoint stype=egg
    egg > Immovable
    quarry > SpawnPointMultiSprite stypes=egg,quarry
    idle > SpawnPoint stype=idle
    avatar > ShootAvatar stype=avatar
  LevelMapping
    . > floor
    f > floor fire
    e > floor ember
    n > floor nest
    b > floor bird
    q > floor quarry
)";
  // Not ember and bird (other types), idle (never placed) or the avatar (updated apart).
  const std::string rest =
      ") creates sprites of its own type as it updates: GVGAI stops there with a "
      "ConcurrentModificationException (here the new sprites wait for the next tick)";
  EXPECT_EQ(LintMessagesAbout(kFire, "fenbqA\n", "its own type"),
            (std::vector<std::string>{
                "4: sprite type 'fire' (Spreader" + rest,
                "7: sprite type 'nest' (SpawnPoint" + rest,
                "10: sprite type 'quarry' (SpawnPointMultiSprite" + rest,
            }));
}

TEST(Lint, LinesGvgaiCanOnlyWarnAboutAreReported) {
  // Each run of such a line adds a message to GVGAI's logger, whose 26th ends the game.
  constexpr const char* kWarned = R"(BasicGame
  SpriteSet
    floor > Immovable
    box > Passive
    gate > Portal stype=floor
    ghost > Immovable
    avatar > MovingAvatar
  InteractionSet
    avatar EOS > stepBack
    box EOS > killSprite
    box EOS > bounceForward
    ghost EOS > bounceForward
    avatar TIME > killIfOtherHasMore resource=box limit=1 timer=5
    avatar TIME > subtractHealthPoints timer=5
    avatar box > addTimer timer=3 ftype=killSprite
    avatar floor > addTimer timer=3 ftype=undoAll
    avatar gate > teleportToExit
    box avatar > teleportToExit
    ghost floor > teleportToExit
  LevelMapping
    . > floor
    b > floor box
    g > floor gate
)";
  // Not stepBack (needs only the avatar), not the ghost's lines (no ghost ever exists), not
  // subtractHealthPoints (its TIME line gives it the avatar), not undoAll (needs no sprite),
  // not the Portal (its stype is the exit).
  const std::string rest =
      ": GVGAI does nothing but log a warning each time it runs, and its 26th logged message "
      "ends the game without a winner (spec quirk 11); here the line does nothing";
  EXPECT_EQ(
      LintMessagesAbout(kWarned, "bgA.\n", "quirk 11"),
      (std::vector<std::string>{
          "11: 'box EOS > bounceForward' has no second sprite at the end of the screen" + rest,
          "13: 'avatar TIME > killIfOtherHasMore' has no second sprite on a TIME line" + rest,
          "15: 'addTimer ftype=killSprite' sets a timer that runs its ftype with no "
          "sprite" +
              rest,
          "18: 'box avatar > teleportToExit' meets 'avatar' (MovingAvatar), which has no "
          "exit type (GVGAI's itype)" +
              rest,
      }));
}

}  // namespace
}  // namespace vgdl
