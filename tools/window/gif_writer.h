// Animated GIF files of the software painter's frames (`vgdl render --gif`), written with
// giflib (Debian's libgif-dev), the encoder most image tools use. Built only when CMake finds
// giflib (VGDL_HAS_GIF).
//
// Each frame carries its own colour table: the exact colours when a frame has at most 256
// (shapes, and most sprite sets), else giflib's median-cut quantisation of that frame. The file
// loops for ever (the NETSCAPE2.0 extension browsers read).
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "tools/window/canvas.h"

struct GifFileType;

namespace vgdl::window {

class GifWriter {
 public:
  // Creates `path` for frames of width x height; null with `error` when it cannot be written.
  static std::unique_ptr<GifWriter> Open(const std::filesystem::path& path, int width, int height,
                                         std::string* error);
  ~GifWriter();
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  // Appends `frame` (of the size given to Open), shown for `delay_cs` hundredths of a second.
  bool AddFrame(const Canvas& frame, int delay_cs, std::string* error);
  // Finishes the file. Without it, the destructor closes it and drops any error.
  bool Close(std::string* error);

  int frames() const { return frames_; }

 private:
  GifWriter(GifFileType* gif, int width, int height) : gif_(gif), width_(width), height_(height) {}

  GifFileType* gif_;
  int width_;
  int height_;
  int frames_ = 0;
};

}  // namespace vgdl::window
