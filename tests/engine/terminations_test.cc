// Terminations (spec §9), played through the tick loop: SpriteCounter, SpriteCounterMore,
// MultiSpriteCounter, MultiSpriteCounterSubTypes, Timeout and StopCounter. Each game has one
// termination under test; the avatar eats what it walks onto.
#include <string>

#include "tests/engine/effects/effect_test_util.h"

namespace vgdl::testing {
namespace {

// A game whose TerminationSet is `terminations` (one or more lines, already indented).
std::string GameWith(std::string_view terminations) {
  std::string game = R"(BasicGame square_size=10
    SpriteSet
        coin > Immovable
        fruit >
            apple > Immovable
            pear > Immovable
        egg > Immovable
        nest > SpawnPoint stype=egg
        lock > Immovable
        avatar > MovingAvatar
    LevelMapping
        c > coin
        a > apple
        p > pear
        e > egg
        n > nest
        k > lock
    InteractionSet
        coin avatar > killSprite
        fruit avatar > killSprite
        lock avatar > killSprite
    TerminationSet
)";
  game += terminations;
  game += "\n";
  return game;
}

TEST(TerminationsTest, SpriteCounterFiresWhenTheCountReachesTheLimit) {
  State s = MakeState(GameWith("        SpriteCounter stype=coin limit=1 win=True"), "A cc\n");
  Step(s, Action::kRight);  // onto the free cell: two coins left
  EXPECT_FALSE(s.ended());
  Step(s, Action::kRight);  // eats one: 1 <= 1
  EXPECT_EQ(Count(s, "coin"), 1);
  ASSERT_TRUE(s.ended());
  EXPECT_EQ(s.player(0).winner, Winner::kWins);
}

TEST(TerminationsTest, SpriteCounterCountsADisabledAvatarAsGone) {
  // The avatar dies (is only disabled, §3.6) on the coin; SpriteCounter avatar limit=0 loses.
  constexpr std::string_view kGame = R"(BasicGame square_size=10
    SpriteSet
        coin > Immovable
        avatar > MovingAvatar
    LevelMapping
        c > coin
    InteractionSet
        avatar coin > killSprite
    TerminationSet
        SpriteCounter stype=avatar limit=0 win=False
)";
  State s = MakeState(kGame, "Ac\n");
  Step(s, Action::kRight);
  ASSERT_TRUE(s.ended());
  EXPECT_EQ(s.player(0).winner, Winner::kLoses);
}

TEST(TerminationsTest, SpriteCounterMoreFiresWhenTheCountReachesTheLimit) {
  // The nest adds one egg per tick from tick 0 (§6 SpawnPoint): 1 -> 2 -> 3 eggs.
  State s = MakeState(GameWith("        SpriteCounterMore stype=egg limit=3 win=False"), "An e\n");
  Step(s);
  EXPECT_EQ(Count(s, "egg"), 2);
  EXPECT_FALSE(s.ended());
  Step(s);
  EXPECT_EQ(Count(s, "egg"), 3);
  ASSERT_TRUE(s.ended());
  EXPECT_EQ(s.player(0).winner, Winner::kLoses);
}

TEST(TerminationsTest, MultiSpriteCounterFiresOnlyWhenTheSumEqualsTheLimit) {
  State s = MakeState(
      GameWith("        MultiSpriteCounter stype1=coin stype2=apple limit=1 win=True"), "Aca \n");
  Step(s);  // sum 2 > 1: not ended (equality, not <=)
  EXPECT_FALSE(s.ended());
  Step(s, Action::kRight);  // coin eaten: 1 == 1
  ASSERT_TRUE(s.ended());
  EXPECT_EQ(s.player(0).winner, Winner::kWins);
}

TEST(TerminationsTest, MultiSpriteCounterWithMinFiresWhenTheSumReachesTheLimit) {
  // GVGAI tests `sum == limit` and then, with min, `sum > limit`: min makes it `sum >= limit`
  // (assemblyline's `victory limit=1 min=True` wins on the first victory sprite).
  const std::string game =
      GameWith("        MultiSpriteCounter stype1=coin stype2=apple limit=2 min=True win=True");
  State three = MakeState(game, "Acaa\n");  // 3 > 2
  Step(three);
  EXPECT_TRUE(three.ended());
  State two = MakeState(game, "Aca \n");  // 2 == 2
  Step(two);
  EXPECT_TRUE(two.ended());
  State one = MakeState(game, "Ac  \n");  // 1 < 2
  Step(one);
  EXPECT_FALSE(one.ended());
}

TEST(TerminationsTest, MultiSpriteCounterSubTypesNeedsTheCountAndTheNumberOfLiveSubtypes) {
  // Level: apple, pear, apple. Eating the first apple leaves 2 fruits of 2 different kinds.
  State both = MakeState(
      GameWith("        MultiSpriteCounterSubTypes stype1=fruit limit=2 subTypesNum=2 win=True"),
      "Aapa\n");
  Step(both);
  EXPECT_FALSE(both.ended());  // 3 fruits
  Step(both, Action::kRight);
  ASSERT_TRUE(both.ended());
  EXPECT_EQ(both.player(0).winner, Winner::kWins);

  State one_kind = MakeState(
      GameWith("        MultiSpriteCounterSubTypes stype1=fruit limit=2 subTypesNum=1 win=True"),
      "Aapa\n");
  Step(one_kind, Action::kRight);  // 2 fruits but of 2 kinds
  EXPECT_FALSE(one_kind.ended());
}

TEST(TerminationsTest, MultiSpriteCounterSubTypesCountsAParentTypePlacedByTheLevel) {
  // GVGAI counts each type of fruit's subtype list (fruit, apple, pear) that has sprites of
  // its own and a live sprite among its own subtypes: two fruits placed as the parent type
  // make one such type, not the leaves, whose counts include their parent's sprites.
  constexpr std::string_view kGame = R"(BasicGame square_size=10
    SpriteSet
        fruit > Immovable
            apple >
            pear >
        avatar > MovingAvatar
    LevelMapping
        f > fruit
        a > apple
    InteractionSet
        apple avatar > killSprite
    TerminationSet
        MultiSpriteCounterSubTypes stype1=fruit limit=2 subTypesNum=1 win=True
)";
  State s = MakeState(kGame, "Aa ff\n");
  Step(s);
  EXPECT_FALSE(s.ended());  // 3 fruits; fruit and apple have sprites
  Step(s, Action::kRight);  // the apple is eaten: 2 fruits, only `fruit` has sprites
  EXPECT_EQ(Count(s, "apple"), 0);
  ASSERT_TRUE(s.ended());
  EXPECT_EQ(s.player(0).winner, Winner::kWins);
}

TEST(TerminationsTest, TimeoutFiresAtTheTickEqualToTheLimit) {
  // The first advance processes tick 0; the check in the advance of tick 3 ends the game.
  State s = MakeState(GameWith("        Timeout limit=3 win=False"), "A   \n");
  for (int i = 0; i < 3; ++i) {
    Step(s);
    EXPECT_FALSE(s.ended()) << "advance " << i;
  }
  Step(s);
  ASSERT_TRUE(s.ended());
  EXPECT_EQ(s.player(0).winner, Winner::kLoses);
}

TEST(TerminationsTest, TheFirstListedTerminationDecides) {
  // Both fire in the same tick: the first one listed sets the win state.
  State s = MakeState(GameWith("        SpriteCounter stype=coin limit=0 win=False\n"
                               "        Timeout limit=0 win=True"),
                      "Ac  \n");
  Step(s, Action::kRight);
  ASSERT_TRUE(s.ended());
  EXPECT_EQ(s.player(0).winner, Winner::kLoses);
}

TEST(TerminationsTest, StopCounterHoldsTheSpriteCountersBack) {
  // min=True: the game may end only while the locks number <= 0. SpriteCounter coin limit=1
  // holds from the start, but the lock, eaten in the third advance, holds it back until then.
  const std::string game = GameWith(
      "        StopCounter stype1=lock limit=0 min=True\n"
      "        SpriteCounter stype=coin limit=1 win=True");
  State s = MakeState(game, "A  kc\n");
  Step(s, Action::kRight);
  Step(s, Action::kRight);
  EXPECT_FALSE(s.ended());
  Step(s, Action::kRight);  // the lock is eaten: the SpriteCounter may end the game now
  EXPECT_EQ(Count(s, "lock"), 0);
  ASSERT_TRUE(s.ended());
  EXPECT_EQ(s.player(0).winner, Winner::kWins);
}

TEST(TerminationsTest, StopCounterDoesNotHoldTheTimeoutBack) {
  // GVGAI's Timeout never reads StopCounter's flag: the lock stays and the game still ends.
  const std::string game = GameWith(
      "        StopCounter stype1=lock limit=0 min=True\n"
      "        Timeout limit=1 win=True");
  State s = MakeState(game, "A   k\n");
  Step(s);
  EXPECT_FALSE(s.ended());
  Step(s);
  EXPECT_EQ(Count(s, "lock"), 1);
  ASSERT_TRUE(s.ended());
  EXPECT_EQ(s.player(0).winner, Winner::kWins);
}

TEST(TerminationsTest, StopCounterNeverEndsTheGameItself) {
  State s = MakeState(GameWith("        StopCounter stype1=lock limit=0 min=True"), "A   \n");
  for (int i = 0; i < 5; ++i) Step(s);
  EXPECT_FALSE(s.ended());
}

}  // namespace
}  // namespace vgdl::testing
