// The InteractionSet (spec §2.7, §8): pair order, effect order, repeat, EOS, TIME, addTimer.
#include <gtest/gtest.h>

#include "tests/vgdl/lang_test_util.h"
#include "vgdl/loader.h"
#include "vgdl/names.h"

namespace vgdl {
namespace {

using testing::FormatAll;
using testing::LoadClean;

constexpr const char* kSprites = R"(BasicGame
  SpriteSet
    floor > Immovable
    box > Passive
    tank > Missile
    coin > Resource
    avatar > MovingAvatar
)";

std::shared_ptr<const GameDef> LoadWith(const std::string& interactions) {
  return LoadClean(std::string(kSprites) + "  InteractionSet\n" + interactions);
}

std::vector<std::string> EffectNames(const GameDef& game, const std::vector<EffectId>& ids) {
  std::vector<std::string> names;
  for (EffectId id : ids) names.push_back(game.effects[static_cast<size_t>(id)].name);
  return names;
}

TEST(Interactions, PairsInFirstAppearanceOrderEffectsInDeclarationOrder) {
  const auto game = LoadWith(
      "    avatar wall > stepBack\n"
      "    box avatar wall > bounceForward repeat=2\n"
      "    avatar wall > killSprite scoreChange=-1\n");
  ASSERT_TRUE(game);
  const TypeId avatar = game->FindType("avatar");
  const TypeId box = game->FindType("box");
  ASSERT_EQ(game->pairs.size(), 3u);
  EXPECT_EQ(game->pairs[0].first, avatar);
  EXPECT_EQ(game->pairs[0].second, kWallType);
  EXPECT_EQ(EffectNames(*game, game->pairs[0].effects),
            (std::vector<std::string>{"stepBack", "killSprite"}));
  EXPECT_EQ(game->pairs[1].first, box);
  EXPECT_EQ(game->pairs[1].second, avatar);
  EXPECT_EQ(game->pairs[2].first, box);
  EXPECT_EQ(game->pairs[2].second, kWallType);
  // One EffectDef per line, shared by the pairs it lists; repeat inserts it again.
  EXPECT_EQ(game->pairs[1].effects, (std::vector<EffectId>{1, 1}));
  EXPECT_EQ(game->pairs[2].effects, (std::vector<EffectId>{1, 1}));
  EXPECT_EQ(game->effects.size(), 3u);
  EXPECT_EQ(game->effects[2].score_change, std::vector<int>{-1});
}

TEST(Interactions, EosIsRegisteredOncePerLine) {
  const auto game = LoadWith(
      "    tank wall EOS > reverseDirection\n"
      "    tank wall EOS > stepBack\n"
      "    EOS box > killSprite\n");
  ASSERT_TRUE(game);
  const TypeId tank = game->FindType("tank");
  const TypeId box = game->FindType("box");
  EXPECT_EQ(game->eos_types, (std::vector<TypeId>{tank, tank, box}));
  EXPECT_EQ(EffectNames(*game, game->eos_effects[static_cast<size_t>(tank)]),
            (std::vector<std::string>{"reverseDirection", "stepBack"}));
  EXPECT_EQ(game->pairs.size(), 1u);  // tank wall
}

TEST(Interactions, ChopperTankEosListedTwice) {
  VGDL_REQUIRE_GVGAI(dir);
  GameLoad load = LoadGameFromFile(dir / "games" / "gridphysics" / "chopper.txt");
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  const TypeId tank = load.game->FindType("tank");
  EXPECT_EQ(std::count(load.game->eos_types.begin(), load.game->eos_types.end(), tank), 2);
}

TEST(Interactions, TimeEffects) {
  const auto game = LoadWith(
      "    avatar TIME > subtractHealthPoints timer=15 repeating=True\n"
      "    TIME box > transformToAll stype=box stypeTo=coin timer=300 nextExecution=300\n"
      "    avatar TIME > spawn stype=coin timer=5 nextExecution=-1\n");
  ASSERT_TRUE(game);
  ASSERT_EQ(game->time_effects.size(), 3u);
  const EffectDef& first = game->effects[static_cast<size_t>(game->time_effects[0].effect)];
  EXPECT_EQ(game->time_effects[0].itype, game->FindType("avatar"));
  EXPECT_EQ(first.kind, EffectKind::kSubtractHealthPoints);
  EXPECT_EQ(first.timer, 15);
  EXPECT_TRUE(first.repeating);
  EXPECT_EQ(first.next_execution, -1);  // fires first at tick 0
  EXPECT_EQ(game->time_effects[1].itype, game->FindType("box"));
  EXPECT_EQ(game->effects[static_cast<size_t>(game->time_effects[1].effect)].next_execution, 300);
  EXPECT_EQ(game->effects[static_cast<size_t>(game->time_effects[2].effect)].next_execution, -1);
  EXPECT_TRUE(game->pairs.empty());
}

TEST(Interactions, AddTimerBuildsItsDelegateFromTheSameLine) {
  const auto game = LoadWith(
      "    avatar coin > addTimer timer=200 ftype=transformToAll stype=box stypeTo=coin "
      "killSecond=True scoreChange=2\n");
  ASSERT_TRUE(game);
  ASSERT_EQ(game->effects.size(), 2u);
  const EffectDef& timer = game->effects[0];
  EXPECT_EQ(timer.kind, EffectKind::kAddTimer);
  EXPECT_EQ(timer.ftype, EffectKind::kTransformToAll);
  EXPECT_EQ(timer.timer, 200);
  EXPECT_EQ(timer.score_change, std::vector<int>{2});
  ASSERT_EQ(timer.timer_delegate, 1);
  const EffectDef& delegate = game->effects[1];
  EXPECT_EQ(delegate.kind, EffectKind::kTransformToAll);
  EXPECT_EQ(delegate.stype, game->FindType("box"));
  EXPECT_EQ(delegate.stype_to, game->FindType("coin"));
  EXPECT_TRUE(delegate.kill_second);
  EXPECT_EQ(delegate.score_change, std::vector<int>{2});
  EXPECT_EQ(game->pairs[0].effects, std::vector<EffectId>{0});
}

TEST(Interactions, EffectDefaultsAndFields) {
  const auto game = LoadWith(
      "    coin avatar > collectResource\n"
      "    avatar coin > changeResource resource=coin value=-1\n"
      "    box wall > wallBounce\n"
      "    avatar box > shieldFrom stype=wall ftype=killSprite\n"
      "    avatar floor > subtractHealthPoints value=2 scoreChangeIfKilled=-5\n"
      "    box floor > transformIfCount stype=coin stypeCount=box geq=2\n"
      "    box coin > undoAll notStype=floor,wall\n"
      "    tank box > setSpeedForAll stype=tank\n");
  ASSERT_TRUE(game);
  const auto& e = game->effects;
  EXPECT_TRUE(e[0].kill_resource);
  EXPECT_FALSE(e[1].kill_resource);
  EXPECT_EQ(e[1].value, -1.0);
  EXPECT_EQ(e[1].resource, game->FindType("coin"));
  EXPECT_TRUE(e[2].in_batch);
  EXPECT_EQ(e[3].ftype, EffectKind::kKillSprite);
  EXPECT_EQ(e[3].stype, kWallType);
  EXPECT_EQ(e[4].stype, kNoType);
  EXPECT_EQ(e[4].value, 2.0);
  EXPECT_EQ(e[4].score_change_if_killed, std::vector<int>{-5});
  EXPECT_EQ(e[5].leq, 10000);
  EXPECT_EQ(e[5].geq, 2);
  EXPECT_EQ(e[5].estype, kNoType);
  EXPECT_EQ(e[6].not_stype, (std::vector<TypeId>{game->FindType("floor"), kWallType}));
  EXPECT_EQ(e[7].value, 0.0);
}

TEST(Interactions, PerPlayerListsAndDroppedCounters) {
  GameLoad load = LoadGameFromText(std::string(kSprites) +
                                       "  InteractionSet\n"
                                       "    avatar box > killSprite scoreChange=1,-1 counter=1,0\n"
                                       "    avatar coin > killSprite counter=1 scoreChange=0.5\n",
                                   "g.txt");
  ASSERT_TRUE(load.game) << FormatAll(load.diagnostics);
  const auto& e = load.game->effects;
  EXPECT_EQ(e[0].score_change, (std::vector<int>{1, -1}));
  EXPECT_EQ(e[0].counter, (std::vector<int>{1, 0}));
  EXPECT_EQ(e[1].counter, std::vector<int>{0});       // Integer in a String field: dropped
  EXPECT_EQ(e[1].score_change, std::vector<int>{0});  // not an integer: counts 0
  EXPECT_EQ(load.diagnostics.WarningCount(), 2) << FormatAll(load.diagnostics);
}

TEST(Interactions, TimeLinesOnlyReportNamesNeitherObjectHas) {
  GameLoad load = LoadGameFromText(std::string(kSprites) +
                                       "  InteractionSet\n"
                                       "    avatar TIME > spawn stype=coin timer=3 tmer=4\n",
                                   "g.txt");
  ASSERT_TRUE(load.game);
  ASSERT_EQ(load.diagnostics.items().size(), 1u) << FormatAll(load.diagnostics);
  EXPECT_EQ(load.diagnostics.items()[0].hint, "did you mean 'timer'?");
}

TEST(Interactions, Errors) {
  const auto errors = [](const std::string& line) {
    GameLoad load =
        LoadGameFromText(std::string(kSprites) + "  InteractionSet\n" + line + "\n", "g.txt");
    EXPECT_FALSE(load.game) << line;
    return load.diagnostics.ErrorCount();
  };
  EXPECT_EQ(errors("    avatar box > killSprit"), 1);
  EXPECT_EQ(errors("    avatar bx > killSprite"), 1);
  EXPECT_EQ(errors("    avatar box killSprite"), 1);
  EXPECT_EQ(errors("    avatar > killSprite"), 1);
  EXPECT_EQ(errors("    avatar box >"), 1);
  EXPECT_EQ(errors("    avatar box > killSprite stepBack"), 1);
  EXPECT_EQ(errors("    avatar box > spawn"), 1);
  EXPECT_EQ(errors("    avatar box > transformTo stype=nothing"), 1);
  EXPECT_EQ(errors("    avatar box > addTimer timer=3"), 1);
  EXPECT_EQ(errors("    avatar box > addTimer ftype=addTimer"), 1);
  EXPECT_EQ(errors("    avatar box > shieldFrom stype=box ftype=kilSprite"), 1);
  EXPECT_EQ(errors("    avatar box TIME > killSprite"), 1);
  EXPECT_EQ(errors("    TIME avatar box > killSprite"), 1);
  EXPECT_EQ(errors("    avatar box > stepBack repeat=5000"), 1);
}

}  // namespace
}  // namespace vgdl
