// ExecuteEffect's bookkeeping: score to every player, events (order and de-duplication),
// counters; and the registry covering every effect kind.
#include <cstdint>
#include <limits>

#include "tests/engine/effects/effect_test_util.h"
#include "vgdl/effect_catalog.h"
#include "vgdl/names.h"

namespace vgdl::testing {
namespace {

constexpr std::string_view kGame = R"(BasicGame square_size=10 no_players=2 no_counters=2
    SpriteSet
        coin > Immovable
        gem > Immovable
        bullet > Missile orientation=UP speed=0
        avatar > MovingAvatar
    LevelMapping
        c > coin
        g > gem
        b > bullet
    InteractionSet
        coin avatar > killSprite scoreChange=3,5 counter=1,2 counterElse=4,0
        gem avatar > killSprite scoreChange=2
        avatar coin > reverseDirection
        bullet gem > reverseDirection
        coin bullet > killIfHasMore resource=gem limit=1 scoreChange=9 counter=1,1
    TerminationSet
        Timeout limit=1000 win=True
)";

constexpr std::string_view kLevel = "AAcgb\n";

class ExecuteTest : public ::testing::Test {
 protected:
  ExecuteTest() : state_(MakeState(kGame, kLevel)) {
    const auto avatars = Sprites(state_, "avatar");
    a0_ = avatars.at(0);
    a1_ = avatars.at(1);
  }
  void Run(EffectKind kind, SpriteRef s1, SpriteRef s2, int nth = 0) {
    ExecuteEffect(state_, FindEffect(state_, kind, nth), s1, s2);
  }

  State state_;
  SpriteRef a0_ = kNoSprite;
  SpriteRef a1_ = kNoSprite;
};

TEST_F(ExecuteTest, EveryPlayerScoresWhoeverCollided) {
  ASSERT_EQ(state_.player_count(), 2);
  Run(EffectKind::kKillSprite, First(state_, "coin"), a1_);
  EXPECT_EQ(state_.player(0).score, 3.0);
  EXPECT_EQ(state_.player(1).score, 5.0);
  Run(EffectKind::kKillSprite, First(state_, "gem"), a0_, 1);  // a one-element list: both
  EXPECT_EQ(state_.player(0).score, 5.0);
  EXPECT_EQ(state_.player(1).score, 7.0);
}

TEST_F(ExecuteTest, CountersAddCounterAndCounterElse) {
  Run(EffectKind::kKillSprite, First(state_, "coin"), a0_);
  EXPECT_EQ(state_.counters(), (std::vector<int>{5, 2}));  // {1,2} + {4,0}
}

// Java's int addition: a counter past the int range wraps around, as in GVGAI.
TEST_F(ExecuteTest, CountersWrapAroundAsInJava) {
  state_.counters()[0] = std::numeric_limits<int32_t>::max() - 1;
  Run(EffectKind::kKillSprite, First(state_, "coin"), a0_);
  EXPECT_EQ(state_.counters()[0], std::numeric_limits<int32_t>::min() + 3);  // + 1 + 4
}

TEST_F(ExecuteTest, AFailedConditionSkipsTheScoreButNotTheCounter) {
  Run(EffectKind::kKillIfHasMore, First(state_, "coin"), First(state_, "bullet"));
  EXPECT_EQ(state_.player(0).score, 0.0);
  EXPECT_EQ(state_.counters(), (std::vector<int>{1, 1}));  // count stays on (GVGAI)
}

TEST_F(ExecuteTest, EventsRecordTheAvatarAsActiveAndDeduplicatePerTick) {
  const SpriteRef coin = First(state_, "coin");
  Run(EffectKind::kReverseDirection, a0_, coin);
  Run(EffectKind::kReverseDirection, a1_, coin);  // same tick, same types: one event
  ASSERT_EQ(state_.events().size(), 1u);
  const Event& e = state_.events()[0];
  EXPECT_EQ(e.tick, state_.tick());
  EXPECT_FALSE(e.from_avatar);
  EXPECT_EQ(e.active_type, Type(state_, "avatar"));
  EXPECT_EQ(e.passive_type, Type(state_, "coin"));
  EXPECT_EQ(e.active_id, state_.sprite(a0_).id);  // the first one is kept
  EXPECT_EQ(e.passive_id, state_.sprite(coin).id);
  EXPECT_EQ(e.position, (Vec2{0, 0}));
  // The avatar as second sprite is still the active one.
  Run(EffectKind::kKillSprite, First(state_, "gem"), a0_, 1);
  ASSERT_EQ(state_.events().size(), 2u);
  EXPECT_EQ(state_.events()[1].active_type, Type(state_, "avatar"));
  EXPECT_EQ(state_.events()[1].passive_type, Type(state_, "gem"));
}

TEST_F(ExecuteTest, EventsOfAvatarMadeSpritesComeFirstAndOthersAreNotRecorded) {
  const SpriteRef bullet = First(state_, "bullet");
  Run(EffectKind::kReverseDirection, bullet, First(state_, "gem"), 1);
  EXPECT_TRUE(state_.events().empty());  // neither party involves the avatar
  state_.sprite(bullet).set(SpriteFlag::kFromAvatar);
  Run(EffectKind::kReverseDirection, a0_, First(state_, "coin"));
  Run(EffectKind::kReverseDirection, bullet, First(state_, "gem"), 1);
  ASSERT_EQ(state_.events().size(), 2u);
  EXPECT_TRUE(state_.events()[0].from_avatar);
  EXPECT_EQ(state_.events()[0].active_type, Type(state_, "bullet"));
  EXPECT_FALSE(state_.events()[1].from_avatar);
}

TEST_F(ExecuteTest, EndOfScreenCallsRecordNoEvent) {
  Run(EffectKind::kReverseDirection, a0_, kNoSprite);
  EXPECT_TRUE(state_.events().empty());
}

TEST_F(ExecuteTest, EventsAreOrderedByTick) {
  const SpriteRef coin = First(state_, "coin");
  Run(EffectKind::kReverseDirection, a0_, coin);
  Step(state_);
  Run(EffectKind::kReverseDirection, a0_, coin);
  ASSERT_EQ(state_.events().size(), 2u);
  EXPECT_LT(state_.events()[0].tick, state_.events()[1].tick);
}

TEST(RegistryTest, EveryEffectKindRunsWithoutSprites) {
  // Each effect called with no sprites (as an addTimer delegate would) must neither crash nor
  // touch anything it cannot reach.
  State state = MakeState(kGame, kLevel);
  const JavaRandom rng = state.rng();
  const int sprites = state.sprite_count();
  for (int k = 0; k < kEffectKindCount; ++k) {
    EffectDef def;
    def.kind = static_cast<EffectKind>(k);
    def.stype = Type(state, "gem");
    EffectCall call{state, def, kNoSprite, kNoSprite};
    ApplyEffect(call);
  }
  // No draw without sprites, nothing created; killAll/transformToAll (no trigger sprite
  // needed) did act on the gems.
  EXPECT_EQ(state.rng(), rng);
  EXPECT_EQ(state.sprite_count(), sprites + 1);  // transformToAll made one wall from the gem
  EXPECT_TRUE(state.in_kill_list(First(state, "gem")));
}

TEST(RegistryTest, EffectsGvgaiOnlyWarnsAboutDoNothingWithoutASecondSprite) {
  // Where GVGAI's effect finds no second sprite (an EOS or TIME line) it logs a warning and
  // returns; `vgdl check` reports such lines by lang::SpritesGvgaiNeeds, so the engine must
  // leave everything as it was for the same kinds.
  for (int k = 0; k < kEffectKindCount; ++k) {
    const auto kind = static_cast<EffectKind>(k);
    if (!lang::SpritesGvgaiNeeds(kind).second) continue;
    State state = MakeState(kGame, kLevel);
    const SpriteRef bullet = First(state, "bullet");
    state.sprite(bullet).rect.y += 3;  // a move this tick, for the effects that undo one
    const Sprite before = state.sprite(bullet);
    const JavaRandom rng = state.rng();
    const int sprites = state.sprite_count();
    EffectDef def;
    def.kind = kind;
    def.stype = Type(state, "gem");
    def.resource = Type(state, "gem");
    EffectCall call{state, def, bullet, kNoSprite};
    ApplyEffect(call);
    const Sprite& after = state.sprite(bullet);
    SCOPED_TRACE(std::string(EffectKindName(kind)));
    EXPECT_EQ(state.rng(), rng);
    EXPECT_EQ(state.sprite_count(), sprites);
    EXPECT_FALSE(state.in_kill_list(bullet));
    EXPECT_EQ(after.rect, before.rect);
    EXPECT_EQ(after.orientation, before.orientation);
    EXPECT_EQ(after.speed, before.speed);
  }
}

}  // namespace
}  // namespace vgdl::testing
