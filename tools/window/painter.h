// Paints a render list the way GVGAI's VGDLSprite.draw does: images scaled into the sprite's
// (shrunk) rectangle, or shapes in the sprite's colour (avatars as ellipses, others as
// rectangles; a shape in the colour of an earlier type, or of what lies under it, gets a shaded
// border); oriented avatars
// rotated by their rotation, with their arrow; then resource bars and the health bar. The
// background is black.
#pragma once

#include "engine/render.h"
#include "tools/window/canvas.h"
#include "tools/window/sprite_images.h"

namespace vgdl::window {

inline constexpr Color kBackground{0, 0, 0};

// Draws every item of `list` onto `canvas` (which should be list.width x list.height).
// `images` may be null or disabled: shapes only.
void Paint(const RenderList& list, SpriteImages* images, Canvas& canvas);

// A new canvas of the list's size with the list painted on the background.
Canvas PaintFrame(const RenderList& list, SpriteImages* images);

}  // namespace vgdl::window
