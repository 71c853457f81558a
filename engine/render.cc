// The render list: GVGAI's VGDLSprite.draw decisions, as data.
#include "engine/render.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "vgdl/java_random.h"

namespace vgdl {

namespace {

constexpr Color kHealthRed{200, 0, 0};  // Types.RED

// GVGAI's invisible= list: element p, or element 0 when the list is shorter.
bool InvisibleFor(const SpriteDef& def, int player) {
  if (def.invisible.empty()) return false;
  const auto p = static_cast<size_t>(std::max(player, 0));
  return p < def.invisible.size() ? def.invisible[p] : def.invisible[0];
}

ImageDir DirOf(Vec2 o) {
  if (o == dir::kUp) return ImageDir::kUp;
  if (o == dir::kDown) return ImageDir::kDown;
  if (o == dir::kLeft) return ImageDir::kLeft;
  if (o == dir::kRight) return ImageDir::kRight;
  return ImageDir::kNone;
}

std::string_view StripPng(std::string_view name) {
  constexpr std::string_view kPng = ".png";
  if (name.size() > kPng.size() && name.substr(name.size() - kPng.size()) == kPng) {
    name.remove_suffix(kPng.size());
  }
  return name;
}

// VGDLSprite's shrinking: int width *= factor, then centred with integer division.
Rect Shrunk(const Rect& r, double factor) {
  if (factor == 1.0) return r;
  Rect s = r;
  // Java's int arithmetic: a sprite at the end of int's range is drawn where GVGAI draws it
  // (off screen), without overflowing.
  s.w = JavaIntCast(static_cast<double>(r.w) * factor);
  s.h = JavaIntCast(static_cast<double>(r.h) * factor);
  s.x = JavaIntAdd(s.x, JavaIntSub(r.w, s.w) / 2);
  s.y = JavaIntAdd(s.y, JavaIntSub(r.h, s.h) / 2);
  return s;
}

// Autotiling neighbourhood of a sprite of `type` at `r`: same-type sprites exactly one block
// to the left (1), right (2), above (4) and below (8), as BasicGame counts level characters.
int TileMask(const State& state, TypeId type, const Rect& r) {
  const int64_t b = state.block_size();
  int mask = 0;
  for (const SpriteRef other : state.sprites_of(type)) {
    const Rect& o = state.sprite(other).rect;
    // 64-bit neighbours: no overflow at the end of int's range, and no wrapped neighbour.
    if (o.y == r.y && o.x == r.x - b) mask |= 1;
    if (o.y == r.y && o.x == r.x + b) mask |= 2;
    if (o.x == r.x && o.y == r.y - b) mask |= 4;
    if (o.x == r.x && o.y == r.y + b) mask |= 8;
  }
  return mask;
}

void FillImage(const State& state, const SpriteDef& def, const Sprite& s, RenderItem& item) {
  const bool oriented_img = def.oriented_img;
  item.image = StripPng(def.img);
  if (item.image.empty()) return;
  item.image_list = def.autotiling || def.randomtiling >= 0.0 || def.frame_rate >= 0.0;
  if (oriented_img) {
    // Before its first preMovement a sprite shows the last direction GVGAI loaded (RIGHT);
    // afterwards its orientation's. GVGAI fails on other orientations; we keep RIGHT.
    const ImageDir d = DirOf(s.orientation);
    item.image_dir = item.age == 0 || d == ImageDir::kNone ? ImageDir::kRight : d;
  }
  item.autotiling = def.autotiling;
  item.random_tiling = def.randomtiling;
  item.frame_rate = def.frame_rate;
  if (item.autotiling && item.level_built && item.tile_mask < 0) {
    item.tile_mask = TileMask(state, s.type, s.rect);
  }
}

void FillBars(const State& state, SpriteRef ref, RenderList& out, RenderItem& item) {
  const auto resources = state.resources();
  auto it =
      std::lower_bound(resources.begin(), resources.end(), ref,
                       [](const ResourceRecord& r, SpriteRef owner) { return r.owner < owner; });
  item.first_bar = static_cast<uint32_t>(out.bars.size());
  const GameDef& game = state.def();
  for (; it != resources.end() && it->owner == ref; ++it) {
    ResourceBar bar;
    bar.resource = it->type;
    const SpriteDef& rdef = game.type(it->type);
    bar.color = rdef.has_color ? rdef.color : FallbackColor(rdef.name);
    const auto t = static_cast<size_t>(it->type);
    const int limit = t < game.resource_limit.size() ? game.resource_limit[t] : 0;
    if (limit > 0) {
      bar.fraction = std::clamp(static_cast<double>(it->amount) / limit, 0.0, 1.0);
    } else {
      bar.fraction = it->amount > 0 ? 1.0 : std::numeric_limits<double>::quiet_NaN();
    }
    out.bars.push_back(bar);
  }
  item.bar_count = static_cast<uint32_t>(out.bars.size()) - item.first_bar;
}

void FillHealth(const State& state, const SpriteDef& def, const Sprite& s, RenderItem& item) {
  if (s.health <= 0) return;
  // GVGAI measures against limitHealthPoints when the game set one, else maxHealthPoints.
  const int max_hp = def.limit_health_points != 1000 ? def.limit_health_points : s.max_health;
  item.has_health = true;
  item.health_fraction =
      max_hp > 0 ? std::clamp(static_cast<double>(s.health) / max_hp, 0.0, 1.0) : 1.0;
  item.health_color = state.player_count() > 1 ? item.color : kHealthRed;
}

RenderItem MakeItem(const State& state, const RenderOptions& options, SpriteRef ref) {
  const Sprite& s = state.sprite(ref);
  const SpriteDef& def = state.type_def(s.type);
  RenderItem item;
  item.type = s.type;
  item.sprite_id = s.id;
  item.player = s.player;
  item.rect = s.rect;
  item.draw_rect = Shrunk(s.rect, def.shrinkfactor);
  item.color = def.has_color ? def.color : FallbackColor(def.name);
  item.avatar = def.is_avatar;
  item.tile_seed = options.game_seed;
  const RenderMemory::Entry* seen =
      options.memory != nullptr ? options.memory->Find(s.id) : nullptr;
  if (seen != nullptr) {
    item.age = std::max(0, state.tick() - seen->first_tick);
    item.level_built = seen->level_built;
    item.tile_mask = seen->tile_mask;
  } else {
    item.age = state.tick();
    item.level_built = true;
  }
  FillImage(state, def, s, item);
  item.oriented_avatar = def.is_avatar && (def.is_oriented || s.has(SpriteFlag::kOriented));
  if (item.oriented_avatar) {
    item.rotation = s.rotation;
    item.arrow = def.draw_arrow;
    item.orientation = s.orientation;
    item.arrow_color = {item.color.r, static_cast<uint8_t>(255 - item.color.g), item.color.b};
  }
  FillHealth(state, def, s, item);
  return item;
}

}  // namespace

std::string_view ImageDirName(ImageDir d) {
  switch (d) {
    case ImageDir::kUp:
      return "UP";
    case ImageDir::kDown:
      return "DOWN";
    case ImageDir::kLeft:
      return "LEFT";
    case ImageDir::kRight:
      return "RIGHT";
    case ImageDir::kNone:
      break;
  }
  return "NONE";
}

Color FallbackColor(std::string_view type_name) {
  uint32_t h = 2166136261u;
  for (const char c : type_name) {
    h ^= static_cast<uint8_t>(c);
    h *= 16777619u;
  }
  const auto channel = [h](int shift) {
    return static_cast<uint8_t>(48 + ((h >> shift) & 0xFFu) % 192);
  };
  return {channel(0), channel(8), channel(16)};
}

void RenderMemory::Observe(const State& state) {
  const GameDef& game = state.def();
  for (const TypeId t : game.sprite_order) {
    const bool autotiling = game.type(t).autotiling;
    for (const SpriteRef ref : state.sprites_of(t)) {
      const Sprite& s = state.sprite(ref);
      if (entries_.contains(s.id)) continue;
      Entry e;
      e.first_tick = state.tick();
      e.level_built = state.tick() == 0;
      if (autotiling && e.level_built) {
        e.tile_mask = static_cast<int8_t>(TileMask(state, t, s.rect));
      }
      entries_.emplace(s.id, e);
    }
  }
}

const RenderMemory::Entry* RenderMemory::Find(int32_t sprite_id) const {
  const auto it = entries_.find(sprite_id);
  return it == entries_.end() ? nullptr : &it->second;
}

void BuildRenderList(const State& state, const RenderOptions& options, RenderList& out) {
  out.width = state.screen_width();
  out.height = state.screen_height();
  out.block = state.block_size();
  out.items.clear();
  out.bars.clear();
  const GameDef& game = state.def();
  for (const TypeId t : game.sprite_order) {
    const SpriteDef& def = game.type(t);
    if (InvisibleFor(def, options.player)) continue;
    for (const SpriteRef ref : state.sprites_of(t)) {
      if (state.sprite(ref).disabled()) continue;
      RenderItem item = MakeItem(state, options, ref);
      FillBars(state, ref, out, item);
      out.items.push_back(item);
    }
  }
}

RenderList BuildRenderList(const State& state, const RenderOptions& options) {
  RenderList out;
  BuildRenderList(state, options, out);
  return out;
}

int PickFrame(const RenderItem& item, int frame_count) {
  if (frame_count <= 0) return -1;
  if (item.frame_rate > 0.0 && item.age >= 1) {
    const auto period = static_cast<int64_t>(std::max(1.0, std::ceil(item.frame_rate)));
    const int64_t calls = item.age - 1;  // calls after the first switch
    if (calls % period == 0 || item.autotiling) {
      return static_cast<int>((calls / period) % frame_count);
    }
    return 0;
  }
  if (item.age >= 1 && !item.autotiling) return 0;
  if (!item.level_built) return 0;
  int frame = 0;
  if (item.autotiling && item.tile_mask > 0 && item.tile_mask < frame_count) {
    frame = item.tile_mask;
  }
  if (item.random_tiling >= 0.0) {
    JavaRandom random(item.tile_seed);
    if (random.NextDouble() > item.random_tiling) frame = random.NextInt(frame_count);
  }
  return frame;
}

std::string ImageFile(std::string_view image, bool image_list, ImageDir dir, int frame) {
  std::string file(image);
  if (dir != ImageDir::kNone) {
    file += '_';
    file += ImageDirName(dir);
  }
  if (image_list) {
    file += '_';
    file += std::to_string(std::max(frame, 0));
  }
  file += ".png";
  return file;
}

}  // namespace vgdl
