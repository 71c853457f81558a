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
  // Whether `r` is not fully inside the screen (EOS effects fire, §5.5): GVGAI's isAtEdge,
  // !screen.contains(r) (Rect::contains), so an empty rectangle is always at the edge.
  bool Leaves(const Rect& r) const {
    // x < 0 or w < 1 (y < 0 or h < 1) in one test: the sign of x | (w - 1).
    return (r.x | (int64_t{r.w} - 1)) < 0 || (r.y | (int64_t{r.h} - 1)) < 0 ||
           Rect::right_of(r) > width || Rect::bottom_of(r) > height;
  }
  int32_t width;
  int32_t height;
};

}  // namespace vgdl
