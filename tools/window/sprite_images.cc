// The sprite image cache.
#include "tools/window/sprite_images.h"

#include <algorithm>
#include <cctype>
#include <system_error>

namespace vgdl::window {

namespace {

namespace fs = std::filesystem;

bool SameIgnoringCase(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

// The entry of `dir` named `name` ignoring case, or an empty path.
fs::path FindIgnoringCase(const fs::path& dir, const std::string& name) {
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (SameIgnoringCase(it->path().filename().string(), name)) return it->path();
  }
  return {};
}

}  // namespace

SpriteImages::SpriteImages(fs::path dir, DefaultSprites* defaults)
    : dir_(std::move(dir)), defaults_(defaults) {}

fs::path SpriteImages::Resolve(const std::string& relative) const {
  const fs::path rel(relative);
  if (rel.empty() || rel.has_root_path()) return {};
  for (const auto& part : rel) {
    if (part == "..") return {};  // names stay inside the folder
  }
  const fs::path exact = dir_ / rel;
  std::error_code ec;
  if (fs::is_regular_file(exact, ec)) return exact;
  fs::path current = dir_;
  for (const auto& part : rel) {
    const std::string name = part.string();
    if (name.empty() || name == ".") continue;
    fs::path next = current / part;
    if (!fs::exists(next, ec)) next = FindIgnoringCase(current, name);
    if (next.empty()) return {};
    current = next;
  }
  return fs::is_regular_file(current, ec) ? current : fs::path();
}

ImageView SpriteImages::Get(const std::string& relative) {
  if (dir_.empty()) return {};
  auto it = images_.find(relative);
  if (it == images_.end()) {
    std::unique_ptr<sf::Image> image;
    const fs::path file = Resolve(relative);
    if (!file.empty()) {
      image = std::make_unique<sf::Image>();
      if (!image->loadFromFile(file.string()) || image->getSize().x == 0) image.reset();
    }
    it = images_.emplace(relative, std::move(image)).first;
  }
  if (!it->second) return {};
  const auto size = it->second->getSize();
  return {static_cast<int>(size.x), static_cast<int>(size.y), it->second->getPixelsPtr()};
}

int SpriteImages::FrameCount(std::string_view image, ImageDir dir) {
  if (dir_.empty()) return 0;
  const std::string key = std::string(image) + "|" + std::string(ImageDirName(dir));
  const auto it = frame_counts_.find(key);
  if (it != frame_counts_.end()) return it->second;
  int n = 0;
  // GVGAI loads frames until the first missing number; a bound keeps a strange folder finite.
  while (n < 4096 && !Resolve(ImageFile(image, true, dir, n)).empty()) ++n;
  frame_counts_.emplace(key, n);
  return n;
}

ImageView SpriteImages::ImageFor(const RenderItem& item) {
  if (item.image.empty()) return {};
  const ImageView image = FromFolder(item);
  if (image.rgba != nullptr || defaults_ == nullptr) return image;
  // One picture per name: frames, orientations and autotiling all show the same tile.
  return defaults_->ImageFor(item.image);
}

ImageView SpriteImages::FromFolder(const RenderItem& item) {
  if (dir_.empty()) return {};
  if (!item.image_list) return Get(ImageFile(item.image, false, item.image_dir, 0));
  const int frame = PickFrame(item, FrameCount(item.image, item.image_dir));
  if (frame < 0) return {};
  return Get(ImageFile(item.image, true, item.image_dir, frame));
}

}  // namespace vgdl::window
