// The State as a value: copies are independent, seeds reproduce games, forks diverge.
#include "engine/state.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/observation.h"
#include "tests/engine/effects/effect_test_util.h"
#include "tests/engine/stochastic_game.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

using testing::kStochasticGame;
using testing::kStochasticLevel;

class StateTest : public ::testing::Test {
 protected:
  void SetUp() override {
    GameLoad g = LoadGameFromText(kStochasticGame, "state_test.txt");
    ASSERT_TRUE(g.game) << (g.diagnostics.items().empty() ? "" : Format(g.diagnostics.items()[0]));
    game_ = g.game;
    LevelLoad l = LoadLevelFromText(*game_, kStochasticLevel, "state_test_lvl0.txt");
    ASSERT_TRUE(l.level.has_value());
    level_ = *l.level;
  }

  // Plays `ticks` ticks with actions cycling through the avatar's actions plus NIL.
  static void Play(State& s, int ticks) {
    const std::vector<Action> cycle = {Action::kRight, Action::kUse,  Action::kDown,
                                       Action::kNil,   Action::kLeft, Action::kUp};
    for (int t = 0; t < ticks && !s.ended(); ++t) {
      Advance(s, cycle[static_cast<size_t>(t) % cycle.size()], StepMode::kRealGame);
    }
  }

  std::shared_ptr<const GameDef> game_;
  LevelDef level_;
};

TEST_F(StateTest, SameSeedAndActionsReplayTheSameGame) {
  State a(game_, level_, 42);
  State b(game_, level_, 42);
  Play(a, 200);
  Play(b, 200);
  EXPECT_TRUE(SameGameState(a, b));
  EXPECT_EQ(StateHash(a), StateHash(b));
  EXPECT_EQ(a.rng(), b.rng());
}

TEST_F(StateTest, CopyIsIndependentOfTheOriginal) {
  State original(game_, level_, 7);
  Play(original, 20);
  const uint64_t before = StateHash(original);
  const int sprites_before = original.sprite_count();

  State copy = original;
  EXPECT_TRUE(SameGameState(copy, original));
  Play(copy, 100);

  EXPECT_EQ(StateHash(original), before);
  EXPECT_EQ(original.sprite_count(), sprites_before);
  EXPECT_FALSE(SameGameState(copy, original));
}

TEST_F(StateTest, PlainCopyContinuesTheSameRandomStream) {
  State original(game_, level_, 11);
  Play(original, 10);
  State copy = original;
  Play(original, 150);
  Play(copy, 150);
  EXPECT_TRUE(SameGameState(copy, original));
}

TEST_F(StateTest, ForksGetDifferentStreamsDerivedDeterministically) {
  State root(game_, level_, 5);
  State fork1 = root.Fork();
  State fork2 = root.Fork();
  EXPECT_FALSE(fork1.rng() == fork2.rng());

  State root_again(game_, level_, 5);
  State again1 = root_again.Fork();
  EXPECT_EQ(fork1.rng(), again1.rng());
}

TEST_F(StateTest, DifferentSeedsDiverge) {
  // The spawner draws every tick; 200 ticks of bugs almost surely differ between seeds.
  State a(game_, level_, 1);
  State b(game_, level_, 2);
  Play(a, 200);
  Play(b, 200);
  EXPECT_FALSE(SameGameState(a, b));
}

TEST_F(StateTest, LevelIsBuiltRowByRowWithTheAvatarAsPlayerZero) {
  State s(game_, level_, 1);
  ASSERT_NE(s.player(0).avatar, kNoSprite);
  const Sprite& avatar = s.sprite(s.player(0).avatar);
  EXPECT_EQ(avatar.rect, (Rect{20, 20, 10, 10}));
  EXPECT_EQ(s.count_of(game_->FindType("gem")), 3);
  EXPECT_EQ(s.count_of(game_->FindType("wall")), 10 + 10 + 4 * 2);
  EXPECT_EQ(s.tick(), 0);
  EXPECT_FALSE(s.ended());
}

TEST_F(StateTest, GameEndsAtTheTimeoutWithAWin) {
  State s(game_, level_, 3);
  // Standing still in a corner nobody reaches is not guaranteed; only check the rules.
  while (!s.ended()) Advance(s, Action::kNil, StepMode::kRealGame);
  EXPECT_LE(s.tick(), 301);
  if (s.player(0).winner == Winner::kWins) {
    EXPECT_EQ(s.tick(), 301);
  }
}

// Resources are kept per sprite: thousands of holders, half of them killed in one tick, keep
// exactly their own amounts, and a slot reused by a new sprite holds nothing.
TEST(StateResourcesTest, KilledHoldersLoseTheirsAndTheOthersKeepTheirs) {
  constexpr std::string_view kGame = R"(BasicGame square_size=10
    SpriteSet
        ant > Immovable
        crumb > Resource limit=100
        leaf > Resource limit=100
        avatar > MovingAvatar
    LevelMapping
        A > avatar
    TerminationSet
        Timeout limit=100 win=True
)";
  State s = testing::MakeState(kGame, "A\n", 1);
  const TypeId ant = testing::Type(s, "ant");
  const TypeId crumb = testing::Type(s, "crumb");
  const TypeId leaf = testing::Type(s, "leaf");
  std::vector<SpriteRef> ants;
  for (int i = 0; i < 3000; ++i) ants.push_back(s.AddSprite(ant, 0, 0));
  // Touched in an order unlike the slots' (the records are kept sorted).
  for (size_t i = ants.size(); i-- > 0;) {
    s.ModifyResource(ants[i], crumb, static_cast<int>(i % 50) + 1);
    if (i % 3 == 0) s.ModifyResource(ants[i], leaf, 2);
  }
  std::set<SpriteRef> killed;
  for (size_t i = 0; i < ants.size(); i += 2) {
    s.KillSprite(ants[i], false);
    killed.insert(ants[i]);
  }
  s.ClearKillList();
  for (size_t i = 1; i < ants.size(); i += 2) {
    ASSERT_EQ(s.resource(ants[i], crumb), static_cast<int>(i % 50) + 1) << i;
    ASSERT_EQ(s.resource(ants[i], leaf), i % 3 == 0 ? 2 : 0) << i;
  }
  for (const ResourceRecord& r : s.resources()) EXPECT_FALSE(killed.contains(r.owner));
  const SpriteRef reused = s.AddSprite(ant, 0, 0);
  EXPECT_EQ(s.resource(reused, crumb), 0);
  EXPECT_EQ(s.resource(reused, leaf), 0);
}

// GVGAI makes a type's first sprite at the block's size and then scales its rect by wMult and
// hMult, so that sprite's lastrect is a block; every later sprite of the type copies the first
// with both rects scaled. Which types have had a sprite is part of the state: copies keep it.
TEST(StateScaledSpritesTest, OnlyTheFirstSpriteOfAScaledTypeHasABlockForItsLastRect) {
  constexpr std::string_view kGame = R"(BasicGame square_size=10
    SpriteSet
        plank > Immovable wMult=2 hMult=0.5
        beam > Immovable wMult=1.5
        brick > Immovable
        avatar > MovingAvatar
    LevelMapping
        A > avatar
        p > plank
    TerminationSet
        Timeout limit=100 win=True
)";
  State s = testing::MakeState(kGame, "Ap\n", 1);
  const SpriteRef level_plank = s.sprites_of(testing::Type(s, "plank"))[0];
  EXPECT_EQ(s.sprite(level_plank).rect, (Rect{10, 0, 20, 5}));
  EXPECT_EQ(s.sprite(level_plank).lastrect, (Rect{10, 0, 10, 10}));
  const SpriteRef plank = s.AddSprite(testing::Type(s, "plank"), 0, 0);
  EXPECT_EQ(s.sprite(plank).lastrect, (Rect{0, 0, 20, 5}));

  State copy(s);
  const TypeId beam = testing::Type(s, "beam");
  const SpriteRef first_beam = s.AddSprite(beam, 0, 10);
  EXPECT_EQ(s.sprite(first_beam).rect, (Rect{0, 10, 15, 10}));
  EXPECT_EQ(s.sprite(first_beam).lastrect, (Rect{0, 10, 10, 10}));
  EXPECT_EQ(s.sprite(s.AddSprite(beam, 0, 20)).lastrect, (Rect{0, 20, 15, 10}));
  // The copy was taken before any beam: its first is a block again, its planks are not.
  EXPECT_EQ(copy.sprite(copy.AddSprite(beam, 0, 10)).lastrect, (Rect{0, 10, 10, 10}));
  EXPECT_EQ(copy.sprite(copy.AddSprite(testing::Type(copy, "plank"), 0, 0)).lastrect,
            (Rect{0, 0, 20, 5}));
  // A type of the block's size has nothing to remember.
  const SpriteRef brick = s.AddSprite(testing::Type(s, "brick"), 0, 30);
  EXPECT_EQ(s.sprite(brick).lastrect, s.sprite(brick).rect);
}

}  // namespace
}  // namespace vgdl
