// Helpers shared by the effect families (internal to engine/effects/).
#pragma once

#include <vector>

#include "engine/effects/effect.h"
#include "engine/sprites/sprite_util.h"  // LastDirection

namespace vgdl {

// is_oriented of one sprite: its type's flag, or switched on at run time.
bool IsOriented(const State& state, SpriteRef s);

// GVGAI's Vector2d.normalise: a zero vector becomes (+0, +0), which matters where a sign of
// zero reaches an orientation that is printed (-0.00 vs 0.00).
Vec2 Normalise(Vec2 v);

// Centre of a java.awt.Rectangle (getCenterX/Y), in doubles.
double CenterX(const Rect& r);
double CenterY(const Rect& r);

// java.awt.Rectangle.intersection: may have a negative width or height when the rectangles
// do not overlap.
Rect Intersection(const Rect& a, const Rect& b);

// GVGAI's calculatePixelPerfect: s1 placed flush against s2 on the side it came from when it
// moved exactly along an axis this tick, else s1's lastrect.
Rect PixelPerfectRect(const Sprite& s1, const Sprite& s2);

// Element p of a per-player (or per-counter) list, element 0 when the list is shorter.
int ListElement(const std::vector<int>& values, int index);

// The running effect's index in GameDef::effects: one per InteractionSet line, as GVGAI's
// effect object is (a line's `repeat` copies share it).
EffectId EffectIdOf(const EffectCall& call);

// The avatar hand-over of GVGAI's transformTo when `old` is replaced by `created`: if `old` is
// flagged as an avatar and `created` is of an avatar class, the avatar of the player whose id
// `old` carries (player 0 for an avatar sprite made during the game, as in GVGAI) moves over
// to `created` (score and win state stay with the player). Returns GVGAI's `transformed` flag for
// killing `old`: false when an avatar turns into a non-avatar (the old avatar is then only
// disabled, so the game sees a dead avatar).
bool HandOverAvatar(State& state, SpriteRef old, SpriteRef created);

// GVGAI's TransformTo.transformTo bookkeeping after `created` (may be kNoSprite: creation was
// refused, nothing happens) was made at `old`'s position.
void FinishTransform(EffectCall& call, SpriteRef created, SpriteRef old);

}  // namespace vgdl
