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

TEST(TerminationsTest, MultiSpriteCounterWithMinFiresWhenTheSumExceedsTheLimit) {
  const std::string game =
      GameWith("        MultiSpriteCounter stype1=coin stype2=apple limit=1 min=True win=True");
  State two = MakeState(game, "Aca \n");  // 2 > 1
  Step(two);
  EXPECT_TRUE(two.ended());
  State one = MakeState(game, "Ac  \n");  // 1 is not > 1
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

TEST(TerminationsTest, StopCounterHoldsTheOtherTerminationsBack) {
  // min=True: the game may end only while the locks number <= 0. The Timeout (tick >= 1)
  // would end the game in the second advance, but the lock, eaten in the third, holds it.
  const std::string game = GameWith(
      "        StopCounter stype1=lock limit=0 min=True\n"
      "        Timeout limit=1 win=True");
  State s = MakeState(game, "A  k\n");
  Step(s, Action::kRight);
  Step(s, Action::kRight);
  EXPECT_FALSE(s.ended());
  Step(s, Action::kRight);  // the lock is eaten: the Timeout may end the game now
  EXPECT_EQ(Count(s, "lock"), 0);
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
