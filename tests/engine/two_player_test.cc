// The engine side of GVGAI's 2-player games (spec §3, §9, §12): avatars assigned to players in
// creation order, one action per player each tick, per-player scores, counters, action lists
// and win states, and the Timeout variants that let counters decide.
#include <gtest/gtest.h>

#include <array>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine/game.h"
#include "engine/observation.h"
#include "tests/engine/effects/effect_test_util.h"

namespace vgdl::testing {
namespace {

// Player 0 moves; player 1 shoots. A coin scores per player and counts per counter.
constexpr std::string_view kDuel = R"(BasicGame square_size=10 no_players=2 no_counters=2
    SpriteSet
        floor > Immovable
        coin > Immovable
        arrow > Missile orientation=RIGHT speed=1
        walker > MovingAvatar
        archer > ShootAvatar stype=arrow
    LevelMapping
        . > floor
        c > coin
        A > walker
        B > archer
    InteractionSet
        coin walker > killSprite scoreChange=3,1 counter=1,0
        walker arrow > killSprite scoreChange=0,5
        arrow EOS > killSprite
    TerminationSet
        SpriteCounter stype=walker limit=0 win=False,True
        SpriteCounter stype=coin limit=0 win=True,False
        Timeout limit=50 win=False,False
)";

State Duel() {
  return MakeState(kDuel, ".Ac.\nB...\n");
}

void Step(State& s, Action p0, Action p1) {
  const std::array<Action, 2> actions{p0, p1};
  Advance(s, actions, StepMode::kForwardModel);
}

// Each player's result, player 0 first.
void ExpectResults(const State& s, Winner player0, Winner player1) {
  EXPECT_EQ(GameWinner(s, 0), player0);
  EXPECT_EQ(GameWinner(s, 1), player1);
}

// A state of `game_text` on a level with warnings (which MakeState refuses), and the level's
// diagnostics.
std::pair<State, std::string> StateAndWarnings(std::string_view game_text,
                                               std::string_view level_text) {
  const GameLoad game = LoadGameFromText(game_text, "game.txt");
  if (!game.game) throw std::runtime_error("game does not load:\n" + Problems(game.diagnostics));
  const LevelLoad level = LoadLevelFromText(*game.game, level_text, "game_lvl0.txt");
  if (!level.level)
    throw std::runtime_error("level does not load:\n" + Problems(level.diagnostics));
  return {State(game.game, *level.level, 0), Problems(level.diagnostics)};
}

TEST(TwoPlayerTest, EachPlayerHasItsAvatarAndItsActions) {
  const State s = Duel();
  ASSERT_EQ(s.player_count(), 2);
  EXPECT_EQ(AvatarType(s, 0), s.def().FindType("walker"));
  EXPECT_EQ(AvatarType(s, 1), s.def().FindType("archer"));
  // GVGAI's order: MovingAvatar offers the four moves, ShootAvatar USE first.
  EXPECT_EQ(AvailableActions(s, 0),
            (std::vector<Action>{Action::kLeft, Action::kRight, Action::kDown, Action::kUp}));
  EXPECT_EQ(AvailableActions(s, 1).front(), Action::kUse);
  EXPECT_EQ(AvailableActions(s, 1).size(), 5u);
}

TEST(TwoPlayerTest, ActionsGoToTheirOwnAvatars) {
  State s = Duel();
  const Vec2 walker = AvatarPosition(s, 0);
  const Vec2 archer = AvatarPosition(s, 1);
  Step(s, Action::kNil, Action::kRight);
  EXPECT_EQ(AvatarPosition(s, 0), walker);
  EXPECT_EQ(AvatarPosition(s, 1), (Vec2{archer.x + 10, archer.y}));
}

TEST(TwoPlayerTest, ScoresCountersAndWinsArePerPlayer) {
  State s = Duel();
  // The walker takes the coin: player 0 scores 3, player 1 scores 1, counter 0 goes up.
  Step(s, Action::kRight, Action::kNil);
  EXPECT_EQ(Score(s, 0), 3.0);
  EXPECT_EQ(Score(s, 1), 1.0);
  EXPECT_EQ(s.counters(), (std::vector<int>{1, 0}));
  // No coin left: the second termination fires, player 0 wins and player 1 loses.
  ASSERT_TRUE(s.ended());
  ExpectResults(s, Winner::kWins, Winner::kLoses);
}

TEST(TwoPlayerTest, TheOtherPlayerCanEndTheGame) {
  State s = MakeState(kDuel, "c...\nBA..\n");
  // The archer faces right at the walker: its arrow kills the walker.
  for (int i = 0; i < 3 && !s.ended(); ++i) Step(s, Action::kNil, Action::kUse);
  ASSERT_TRUE(s.ended());
  EXPECT_EQ(Score(s, 1), 5.0);
  ExpectResults(s, Winner::kLoses, Winner::kWins);
}

TEST(TwoPlayerTest, AvatarsBeyondThePlayerCountAreRemoved) {
  const auto [s, warnings] = StateAndWarnings(kDuel, "AAB.\n....\n");
  EXPECT_NE(warnings.find("places 3 avatars but the game has no_players=2"), std::string::npos);
  // GVGAI keeps the first two in reading order and destroys the rest.
  EXPECT_EQ(s.count_of(s.def().FindType("walker")), 2);
  EXPECT_EQ(s.count_of(s.def().FindType("archer")), 0);
}

// The walker's thorn costs player 0 a point; the game ends when it is gone, and count_score
// decides.
constexpr std::string_view kThornGame = R"(BasicGame square_size=10 no_players=2
    SpriteSet
        floor > Immovable
        thorn > Immovable
        walker > MovingAvatar
        sitter > MovingAvatar
    LevelMapping
        . > floor
        t > thorn
        A > walker
        B > sitter
    InteractionSet
        thorn walker > killSprite scoreChange=-1,0
    TerminationSet
        SpriteCounter stype=thorn limit=0 win=False,False count_score=True
)";

TEST(TwoPlayerTest, CountScorePassesOverTheOtherPlayersScoresOfZero) {
  State s = MakeState(kThornGame, "At..\nB...\n");
  Step(s, Action::kRight, Action::kNil);
  ASSERT_TRUE(s.ended());
  EXPECT_EQ(Score(s, 0), -1.0);
  EXPECT_EQ(Score(s, 1), 0.0);
  // GVGAI's countScore starts from player 0's -1 and skips player 1's 0: player 0 has the
  // highest score it saw.
  ExpectResults(s, Winner::kWins, Winner::kLoses);
}

TEST(TwoPlayerTest, APlayerWithoutAnAvatarGetsNoResult) {
  auto [s, warnings] = StateAndWarnings(kThornGame, "At..\n....\n");
  EXPECT_NE(warnings.find("the level places 1 avatar but the game has no_players=2: a player "
                          "without one gets no result"),
            std::string::npos)
      << warnings;
  Step(s, Action::kRight, Action::kNil);
  ASSERT_TRUE(s.ended());
  // GVGAI sets results on the players' avatars: player 1 has none.
  ExpectResults(s, Winner::kWins, Winner::kNone);
}

// Two avatars placed, but of types under a singleton parent: GVGAI refuses the second.
TEST(TwoPlayerTest, ASingletonAvatarTypeLeavesTheSecondPlayerWithoutAvatar) {
  std::string text(kThornGame);
  text.replace(text.find("        walker > MovingAvatar\n        sitter > MovingAvatar"), 59,
               "        avatar > MovingAvatar singleton=True\n            walker >\n"
               "            sitter >");
  auto [s, warnings] = StateAndWarnings(text, "At..\nB...\n");
  EXPECT_NE(warnings.find("2:1: warning: the level places 2 avatars, of which a singleton type "
                          "lets 1 be made, but the game has no_players=2"),
            std::string::npos)
      << warnings;
  EXPECT_EQ(s.player(1).avatar, kNoSprite);
  Step(s, Action::kRight, Action::kNil);
  ASSERT_TRUE(s.ended());
  EXPECT_EQ(GameWinner(s, 1), Winner::kNone);
}

// Four avatars placed, one refused by its singleton type: of the three made, GVGAI removes the
// third, so the warning points at the sitter, not at the walker that the refusal let stay.
TEST(TwoPlayerTest, TheAvatarsRemovedAreCountedAmongThoseMade) {
  std::string text(kThornGame);
  text.replace(text.find("        walker > MovingAvatar"), 29,
               "        guard > MovingAvatar singleton=True\n        walker > MovingAvatar");
  text.replace(text.find("        A > walker"), 18, "        g > guard\n        A > walker");
  auto [s, warnings] = StateAndWarnings(text, "ggAB\n....\n");
  EXPECT_NE(warnings.find("1:4: warning: the level places 4 avatars, of which a singleton type "
                          "lets 3 be made, but the game has no_players=2; GVGAI removes the "
                          "extra ones"),
            std::string::npos)
      << warnings;
  EXPECT_EQ(s.count_of(s.def().FindType("guard")), 1);
  EXPECT_EQ(s.count_of(s.def().FindType("walker")), 1);
  EXPECT_EQ(s.count_of(s.def().FindType("sitter")), 0);
}

constexpr std::string_view kCounterGame = R"(BasicGame square_size=10 no_players=2 no_counters=2
    SpriteSet
        floor > Immovable
        tokenA > Immovable
        tokenB > Immovable
        avatar > MovingAvatar
    LevelMapping
        . > floor
        a > tokenA
        b > tokenB
    InteractionSet
        tokenA avatar > killSprite counter=1,0
        tokenB avatar > killSprite counter=0,1
    TerminationSet
        Timeout limit=3 use_counter=True %s
)";

State CounterGame(const std::string& timeout_params, const char* level) {
  std::string text(kCounterGame);
  text.replace(text.find("%s"), 2, timeout_params);
  return MakeState(text, level);
}

// Plays until the Timeout (limit 3: the check at tick 3 ends it): player 0 walks right over
// the tokens to its right, player 1 stands still. With two avatars of one type, GVGAI gives
// player 0 the later one in reading order (its createAvatars reverses the list): the second
// row's.
State PlayThreeTicks(State s) {
  for (int i = 0; i < 4; ++i) Step(s, Action::kRight, Action::kNil);
  EXPECT_TRUE(s.ended());
  return s;
}

// GVGAI's Timeout starts its `win` list afresh for each player it tests, so only the last
// player's test is left: it decides player 0's result, and player 1 always loses (probe game
// `counterlimits`).
TEST(TwoPlayerTest, TimeoutWithLimitsKeepsOnlyTheLastPlayersTest) {
  // Player 0 collects one tokenA (counter 0 = 1); counter 1 stays 0, not its limit.
  const State red = PlayThreeTicks(CounterGame("limits=1,1 win=False,False", "A...\nAa..\n"));
  EXPECT_EQ(red.counters(), (std::vector<int>{1, 0}));
  ExpectResults(red, Winner::kLoses, Winner::kLoses);
  // A tokenB instead: counter 1 reaches its limit, and player 0 wins.
  const State blue = PlayThreeTicks(CounterGame("limits=1,1 win=False,False", "A...\nAb..\n"));
  EXPECT_EQ(blue.counters(), (std::vector<int>{0, 1}));
  ExpectResults(blue, Winner::kWins, Winner::kLoses);
}

TEST(TwoPlayerTest, TimeoutComparingCountersFavoursPlayerZeroWhenTheyDiffer) {
  const State differ = PlayThreeTicks(CounterGame("compare=True", "A...\nAa..\n"));
  ExpectResults(differ, Winner::kWins, Winner::kLoses);
  // One token of each kind: the counters are equal, the other player wins.
  const State equal = PlayThreeTicks(CounterGame("compare=True", "A...\nAab.\n"));
  EXPECT_EQ(equal.counters(), (std::vector<int>{1, 1}));
  ExpectResults(equal, Winner::kLoses, Winner::kWins);
}

TEST(TwoPlayerTest, TimeoutWithoutCountersForEveryPlayerHasNoWinner) {
  std::string text(kCounterGame);
  text.replace(text.find("no_counters=2"), 13, "no_counters=1");
  text.replace(text.find("%s"), 2, "limits=1,1 win=True,True");
  const State s = PlayThreeTicks(MakeState(text, "A...\nAa..\n"));
  ExpectResults(s, Winner::kLoses, Winner::kLoses);
}

}  // namespace
}  // namespace vgdl::testing
