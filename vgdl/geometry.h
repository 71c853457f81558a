// Pixel geometry shared by the definition and the engine.
//
// GVGAI keeps sprite rectangles as java.awt.Rectangle (integer pixels) and directions as
// Vector2d (doubles); both are reproduced exactly because movement truncates toward zero and
// collisions are strict overlaps.
#pragma once

#include <algorithm>
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
// Java's int subtraction, wrapping as JavaIntAdd.
constexpr int32_t JavaIntSub(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b));
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
  // Java's version guards each edge sum against int overflow, which makes it the exact test
  // on the true edges: here the edges are summed in 64 bits.
  constexpr bool intersects(const Rect& o) const {
    if (w <= 0 || h <= 0 || o.w <= 0 || o.h <= 0) return false;
    return x < right_of(o) && o.x < right_of(*this) && y < bottom_of(o) && o.y < bottom_of(*this);
  }
  // java.awt.Rectangle.contains(Rectangle): a negative size anywhere, or an empty `o`, is not
  // contained; edges compared exactly, as intersects.
  constexpr bool contains(const Rect& o) const {
    if ((w | h | o.w | o.h) < 0 || o.w == 0 || o.h == 0) return false;
    return o.x >= x && o.y >= y && right_of(o) <= right_of(*this) &&
           bottom_of(o) <= bottom_of(*this);
  }
  // The right (bottom) edge x + w (y + h), which may lie past int's range.
  static constexpr int64_t right_of(const Rect& r) { return int64_t{r.x} + r.w; }
  static constexpr int64_t bottom_of(const Rect& r) { return int64_t{r.y} + r.h; }
  // java.awt.Rectangle.translate (GVGAI's updatePos), in place: a coordinate that would pass
  // the end of int's range stops there, and a size that is not negative changes so that the
  // far edge stays where the move took it (capped at int's maximum).
  void translate(int32_t dx, int32_t dy) {
    // Every move of every sprite comes here: one add and one overflow jump per axis, and the
    // two coordinates stored alone.
    int32_t moved_x;
    int32_t moved_y;
    if (__builtin_add_overflow(x, dx, &moved_x) || __builtin_add_overflow(y, dy, &moved_y))
        [[unlikely]] {
      TranslateToIntRangeEnd(*this, dx, dy);
      return;
    }
    x = moved_x;
    y = moved_y;
  }
  // A copy of this rectangle, translated.
  Rect translated(int32_t dx, int32_t dy) const {
    Rect r = *this;
    r.translate(dx, dy);
    return r;
  }

 private:
  // translate() for a move past the end of int's range, out of line: it never happens in
  // GVGAI's games, and inline it would crowd every caller's move.
  [[gnu::noinline, gnu::cold]] static void TranslateToIntRangeEnd(Rect& r, int32_t dx, int32_t dy) {
    TranslateAxis(r.x, r.w, dx);
    TranslateAxis(r.y, r.h, dy);
  }
  static void TranslateAxis(int32_t& pos, int32_t& size, int32_t d) {
    constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
    constexpr int64_t kMin = std::numeric_limits<int32_t>::min();
    const int64_t moved = int64_t{pos} + d;
    if (moved > kMax) {
      if (size >= 0) size = static_cast<int32_t>(std::min(size + moved - kMax, kMax));
      pos = static_cast<int32_t>(kMax);
    } else if (moved < kMin) {
      // The far edge may pass int's minimum too: the size turns negative, as in Java.
      if (size >= 0) size = static_cast<int32_t>(size + (moved - kMin));
      pos = static_cast<int32_t>(kMin);
    } else {
      pos = static_cast<int32_t>(moved);
    }
  }
};

}  // namespace vgdl
