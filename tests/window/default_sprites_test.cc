// The default sprite set (tools/window/default_sprites.h) and the painter's fallback shapes.
// The table's own checks run everywhere. The tests that read crawl-tiles-data's atlases skip
// without the package, except under VGDL_REQUIRE_CRAWL_TILES=1 (CI), where they fail. Their
// goldens under tests/data/window/golden/ are regenerated with
//   VGDL_UPDATE_GOLDEN=1 ./build/release/tests/vgdl_window_tests --gtest_filter='DefaultSprites*'
// (check the new images by eye before committing them).
#include "tools/window/default_sprites.h"

#include <gtest/gtest.h>

#include <SFML/Graphics/Image.hpp>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <tuple>

#include "tests/temp_dir.h"
#include "tests/window/command_util.h"
#include "tests/window/golden_image.h"
#include "tools/window/painter.h"
#include "tools/window/sprite_images.h"

namespace vgdl::window {
namespace {

namespace fs = std::filesystem;
using testing::Data;
using testing::DataFile;
using testing::Quote;
using testing::RunShell;
using testing::Vgdl;

bool EnvSet(const char* name) {
  const char* env = std::getenv(name);
  return env != nullptr && *env != '\0' && std::string(env) != "0";
}

// Skips the test when the atlases cannot be read, or fails under VGDL_REQUIRE_CRAWL_TILES=1.
#define REQUIRE_CRAWL_TILES(defaults)                                                         \
  do {                                                                                        \
    if (!(defaults).Available()) {                                                            \
      if (EnvSet("VGDL_REQUIRE_CRAWL_TILES")) {                                               \
        FAIL() << "VGDL_REQUIRE_CRAWL_TILES=1 but crawl-tiles-data's atlases are not in "     \
               << (defaults).dir() << " (scripts/install-deps installs it)";                  \
      }                                                                                       \
      GTEST_SKIP() << "crawl-tiles-data is not installed (no atlases in " << (defaults).dir() \
                   << "): the default sprite set is not checked";                             \
    }                                                                                         \
  } while (false)

TEST(DefaultSpritesTable, NamesAreSortedUniqueAndFound) {
  const auto table = DefaultSpriteTable();
  ASSERT_GT(table.size(), 400u);
  for (size_t i = 0; i < table.size(); ++i) {
    if (i > 0) {
      EXPECT_LT(table[i - 1].name, table[i].name);
    }
    EXPECT_EQ(FindDefaultTile(table[i].name), &table[i].tile) << table[i].name;
    const TileRect& t = table[i].tile;
    EXPECT_TRUE(t.w > 0 && t.h > 0 && t.w <= 64 && t.h <= 64 && t.x >= 0 && t.y >= 0)
        << table[i].name;
  }
}

TEST(DefaultSpritesTable, CoversTheCommonKindsAndIgnoresCase) {
  for (const char* name : {"oryx/wall3", "oryx/floor3", "oryx/swordman1", "oryx/key2",
                           "oryx/doorclosed1", "newset/man1", "oryx/alien1", "oryx/bullet1"}) {
    EXPECT_NE(FindDefaultTile(name), nullptr) << name;
  }
  // GVGAI's games were written on case-insensitive file systems.
  EXPECT_EQ(FindDefaultTile("oryx/DIRTWALL"), FindDefaultTile("oryx/dirtWall"));
  EXPECT_NE(FindDefaultTile("oryx/DIRTWALL"), nullptr);
  EXPECT_EQ(FindDefaultTile("oryx/no_such_image"), nullptr);
  EXPECT_EQ(FindDefaultTile(""), nullptr);
  // Walls, floors, avatars, enemies and keys do not share a tile.
  std::set<std::tuple<int, int, int>> seen;
  for (const char* name : {"oryx/wall3", "oryx/floor3", "oryx/swordman1", "oryx/bat1", "oryx/key2",
                           "oryx/doorclosed1", "oryx/gold2", "oryx/bullet1"}) {
    const TileRect* t = FindDefaultTile(name);
    ASSERT_NE(t, nullptr) << name;
    EXPECT_TRUE(seen.insert({static_cast<int>(t->atlas), t->x, t->y}).second) << name;
  }
}

TEST(DefaultSpritesTable, EveryTileLiesInsideItsAtlas) {
  DefaultSprites defaults;
  REQUIRE_CRAWL_TILES(defaults);
  for (int a = 0; a < kTileAtlasCount; ++a) {
    sf::Image atlas;
    const fs::path file = defaults.dir() / TileAtlasFile(static_cast<TileAtlas>(a));
    ASSERT_TRUE(atlas.loadFromFile(file.string())) << file;
    for (const DefaultSprite& s : DefaultSpriteTable()) {
      if (static_cast<int>(s.tile.atlas) != a) continue;
      EXPECT_LE(s.tile.x + s.tile.w, static_cast<int>(atlas.getSize().x)) << s.name;
      EXPECT_LE(s.tile.y + s.tile.h, static_cast<int>(atlas.getSize().y)) << s.name;
      const ImageView image = defaults.ImageFor(s.name);
      EXPECT_NE(image.rgba, nullptr) << s.name;
      EXPECT_EQ(image.width, image.height) << s.name;
    }
  }
}

TEST(DefaultSpritesTable, MissingAtlasesGiveNoImages) {
  DefaultSprites none("/no/such/dir");
  EXPECT_FALSE(none.Available());
  EXPECT_EQ(none.ImageFor("oryx/wall3").rgba, nullptr);
}

TEST(DefaultSpritesImages, TheSpritesFolderComesFirst) {
  DefaultSprites defaults;
  REQUIRE_CRAWL_TILES(defaults);
  SpriteImages images(Data() / "sprites", &defaults);
  RenderItem item;
  item.image = "gem";  // in the folder, not in the table
  EXPECT_EQ(images.ImageFor(item).rgba, images.Get("gem.png").rgba);
  EXPECT_NE(images.ImageFor(item).rgba, nullptr);
  item.image = "oryx/wall3";  // not in the folder: the default set's tile
  EXPECT_EQ(images.ImageFor(item).rgba, defaults.ImageFor("oryx/wall3").rgba);
  EXPECT_NE(images.ImageFor(item).rgba, nullptr);
  SpriteImages shapes;
  EXPECT_EQ(shapes.ImageFor(item).rgba, nullptr);
}

// A shape drawn on a shape of its own colour gets a border in another shade.
TEST(PainterFallback, AShapeOnItsOwnColourKeepsABorder) {
  constexpr Color kGrey{90, 90, 90};
  RenderList list;
  list.width = 40;
  list.height = 20;
  RenderItem floor;
  floor.rect = floor.draw_rect = {0, 0, 20, 20};
  floor.color = kGrey;
  RenderItem wall = floor;  // the same type: only the canvas under it tells
  RenderItem other = floor;
  other.rect = other.draw_rect = {20, 0, 20, 20};
  other.color = {200, 0, 0};
  RenderItem on_other = other;
  on_other.color = kGrey;
  list.items = {floor, wall, other, on_other};
  const Canvas canvas = PaintFrame(list, nullptr);
  EXPECT_EQ(canvas.At(10, 10), kGrey);
  EXPECT_NE(canvas.At(0, 0), kGrey);  // the wall's border
  EXPECT_NE(canvas.At(19, 10), kGrey);
  EXPECT_EQ(canvas.At(20, 0), kGrey);  // on another colour: no border
  EXPECT_EQ(canvas.At(30, 10), kGrey);
  // Dark colours get a lighter border, light ones a darker one.
  list.items = {floor, wall};
  list.items[0].color = list.items[1].color = Color{0, 0, 0};
  const Canvas dark = PaintFrame(list, nullptr);
  EXPECT_GT(dark.At(0, 0).r, 0);
  list.items[0].color = list.items[1].color = Color{250, 250, 250};
  EXPECT_LT(PaintFrame(list, nullptr).At(0, 0).r, 250);
}

// GVGAI's zelda: grey walls beside grey floors, not on them. The later type gets the border,
// the earlier type and later sprites of it do not.
TEST(PainterFallback, ATypeInAnEarlierTypesColourKeepsABorder) {
  constexpr Color kGrey{90, 90, 90};
  RenderList list;
  list.width = 60;
  list.height = 20;
  RenderItem floor;
  floor.type = 1;
  floor.rect = floor.draw_rect = {0, 0, 20, 20};
  floor.color = kGrey;
  RenderItem wall = floor;
  wall.type = 2;
  wall.rect = wall.draw_rect = {20, 0, 20, 20};
  RenderItem floor2 = floor;
  floor2.rect = floor2.draw_rect = {40, 0, 20, 20};
  list.items = {floor, wall, floor2};
  const Canvas canvas = PaintFrame(list, nullptr);
  EXPECT_EQ(canvas.At(0, 0), kGrey);
  EXPECT_NE(canvas.At(20, 0), kGrey);
  EXPECT_EQ(canvas.At(30, 10), kGrey);
  EXPECT_EQ(canvas.At(40, 0), kGrey);
}

// `vgdl render` of a game of tests/data/window with the default set, against golden/<golden>.
void ExpectDefaultGolden(const std::string& game, const std::string& golden) {
  DefaultSprites defaults;
  REQUIRE_CRAWL_TILES(defaults);
  vgdl::testing::TempDir dir("vgdl_default_golden");
  const fs::path out = dir / golden;
  const auto r = RunShell("env -u DISPLAY -u VGDL_SPRITES_DIR " + Vgdl() + " render " +
                          DataFile(game) + " --level 0 --out " + Quote(out.string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  testing::ExpectMatchesGolden(out, golden, dir);
}

TEST(DefaultSpritesGolden, Dungeon) {
  ExpectDefaultGolden("dungeon.txt", "dungeon_default.png");
}

TEST(DefaultSpritesGolden, Starbase) {
  ExpectDefaultGolden("starbase.txt", "starbase_default.png");
}

}  // namespace
}  // namespace vgdl::window
