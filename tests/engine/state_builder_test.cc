// The level's constants (engine/state_builder.h): what a State's constructor reads from them.
#include "engine/state_builder.h"

#include <gtest/gtest.h>

#include "tests/engine/sprites/sprite_test_util.h"

namespace vgdl {
namespace {

using testing::TinyGame;

constexpr const char* kGame = R"(BasicGame square_size=10
  SpriteSet
    floor > Immovable
    wall > Immovable
    avatar > MovingAvatar
    monster > RandomNPC cons=2
  LevelMapping
    . > floor
    m > floor monster
  InteractionSet
    avatar wall > stepBack
    monster wall > stepBack
    avatar monster > killSprite scoreChange=-1
  TerminationSet
    SpriteCounter stype=avatar limit=0 win=False
)";

TEST(StateBuilderTest, PairStepsAreTheEnabledEffectsInOrder) {
  TinyGame g(kGame, "wwwww\nwA.mw\nwwwww\n");
  ASSERT_TRUE(g.ok());
  const auto constants = StateBuilder::CompileRules(g.def(), 15);
  ASSERT_EQ(constants->pair_steps.size(), 3u);
  EXPECT_EQ(constants->pair_steps[0].first, g.Type("avatar"));
  EXPECT_EQ(constants->pair_steps[2].second, g.Type("monster"));
  // 15 cells: tiny, so an effect that moves no sprite is tested without branches.
  EXPECT_FALSE(constants->pair_steps[0].tests_without_branches);
  EXPECT_TRUE(constants->pair_steps[2].tests_without_branches);
  EXPECT_FALSE(StateBuilder::CompileRules(g.def(), 33)->pair_steps[2].tests_without_branches);
}

TEST(StateBuilderTest, TheStateReadsTheConstantsItWasBuiltWith) {
  TinyGame g(kGame, "wwwww\nwA.mw\nwwwww\n");
  ASSERT_TRUE(g.ok());
  const auto constants = StateBuilder::CompileRules(g.def(), 15);
  const State state = g.Start();
  for (const SpriteDef& d : g.def().types) {
    const auto t = static_cast<size_t>(d.id);
    EXPECT_EQ(state.is_static_type(d.id), constants->static_type[t]) << d.name;
    EXPECT_EQ(state.type_update(d.id), constants->type_update[t]) << d.name;
  }
  EXPECT_TRUE(state.is_static_type(g.Type("wall")));
  EXPECT_EQ(state.type_update(g.Type("avatar")), State::TypeUpdate::kNone);
  EXPECT_EQ(state.type_update(g.Type("monster")), State::TypeUpdate::kFull);
  // Without `obs=` on the game line, no path cache.
  EXPECT_EQ(state.path_finder(), nullptr);
}

}  // namespace
}  // namespace vgdl
