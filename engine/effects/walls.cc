// Wall and paddle collisions of continuous games (spec §8.2): wallStop, wallBounce,
// wallReverse (batch effects: one call for all of s1's hits), bounceDirection.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "engine/effects/effect_util.h"
#include "engine/effects/families.h"
#include "engine/physics/physics.h"

namespace vgdl {

namespace {

struct Bounce {
  bool horizontal = false;  // hit a side: the x component flips
  bool vertical = false;    // hit a top or bottom: the y component flips
};

// Java's Math.abs(int): -INT32_MIN wraps to itself.
int32_t JavaIntAbs(int32_t v) {
  return v < 0 ? JavaIntSub(0, v) : v;
}

// GVGAI's _velocity(): orientation * speed, or zero when the speed is 0.
Vec2 Velocity(const Sprite& s) {
  return s.speed == 0.0 ? Vec2{} : s.orientation * s.speed;
}

// GVGAI's determineCollision: a full-height overlap is a side hit, a full-width overlap a
// top/bottom hit; otherwise the axis reached first from lastrect along the velocity wins
// (ties and 0/0 leave both false). The distances are int sums and Math.abs in GVGAI: they wrap.
Bounce DetermineCollision(const Sprite& s1, const Rect& wall) {
  const Rect inter = Intersection(s1.rect, wall);
  Bounce b{s1.rect.h == inter.h, s1.rect.w == inter.w};
  if (b.horizontal || b.vertical) return b;
  const Vec2 vel = Velocity(s1);
  const Rect& last = s1.lastrect;
  const double dist_x = vel.x == 0.0 ? JavaIntAbs(JavaIntSub(last.x, wall.x))
                        : vel.x > 0.0
                            ? JavaIntAbs(JavaIntSub(JavaIntAdd(last.x, s1.rect.w), wall.x))
                            : JavaIntAbs(JavaIntSub(JavaIntAdd(wall.x, wall.w), last.x));
  const double dist_y = vel.y == 0.0 ? JavaIntAbs(JavaIntSub(last.y, wall.y))
                        : vel.y > 0.0
                            ? JavaIntAbs(JavaIntSub(JavaIntAdd(last.y, s1.rect.h), wall.y))
                            : JavaIntAbs(JavaIntSub(last.y, JavaIntAdd(wall.y, wall.h)));
  const double t_x = std::abs(dist_x / vel.x);
  const double t_y = std::abs(dist_y / vel.y);
  return Bounce{t_x < t_y, t_y < t_x};
}

void DoBounce(Sprite& s1, const Rect& wall) {
  const Bounce b = DetermineCollision(s1, wall);
  if (b.vertical) {
    s1.orientation.y = -s1.orientation.y;
  } else if (b.horizontal) {
    s1.orientation.x = -s1.orientation.x;
  } else {
    s1.orientation = -s1.orientation;
  }
}

// Keeps only the x component (reversed unless the hit was a top/bottom one) and scales the
// speed by it; the speed never falls below the sprite's gravity.
void DoReverse(Sprite& s1, const Rect& wall) {
  const Bounce b = DetermineCollision(s1, wall);
  const Vec2 v{b.vertical ? s1.orientation.x : -s1.orientation.x, 0.0};
  const double mag = v.length();
  s1.orientation = Normalise(v);
  s1.speed = mag * s1.speed;
  if (s1.speed < s1.gravity) s1.speed = s1.gravity;
}

double CenterDistance(const Rect& a, const Rect& b) {
  const double dx = CenterX(a) - CenterX(b);
  const double dy = CenterY(a) - CenterY(b);
  return std::sqrt(dx * dx + dy * dy);
}

// GVGAI's sortBatch: the rectangle to bounce off and how many walls it stands for. One hit:
// that wall. Two walls in a column or a row: their union (2). Otherwise the wall whose
// lastrect centre is closest to s1's lastrect centre (stable order on ties). GVGAI doubles the
// union's length in double and casts it back to int (saturating).
int SortBatch(const State& state, SpriteRef s1, std::span<const SpriteRef> hits, Rect& wall) {
  if (hits.size() == 2) {
    const Rect& b1 = state.sprite(hits[0]).rect;
    const Rect& b2 = state.sprite(hits[1]).rect;
    if (CenterX(b1) == CenterX(b2)) {
      wall = Rect{b1.x, b1.y < b2.y ? b1.y : b2.y, b1.w, JavaIntCast(b1.h * 2.0)};
      return 2;
    }
    if (CenterY(b1) == CenterY(b2)) {
      wall = Rect{b1.x < b2.x ? b1.x : b2.x, b1.y, JavaIntCast(b1.w * 2.0), b1.h};
      return 2;
    }
  }
  // Each wall's distance once (a pile of sprites can make thousands of hits a first sprite);
  // the first of equal distances wins, as in GVGAI's stable sort.
  const Rect& from = state.sprite(s1).lastrect;
  SpriteRef closest = hits[0];
  double closest_distance = CenterDistance(from, state.sprite(closest).lastrect);
  for (const SpriteRef h : hits.subspan(1)) {
    const double d = CenterDistance(from, state.sprite(h).lastrect);
    if (d < closest_distance) {
      closest = h;
      closest_distance = d;
    }
  }
  wall = state.sprite(closest).rect;
  return 1;
}

// After a bounce everything involved goes back to where it started the tick.
void RestoreAll(State& state, SpriteRef s1, std::span<const SpriteRef> hits) {
  Sprite& s = state.sprite(s1);
  s.rect = s.lastrect;
  for (SpriteRef h : hits) {
    Sprite& w = state.sprite(h);
    w.rect = w.lastrect;
  }
}

}  // namespace

// Flush against the wall, then only the velocity component along the wall survives.
// (GVGAI's once-per-tick list for wallStop is never filled, so it never skips a call.)
void ApplyWallStop(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  Sprite& s1 = call.state.sprite(call.s1);
  const Sprite& s2 = call.state.sprite(call.s2);
  s1.rect = PixelPerfectRect(s1, s2);
  const double dx = std::abs(CenterX(s1.rect) - CenterX(s2.rect));
  const double dy = std::abs(CenterY(s1.rect) - CenterY(s2.rect));
  const Vec2 v = dx > dy ? Vec2{0.0, s1.orientation.y} : Vec2{s1.orientation.x, 0.0};
  const double mag = v.length();
  s1.orientation = Normalise(v);
  s1.speed = mag * s1.speed;
  if (s1.speed < s1.gravity) s1.speed = s1.gravity;
}

// The single-wall form (reached only outside the batch path): a falling sprite first gets an
// upward push.
void ApplyWallBounce(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  State& state = call.state;
  if (state.sprite(call.s1).gravity > 0.0) ActiveMovement(state, call.s1, dir::kUp, 0.0);
  DoBounce(state.sprite(call.s1), state.sprite(call.s2).rect);
  const SpriteRef hit[] = {call.s2};
  RestoreAll(state, call.s1, hit);
}

// The single-wall form, without the falling push of wallBounce.
void ApplyWallReverse(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  State& state = call.state;
  DoReverse(state.sprite(call.s1), state.sprite(call.s2).rect);
  const SpriteRef hit[] = {call.s2};
  RestoreAll(state, call.s1, hit);
}

int ApplyWallBounceBatch(State& state, SpriteRef s1, std::span<const SpriteRef> hits) {
  Rect wall;
  const int n = SortBatch(state, s1, hits, wall);
  DoBounce(state.sprite(s1), wall);
  RestoreAll(state, s1, hits);
  return n;
}

int ApplyWallReverseBatch(State& state, SpriteRef s1, std::span<const SpriteRef> hits) {
  Rect wall;
  const int n = SortBatch(state, s1, hits, wall);
  DoReverse(state.sprite(s1), wall);
  RestoreAll(state, s1, hits);
  return n;
}

// Paddle bounce: the hit offset from the pad's centre, relative to half its length and
// clamped to [-1, 1], sets the outgoing angle. Which side was hit is decided by the time to
// contact from lastrect (the nearer of the pad's two edges per axis, wrapping int distances
// as in GVGAI); a tie mirrors x.
void ApplyBounceDirection(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  Sprite& s1 = call.state.sprite(call.s1);
  const Rect& pad = call.state.sprite(call.s2).rect;
  const Vec2 vel = Velocity(s1);
  const Rect& last = s1.lastrect;
  const double dist_x = std::min(JavaIntAbs(JavaIntSub(last.x, JavaIntAdd(pad.x, pad.w))),
                                 JavaIntAbs(JavaIntSub(JavaIntAdd(last.x, s1.rect.w), pad.x)));
  const double dist_y = std::min(JavaIntAbs(JavaIntSub(last.y, JavaIntAdd(pad.y, pad.h))),
                                 JavaIntAbs(JavaIntSub(JavaIntAdd(last.y, s1.rect.h), pad.y)));
  const double t_x = std::abs(dist_x / vel.x);
  const double t_y = std::abs(dist_y / vel.y);
  const bool horizontal = t_x < t_y;
  const bool vertical = t_y < t_x;
  if (!horizontal && !vertical) {
    s1.orientation.x = -s1.orientation.x;
    return;
  }
  double pad_length = pad.h;
  double diff = 0.0;
  double travel = 0.0;
  if (vertical) {
    pad_length = pad.w;
    diff = CenterX(s1.rect) - CenterX(pad);
    travel = CenterY(s1.rect) < CenterY(pad) ? 1.0 : -1.0;
  } else {
    diff = CenterY(pad) - CenterY(s1.rect);
    travel = CenterX(s1.rect) > CenterX(pad) ? 1.0 : -1.0;
  }
  const double rel_hit = std::clamp(diff / (0.5 * pad_length), -1.0, 1.0);
  const double angle = rel_hit * (call.def.max_bounce_angle_deg * (std::numbers::pi / 180.0));
  const Vec2 out = vertical ? Vec2{std::sin(angle), -std::cos(angle) * travel}
                            : Vec2{std::cos(angle) * travel, -std::sin(angle)};
  s1.orientation = Normalise(out);
}

}  // namespace vgdl
