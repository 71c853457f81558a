// The render list: GVGAI's drawing order and drawing decisions, as data.
#include "engine/render.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/game.h"
#include "vgdl/java_random.h"
#include "vgdl/loader.h"

namespace vgdl {
namespace {

constexpr const char* kGame = R"(BasicGame square_size=20
  SpriteSet
    floor > Immovable color=DARKBLUE hidden=True
    wall > Immovable img=walltile autotiling=True color=GRAY
    gem > Resource limit=4 color=GOLD img=gem.png
    crate > Immovable img=crate shrinkfactor=0.6 color=BROWN
    ghost > Immovable color=PINK invisible=True
    blob > Immovable healthPoints=3 limitHealthPoints=4 shrinkfactor=0.8 color=LIGHTGREEN
    spinner > Immovable img=spin frameRate=3 color=RED
    tile > Immovable img=floor randomtiling=0.5 color=GREEN
    pointer > Missile orientation=LEFT speed=0 orientedImg=arrowimg color=BLUE
    avatar > ShootAvatar stype=bolt color=WHITE
    bolt > Missile color=YELLOW
  LevelMapping
    . > floor
    g > floor gem
    c > floor crate
    h > floor ghost
    b > floor blob
    s > floor spinner
    t > floor tile
    p > floor pointer
    A > floor avatar
  InteractionSet
    avatar wall > stepBack
    gem avatar > collectResource
    bolt wall > killSprite
  TerminationSet
    Timeout limit=100 win=True
)";

constexpr const char* kLevel =
    "wwwwwwww\n"
    "w.A.g.cw\n"
    "w.hbst.w\n"
    "ww..p..w\n"
    "wwwwwwww\n";

class RenderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    GameLoad g = LoadGameFromText(kGame, "render_test.txt");
    ASSERT_TRUE(g.game) << (g.diagnostics.items().empty() ? "" : Format(g.diagnostics.items()[0]));
    game_ = g.game;
    LevelLoad l = LoadLevelFromText(*game_, kLevel, "render_test_lvl0.txt");
    ASSERT_TRUE(l.level.has_value());
    level_ = *l.level;
  }

  State NewState(int64_t seed = 7) const { return State(game_, level_, seed); }
  TypeId Type(const char* name) const { return game_->FindType(name); }

  static std::vector<const RenderItem*> ItemsOf(const RenderList& list, TypeId t) {
    std::vector<const RenderItem*> out;
    for (const auto& item : list.items) {
      if (item.type == t) out.push_back(&item);
    }
    return out;
  }

  std::shared_ptr<const GameDef> game_;
  LevelDef level_;
};

TEST_F(RenderTest, FollowsTheSpriteOrderAndCreationOrder) {
  const State state = NewState();
  const RenderList list = BuildRenderList(state);
  EXPECT_EQ(list.width, 8 * 20);
  EXPECT_EQ(list.height, 5 * 20);
  EXPECT_EQ(list.block, 20);
  // Types appear in sprite order (avatar last), each type's sprites in creation order.
  std::vector<TypeId> order;
  int32_t last_id = -1;
  TypeId last_type = kNoType;
  for (const auto& item : list.items) {
    if (item.type != last_type) {
      order.push_back(item.type);
      last_type = item.type;
      last_id = -1;
    }
    EXPECT_GT(item.sprite_id, last_id);
    last_id = item.sprite_id;
  }
  std::vector<TypeId> expected;
  for (const TypeId t : game_->sprite_order) {
    if (state.count_of(t) > 0 && t != Type("ghost")) expected.push_back(t);
  }
  EXPECT_EQ(order, expected);
  EXPECT_EQ(order.back(), Type("avatar"));
}

TEST_F(RenderTest, LeavesOutInvisibleAndKeepsHiddenSprites) {
  const RenderList list = BuildRenderList(NewState());
  EXPECT_TRUE(ItemsOf(list, Type("ghost")).empty());
  EXPECT_EQ(ItemsOf(list, Type("floor")).size(), 17u);  // hidden only hides from agents
}

TEST_F(RenderTest, ShrinksAsGvgaiDoes) {
  const RenderList list = BuildRenderList(NewState());
  const auto crates = ItemsOf(list, Type("crate"));
  ASSERT_EQ(crates.size(), 1u);
  const RenderItem& c = *crates[0];
  EXPECT_EQ(c.rect, (Rect{120, 20, 20, 20}));
  // (int)(20 * 0.6) = 12, centred by (20 - 12) / 2 = 4.
  EXPECT_EQ(c.draw_rect, (Rect{124, 24, 12, 12}));
  EXPECT_EQ(c.image, "crate");
  EXPECT_FALSE(c.image_list);
  EXPECT_EQ(c.color, (Color{140, 120, 100}));
  const auto gems = ItemsOf(list, Type("gem"));
  ASSERT_EQ(gems.size(), 1u);
  EXPECT_EQ(gems[0]->image, "gem");  // ".png" is not part of the name
}

TEST_F(RenderTest, HealthBarAgainstTheLimit) {
  const RenderList list = BuildRenderList(NewState());
  const auto blobs = ItemsOf(list, Type("blob"));
  ASSERT_EQ(blobs.size(), 1u);
  EXPECT_TRUE(blobs[0]->has_health);
  EXPECT_DOUBLE_EQ(blobs[0]->health_fraction, 0.75);  // 3 of limitHealthPoints=4
  EXPECT_EQ(blobs[0]->health_color, (Color{200, 0, 0}));
  EXPECT_FALSE(ItemsOf(list, Type("crate"))[0]->has_health);
}

TEST_F(RenderTest, ResourceBarsOnceTheAvatarHoldsAResource) {
  State state = NewState();
  EXPECT_EQ(ItemsOf(BuildRenderList(state), Type("avatar"))[0]->bar_count, 0u);
  Advance(state, Action::kRight, StepMode::kRealGame);
  Advance(state, Action::kRight, StepMode::kRealGame);  // onto the gem
  const RenderList list = BuildRenderList(state);
  const auto avatars = ItemsOf(list, Type("avatar"));
  ASSERT_EQ(avatars.size(), 1u);
  ASSERT_EQ(avatars[0]->bar_count, 1u);
  const ResourceBar& bar = list.bars[avatars[0]->first_bar];
  EXPECT_EQ(bar.resource, Type("gem"));
  EXPECT_DOUBLE_EQ(bar.fraction, 0.25);  // 1 of limit=4
  EXPECT_EQ(bar.color, (Color{250, 212, 0}));
}

TEST_F(RenderTest, OrientedAvatarHasItsArrow) {
  const RenderList list = BuildRenderList(NewState());
  const RenderItem& a = *ItemsOf(list, Type("avatar"))[0];
  EXPECT_TRUE(a.avatar);
  EXPECT_TRUE(a.oriented_avatar);
  EXPECT_TRUE(a.arrow);
  EXPECT_EQ(a.orientation, dir::kRight);
  EXPECT_EQ(a.arrow_color, (Color{250, 5, 250}));  // (r, 255 - g, b) of WHITE
  EXPECT_EQ(a.player, 0);
  // Oriented non-avatars get no arrow in GVGAI.
  EXPECT_FALSE(ItemsOf(list, Type("pointer"))[0]->arrow);
}

TEST_F(RenderTest, DisabledAvatarIsNotDrawn) {
  State state = NewState();
  state.KillSprite(state.player(0).avatar, false);  // avatars are only disabled
  EXPECT_TRUE(ItemsOf(BuildRenderList(state), Type("avatar")).empty());
}

TEST_F(RenderTest, OrientedImagesFollowTheOrientationAfterTheFirstTick) {
  State state = NewState();
  RenderMemory memory;
  memory.Observe(state);
  RenderOptions options;
  options.memory = &memory;
  const RenderItem before = *ItemsOf(BuildRenderList(state, options), Type("pointer"))[0];
  EXPECT_EQ(before.image, "arrowimg");
  EXPECT_EQ(before.image_dir, ImageDir::kRight);  // GVGAI's last loaded direction
  Advance(state, Action::kNil, StepMode::kRealGame);
  memory.Observe(state);
  const RenderItem after = *ItemsOf(BuildRenderList(state, options), Type("pointer"))[0];
  EXPECT_EQ(after.image_dir, ImageDir::kLeft);
  EXPECT_EQ(ImageFile(after.image, after.image_list, after.image_dir, 0), "arrowimg_LEFT.png");
}

TEST_F(RenderTest, MemoryRecordsAgesAndTheBuildTimeTiles) {
  State state = NewState();
  RenderMemory memory;
  memory.Observe(state);
  RenderOptions options;
  options.memory = &memory;
  const RenderList list = BuildRenderList(state, options);
  // The wall in cell (1,3) has walls to its left (0,3) and below (1,4); the corner (0,0) to
  // its right and below.
  std::set<int> masks;
  for (const RenderItem* w : ItemsOf(list, Type("wall"))) {
    EXPECT_TRUE(w->level_built);
    EXPECT_TRUE(w->autotiling);
    EXPECT_TRUE(w->image_list);
    masks.insert(w->tile_mask);
    if (w->rect.x == 20 && w->rect.y == 60) {
      EXPECT_EQ(w->tile_mask, 1 | 8);
    }
    if (w->rect.x == 0 && w->rect.y == 0) {
      EXPECT_EQ(w->tile_mask, 2 | 8);
    }
  }
  EXPECT_GT(masks.size(), 2u);
  Advance(state, Action::kUse, StepMode::kRealGame);  // fires a bolt
  memory.Observe(state);
  Advance(state, Action::kNil, StepMode::kRealGame);
  memory.Observe(state);
  const RenderList later = BuildRenderList(state, options);
  for (const RenderItem* w : ItemsOf(later, Type("wall"))) EXPECT_EQ(w->age, 2);
  const auto bolts = ItemsOf(later, Type("bolt"));
  ASSERT_EQ(bolts.size(), 1u);
  EXPECT_FALSE(bolts[0]->level_built);
  EXPECT_EQ(bolts[0]->age, 1);
}

TEST(PickFrameTest, EmptyListShowsNothing) {
  RenderItem item;
  item.image_list = true;
  EXPECT_EQ(PickFrame(item, 0), -1);
}

TEST(PickFrameTest, AnimationBlinksBackToFrameZeroAsInGvgai) {
  RenderItem item;
  item.frame_rate = 3.0;
  item.level_built = true;
  // Switches on preMovement calls 1, 4, 7, 10 (frames 0, 1, 2, 0 of 3); frame 0 in between.
  const std::vector<int> expected = {0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 1};
  for (int age = 0; age < static_cast<int>(expected.size()); ++age) {
    item.age = age;
    EXPECT_EQ(PickFrame(item, 3), expected[static_cast<size_t>(age)]) << "age " << age;
  }
  item.frame_rate = 1.25;  // ceil: a switch every 2 calls
  item.age = 3;
  EXPECT_EQ(PickFrame(item, 5), 1);
  item.age = 4;
  EXPECT_EQ(PickFrame(item, 5), 0);
}

TEST(PickFrameTest, AutotilingKeepsItsFrames) {
  RenderItem item;
  item.autotiling = true;
  item.level_built = true;
  item.tile_mask = 9;
  item.age = 0;
  EXPECT_EQ(PickFrame(item, 16), 9);
  item.age = 50;
  EXPECT_EQ(PickFrame(item, 16), 9);  // preMovement leaves autotiling images alone
  EXPECT_EQ(PickFrame(item, 4), 0);   // too few images: the first
  item.level_built = false;
  EXPECT_EQ(PickFrame(item, 16), 0);  // created later: the first image
  item.level_built = true;
  item.frame_rate = 2.0;  // animated autotiles keep the last switched frame
  item.age = 4;
  EXPECT_EQ(PickFrame(item, 16), 1);
}

TEST(PickFrameTest, RandomTilingDrawsFromTheGameSeedOnlyBeforeTheFirstTick) {
  RenderItem item;
  item.level_built = true;
  item.random_tiling = 0.0;
  for (int64_t seed : {1, 42, -7}) {
    item.tile_seed = seed;
    JavaRandom r(seed);
    const double d = r.NextDouble();
    const int expected = d > 0.0 ? r.NextInt(6) : 0;
    item.age = 0;
    EXPECT_EQ(PickFrame(item, 6), expected);
    item.age = 1;
    EXPECT_EQ(PickFrame(item, 6), 0);  // preMovement resets it to the first image
  }
  item.age = 0;
  item.random_tiling = 1.0;  // nextDouble() is never above 1
  EXPECT_EQ(PickFrame(item, 6), 0);
}

TEST(ImageFileTest, GvgaiNames) {
  EXPECT_EQ(ImageFile("oryx/wall3", false, ImageDir::kNone, 5), "oryx/wall3.png");
  EXPECT_EQ(ImageFile("oryx/wall3", true, ImageDir::kNone, 5), "oryx/wall3_5.png");
  EXPECT_EQ(ImageFile("car", false, ImageDir::kUp, 0), "car_UP.png");
  EXPECT_EQ(ImageFile("car", true, ImageDir::kDown, 2), "car_DOWN_2.png");
  EXPECT_EQ(ImageDirName(ImageDir::kNone), "NONE");
}

TEST(FallbackColorTest, StableAndInRange) {
  const Color a = FallbackColor("alien");
  EXPECT_EQ(a, FallbackColor("alien"));
  EXPECT_NE(a, FallbackColor("alien2"));
  for (const char* name : {"", "a", "wall", "someverylongname"}) {
    const Color c = FallbackColor(name);
    for (const uint8_t v : {c.r, c.g, c.b}) {
      EXPECT_GE(v, 48);
      EXPECT_LE(v, 239);
    }
  }
}

}  // namespace
}  // namespace vgdl
