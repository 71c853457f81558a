// The render list: what a frame shows, as data. The engine does not draw (DESIGN.md); the SFML
// window and the PNG exporter (tools/window/) turn this list into pixels.
//
// Items follow GVGAI's drawing order (spec §2.5): the sprite order forward, each type's
// sprites in creation order. One item per sprite that GVGAI would draw for the viewing player:
// disabled sprites and sprites `invisible` for that player are left out; `hidden` sprites are
// drawn (hidden only hides them from agents). Instances of non-leaf types are not drawn, as in
// GVGAI, which draws only the types of its sprite order.
//
// Image choice follows VGDLSprite.loadImage/preMovement and BasicGame.buildLevel, quirks
// included (see PickFrame). GVGAI keeps the chosen image in the sprite; we derive it from the
// sprite's age (its number of preMovement calls) and from how it was created, which a
// RenderMemory records while watching the game tick by tick.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/state.h"
#include "vgdl/game_def.h"
#include "vgdl/geometry.h"

namespace vgdl {

// GVGAI's direction suffix of oriented image files ("_UP", ...); kNone: no suffix.
enum class ImageDir : uint8_t { kNone, kUp, kDown, kLeft, kRight };
std::string_view ImageDirName(ImageDir d);  // "NONE", "UP", "DOWN", "LEFT", "RIGHT"

// One resource held by a sprite, drawn as a horizontal bar (GVGAI's _drawResources).
struct ResourceBar {
  TypeId resource = kNoType;
  Color color{};
  // amount / the resource's limit, clamped to [0, 1]; NaN when the type has no limit and the
  // amount is 0 (GVGAI's 0/0: nothing is drawn, but the bar still takes its row).
  double fraction = 0.0;
};

struct RenderItem {
  TypeId type = kNoType;
  int32_t sprite_id = 0;
  int player = -1;  // the avatar's player, -1 for other sprites
  Rect rect;        // the sprite's rectangle, pixels
  // The rectangle after shrinkfactor, centred as GVGAI centres it (integer arithmetic). Shapes,
  // images and bars are drawn in it.
  Rect draw_rect;
  Color color{};
  bool avatar = false;  // without an image, avatars are ellipses and other sprites rectangles

  // The image, by GVGAI name ("oryx/wall3", ".png" stripped); empty when the type has none.
  std::string_view image;
  // A numbered list "<image>[_<DIR>]_<i>.png" (autotiling, randomtiling or frameRate given)
  // instead of the single file "<image>[_<DIR>].png".
  bool image_list = false;
  ImageDir image_dir = ImageDir::kNone;  // orientedImg only
  // Frame selection inputs (PickFrame).
  // Ticks completed since the sprite was first seen: GVGAI's count of preMovement calls, give
  // or take the tick the sprite was created in.
  int32_t age = 0;
  bool level_built = false;  // created when the level was built
  bool autotiling = false;
  int tile_mask = -1;  // autotiling: neighbours of the same type at build time, 0..15
  double random_tiling = -1.0;
  double frame_rate = -1.0;
  int64_t tile_seed = 0;  // the game's seed: randomtiling draws from Random(seed)

  // Oriented avatars: GVGAI scales the image uniformly and rotates it by `rotation` (radians)
  // about its centre, then draws the arrow when draw_arrow is set.
  bool oriented_avatar = false;
  double rotation = 0.0;
  bool arrow = false;
  Vec2 orientation;
  Color arrow_color{};

  // Health bar (GVGAI's _drawHealthBar): drawn when health > 0.
  bool has_health = false;
  double health_fraction = 0.0;  // health / max, clamped to [0, 1]
  Color health_color{};
  // Resource bars: RenderList::bars[first_bar, first_bar + bar_count).
  uint32_t first_bar = 0;
  uint32_t bar_count = 0;
};

struct RenderList {
  int width = 0;  // pixels
  int height = 0;
  int block = 0;
  std::vector<RenderItem> items;
  std::vector<ResourceBar> bars;
};

// What a window remembers about the sprites it has seen: the tick each sprite first appeared
// and, for sprites present when the level was built, the autotiling neighbourhood. Call
// Observe with the level's first state and after every tick; Reset for a new game.
class RenderMemory {
 public:
  struct Entry {
    int32_t first_tick = 0;
    bool level_built = false;
    int8_t tile_mask = -1;
  };

  void Observe(const State& state);
  void Reset() { entries_.clear(); }
  const Entry* Find(int32_t sprite_id) const;
  size_t size() const { return entries_.size(); }

 private:
  std::unordered_map<int32_t, Entry> entries_;
};

struct RenderOptions {
  int player = 0;         // the viewing player (`invisible` is per player)
  int64_t game_seed = 0;  // the seed the level was built with (randomtiling)
  // Sprites the memory has not seen are taken as level-built, with an age of the state's
  // tick and an autotiling neighbourhood read from the current state.
  const RenderMemory* memory = nullptr;
};

// The frame a type without `color=` is drawn in. GVGAI picks a random colour per sprite; we
// pick a stable one per type: the FNV-1a hash of the type name, its three low bytes mapped
// into [48, 239] for red, green and blue.
Color FallbackColor(std::string_view type_name);

// The render list of `state` for `options.player`. The overload with `out` reuses its buffers.
RenderList BuildRenderList(const State& state, const RenderOptions& options = {});
void BuildRenderList(const State& state, const RenderOptions& options, RenderList& out);

// Which of an image list's `frame_count` frames GVGAI shows for `item` (0-based), or -1 when
// the list is empty. GVGAI's rules, quirks included:
// - frameRate > 0: the frame advances on the sprite's 1st preMovement and then every
//   ceil(frameRate) calls; on the calls in between preMovement resets the image to frame 0
//   (so an animation mostly shows frame 0), except for autotiling sprites, which keep it.
// - otherwise, after the first preMovement, frame 0, except for autotiling sprites, which
//   keep their build-time frame.
// - the build-time frame: the autotiling neighbourhood (left 1, right 2, up 4, down 8), then
//   randomtiling: a fresh Random(seed), the same for every sprite, replaces it with
//   nextInt(count) when nextDouble() > randomtiling. Sprites created later start at frame 0.
int PickFrame(const RenderItem& item, int frame_count);

// The file (relative to a GVGAI sprites folder) of an item's image; `frame` is ignored for
// single images. "oryx/wall3" -> "oryx/wall3.png"; list frame 3 -> "oryx/wall3_3.png";
// orientedImg -> "oryx/car_UP.png" / "oryx/car_UP_3.png".
std::string ImageFile(std::string_view image, bool image_list, ImageDir dir, int frame);

}  // namespace vgdl
