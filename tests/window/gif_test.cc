// Animated GIFs of episodes: the writer (tools/window/gif_writer.h) and `vgdl render --gif`,
// each file decoded again with giflib to count its frames and read their pixels.
#include <gtest/gtest.h>

#include <SFML/Graphics/Image.hpp>
#include <filesystem>
#include <string>

#include "tests/temp_dir.h"
#include "tests/window/command_util.h"
#include "tools/window/gif_writer.h"

#ifdef VGDL_HAS_GIF
#include <gif_lib.h>
#endif

namespace vgdl::window {
namespace {

namespace fs = std::filesystem;
using testing::Quote;
using testing::RunShell;
using testing::Vgdl;

#ifdef VGDL_HAS_GIF

// A decoded GIF: its frames, or none when it does not decode.
struct Decoded {
  int width = 0;
  int height = 0;
  int frames = 0;
  std::vector<int> delays_cs;
  // The colour of pixel (x, y) of frame `f`.
  std::vector<std::vector<Color>> pixels;
};

Decoded Decode(const fs::path& path) {
  Decoded d;
  int code = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &code);
  if (gif == nullptr) return d;
  if (DGifSlurp(gif) == GIF_OK) {
    d.width = gif->SWidth;
    d.height = gif->SHeight;
    d.frames = gif->ImageCount;
    for (int f = 0; f < gif->ImageCount; ++f) {
      const SavedImage& image = gif->SavedImages[f];
      GraphicsControlBlock gcb{};
      DGifSavedExtensionToGCB(gif, f, &gcb);
      d.delays_cs.push_back(gcb.DelayTime);
      const ColorMapObject* map =
          image.ImageDesc.ColorMap ? image.ImageDesc.ColorMap : gif->SColorMap;
      std::vector<Color> pixels;
      const int n = image.ImageDesc.Width * image.ImageDesc.Height;
      for (int p = 0; p < n; ++p) {
        const GifColorType c = map->Colors[image.RasterBits[p]];
        pixels.push_back({c.Red, c.Green, c.Blue});
      }
      d.pixels.push_back(std::move(pixels));
    }
  }
  DGifCloseFile(gif, &code);
  return d;
}

TEST(GifWriterTest, FramesReadBackWithTheirColoursAndDelays) {
  vgdl::testing::TempDir dir("vgdl_gif");
  const fs::path path = dir / "frames.gif";
  std::string error;
  auto gif = GifWriter::Open(path, 40, 20, &error);
  ASSERT_TRUE(gif) << error;
  Canvas few(40, 20, Color{0, 0, 0});
  few.FillRect(Rect{10, 0, 10, 20}, Color{200, 30, 40});
  ASSERT_TRUE(gif->AddFrame(few, 7, &error)) << error;
  // 800 colours: more than a table holds, so this frame is quantised.
  Canvas many(40, 20, Color{0, 0, 0});
  for (int x = 0; x < 40; ++x) {
    for (int y = 0; y < 20; ++y) {
      many.FillRect(Rect{x, y, 1, 1},
                    Color{static_cast<uint8_t>(x * 6), static_cast<uint8_t>(y * 12), 90});
    }
  }
  ASSERT_TRUE(gif->AddFrame(many, 7, &error)) << error;
  ASSERT_TRUE(gif->AddFrame(few, 50, &error)) << error;
  EXPECT_FALSE(gif->AddFrame(Canvas(10, 10, Color{}), 7, &error));
  EXPECT_NE(error.find("a frame of 10x10 in a GIF of 40x20"), std::string::npos) << error;
  ASSERT_TRUE(gif->Close(&error)) << error;

  const Decoded d = Decode(path);
  ASSERT_EQ(d.frames, 3);
  EXPECT_EQ(d.width, 40);
  EXPECT_EQ(d.height, 20);
  EXPECT_EQ(d.delays_cs, (std::vector<int>{7, 7, 50}));
  EXPECT_EQ(d.pixels[0][15], (Color{200, 30, 40}));  // exact colours: row 0, x 15
  EXPECT_EQ(d.pixels[0][5], (Color{0, 0, 0}));
  const Color quantised = d.pixels[1][20 * 40 + 39 - 40];  // near (39, 19): (234, 228, 90)
  EXPECT_NEAR(quantised.r, 234, 24);
  EXPECT_NEAR(quantised.g, 228, 24);
}

// `vgdl solve`'s 16-action solution of the maze, rendered: the level as built and a frame per
// tick.
TEST(RenderGifCommandTest, AnActionFileGivesAFramePerTickAndTheStart) {
  vgdl::testing::TempDir dir("vgdl_gif_cmd");
  const std::string game = Quote((fs::path(VGDL_TEST_DATA_DIR) / "search" / "maze.txt").string());
  const fs::path actions = dir / "maze.actions";
  const fs::path gif = dir / "maze.gif";
  const auto solved = RunShell(Vgdl() + " solve " + game + " --out " + Quote(actions.string()));
  ASSERT_EQ(solved.exit_code, 0) << solved.output;
  ASSERT_NE(solved.output.find("in 16 actions"), std::string::npos) << solved.output;
  const auto r =
      RunShell("env -u DISPLAY " + Vgdl() + " render " + game + " --actions " +
               Quote(actions.string()) + " --gif " + Quote(gif.string()) + " --frame-ms 50");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("17 frames, ticks 0-16"), std::string::npos) << r.output;
  const Decoded d = Decode(gif);
  EXPECT_EQ(d.frames, 17);
  EXPECT_EQ(d.delays_cs.front(), 5);
  EXPECT_NE(d.pixels.front(), d.pixels.back());  // the avatar moved
  // The first frame is the level as `render --out` draws it (few colours: exact).
  const fs::path png = dir / "start.png";
  const auto start =
      RunShell("env -u DISPLAY " + Vgdl() + " render " + game + " --out " + Quote(png.string()));
  ASSERT_EQ(start.exit_code, 0) << start.output;
  sf::Image image;
  ASSERT_TRUE(image.loadFromFile(png.string()));
  ASSERT_EQ(static_cast<int>(image.getSize().x), d.width);
  ASSERT_EQ(static_cast<int>(image.getSize().y), d.height);
  int differing = 0;
  for (int y = 0; y < d.height; ++y) {
    for (int x = 0; x < d.width; ++x) {
      const sf::Color c = image.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y));
      differing +=
          d.pixels[0][static_cast<size_t>(y * d.width + x)] == Color{c.r, c.g, c.b} ? 0 : 1;
    }
  }
  EXPECT_EQ(differing, 0);
}

TEST(RenderGifCommandTest, AnAgentPlaysTheEpisodeAndOptionsAreChecked) {
  vgdl::testing::TempDir dir("vgdl_gif_agent");
  const std::string game =
      Quote((fs::path(VGDL_TEST_DATA_DIR) / "search" / "playtest.txt").string());
  const fs::path gif = dir / "osla.gif";
  const auto r = RunShell("env -u DISPLAY " + Vgdl() + " render " + game +
                          " --agent osla --budget-calls 50 --gif " + Quote(gif.string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(Decode(gif).frames, 2);  // a step right wins at once
  const auto both = RunShell(Vgdl() + " render " + game + " --gif a.gif --out a.png");
  EXPECT_EQ(both.exit_code, 1);
  EXPECT_NE(both.output.find("give one of --out"), std::string::npos) << both.output;
  const auto fast = RunShell(Vgdl() + " render " + game + " --gif a.gif --frame-ms 1");
  EXPECT_NE(fast.output.find("--frame-ms must be between 10 and 10000"), std::string::npos);
}

#else

TEST(GifWriterTest, NeedsGiflib) {
  GTEST_SKIP() << "built without giflib (libgif-dev)";
}

#endif

}  // namespace
}  // namespace vgdl::window
