// RGB frames (frame.h).
#include "python/frame.h"

#include <mutex>
#include <stdexcept>

#include "engine/render.h"
#include "tools/window/default_sprites.h"
#include "tools/window/painter.h"
#include "tools/window/sprite_images.h"

namespace vgdl::python {

RgbFrame RenderFrame(const State& state, int scale, bool sprites, int player) {
  if (scale < 1 || scale > 16) throw std::invalid_argument("scale must be between 1 and 16");
  // The pictures are cut from the atlases once and cached for the process; the caches are not
  // thread-safe, and frames are drawn while holding the GIL anyway.
  static std::mutex mutex;
  static auto* defaults = new window::DefaultSprites();
  static auto* images = new window::SpriteImages({}, defaults);
  static auto* shapes = new window::SpriteImages();
  std::lock_guard lock(mutex);
  RenderOptions options;
  options.player = player;
  const window::Canvas canvas =
      window::PaintFrame(BuildRenderList(state, options), sprites ? images : shapes).Scaled(scale);
  RgbFrame frame{canvas.width(), canvas.height(), {}};
  const std::vector<uint8_t>& rgba = canvas.rgba();
  frame.rgb.resize(rgba.size() / 4 * 3);
  for (size_t i = 0, j = 0; i + 3 < rgba.size(); i += 4, j += 3) {
    frame.rgb[j] = rgba[i];
    frame.rgb[j + 1] = rgba[i + 1];
    frame.rgb[j + 2] = rgba[i + 2];
  }
  return frame;
}

}  // namespace vgdl::python
