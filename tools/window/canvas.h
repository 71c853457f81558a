// A CPU-side RGBA image with the few primitives GVGAI's sprites need. Everything the window
// shows of the game and every PNG `vgdl render` writes is drawn here, without a display or an
// OpenGL context, so that golden images are exact on any machine.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "vgdl/game_def.h"
#include "vgdl/geometry.h"

namespace vgdl::window {

// Read-only RGBA pixels owned elsewhere (a loaded sprite image).
struct ImageView {
  int width = 0;
  int height = 0;
  const uint8_t* rgba = nullptr;  // width * height * 4 bytes, rows top to bottom
};

class Canvas {
 public:
  Canvas() = default;
  Canvas(int width, int height, Color background);

  int width() const { return width_; }
  int height() const { return height_; }
  const std::vector<uint8_t>& rgba() const { return pixels_; }
  Color At(int x, int y) const;  // for tests; black outside

  void Clear(Color c);
  // All primitives clip to the canvas; empty or negative sizes draw nothing.
  void FillRect(const Rect& r, Color c);
  // java.awt fillOval: the pixels whose centres lie inside the ellipse inscribed in r.
  void FillEllipse(const Rect& r, Color c);
  // The pixels whose centres lie inside the triangle (edges included).
  void FillTriangle(Vec2 a, Vec2 b, Vec2 c, Color color);
  // Scales `image` to w x h at (x, y), nearest neighbour (Java2D's default), alpha blended.
  void DrawImage(const ImageView& image, int x, int y, int w, int h);
  // GVGAI's oriented drawing: translate to (x, y), scale uniformly, rotate `radians` about the
  // image centre; nearest neighbour, alpha blended.
  void DrawImageTransformed(const ImageView& image, int x, int y, double scale, double radians);

  // A copy `factor` times larger in both directions (factor >= 1), nearest neighbour.
  Canvas Scaled(int factor) const;
  bool SavePng(const std::filesystem::path& path, std::string* error) const;

 private:
  void Blend(int x, int y, const uint8_t* src);
  void Put(int x, int y, Color c);

  int width_ = 0;
  int height_ = 0;
  std::vector<uint8_t> pixels_;
};

}  // namespace vgdl::window
