// Animated GIF output through giflib (gif_writer.h).
#include "tools/window/gif_writer.h"

#ifdef VGDL_HAS_GIF

#include <gif_lib.h>

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace vgdl::window {

namespace {

constexpr int kMaxColours = 256;

std::string GifError(const char* what, int code) {
  const char* text = GifErrorString(code);
  return std::string(what) + ": " +
         (text != nullptr ? text : "giflib error " + std::to_string(code));
}

// A frame as colour indices and its colour table.
struct IndexedFrame {
  std::vector<GifByteType> indices;
  std::vector<GifColorType> colours;
};

// The exact colours of `frame`, or nothing when it has more than the table holds.
bool ExactColours(const Canvas& frame, IndexedFrame& out) {
  const std::vector<uint8_t>& rgba = frame.rgba();
  std::unordered_map<uint32_t, GifByteType> index;
  out.indices.resize(rgba.size() / 4);
  for (size_t p = 0; p < out.indices.size(); ++p) {
    const uint8_t* px = &rgba[p * 4];
    const uint32_t key = (uint32_t{px[0]} << 16) | (uint32_t{px[1]} << 8) | px[2];
    auto [it, added] = index.try_emplace(key, static_cast<GifByteType>(out.colours.size()));
    if (added) {
      if (out.colours.size() == kMaxColours) return false;
      out.colours.push_back({px[0], px[1], px[2]});
    }
    out.indices[p] = it->second;
  }
  return true;
}

// giflib's median-cut quantisation to 256 colours.
bool QuantisedColours(const Canvas& frame, IndexedFrame& out, std::string* error) {
  const std::vector<uint8_t>& rgba = frame.rgba();
  const size_t n = rgba.size() / 4;
  std::vector<GifByteType> r(n), g(n), b(n);
  for (size_t p = 0; p < n; ++p) {
    r[p] = rgba[p * 4];
    g[p] = rgba[p * 4 + 1];
    b[p] = rgba[p * 4 + 2];
  }
  int size = kMaxColours;
  out.colours.assign(kMaxColours, GifColorType{0, 0, 0});
  out.indices.assign(n, 0);
  if (GifQuantizeBuffer(static_cast<unsigned>(frame.width()), static_cast<unsigned>(frame.height()),
                        &size, r.data(), g.data(), b.data(), out.indices.data(),
                        out.colours.data()) == GIF_ERROR) {
    *error = "reducing a frame to 256 colours failed";
    return false;
  }
  out.colours.resize(static_cast<size_t>(size));
  return true;
}

// GIF colour tables have a power-of-two size (2 to 256).
int TableSize(size_t colours) {
  int size = 2;
  while (static_cast<size_t>(size) < colours) size *= 2;
  return size;
}

// Loop for ever: the NETSCAPE2.0 application extension, repetitions 0.
bool PutLoopExtension(GifFileType* gif) {
  static const GifByteType kApp[] = "NETSCAPE2.0";
  static const GifByteType kLoop[] = {1, 0, 0};
  return EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_OK &&
         EGifPutExtensionBlock(gif, 11, kApp) == GIF_OK &&
         EGifPutExtensionBlock(gif, 3, kLoop) == GIF_OK && EGifPutExtensionTrailer(gif) == GIF_OK;
}

}  // namespace

std::unique_ptr<GifWriter> GifWriter::Open(const std::filesystem::path& path, int width, int height,
                                           std::string* error) {
  int code = 0;
  GifFileType* gif = EGifOpenFileName(path.c_str(), /*TestExistence=*/false, &code);
  if (gif == nullptr) {
    *error = GifError(("cannot write " + path.string()).c_str(), code);
    return nullptr;
  }
  std::unique_ptr<GifWriter> writer(new GifWriter(gif, width, height));
  EGifSetGifVersion(gif, /*gif89=*/true);
  if (EGifPutScreenDesc(gif, width, height, 8, 0, nullptr) == GIF_ERROR || !PutLoopExtension(gif)) {
    *error = GifError("writing the GIF header", gif->Error);
    return nullptr;
  }
  return writer;
}

bool GifWriter::AddFrame(const Canvas& frame, int delay_cs, std::string* error) {
  if (frame.width() != width_ || frame.height() != height_) {
    *error = "a frame of " + std::to_string(frame.width()) + "x" + std::to_string(frame.height()) +
             " in a GIF of " + std::to_string(width_) + "x" + std::to_string(height_);
    return false;
  }
  IndexedFrame indexed;
  if (!ExactColours(frame, indexed) && !QuantisedColours(frame, indexed, error)) return false;
  std::vector<GifColorType> table = indexed.colours;
  table.resize(static_cast<size_t>(TableSize(table.size())), GifColorType{0, 0, 0});
  ColorMapObject* map = GifMakeMapObject(static_cast<int>(table.size()), table.data());
  GraphicsControlBlock gcb{};
  gcb.DisposalMode = DISPOSE_DO_NOT;
  gcb.DelayTime = delay_cs;
  gcb.TransparentColor = NO_TRANSPARENT_COLOR;
  std::array<GifByteType, 4> extension{};
  EGifGCBToExtension(&gcb, extension.data());
  bool ok = map != nullptr &&
            EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, 4, extension.data()) == GIF_OK &&
            EGifPutImageDesc(gif_, 0, 0, width_, height_, false, map) == GIF_OK;
  for (int y = 0; ok && y < height_; ++y) {
    ok = EGifPutLine(gif_, &indexed.indices[static_cast<size_t>(y) * static_cast<size_t>(width_)],
                     width_) == GIF_OK;
  }
  GifFreeMapObject(map);
  if (!ok) {
    *error = GifError("writing a GIF frame", gif_->Error);
    return false;
  }
  ++frames_;
  return true;
}

bool GifWriter::Close(std::string* error) {
  if (gif_ == nullptr) return true;
  int code = 0;
  const bool ok = EGifCloseFile(gif_, &code) == GIF_OK;
  gif_ = nullptr;
  if (!ok) *error = GifError("finishing the GIF file", code);
  return ok;
}

GifWriter::~GifWriter() {
  std::string ignored;
  Close(&ignored);
}

}  // namespace vgdl::window

#endif  // VGDL_HAS_GIF
