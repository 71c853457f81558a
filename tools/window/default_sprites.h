// The default sprite set: a picture for every image name GVGAI's games use (`img=oryx/wall3`,
// `img=newset/man1`, ...), so that `vgdl play`, `vgdl render` and `vgdl render --gif` draw
// walls, floors, avatars, enemies and items without GVGAI's own (unlicensed) sprites folder.
//
// The pictures are tiles of Dungeon Crawl Stone Soup, from the Debian package crawl-tiles-data
// (CC0 / public domain, docs/sprites.md), read at run time from its packed atlases in
// /usr/share/crawl/dat/tiles (or $VGDL_CRAWL_TILES_DIR). The one table that maps each GVGAI name
// to an atlas and a pixel rectangle is kDefaultSprites in default_sprites.cc. Names are matched
// exactly, then ignoring case; a name not in the table, or a missing package, gives no image and
// the painter draws GVGAI's shape instead. `--sprites DIR` (SpriteImages) comes first.
#pragma once

#include <SFML/Graphics/Image.hpp>
#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "tools/window/canvas.h"

namespace vgdl::window {

// The crawl-tiles-data atlases the table uses.
enum class TileAtlas : uint8_t { kMain, kPlayer, kFeat, kWall, kFloor };
inline constexpr int kTileAtlasCount = 5;
std::string_view TileAtlasFile(TileAtlas atlas);  // "main.png", ...

// A tile: a rectangle of an atlas, pixels.
struct TileRect {
  TileAtlas atlas = TileAtlas::kMain;
  int x = 0;
  int y = 0;
  int w = 0;
  int h = 0;
};

struct DefaultSprite {
  std::string_view name;  // the GVGAI image name, as games write it ("oryx/wall3")
  TileRect tile;
};

// The whole table, in name order.
std::span<const DefaultSprite> DefaultSpriteTable();
// The tile of an image name: exact match, then ignoring case; null when the name is unknown.
const TileRect* FindDefaultTile(std::string_view image);

// $VGDL_CRAWL_TILES_DIR when set, else /usr/share/crawl/dat/tiles.
std::filesystem::path DefaultTilesDir();

// The tiles as images, cut from the atlases on first use and cached. When an atlas is missing
// or unreadable, its tiles give empty views (shapes are drawn).
class DefaultSprites {
 public:
  explicit DefaultSprites(std::filesystem::path tiles_dir = DefaultTilesDir());

  // Whether every atlas of the table can be read (crawl-tiles-data is installed).
  bool Available();
  const std::filesystem::path& dir() const { return dir_; }

  // The picture of a GVGAI image name, or an empty view. Tiles smaller than their atlas cell
  // are centred in a square, so that they keep their proportions when scaled to a sprite.
  ImageView ImageFor(std::string_view image);

 private:
  const sf::Image* Atlas(TileAtlas atlas);

  std::filesystem::path dir_;
  std::array<std::unique_ptr<sf::Image>, kTileAtlasCount> atlases_;
  std::array<bool, kTileAtlasCount> tried_{};
  std::map<std::string, std::unique_ptr<sf::Image>, std::less<>> tiles_;  // null: no picture
};

}  // namespace vgdl::window
