// Pixel geometry shared by the definition and the engine.
//
// GVGAI keeps sprite rectangles as java.awt.Rectangle (integer pixels) and directions as
// Vector2d (doubles); both are reproduced exactly because movement truncates toward zero and
// collisions are strict overlaps.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace vgdl {

// Java's (int) cast of a double: truncation toward zero, saturating, NaN -> 0. GVGAI computes
// pixel moves and positions in doubles and casts them to int; C++'s cast of a value out of
// int's range would be undefined.
inline int32_t JavaIntCast(double v) {
#if defined(__SSE2__)
  // The hardware truncation gives INT32_MIN for NaN and every value out of range: one test
  // on the moves of every tick instead of three.
  const int32_t truncated = _mm_cvttsd_si32(_mm_set_sd(v));
  if (truncated != std::numeric_limits<int32_t>::min()) [[likely]] {
    return truncated;
  }
#endif
  if (std::isnan(v)) return 0;
  if (v >= static_cast<double>(std::numeric_limits<int32_t>::max())) {
    return std::numeric_limits<int32_t>::max();
  }
  if (v <= static_cast<double>(std::numeric_limits<int32_t>::min())) {
    return std::numeric_limits<int32_t>::min();
  }
  return static_cast<int32_t>(v);
}

// Java's int addition: wraps around instead of overflowing (undefined in C++).
constexpr int32_t JavaIntAdd(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}

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
  constexpr Rect translated(int32_t dx, int32_t dy) const {
    return {JavaIntAdd(x, dx), JavaIntAdd(y, dy), w, h};
  }
};

}  // namespace vgdl
