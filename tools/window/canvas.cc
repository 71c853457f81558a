// The software canvas.
#include "tools/window/canvas.h"

#include <SFML/Graphics/Image.hpp>
#include <algorithm>
#include <cmath>

namespace vgdl::window {

namespace {

// Keeps coordinates far from int overflow whatever a game's rectangles hold.
constexpr int64_t kLimit = 1 << 24;

int ClampCoord(int64_t v) {
  return static_cast<int>(std::clamp<int64_t>(v, -kLimit, kLimit));
}

}  // namespace

Canvas::Canvas(int width, int height, Color background)
    : width_(std::max(width, 0)), height_(std::max(height, 0)) {
  pixels_.resize(static_cast<size_t>(width_) * static_cast<size_t>(height_) * 4);
  Clear(background);
}

Color Canvas::At(int x, int y) const {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return {};
  const size_t i =
      (static_cast<size_t>(y) * static_cast<size_t>(width_) + static_cast<size_t>(x)) * 4;
  return {pixels_[i], pixels_[i + 1], pixels_[i + 2]};
}

void Canvas::Clear(Color c) {
  for (size_t i = 0; i < pixels_.size(); i += 4) {
    pixels_[i] = c.r;
    pixels_[i + 1] = c.g;
    pixels_[i + 2] = c.b;
    pixels_[i + 3] = 255;
  }
}

void Canvas::Put(int x, int y, Color c) {
  const size_t i =
      (static_cast<size_t>(y) * static_cast<size_t>(width_) + static_cast<size_t>(x)) * 4;
  pixels_[i] = c.r;
  pixels_[i + 1] = c.g;
  pixels_[i + 2] = c.b;
  pixels_[i + 3] = 255;
}

void Canvas::Blend(int x, int y, const uint8_t* src) {
  const unsigned a = src[3];
  if (a == 0) return;
  const size_t i =
      (static_cast<size_t>(y) * static_cast<size_t>(width_) + static_cast<size_t>(x)) * 4;
  for (size_t k = 0; k < 3; ++k) {
    const unsigned blended = (src[k] * a + pixels_[i + k] * (255u - a) + 127u) / 255u;
    pixels_[i + k] = static_cast<uint8_t>(blended);
  }
  pixels_[i + 3] = 255;
}

void Canvas::FillRect(const Rect& r, Color c) {
  const int x0 = std::max(0, ClampCoord(r.x));
  const int y0 = std::max(0, ClampCoord(r.y));
  const int x1 = std::min(width_, ClampCoord(int64_t{r.x} + r.w));
  const int y1 = std::min(height_, ClampCoord(int64_t{r.y} + r.h));
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) Put(x, y, c);
  }
}

void Canvas::FillEllipse(const Rect& r, Color c) {
  if (r.w <= 0 || r.h <= 0) return;
  const double rx = r.w / 2.0;
  const double ry = r.h / 2.0;
  const double cx = r.x + rx;
  const double cy = r.y + ry;
  const int x0 = std::max(0, ClampCoord(r.x));
  const int y0 = std::max(0, ClampCoord(r.y));
  const int x1 = std::min(width_, ClampCoord(int64_t{r.x} + r.w));
  const int y1 = std::min(height_, ClampCoord(int64_t{r.y} + r.h));
  for (int y = y0; y < y1; ++y) {
    const double dy = (y + 0.5 - cy) / ry;
    for (int x = x0; x < x1; ++x) {
      const double dx = (x + 0.5 - cx) / rx;
      if (dx * dx + dy * dy <= 1.0) Put(x, y, c);
    }
  }
}

void Canvas::FillTriangle(Vec2 a, Vec2 b, Vec2 c, Color color) {
  const auto edge = [](Vec2 p, Vec2 q, double x, double y) {
    return (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x);
  };
  const double area = edge(a, b, c.x, c.y);
  if (area == 0.0) return;
  const int x0 =
      std::max(0, ClampCoord(static_cast<int64_t>(std::floor(std::min({a.x, b.x, c.x})))));
  const int y0 =
      std::max(0, ClampCoord(static_cast<int64_t>(std::floor(std::min({a.y, b.y, c.y})))));
  const int x1 =
      std::min(width_, ClampCoord(static_cast<int64_t>(std::ceil(std::max({a.x, b.x, c.x})))));
  const int y1 =
      std::min(height_, ClampCoord(static_cast<int64_t>(std::ceil(std::max({a.y, b.y, c.y})))));
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const double px = x + 0.5;
      const double py = y + 0.5;
      const double w0 = edge(b, c, px, py) * area;
      const double w1 = edge(c, a, px, py) * area;
      const double w2 = edge(a, b, px, py) * area;
      if (w0 >= 0 && w1 >= 0 && w2 >= 0) Put(x, y, color);
    }
  }
}

void Canvas::DrawImage(const ImageView& image, int x, int y, int w, int h) {
  if (image.rgba == nullptr || image.width <= 0 || image.height <= 0 || w <= 0 || h <= 0) return;
  const int x0 = std::max(0, x);
  const int y0 = std::max(0, y);
  const int x1 = std::min(width_, ClampCoord(int64_t{x} + w));
  const int y1 = std::min(height_, ClampCoord(int64_t{y} + h));
  for (int py = y0; py < y1; ++py) {
    const auto sy = static_cast<size_t>((int64_t{py - y} * image.height) / h);
    for (int px = x0; px < x1; ++px) {
      const auto sx = static_cast<size_t>((int64_t{px - x} * image.width) / w);
      Blend(px, py, image.rgba + (sy * static_cast<size_t>(image.width) + sx) * 4);
    }
  }
}

void Canvas::DrawImageTransformed(const ImageView& image, int x, int y, double scale,
                                  double radians) {
  if (image.rgba == nullptr || image.width <= 0 || image.height <= 0) return;
  if (!(scale > 0.0) || !std::isfinite(scale) || !std::isfinite(radians)) return;
  const double cx = image.width / 2.0;
  const double cy = image.height / 2.0;
  const double cs = std::cos(radians);
  const double sn = std::sin(radians);
  // The destination box: the rotated image's corners, scaled and translated.
  double min_x = 1e300, min_y = 1e300, max_x = -1e300, max_y = -1e300;
  for (const double u : {0.0, static_cast<double>(image.width)}) {
    for (const double v : {0.0, static_cast<double>(image.height)}) {
      const double rx = cx + (u - cx) * cs - (v - cy) * sn;
      const double ry = cy + (u - cx) * sn + (v - cy) * cs;
      min_x = std::min(min_x, x + rx * scale);
      max_x = std::max(max_x, x + rx * scale);
      min_y = std::min(min_y, y + ry * scale);
      max_y = std::max(max_y, y + ry * scale);
    }
  }
  const int x0 = std::max(0, ClampCoord(static_cast<int64_t>(std::floor(min_x))));
  const int y0 = std::max(0, ClampCoord(static_cast<int64_t>(std::floor(min_y))));
  const int x1 = std::min(width_, ClampCoord(static_cast<int64_t>(std::ceil(max_x))));
  const int y1 = std::min(height_, ClampCoord(static_cast<int64_t>(std::ceil(max_y))));
  for (int py = y0; py < y1; ++py) {
    for (int px = x0; px < x1; ++px) {
      // Undo the translation and scale, then the rotation about the centre.
      const double qx = (px + 0.5 - x) / scale - cx;
      const double qy = (py + 0.5 - y) / scale - cy;
      const double u = cx + qx * cs + qy * sn;
      const double v = cy - qx * sn + qy * cs;
      if (u < 0 || v < 0 || u >= image.width || v >= image.height) continue;
      const auto sx = static_cast<size_t>(u);
      const auto sy = static_cast<size_t>(v);
      Blend(px, py, image.rgba + (sy * static_cast<size_t>(image.width) + sx) * 4);
    }
  }
}

Canvas Canvas::Scaled(int factor) const {
  factor = std::max(factor, 1);
  Canvas out(width_ * factor, height_ * factor, {});
  for (int y = 0; y < out.height_; ++y) {
    for (int x = 0; x < out.width_; ++x) {
      const size_t src = (static_cast<size_t>(y / factor) * static_cast<size_t>(width_) +
                          static_cast<size_t>(x / factor)) *
                         4;
      const size_t dst =
          (static_cast<size_t>(y) * static_cast<size_t>(out.width_) + static_cast<size_t>(x)) * 4;
      std::copy_n(pixels_.begin() + static_cast<std::ptrdiff_t>(src), 4,
                  out.pixels_.begin() + static_cast<std::ptrdiff_t>(dst));
    }
  }
  return out;
}

bool Canvas::SavePng(const std::filesystem::path& path, std::string* error) const {
  if (width_ <= 0 || height_ <= 0) {
    if (error != nullptr) *error = "the image is empty";
    return false;
  }
  sf::Image image;
  image.create(static_cast<unsigned>(width_), static_cast<unsigned>(height_), pixels_.data());
  if (!image.saveToFile(path.string())) {
    if (error != nullptr) *error = "cannot write '" + path.string() + "'";
    return false;
  }
  return true;
}

}  // namespace vgdl::window
