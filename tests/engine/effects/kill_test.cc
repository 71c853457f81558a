// Killing effects: killSprite, killBoth, killAll, killIfAlive, killIfNotUpright, removeScore,
// and the conditional kills (killIfHasMore/Less, killIfOtherHasMore, killIfFromAbove,
// killIfFrontal, killIfNotFrontal, killIfSlow, killIfFast).
#include <cstdint>
#include <limits>
#include <numbers>
#include <string>

#include "tests/engine/effects/effect_test_util.h"

namespace vgdl::testing {
namespace {

constexpr std::string_view kGame = R"(BasicGame square_size=10
    SpriteSet
        key > Resource limit=5
        gem > Resource limit=5
        lock > Immovable
        enemy > Immovable
            goblin >
            orc >
        ghost > Missile orientation=DOWN speed=1
        avatar > MovingAvatar
    LevelMapping
        k > key
        l > lock
        g > goblin
        o > orc
        h > ghost
    InteractionSet
        goblin avatar > killSprite scoreChange=1
        avatar goblin > killSprite
        orc avatar > killBoth
        lock avatar > killAll stype=enemy
        lock ghost > killAll stype=goblin
        goblin orc > killIfAlive
        avatar lock > killIfNotUpright
        ghost avatar > removeScore
        ghost lock > removeScore stype=avatar killSecond=True
        lock avatar > killIfOtherHasMore resource=key limit=2 subtract=True scoreChange=5
        avatar ghost > killIfHasMore resource=gem limit=2 scoreChange=3
        avatar orc > killIfHasLess resource=gem limit=1 scoreChange=4
        avatar ghost > killIfFromAbove scoreChange=6
        goblin ghost > killIfFrontal scoreChange=7
        orc ghost > killIfNotFrontal scoreChange=8
        ghost goblin > killIfSlow limspeed=0.5 scoreChange=9
        ghost orc > killIfFast limspeed=0.5 scoreChange=10
    TerminationSet
        Timeout limit=1000 win=True
)";

constexpr std::string_view kLevel =
    "A l h\n"
    "g g o\n"
    "k    \n";

class KillTest : public ::testing::Test {
 protected:
  KillTest() : state_(MakeState(kGame, kLevel)) { avatar_ = First(state_, "avatar"); }
  void Run(EffectKind kind, SpriteRef s1, SpriteRef s2, int nth = 0) {
    ExecuteEffect(state_, FindEffect(state_, kind, nth), s1, s2);
  }
  double Score() const { return state_.player(0).score; }

  State state_;
  SpriteRef avatar_ = kNoSprite;
};

TEST_F(KillTest, KillSpriteListsNpcsAndOnlyDisablesAvatars) {
  const SpriteRef goblin = First(state_, "goblin");
  Run(EffectKind::kKillSprite, goblin, avatar_);
  EXPECT_TRUE(state_.in_kill_list(goblin));
  EXPECT_EQ(Score(), 1.0);
  Run(EffectKind::kKillSprite, avatar_, goblin, 1);
  EXPECT_TRUE(state_.sprite(avatar_).disabled());
  EXPECT_FALSE(state_.in_kill_list(avatar_));
  state_.ClearKillList();
  EXPECT_EQ(Count(state_, "goblin"), 1);
  EXPECT_EQ(Count(state_, "avatar"), 1);  // a dead avatar stays in its group
}

TEST_F(KillTest, KillSpriteThroughTheTickRemovesTheSprite) {
  state_.sprite(First(state_, "goblin")).rect = RectOf(state_, avatar_);
  Step(state_);
  EXPECT_EQ(Count(state_, "goblin"), 1);
  EXPECT_TRUE(state_.sprite(avatar_).disabled());  // avatar goblin > killSprite
  EXPECT_EQ(Score(), 1.0);
}

TEST_F(KillTest, KillBothKillsBoth) {
  const SpriteRef orc = First(state_, "orc");
  Run(EffectKind::kKillBoth, orc, avatar_);
  EXPECT_TRUE(state_.in_kill_list(orc));
  EXPECT_TRUE(state_.sprite(avatar_).disabled());
}

TEST_F(KillTest, KillAllTakesTheExactTypeOnly) {
  const SpriteRef lock = First(state_, "lock");
  Run(EffectKind::kKillAll, lock, avatar_);  // stype=enemy: a parent, no sprites of its own
  EXPECT_EQ(Alive(state_, "goblin"), 2);
  EXPECT_EQ(Alive(state_, "orc"), 1);
  Run(EffectKind::kKillAll, lock, First(state_, "ghost"), 1);  // stype=goblin
  EXPECT_EQ(Alive(state_, "goblin"), 0);
  EXPECT_EQ(Alive(state_, "orc"), 1);
}

TEST_F(KillTest, KillIfAliveSparesWhenTheOtherIsDead) {
  const auto goblins = Sprites(state_, "goblin");
  const SpriteRef orc = First(state_, "orc");
  Run(EffectKind::kKillIfAlive, goblins[0], orc);
  EXPECT_TRUE(state_.in_kill_list(goblins[0]));
  state_.KillSprite(orc, false);
  Run(EffectKind::kKillIfAlive, goblins[1], orc);
  EXPECT_FALSE(state_.in_kill_list(goblins[1]));
}

TEST_F(KillTest, KillIfNotUprightChecksTheRotationWindow) {
  const SpriteRef lock = First(state_, "lock");
  // GVGAI adds 2*pi once before the modulo: a rotation of 4.7 - 2*pi is upright.
  state_.sprite(avatar_).rotation = 4.7 - 2 * std::numbers::pi;
  Run(EffectKind::kKillIfNotUpright, avatar_, lock);
  EXPECT_FALSE(state_.sprite(avatar_).disabled());
  state_.sprite(avatar_).rotation = 4.7 - 4 * std::numbers::pi;  // one wrap short: negative
  Run(EffectKind::kKillIfNotUpright, avatar_, lock);
  EXPECT_TRUE(state_.sprite(avatar_).disabled());
}

TEST_F(KillTest, RemoveScoreZeroesTheFirstSpritesScoreIfItIsTheAvatar) {
  state_.player(0).score = 12;
  const SpriteRef ghost = First(state_, "ghost");
  Run(EffectKind::kRemoveScore, ghost, avatar_);  // s1 is not an avatar: nothing
  EXPECT_EQ(Score(), 12.0);
  Run(EffectKind::kRemoveScore, avatar_, ghost);  // s1 is the avatar
  EXPECT_EQ(Score(), 0.0);
  EXPECT_FALSE(state_.in_kill_list(ghost));
}

TEST_F(KillTest, RemoveScoreWithStypeZeroesThoseAvatarsAndRemovesTheSecond) {
  state_.player(0).score = 12;
  const SpriteRef ghost = First(state_, "ghost");
  const SpriteRef lock = First(state_, "lock");
  Run(EffectKind::kRemoveScore, ghost, lock, 1);
  EXPECT_EQ(Score(), 0.0);
  EXPECT_TRUE(state_.in_kill_list(lock));
}

TEST_F(KillTest, RemoveScoreKillSecondRemovesAnAvatarForGood) {
  const SpriteRef ghost = First(state_, "ghost");
  Run(EffectKind::kRemoveScore, ghost, avatar_, 1);  // s2 = avatar: removed, not disabled
  EXPECT_TRUE(state_.in_kill_list(avatar_));
  state_.ClearKillList();
  EXPECT_EQ(state_.player(0).avatar, kNoSprite);
  EXPECT_EQ(Count(state_, "avatar"), 0);
}

TEST_F(KillTest, KillIfOtherHasMoreSubtractsTheLimit) {
  const SpriteRef lock = First(state_, "lock");
  state_.ModifyResource(avatar_, Type(state_, "key"), 1);
  Run(EffectKind::kKillIfOtherHasMore, lock, avatar_);
  EXPECT_FALSE(state_.in_kill_list(lock));
  EXPECT_EQ(Score(), 0.0);  // no kill, no score
  state_.ModifyResource(avatar_, Type(state_, "key"), 2);
  Run(EffectKind::kKillIfOtherHasMore, lock, avatar_);
  EXPECT_TRUE(state_.in_kill_list(lock));
  EXPECT_EQ(state_.resource(avatar_, Type(state_, "key")), 1);  // 3 - limit 2
  EXPECT_EQ(Score(), 5.0);
}

TEST_F(KillTest, KillIfHasMoreAndLessCompareInclusively) {
  const TypeId gem = Type(state_, "gem");
  const SpriteRef ghost = First(state_, "ghost");
  const SpriteRef orc = First(state_, "orc");
  state_.ModifyResource(avatar_, gem, 1);
  Run(EffectKind::kKillIfHasMore, avatar_, ghost);  // 1 >= 2? no
  EXPECT_FALSE(state_.sprite(avatar_).disabled());
  EXPECT_EQ(Score(), 0.0);
  Run(EffectKind::kKillIfHasLess, avatar_, orc);  // 1 <= 1: yes
  EXPECT_TRUE(state_.sprite(avatar_).disabled());
  EXPECT_EQ(Score(), 4.0);
  state_.sprite(avatar_).set(SpriteFlag::kDisabled, false);
  state_.ModifyResource(avatar_, gem, 1);
  Run(EffectKind::kKillIfHasLess, avatar_, orc);  // 2 <= 1? no
  EXPECT_FALSE(state_.sprite(avatar_).disabled());
  Run(EffectKind::kKillIfHasMore, avatar_, ghost);  // 2 >= 2
  EXPECT_TRUE(state_.sprite(avatar_).disabled());
  EXPECT_EQ(Score(), 7.0);
}

TEST_F(KillTest, KillIfFromAboveNeedsTheOtherToComeDownFromAbove) {
  const SpriteRef ghost = First(state_, "ghost");
  state_.sprite(avatar_).rect = state_.sprite(avatar_).lastrect = Rect{0, 20, 10, 10};
  Move(state_, ghost, Rect{0, 10, 10, 10}, Rect{0, 14, 10, 10});  // 20 > 10 + 5, moving down
  Run(EffectKind::kKillIfFromAbove, avatar_, ghost);
  EXPECT_TRUE(state_.sprite(avatar_).disabled());
  EXPECT_EQ(Score(), 6.0);
  state_.sprite(avatar_).set(SpriteFlag::kDisabled, false);
  Move(state_, ghost, Rect{0, 15, 10, 10}, Rect{0, 16, 10, 10});  // 20 > 15 + 5? no
  Run(EffectKind::kKillIfFromAbove, avatar_, ghost);
  EXPECT_FALSE(state_.sprite(avatar_).disabled());
  EXPECT_EQ(Score(), 6.0);
}

// GVGAI adds the half height to getMinY(), a double: near INT32_MAX the sum does not wrap
// around to a y above everything.
TEST_F(KillTest, KillIfFromAboveComparesInDoublesAtTheIntRangesEnd) {
  const SpriteRef ghost = First(state_, "ghost");
  state_.sprite(avatar_).rect = state_.sprite(avatar_).lastrect = Rect{0, 0, 10, 10};
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  Move(state_, ghost, Rect{0, kMax - 2, 10, 10}, Rect{0, kMax, 10, 10});  // 0 > 2^31 + 2? no
  Run(EffectKind::kKillIfFromAbove, avatar_, ghost);
  EXPECT_FALSE(state_.sprite(avatar_).disabled());
  EXPECT_EQ(Score(), 0.0);
}

TEST_F(KillTest, KillIfFrontalKillsHeadOnOrStandingStill) {
  const auto goblins = Sprites(state_, "goblin");
  const SpriteRef ghost = First(state_, "ghost");
  Move(state_, ghost, Rect{0, 0, 10, 10}, Rect{0, 10, 10, 10});          // down
  Move(state_, goblins[0], Rect{0, 30, 10, 10}, Rect{0, 20, 10, 10});    // up: head-on
  Move(state_, goblins[1], Rect{20, 20, 10, 10}, Rect{30, 20, 10, 10});  // right
  Run(EffectKind::kKillIfFrontal, goblins[0], ghost);
  Run(EffectKind::kKillIfFrontal, goblins[1], ghost);
  EXPECT_TRUE(state_.in_kill_list(goblins[0]));
  EXPECT_FALSE(state_.in_kill_list(goblins[1]));
  EXPECT_EQ(Score(), 7.0);
  const SpriteRef orc = First(state_, "orc");  // did not move: both variants kill it
  Run(EffectKind::kKillIfNotFrontal, orc, ghost);
  EXPECT_TRUE(state_.in_kill_list(orc));
  EXPECT_EQ(Score(), 15.0);
}

TEST_F(KillTest, KillIfNotFrontalSparesHeadOn) {
  const SpriteRef orc = First(state_, "orc");
  const SpriteRef ghost = First(state_, "ghost");
  Move(state_, ghost, Rect{0, 0, 10, 10}, Rect{0, 10, 10, 10});
  Move(state_, orc, Rect{0, 30, 10, 10}, Rect{0, 20, 10, 10});
  Run(EffectKind::kKillIfNotFrontal, orc, ghost);
  EXPECT_FALSE(state_.in_kill_list(orc));
  EXPECT_EQ(Score(), 0.0);
}

TEST_F(KillTest, KillIfSlowAndFastCompareOrientationsAndAlwaysScore) {
  const SpriteRef ghost = First(state_, "ghost");    // not static, orientation DOWN
  const SpriteRef goblin = First(state_, "goblin");  // static: the ghost's speed counts
  const SpriteRef orc = First(state_, "orc");
  Run(EffectKind::kKillIfSlow, ghost, goblin);  // speed 1 < 0.5? no, but scores
  EXPECT_FALSE(state_.in_kill_list(ghost));
  EXPECT_EQ(Score(), 9.0);
  Run(EffectKind::kKillIfFast, ghost, orc);  // 1 > 0.5: killed
  EXPECT_TRUE(state_.in_kill_list(ghost));
  EXPECT_EQ(Score(), 19.0);
}

TEST_F(KillTest, KillIfSlowBetweenMovingSpritesUsesTheOrientationDifference) {
  // Two ghosts with the same orientation and large speeds: relative "speed" is 0.
  const SpriteRef a = First(state_, "ghost");
  const SpriteRef b = state_.AddSprite(Type(state_, "ghost"), 0, 0);
  state_.sprite(a).speed = 50;
  state_.sprite(b).speed = 10;
  Run(EffectKind::kKillIfSlow, a, b);
  EXPECT_TRUE(state_.in_kill_list(a));
}

// Through the tick loop: one game, one or two effect lines per test (%s).
constexpr std::string_view kPlayedGame = R"(BasicGame square_size=10
    SpriteSet
        gem > Resource
        lava > Immovable
        door > Immovable
        bomb > Immovable
        mine > Immovable
        egg > Immovable
        coin > Immovable
        thief > Immovable
        monster >
            ghost > Immovable
            troll > Immovable
        goomba > Immovable
        car > Missile orientation=LEFT speed=1
        slowcar > Missile orientation=RIGHT speed=1
        fastcar > Missile orientation=RIGHT speed=2
        bullet > Missile orientation=RIGHT speed=1
        rock > Immovable
        pad > Missile orientation=LEFT speed=1
        avatar > MovingAvatar
    LevelMapping
        g > gem
        l > lava
        d > door
        b > bomb
        m > mine
        e > egg
        c > coin
        t > thief
        h > ghost
        T > troll
        o > goomba
        r > car
        s > slowcar
        f > fastcar
        u > bullet
        k > rock
        p > pad
    InteractionSet
        gem avatar > collectResource
        coin avatar > killSprite scoreChange=5
        %s
    TerminationSet
        Timeout limit=1000 win=True
)";

bool AvatarDead(const State& s) {
  return s.sprite(First(s, "avatar")).disabled();
}

TEST(KillPlayedTest, KillBothRemovesTheBulletAndTheRock) {
  State s = MakeState(Fill(kPlayedGame, "bullet rock > killBoth"), "u k\n  A\n");
  Step(s);
  Step(s);
  EXPECT_EQ(Count(s, "rock"), 1);
  Step(s);  // the bullet reaches the rock
  EXPECT_EQ(Count(s, "bullet"), 0);
  EXPECT_EQ(Count(s, "rock"), 0);
}

TEST(KillPlayedTest, KillAllKillsEverySpriteOfTheExactType) {
  State s = MakeState(Fill(kPlayedGame, "door avatar > killAll stype=ghost"), "Ad \nhhT\n");
  Step(s, Action::kRight);
  EXPECT_EQ(Count(s, "ghost"), 0);
  EXPECT_EQ(Count(s, "troll"), 1);
  EXPECT_EQ(Count(s, "door"), 1);
  // The subtypes of stype are not included.
  State parent = MakeState(Fill(kPlayedGame, "door avatar > killAll stype=monster"), "Ad \nhhT\n");
  Step(parent, Action::kRight);
  EXPECT_EQ(Count(parent, "ghost"), 2);
  EXPECT_EQ(Count(parent, "troll"), 1);
}

TEST(KillPlayedTest, KillIfHasMoreKillsAvatarHoldingTheLimit) {
  // Gems at 10 and 30, lava at 20 and 40.
  State s =
      MakeState(Fill(kPlayedGame, "avatar lava > killIfHasMore resource=gem limit=2"), "Aglgl\n");
  Step(s, Action::kRight);
  Step(s, Action::kRight);  // one gem: survives the lava
  EXPECT_FALSE(AvatarDead(s));
  Step(s, Action::kRight);
  Step(s, Action::kRight);  // two gems: dies
  EXPECT_TRUE(AvatarDead(s));
}

TEST(KillPlayedTest, KillIfHasLessKillsAvatarHoldingAtMostTheLimit) {
  const std::string game = Fill(kPlayedGame, "avatar lava > killIfHasLess resource=gem limit=0");
  State poor = MakeState(game, "Al \n");
  Step(poor, Action::kRight);
  EXPECT_TRUE(AvatarDead(poor));
  State rich = MakeState(game, "Agl\n");
  Step(rich, Action::kRight);
  Step(rich, Action::kRight);
  EXPECT_FALSE(AvatarDead(rich));
}

TEST(KillPlayedTest, KillIfOtherHasMoreOpensADoorAndSpendsTheGem) {
  State s = MakeState(
      Fill(kPlayedGame, "door avatar > killIfOtherHasMore resource=gem limit=1 subtract=True"),
      "Agdd\n");
  const SpriteRef avatar = First(s, "avatar");
  Step(s, Action::kRight);
  EXPECT_EQ(s.resource(avatar, Type(s, "gem")), 1);
  Step(s, Action::kRight);  // the first door opens, the gem is spent
  EXPECT_EQ(Count(s, "door"), 1);
  EXPECT_EQ(s.resource(avatar, Type(s, "gem")), 0);
  Step(s, Action::kRight);  // no gem: the second door stays
  EXPECT_EQ(Count(s, "door"), 1);
}

TEST(KillPlayedTest, KillIfFromAboveNeedsTheAvatarToComeDown) {
  const std::string game = Fill(kPlayedGame, "goomba avatar > killIfFromAbove scoreChange=3");
  State above = MakeState(game, "A \no \n");
  Step(above, Action::kDown);
  EXPECT_EQ(Count(above, "goomba"), 0);
  EXPECT_EQ(above.player(0).score, 3.0);
  State side = MakeState(game, "Ao\n  \n");
  Step(side, Action::kRight);
  EXPECT_EQ(Count(side, "goomba"), 1);
  EXPECT_EQ(side.player(0).score, 0.0);  // the score only comes with the kill
}

// Head on: the avatar moves RIGHT into the car moving LEFT (they meet at x=20 on tick 1).
// From the side: the avatar steps DOWN into the car's path as the car arrives.
constexpr std::string_view kHeadOn = "A  r\n";
constexpr std::string_view kFromTheSide = "  A  \n    r\n";

void PlayHeadOn(State& s) {
  Step(s, Action::kRight);
  Step(s, Action::kRight);
}
void PlayFromTheSide(State& s) {
  Step(s);
  Step(s);
  Step(s, Action::kDown);
}

TEST(KillPlayedTest, KillIfFrontalKillsOnAHeadOnMeetingOnly) {
  const std::string game = Fill(kPlayedGame, "avatar car > killIfFrontal");
  State head_on = MakeState(game, kHeadOn);
  PlayHeadOn(head_on);
  EXPECT_TRUE(AvatarDead(head_on));
  State side = MakeState(game, kFromTheSide);
  PlayFromTheSide(side);
  EXPECT_EQ(RectOf(side, First(side, "car")), RectOf(side, First(side, "avatar")));
  EXPECT_FALSE(AvatarDead(side));
}

TEST(KillPlayedTest, KillIfNotFrontalKillsOnASideMeetingOnly) {
  const std::string game = Fill(kPlayedGame, "avatar car > killIfNotFrontal");
  State head_on = MakeState(game, kHeadOn);
  PlayHeadOn(head_on);
  EXPECT_FALSE(AvatarDead(head_on));
  State side = MakeState(game, kFromTheSide);
  PlayFromTheSide(side);
  EXPECT_TRUE(AvatarDead(side));
}

// Eggs on the paths of a speed-1 and a speed-2 car: both are reached on tick 1. The egg is
// static, so the relative speed is the car's speed.
constexpr std::string_view kEggRoad = "se  \nf e \n   A\n";

TEST(KillPlayedTest, KillIfFastKillsTheEggUnderTheFastCar) {
  State s = MakeState(Fill(kPlayedGame,
                           "egg slowcar > killIfFast limspeed=1.5\n"
                           "        egg fastcar > killIfFast limspeed=1.5"),
                      kEggRoad);
  Step(s);
  Step(s);
  ASSERT_EQ(Count(s, "egg"), 1);
  EXPECT_EQ(RectOf(s, First(s, "egg")), (Rect{10, 0, 10, 10}));
}

TEST(KillPlayedTest, KillIfSlowKillsTheEggUnderTheSlowCar) {
  State s = MakeState(Fill(kPlayedGame,
                           "egg slowcar > killIfSlow limspeed=1.5\n"
                           "        egg fastcar > killIfSlow limspeed=1.5"),
                      kEggRoad);
  Step(s);
  Step(s);
  ASSERT_EQ(Count(s, "egg"), 1);
  EXPECT_EQ(RectOf(s, First(s, "egg")), (Rect{20, 10, 10, 10}));
}

TEST(KillPlayedTest, KillIfAliveSparesTheAvatarWhenTheBombWasKilledFirst) {
  const std::string game = Fill(kPlayedGame,
                                "bomb avatar > killSprite\n"
                                "        avatar bomb > killIfAlive\n"
                                "        avatar mine > killIfAlive");
  State bomb = MakeState(game, "Ab\n");
  Step(bomb, Action::kRight);
  EXPECT_EQ(Count(bomb, "bomb"), 0);
  EXPECT_FALSE(AvatarDead(bomb));
  State mine = MakeState(game, "Am\n");
  Step(mine, Action::kRight);
  EXPECT_TRUE(AvatarDead(mine));
}

TEST(KillPlayedTest, RemoveScoreResetsTheScoreAndRemovesTheThief) {
  State s = MakeState(Fill(kPlayedGame, "avatar thief > removeScore killSecond=True"), "Act\n");
  Step(s, Action::kRight);
  EXPECT_EQ(s.player(0).score, 5.0);
  Step(s, Action::kRight);
  EXPECT_EQ(s.player(0).score, 0.0);
  EXPECT_EQ(Count(s, "thief"), 0);
}

constexpr std::string_view kLanderGame = R"(BasicGame square_size=10
    SpriteSet
        pad > Missile orientation=LEFT speed=1
        avatar > LanderAvatar physicstype=CONT
    LevelMapping
        p > pad
    InteractionSet
        avatar pad > killIfNotUpright
    TerminationSet
        Timeout limit=1000 win=True
)";

// The pad, moving left from x=70, reaches the lander at x=0 on tick 7. LEFT turns the lander
// by -0.3 rad: after five turns its rotation is -1.5 = 4.78 mod 2 pi, upright (4.4, 5.0).
TEST(KillPlayedTest, KillIfNotUprightSparesAnUprightLander) {
  for (const int turns : {1, 5}) {
    State s = MakeState(kLanderGame, "A      p\n");
    for (int t = 0; t < 8; ++t) Step(s, t < turns ? Action::kLeft : Action::kNil);
    EXPECT_EQ(RectOf(s, First(s, "pad")).x, 0);
    EXPECT_EQ(AvatarDead(s), turns == 1) << turns << " turns";
  }
}

}  // namespace
}  // namespace vgdl::testing
