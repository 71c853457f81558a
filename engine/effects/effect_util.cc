#include "engine/effects/effect_util.h"

#include <algorithm>
#include <cassert>
#include <cstdint>

namespace vgdl {

bool IsOriented(const State& state, SpriteRef s) {
  return IsOriented(state.sprite(s), state.def_of(s));
}

Vec2 Normalise(Vec2 v) {
  const double mag = v.length();
  if (mag == 0.0) return Vec2{};
  return Vec2{v.x / mag, v.y / mag};
}

double CenterX(const Rect& r) {
  return r.x + r.w / 2.0;
}
double CenterY(const Rect& r) {
  return r.y + r.h / 2.0;
}

Rect Intersection(const Rect& a, const Rect& b) {
  const int64_t x1 = std::max<int64_t>(a.x, b.x);
  const int64_t y1 = std::max<int64_t>(a.y, b.y);
  const int64_t x2 = std::min<int64_t>(int64_t{a.x} + a.w, int64_t{b.x} + b.w);
  const int64_t y2 = std::min<int64_t>(int64_t{a.y} + a.h, int64_t{b.y} + b.h);
  return Rect{static_cast<int32_t>(x1), static_cast<int32_t>(y1),
              static_cast<int32_t>(std::clamp<int64_t>(x2 - x1, INT32_MIN, INT32_MAX)),
              static_cast<int32_t>(std::clamp<int64_t>(y2 - y1, INT32_MIN, INT32_MAX))};
}

Rect PixelPerfectRect(const Sprite& s1, const Sprite& s2) {
  const Vec2 moved = Normalise(
      Vec2{CenterX(s1.rect) - CenterX(s1.lastrect), CenterY(s1.rect) - CenterY(s1.lastrect)});
  // GVGAI's adjust* work in wrapping ints; its y - ((y + h) - s2.y) is s2.y - h modulo 2^32.
  Rect r = s1.rect;
  if (moved == dir::kDown) {
    r.y = JavaIntSub(s2.rect.y, s1.rect.h);
  } else if (moved == dir::kRight) {
    r.x = JavaIntSub(s2.rect.x, s1.rect.w);
  } else if (moved == dir::kUp) {
    r.y = JavaIntAdd(s2.rect.y, s2.rect.h);
  } else if (moved == dir::kLeft) {
    r.x = JavaIntAdd(s2.rect.x, s2.rect.w);
  } else {
    // Diagonal moves and standing still are not resolved: plain step back.
    r = s1.lastrect;
  }
  return r;
}

int ListElement(const std::vector<int>& values, int index) {
  if (values.empty()) return 0;
  const auto i = static_cast<size_t>(index);
  return i < values.size() ? values[i] : values.front();
}

EffectId EffectIdOf(const EffectCall& call) {
  const auto& effects = call.state.def().effects;
  assert(&call.def >= effects.data() && &call.def < effects.data() + effects.size());
  return static_cast<EffectId>(&call.def - effects.data());
}

bool HandOverAvatar(State& state, SpriteRef old, SpriteRef created) {
  if (!state.def_of(old).is_avatar) return true;
  if (!IsAvatarClass(state.def_of(created).cls)) return false;
  // GVGAI hands over the player whose id the old sprite carries (MovingAvatar.playerID). An
  // avatar sprite made during the game (spawned, cloned) carries Java's default 0, so
  // transforming it makes it player 0's avatar, and the one before stands orphaned.
  const int id = state.sprite(old).player;
  const int p = id >= 0 ? id : 0;
  if (p < state.player_count()) {
    state.player(p).avatar = created;
    state.player(p).had_avatar = true;
    state.sprite(created).player = static_cast<int8_t>(p);
  }
  return true;
}

void FinishTransform(EffectCall& call, SpriteRef created, SpriteRef old) {
  if (created == kNoSprite) return;  // refused (singleton, sprite limit): `old` survives
  State& state = call.state;
  Sprite& made = state.sprite(created);
  const Sprite& from = state.sprite(old);
  // Only a fresh sprite without a direction of its own takes over the old orientation,
  // unless forceOrientation says so.
  if (call.def.force_orientation ||
      (IsOriented(state, created) && IsOriented(state, old) && made.orientation == dir::kNone)) {
    made.orientation = from.orientation;
  }
  made.lastrect = from.lastrect;
  state.CopyResources(old, created);
  const bool transformed = HandOverAvatar(state, old, created);
  // GVGAI copies the health points unconditionally, even 0 over the new type's default.
  state.sprite(created).health = state.sprite(old).health;
  state.KillSprite(old, transformed);
  if (call.def.kill_second && call.s2 != kNoSprite) state.KillSprite(call.s2, true);
}

}  // namespace vgdl
