// Sprite images from a GVGAI-style sprites folder (`--sprites DIR`): the folder that holds
// oryx/, newset/, ... so that `img=oryx/wall3` is DIR/oryx/wall3.png. Loaded once, cached,
// missing files remembered. File names are matched exactly first, then ignoring case (GVGAI's
// games were written on case-insensitive file systems: `img=oryx/dirtwall` names
// oryx/dirtWall_*.png). Images the folder lacks, or all images when there is no folder, come from
// the default sprite set when one is given (default_sprites.h).
#pragma once

#include <SFML/Graphics/Image.hpp>
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "engine/render.h"
#include "tools/window/canvas.h"
#include "tools/window/default_sprites.h"

namespace vgdl::window {

class SpriteImages {
 public:
  // An empty `dir` and no `defaults` mean no images: every sprite is drawn as a shape.
  // `defaults`, when given, must outlive this object.
  explicit SpriteImages(std::filesystem::path dir = {}, DefaultSprites* defaults = nullptr);

  bool enabled() const { return !dir_.empty() || defaults_ != nullptr; }
  const std::filesystem::path& dir() const { return dir_; }

  // The image of a render item as GVGAI would show it, or an empty view (draw a shape).
  ImageView ImageFor(const RenderItem& item);
  // One file relative to the folder (the default set is not asked); empty view when it is missing
  // or not an image.
  ImageView Get(const std::string& relative);
  // How many frames "<image>[_DIR]_0.png", "_1.png", ... exist (GVGAI stops at the first gap).
  int FrameCount(std::string_view image, ImageDir dir);

 private:
  std::filesystem::path Resolve(const std::string& relative) const;

  ImageView FromFolder(const RenderItem& item);

  std::filesystem::path dir_;
  DefaultSprites* defaults_ = nullptr;
  std::map<std::string, std::unique_ptr<sf::Image>> images_;  // null: missing
  std::map<std::string, int> frame_counts_;
};

}  // namespace vgdl::window
