// Resource effects: collectResource, collectResourceIfHeld, changeResource.
#include "tests/engine/effects/effect_test_util.h"

namespace vgdl::testing {
namespace {

constexpr std::string_view kGame = R"(BasicGame square_size=10
    SpriteSet
        coin > Resource
        bag > Resource value=3 limit=5
        ticket > Resource limit=1
        token > Resource
        stone > Immovable
        sign > Immovable
        avatar > MovingAvatar
    LevelMapping
        c > coin
        b > bag
        t > ticket
        k > token
        s > stone
        g > sign
    InteractionSet
        coin avatar > collectResource scoreChange=1
        bag avatar > collectResource killResource=False scoreChange=2
        ticket avatar > collectResourceIfHeld heldResource=token value=2 scoreChange=3
        avatar stone > changeResource resource=stone value=1 scoreChange=4
        avatar sign > changeResource resource=token value=-1 killResource=True scoreChange=5
        avatar coin > collectResource scoreChange=6
    TerminationSet
        Timeout limit=1000 win=True
)";

constexpr std::string_view kLevel =
    "Acccbbtt\n"
    "kkksg   \n";

class ResourcesTest : public ::testing::Test {
 protected:
  ResourcesTest() : state_(MakeState(kGame, kLevel)) { avatar_ = First(state_, "avatar"); }
  void Run(EffectKind kind, SpriteRef s1, SpriteRef s2, int nth = 0) {
    ExecuteEffect(state_, FindEffect(state_, kind, nth), s1, s2);
  }
  int Held(std::string_view type) const { return state_.resource(avatar_, Type(state_, type)); }
  double Score() const { return state_.player(0).score; }

  State state_;
  SpriteRef avatar_ = kNoSprite;
};

TEST_F(ResourcesTest, CollectResourceStopsAtTheLimitAndLeavesTheResource) {
  const auto coins = Sprites(state_, "coin");
  for (SpriteRef c : coins) Run(EffectKind::kCollectResource, c, avatar_);
  EXPECT_EQ(Held("coin"), 2);  // default limit 2
  EXPECT_TRUE(state_.in_kill_list(coins[0]));
  EXPECT_TRUE(state_.in_kill_list(coins[1]));
  EXPECT_FALSE(state_.in_kill_list(coins[2]));  // did not fit: stays, no score
  EXPECT_EQ(Score(), 2.0);
}

TEST_F(ResourcesTest, CollectResourceTopsUpToTheLimit) {
  const auto bags = Sprites(state_, "bag");
  const SpriteRef first = bags.at(0);
  const SpriteRef second = bags.at(1);
  Run(EffectKind::kCollectResource, first, avatar_, 1);
  EXPECT_EQ(Held("bag"), 3);
  Run(EffectKind::kCollectResource, second, avatar_, 1);
  EXPECT_EQ(Held("bag"), 5);                 // min(3, 5 - 3)
  EXPECT_FALSE(state_.in_kill_list(first));  // killResource=False
  EXPECT_EQ(Score(), 4.0);
}

TEST_F(ResourcesTest, CollectResourceNeedsTheResourceFirst) {
  // avatar coin > collectResource: s1 is not a resource: nothing, no score.
  Run(EffectKind::kCollectResource, avatar_, First(state_, "coin"), 2);
  EXPECT_EQ(Held("coin"), 0);
  EXPECT_EQ(Score(), 0.0);
}

TEST_F(ResourcesTest, CollectResourceIfHeldNeedsEnoughOfTheHeldResource) {
  const auto tickets = Sprites(state_, "ticket");
  const TypeId token = Type(state_, "token");
  state_.ModifyResource(avatar_, token, 1);
  Run(EffectKind::kCollectResourceIfHeld, tickets[0], avatar_);  // 1 token < 2: nothing
  EXPECT_EQ(Held("ticket"), 0);
  EXPECT_FALSE(state_.in_kill_list(tickets[0]));
  state_.ModifyResource(avatar_, token, 1);
  Run(EffectKind::kCollectResourceIfHeld, tickets[0], avatar_);
  EXPECT_EQ(Held("ticket"), 1);
  EXPECT_TRUE(state_.in_kill_list(tickets[0]));
  EXPECT_EQ(Score(), 3.0);
  // Full (limit 1): the ticket is still killed, without score.
  Run(EffectKind::kCollectResourceIfHeld, tickets[1], avatar_);
  EXPECT_EQ(Held("ticket"), 1);
  EXPECT_TRUE(state_.in_kill_list(tickets[1]));
  EXPECT_EQ(Score(), 3.0);
}

TEST_F(ResourcesTest, ChangeResourceOfANonResourceTypeHasLimitZero) {
  const SpriteRef stone = First(state_, "stone");
  Run(EffectKind::kChangeResource, avatar_, stone);
  EXPECT_EQ(Held("stone"), 0);
  EXPECT_EQ(Score(), 0.0);
}

TEST_F(ResourcesTest, ChangeResourceDecreasesClampedAndRemovesTheSecond) {
  const SpriteRef sign = First(state_, "sign");
  state_.ModifyResource(avatar_, Type(state_, "token"), 2);
  Run(EffectKind::kChangeResource, avatar_, sign, 1);
  EXPECT_EQ(Held("token"), 1);
  EXPECT_TRUE(state_.in_kill_list(sign));
  Run(EffectKind::kChangeResource, avatar_, sign, 1);
  Run(EffectKind::kChangeResource, avatar_, sign, 1);  // 0 - 1 fits the limit: clamped at 0
  EXPECT_EQ(Held("token"), 0);
  EXPECT_EQ(Score(), 15.0);
}

TEST_F(ResourcesTest, CollectingThroughTheTickLoop) {
  Step(state_, Action::kRight);
  EXPECT_EQ(Held("coin"), 1);
  EXPECT_EQ(Count(state_, "coin"), 2);
  EXPECT_EQ(Score(), 1.0);
}

constexpr std::string_view kPlayedGame = R"(BasicGame square_size=10
    SpriteSet
        gem > Resource
        key > Resource limit=5
        pump > Immovable
        drain > Immovable
        avatar > MovingAvatar
    LevelMapping
        g > gem
        k > key
        p > pump
        d > drain
    InteractionSet
        key avatar > collectResource
        gem avatar > collectResourceIfHeld heldResource=key scoreChange=2
        avatar pump > changeResource resource=gem value=1 scoreChange=1
        avatar drain > changeResource resource=gem value=-3
    TerminationSet
        Timeout limit=1000 win=True
)";

TEST(ResourcesPlayedTest, ChangeResourceFillsUpToTheLimitAndDrainsToZero) {
  State s = MakeState(kPlayedGame, "Apd\n");
  const SpriteRef avatar = First(s, "avatar");
  const TypeId gem = Type(s, "gem");
  Step(s, Action::kRight);
  EXPECT_EQ(s.resource(avatar, gem), 1);
  Step(s);
  EXPECT_EQ(s.resource(avatar, gem), 2);
  Step(s);  // 2 + 1 is over the gem's limit 2: nothing, no score
  EXPECT_EQ(s.resource(avatar, gem), 2);
  EXPECT_EQ(s.player(0).score, 2.0);
  Step(s, Action::kRight);
  EXPECT_EQ(s.resource(avatar, gem), 0);
}

TEST(ResourcesPlayedTest, CollectResourceIfHeldNeedsAKey) {
  State s = MakeState(kPlayedGame, "Agkg\n");
  const SpriteRef avatar = First(s, "avatar");
  Step(s, Action::kRight);  // no key: the gem stays
  EXPECT_EQ(s.resource(avatar, Type(s, "gem")), 0);
  EXPECT_EQ(Count(s, "gem"), 2);
  Step(s, Action::kRight);
  EXPECT_EQ(s.resource(avatar, Type(s, "key")), 1);
  Step(s, Action::kRight);
  EXPECT_EQ(s.resource(avatar, Type(s, "gem")), 1);
  EXPECT_EQ(Count(s, "gem"), 1);
  EXPECT_EQ(s.player(0).score, 2.0);
}

// heldResource naming no sprite: GVGAI's getRegisteredSpriteValue gives -1 and the game loads
// (with a warning here); nobody holds -1, so with value 1 the gem is never taken, and with
// value 0 ("holds at least 0") it always is.
TEST(ResourcesPlayedTest, AnUnknownHeldResourceIsHeldByNobody) {
  for (const char* value : {"1", "0"}) {
    const std::string game = Fill(
        "BasicGame square_size=10\n  SpriteSet\n    gem > Resource\n    avatar > MovingAvatar\n"
        "  LevelMapping\n    g > gem\n  InteractionSet\n"
        "    gem avatar > collectResourceIfHeld heldResource=nothing value=%s\n"
        "  TerminationSet\n    Timeout limit=100 win=True\n",
        value);
    GameLoad load = LoadGameFromText(game, "held.txt");
    ASSERT_NE(load.game, nullptr) << value;
    EXPECT_EQ(load.diagnostics.WarningCount(), 1) << value;
    LevelLoad level = LoadLevelFromText(*load.game, "Ag\n", "held_lvl0.txt");
    ASSERT_TRUE(level.level.has_value());
    State s(load.game, *level.level, 0);
    Step(s, Action::kRight);
    EXPECT_EQ(Count(s, "gem"), std::string(value) == "1" ? 1 : 0) << value;
  }
}

}  // namespace
}  // namespace vgdl::testing
