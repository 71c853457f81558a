// GVGAI's sprite drawing, on the software canvas. The float arithmetic mirrors Java's where
// GVGAI mixes ints and floats, so that bars land on the same pixels.
#include "tools/window/painter.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace vgdl::window {

namespace {

constexpr Color kBlack{0, 0, 0};

// Java's (int) cast of a double: truncation, NaN -> 0, saturating.
int JavaInt(double v) {
  if (std::isnan(v)) return 0;
  if (v >= 2147483647.0) return 2147483647;
  if (v <= -2147483648.0) return -2147483647 - 1;
  return static_cast<int>(v);
}

// VGDLSprite._drawImage: the image is scaled by float factors into the rectangle.
void DrawPlainImage(Canvas& canvas, const ImageView& image, const Rect& r) {
  const float sx = static_cast<float>(r.w) / static_cast<float>(image.width);
  const float sy = static_cast<float>(r.h) / static_cast<float>(image.height);
  canvas.DrawImage(image, r.x, r.y,
                   JavaInt(static_cast<double>(static_cast<float>(image.width) * sx)),
                   JavaInt(static_cast<double>(static_cast<float>(image.height) * sy)));
}

// Utils.triPoints: an arrow inside `r` pointing along the orientation.
void DrawArrow(Canvas& canvas, const Rect& r, Vec2 o, Color color) {
  const double cx = r.x + r.w / 2.0;
  const double cy = r.y + r.h / 2.0;
  const Vec2 p1{cx + o.x * r.w / 3.0, cy + o.y * r.h / 3.0};
  const Vec2 p2{cx + o.x * r.w / 4.0, cy + o.y * r.h / 4.0};
  const Vec2 orth{o.y, -o.x};
  const Vec2 a{p2.x - orth.x * r.w / 6.0, p2.y - orth.y * r.h / 6.0};
  const Vec2 b{p2.x + orth.x * r.w / 6.0, p2.y + orth.y * r.h / 6.0};
  const auto snap = [](Vec2 p) {
    return Vec2{static_cast<double>(JavaInt(p.x)), static_cast<double>(JavaInt(p.y))};
  };
  canvas.FillTriangle(snap(p1), snap(a), snap(b), color);
}

// VGDLSprite._drawResources: one horizontal bar per resource, in the lower third.
void DrawResourceBars(Canvas& canvas, const RenderList& list, const RenderItem& item) {
  const Rect& r = item.draw_rect;
  const double bar_height = static_cast<double>(r.h) / 3.5 / item.bar_count;
  double offset = r.y + static_cast<double>(static_cast<float>(2 * r.h) / 3.0f);
  const double wiggle = static_cast<double>(static_cast<float>(r.w) / 10.0f);
  for (uint32_t i = 0; i < item.bar_count; ++i) {
    const ResourceBar& bar = list.bars[item.first_bar + i];
    const double prop = bar.fraction;
    const Rect filled{JavaInt(r.x + wiggle / 2), JavaInt(offset), JavaInt(prop * (r.w - wiggle)),
                      JavaInt(bar_height)};
    const Rect rest{JavaInt(r.x + wiggle / 2 + prop * (r.w - wiggle)), JavaInt(offset),
                    JavaInt((1 - prop) * (r.w - wiggle)), JavaInt(bar_height)};
    canvas.FillRect(filled, bar.color);
    canvas.FillRect(rest, kBlack);
    offset += bar_height;
  }
}

// VGDLSprite._drawHealthBar: a vertical bar at the left edge.
void DrawHealthBar(Canvas& canvas, const RenderItem& item) {
  const Rect& r = item.draw_rect;
  const double wiggle_x = static_cast<double>(static_cast<float>(r.w) * 0.1f);
  const double wiggle_y = static_cast<double>(static_cast<float>(r.h) * 0.1f);
  const double prop = item.health_fraction;
  const double bar_height = r.h - wiggle_y;
  const int height_health = JavaInt(prop * bar_height);
  const int height_unhealth = JavaInt((1 - prop) * bar_height);
  const int start_y = JavaInt(r.y + wiggle_y * static_cast<double>(0.5f));
  const int bar_width = JavaInt(static_cast<double>(static_cast<float>(r.w) * 0.1f));
  const int x_offset = JavaInt(r.x + wiggle_x * static_cast<double>(0.5f));
  canvas.FillRect({x_offset, start_y + height_unhealth, bar_width, height_health},
                  item.health_color);
  canvas.FillRect({x_offset, start_y, bar_width, height_unhealth}, kBlack);
}

// The border colour of a shape that would vanish: darker, or lighter for dark colours.
Color Shade(Color c) {
  const auto darker = [](uint8_t v) { return static_cast<uint8_t>(v * 5 / 8); };
  const auto lighter = [](uint8_t v) { return static_cast<uint8_t>(v + (255 - v) / 2); };
  if (c.r + c.g + c.b >= 3 * 80) return {darker(c.r), darker(c.g), darker(c.b)};
  return {lighter(c.r), lighter(c.g), lighter(c.b)};
}

// The types drawn as shapes so far, by colour.
using ShapeColours = std::vector<std::pair<Color, TypeId>>;

// Whether `item`'s shape needs a border to stay visible: an earlier item of another type was
// drawn as a shape in the same colour (GVGAI gives walls and floors the same grey, side by side
// or one on the other), or the canvas at the centre of its rectangle already has its colour.
bool NeedsBorder(const Canvas& canvas, const RenderItem& item, ShapeColours& seen) {
  const Rect& r = item.draw_rect;
  if (r.w <= 0 || r.h <= 0) return false;
  bool shared = false;
  const auto it = std::find_if(seen.begin(), seen.end(),
                               [&](const auto& entry) { return entry.first == item.color; });
  if (it == seen.end()) {
    seen.emplace_back(item.color, item.type);
  } else {
    shared = it->second != item.type;
  }
  return shared || canvas.At(r.x + r.w / 2, r.y + r.h / 2) == item.color;
}

// A shape without an image; with `border`, a frame in Shade(color) keeps it apart from what
// has its colour around or under it.
void DrawShape(Canvas& canvas, const Rect& r, Color color, bool ellipse, bool border) {
  const auto fill = [&](const Rect& rect, Color c) {
    if (ellipse) {
      canvas.FillEllipse(rect, c);
    } else {
      canvas.FillRect(rect, c);
    }
  };
  if (!border) return fill(r, color);
  const int width = std::max(1, std::min(r.w, r.h) / 8);
  fill(r, Shade(color));
  fill({r.x + width, r.y + width, r.w - 2 * width, r.h - 2 * width}, color);
}

void PaintItem(const RenderList& list, const RenderItem& item, SpriteImages* images, Canvas& canvas,
               ShapeColours& shape_colours) {
  const ImageView image = images != nullptr ? images->ImageFor(item) : ImageView{};
  const Rect& r = item.draw_rect;
  if (item.oriented_avatar) {
    if (image.rgba != nullptr) {
      const float scale = static_cast<float>(r.w) / static_cast<float>(image.width);
      canvas.DrawImageTransformed(image, r.x, r.y, static_cast<double>(scale), item.rotation);
    } else {
      // GVGAI needs an image here; we draw the shape.
      DrawShape(canvas, r, item.color, true, NeedsBorder(canvas, item, shape_colours));
    }
    if (item.arrow) DrawArrow(canvas, item.rect, item.orientation, item.arrow_color);
  } else if (image.rgba != nullptr) {
    DrawPlainImage(canvas, image, r);
  } else {
    DrawShape(canvas, r, item.color, item.avatar, NeedsBorder(canvas, item, shape_colours));
  }
  if (item.bar_count > 0) DrawResourceBars(canvas, list, item);
  if (item.has_health) DrawHealthBar(canvas, item);
}

}  // namespace

void Paint(const RenderList& list, SpriteImages* images, Canvas& canvas) {
  ShapeColours shape_colours;
  for (const RenderItem& item : list.items) PaintItem(list, item, images, canvas, shape_colours);
}

Canvas PaintFrame(const RenderList& list, SpriteImages* images) {
  Canvas canvas(list.width, list.height, kBackground);
  Paint(list, images, canvas);
  return canvas;
}

}  // namespace vgdl::window
