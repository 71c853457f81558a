// Pixel geometry shared by the definition and the engine.
//
// GVGAI keeps sprite rectangles as java.awt.Rectangle (integer pixels) and directions as
// Vector2d (doubles); both are reproduced exactly because movement truncates toward zero and
// collisions are strict overlaps.
#pragma once

#include <cmath>
#include <cstdint>

namespace vgdl {

struct Vec2 {
  double x = 0.0;
  double y = 0.0;

  friend constexpr bool operator==(Vec2, Vec2) = default;
  constexpr Vec2 operator+(Vec2 o) const { return {x + o.x, y + o.y}; }
  constexpr Vec2 operator-(Vec2 o) const { return {x - o.x, y - o.y}; }
  constexpr Vec2 operator*(double k) const { return {x * k, y * k}; }
  constexpr Vec2 operator-() const { return {-x, -y}; }
  double length() const { return std::sqrt(x * x + y * y); }
  // GVGAI's Vector2d.normalise: leaves the zero vector unchanged.
  Vec2 normalised() const {
    const double len = length();
    return len != 0.0 ? Vec2{x / len, y / len} : *this;
  }
};

// GVGAI's Direction constants. The order UP, LEFT, DOWN, RIGHT is the base-direction list
// used by every random direction choice (spec §5.4).
namespace dir {
inline constexpr Vec2 kUp{0, -1};
inline constexpr Vec2 kDown{0, 1};
inline constexpr Vec2 kLeft{-1, 0};
inline constexpr Vec2 kRight{1, 0};
inline constexpr Vec2 kNone{0, 0};
inline constexpr Vec2 kNil{-1, -1};
inline constexpr Vec2 kBase[4] = {kUp, kLeft, kDown, kRight};
}  // namespace dir

struct Rect {
  int32_t x = 0;
  int32_t y = 0;
  int32_t w = 0;
  int32_t h = 0;

  friend constexpr bool operator==(const Rect&, const Rect&) = default;
  // java.awt.Rectangle.intersects: strict overlap; touching edges and empty rects never collide.
  constexpr bool intersects(const Rect& o) const {
    if (w <= 0 || h <= 0 || o.w <= 0 || o.h <= 0) return false;
    return x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h;
  }
  constexpr bool contains(const Rect& o) const {
    return o.x >= x && o.y >= y && o.x + o.w <= x + w && o.y + o.h <= y + h;
  }
  constexpr Rect translated(int32_t dx, int32_t dy) const { return {x + dx, y + dy, w, h}; }
};

}  // namespace vgdl
