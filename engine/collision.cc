#include "engine/collision.h"

namespace vgdl {

bool UsesGroundIntersects(SpriteClass c) {
  return c == SpriteClass::kWalker || c == SpriteClass::kWalkerJumper ||
         c == SpriteClass::kPlatformerAvatar || c == SpriteClass::kWizardAvatar;
}

namespace {

// GVGAI's groundIntersects: the overlap test, and while s1 is airborne, landing on a solid
// sprite sets on_ground if s1 moved down this tick from above the solid sprite's middle and a
// 3-pixel probe below s1 touches it.
bool GroundIntersects(State& state, Sprite& s1, const Sprite& s2) {
  const bool hit = s1.rect.intersects(s2.rect);
  if (s1.has(SpriteFlag::kOnGround) || !state.type_def(s2.type).solid) return hit;
  const bool moved_down = s1.rect.y > s1.lastrect.y;
  // GVGAI adds the int half height to s1's getMinY() double: no int overflow. In 64 bits the
  // sum is as exact, and cheaper.
  const bool from_above = int64_t{s2.lastrect.y} > int64_t{s1.lastrect.y} + s1.rect.h / 2;
  // GVGAI's probe is setLocation(x, y + 3): a plain int sum that wraps, not translate().
  const Rect probe{s1.rect.x, JavaIntAdd(s1.rect.y, 3), s1.rect.w, s1.rect.h};
  if (moved_down && from_above && probe.intersects(s2.rect)) {
    s1.set(SpriteFlag::kOnGround);
  }
  return hit;
}

}  // namespace

bool CollidesForEffects(State& state, SpriteRef a, SpriteRef b) {
  return CollisionTester(state, a)(b);
}

CollisionTester::CollisionTester(State& state, SpriteRef s1)
    : state_(state), s1_(state.sprite(s1)), ground_(state.uses_ground_intersects(s1_.type)) {}

bool CollisionTester::GroundIntersectsWith(const Sprite& other) const {
  return GroundIntersects(state_, s1_, other);
}

}  // namespace vgdl
