// Collision tests used by the pair-effect loop (spec §4.4).
#pragma once

#include "engine/state.h"

namespace vgdl {

// Whether s1 and s2 collide for the pair effects. Plain strict rectangle overlap, except that
// Walker, WalkerJumper, PlatformerAvatar and WizardAvatar as s1 use GVGAI's groundIntersects,
// which also sets s1's on-ground flag as a side effect (§15.28: order-dependent, kept).
bool CollidesForEffects(State& state, SpriteRef s1, SpriteRef s2);

// Walker, WalkerJumper, PlatformerAvatar and WizardAvatar test collisions as s1 with GVGAI's
// groundIntersects.
bool UsesGroundIntersects(SpriteClass c);

// CollidesForEffects with s1's class looked up once: the pair loop tests one s1 against many
// second sprites.
class CollisionTester {
 public:
  CollisionTester(State& state, SpriteRef s1);
  bool operator()(SpriteRef s2) const {
    const Sprite& other = state_.sprite(s2);
    return ground_ ? GroundIntersectsWith(other) : s1_.rect.intersects(other.rect);
  }

 private:
  bool GroundIntersectsWith(const Sprite& other) const;

  State& state_;
  Sprite& s1_;
  bool ground_;
};

// The screen's bounds, taken once for a loop of end-of-screen tests.
struct ScreenBounds {
  explicit ScreenBounds(const State& state)
      : width(state.screen_width()), height(state.screen_height()) {}
  // Whether `r` is not fully inside the screen (EOS effects fire, §5.5).
  bool Leaves(const Rect& r) const {
    return r.x < 0 || r.y < 0 || r.x + r.w > width || r.y + r.h > height;
  }
  int32_t width;
  int32_t height;
};

}  // namespace vgdl
