// The software canvas: clipping, shapes, image scaling, rotation, blending, PNG files.
#include "tools/window/canvas.h"

#include <gtest/gtest.h>

#include <SFML/Graphics/Image.hpp>
#include <cmath>
#include <filesystem>
#include <numbers>
#include <vector>

#include "tests/temp_dir.h"

namespace vgdl::window {
namespace {

constexpr Color kRed{255, 0, 0};
constexpr Color kBlack{0, 0, 0};

int CountColor(const Canvas& c, Color color) {
  int n = 0;
  for (int y = 0; y < c.height(); ++y) {
    for (int x = 0; x < c.width(); ++x) n += c.At(x, y) == color ? 1 : 0;
  }
  return n;
}

TEST(CanvasTest, FillRectClips) {
  Canvas c(10, 8, kBlack);
  c.FillRect({-5, -5, 8, 7}, kRed);  // covers x 0..2, y 0..1
  EXPECT_EQ(CountColor(c, kRed), 3 * 2);
  c.FillRect({8, 6, 100, 100}, kRed);
  EXPECT_EQ(CountColor(c, kRed), 6 + 2 * 2);
  c.FillRect({2, 2, 0, 5}, Color{1, 2, 3});
  c.FillRect({2, 2, -3, 5}, Color{1, 2, 3});
  c.FillRect({2147483000, 2147483000, 2147483000, 2147483000}, Color{1, 2, 3});
  EXPECT_EQ(CountColor(c, Color{1, 2, 3}), 0);
  EXPECT_EQ(c.At(-1, 0), kBlack);
}

TEST(CanvasTest, EllipseIsInscribed) {
  Canvas c(20, 20, kBlack);
  c.FillEllipse({0, 0, 20, 20}, kRed);
  EXPECT_EQ(c.At(10, 10), kRed);
  EXPECT_EQ(c.At(0, 10), kRed);
  EXPECT_EQ(c.At(0, 0), kBlack);
  EXPECT_EQ(c.At(19, 19), kBlack);
  const int area = CountColor(c, kRed);
  EXPECT_NEAR(area, std::numbers::pi * 100, 12);
}

TEST(CanvasTest, TriangleCoversItsInside) {
  Canvas c(10, 10, kBlack);
  c.FillTriangle({0, 0}, {10, 0}, {0, 10}, kRed);
  EXPECT_EQ(c.At(1, 1), kRed);
  EXPECT_EQ(c.At(8, 8), kBlack);
  EXPECT_EQ(CountColor(c, kRed), 55);  // pixel centres with x + y <= 9
  Canvas d(10, 10, kBlack);
  d.FillTriangle({0, 0}, {0, 10}, {10, 0}, kRed);  // either winding
  EXPECT_EQ(CountColor(d, kRed), 55);
  d.FillTriangle({0, 0}, {5, 5}, {9, 9}, Color{1, 1, 1});  // degenerate: nothing
  EXPECT_EQ(CountColor(d, Color{1, 1, 1}), 0);
}

// A 2x2 image: red, green / blue, transparent.
std::vector<uint8_t> Quad() {
  return {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 0};
}

TEST(CanvasTest, ImagesScaleByNearestNeighbourAndBlend) {
  const auto px = Quad();
  const ImageView quad{2, 2, px.data()};
  Canvas c(8, 8, Color{50, 50, 50});
  c.DrawImage(quad, 2, 2, 4, 4);
  EXPECT_EQ(c.At(2, 2), kRed);
  EXPECT_EQ(c.At(3, 3), kRed);
  EXPECT_EQ(c.At(4, 2), (Color{0, 255, 0}));
  EXPECT_EQ(c.At(2, 5), (Color{0, 0, 255}));
  EXPECT_EQ(c.At(5, 5), (Color{50, 50, 50}));  // transparent: the background shows
  EXPECT_EQ(c.At(1, 1), (Color{50, 50, 50}));
  const std::vector<uint8_t> half = {200, 100, 0, 128};
  Canvas d(1, 1, kBlack);
  d.DrawImage({1, 1, half.data()}, 0, 0, 1, 1);
  EXPECT_EQ(d.At(0, 0), (Color{100, 50, 0}));
  d.DrawImage({}, 0, 0, 1, 1);  // no image: nothing
  EXPECT_EQ(d.At(0, 0), (Color{100, 50, 0}));
}

TEST(CanvasTest, TransformedImagesRotateAboutTheirCentre) {
  const auto px = Quad();
  const ImageView quad{2, 2, px.data()};
  Canvas straight(4, 4, kBlack);
  straight.DrawImageTransformed(quad, 0, 0, 2.0, 0.0);
  Canvas plain(4, 4, kBlack);
  plain.DrawImage(quad, 0, 0, 4, 4);
  EXPECT_EQ(straight.rgba(), plain.rgba());
  Canvas turned(4, 4, kBlack);
  turned.DrawImageTransformed(quad, 0, 0, 2.0, std::numbers::pi / 2);  // clockwise on screen
  EXPECT_EQ(turned.At(3, 0), kRed);                // red moved from top-left to top-right
  EXPECT_EQ(turned.At(0, 0), (Color{0, 0, 255}));  // blue from bottom-left to top-left
  EXPECT_EQ(turned.At(3, 3), (Color{0, 255, 0}));
  turned.DrawImageTransformed(quad, 0, 0, std::nan(""), 0.0);  // ignored
}

TEST(CanvasTest, ScaledAndSavedPng) {
  Canvas c(3, 2, kBlack);
  c.FillRect({1, 0, 1, 1}, kRed);
  const Canvas big = c.Scaled(3);
  EXPECT_EQ(big.width(), 9);
  EXPECT_EQ(big.height(), 6);
  EXPECT_EQ(big.At(3, 0), kRed);
  EXPECT_EQ(big.At(5, 2), kRed);
  EXPECT_EQ(big.At(6, 0), kBlack);
  const vgdl::testing::TempDir dir("vgdl_canvas_test");
  const auto path = dir / "big.png";
  std::string error;
  ASSERT_TRUE(big.SavePng(path, &error)) << error;
  sf::Image back;
  ASSERT_TRUE(back.loadFromFile(path.string()));
  EXPECT_EQ(back.getSize(), sf::Vector2u(9, 6));
  EXPECT_EQ(back.getPixel(4, 1), sf::Color(255, 0, 0));
  std::filesystem::remove(path);
  EXPECT_FALSE(Canvas().SavePng(path, &error));
  EXPECT_FALSE(c.SavePng("/nonexistent/dir/x.png", &error));
}

}  // namespace
}  // namespace vgdl::window
