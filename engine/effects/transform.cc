// Transformation effects (spec §8.2): a new sprite replaces an old one at its position, with
// GVGAI's bookkeeping (FinishTransform: orientation, lastrect, resources, health, avatar
// hand-over, removal of the old sprite).
#include <vector>

#include "engine/effects/effect_util.h"
#include "engine/effects/families.h"

namespace vgdl {

namespace {

bool ValidType(const State& state, TypeId t) {
  return t >= 0 && t < state.def().type_count();
}

SpriteRef CreateAt(State& state, TypeId type, SpriteRef at, bool force) {
  const Rect r = state.sprite(at).rect;
  return state.AddSprite(type, r.x, r.y, force);
}

// transformToSingleton's lighter bookkeeping: the orientation passes whenever both sprites
// are oriented, no health copy, no killSecond.
void SingletonFields(State& state, SpriteRef created, SpriteRef old) {
  if (IsOriented(state, created) && IsOriented(state, old)) {
    state.sprite(created).orientation = state.sprite(old).orientation;
  }
  state.sprite(created).lastrect = state.sprite(old).lastrect;
  state.CopyResources(old, created);
  state.KillSprite(old, HandOverAvatar(state, old, created));
}

}  // namespace

// A disabled (dead) avatar does not transform; a refused creation (singleton) leaves s1 alone.
void ApplyTransformTo(EffectCall& call) {
  if (call.s1 == kNoSprite || call.state.sprite(call.s1).disabled()) return;
  FinishTransform(call, CreateAt(call.state, call.def.stype, call.s1, false), call.s1);
}

// Every sprite of the exact type stype (dead ones included) becomes stypeTo, forced past
// singletons; s1 only triggers it.
void ApplyTransformToAll(EffectCall& call) {
  State& state = call.state;
  const TypeId from = call.def.stype;
  if (!ValidType(state, from)) return;
  // Sprites made here go to the end of their group; when stypeTo == stype they are not
  // transformed again (GVGAI would throw).
  const int n = state.count_of(from);
  for (int i = 0; i < n; ++i) {
    const SpriteRef s = state.sprites_of(from)[static_cast<size_t>(i)];
    FinishTransform(call, CreateAt(state, call.def.stype_to, s, true), s);
  }
}

// n counts stypeCount and its subtypes, dead and disabled included. In [geq, leq]: forced
// transform into stype with score and counter; otherwise into estype (if given) with only
// counterElse.
void ApplyTransformIfCount(EffectCall& call) {
  call.apply_score = false;
  call.count = false;
  call.count_else = false;
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  State& state = call.state;
  if (!ValidType(state, call.def.stype_count)) return;
  const int n = state.count_with_subtypes(call.def.stype_count);
  if (n >= call.def.geq && n <= call.def.leq) {
    FinishTransform(call, CreateAt(state, call.def.stype, call.s1, true), call.s1);
    call.apply_score = true;
    call.count = true;
  } else if (ValidType(state, call.def.estype)) {  // kNoType when not given
    FinishTransform(call, CreateAt(state, call.def.estype, call.s1, true), call.s1);
    call.count_else = true;
  }
}

// Every existing stype sprite turns back into stype_other, then s1 becomes the one stype
// sprite (facing against s2's orientation with takeOrientation, which also makes it oriented).
void ApplyTransformToSingleton(EffectCall& call) {
  if (call.s1 == kNoSprite || call.s2 == kNoSprite) return;
  State& state = call.state;
  const TypeId to = call.def.stype;
  if (!ValidType(state, to)) return;
  const int n = state.count_of(to);
  for (int i = 0; i < n; ++i) {
    const SpriteRef s = state.sprites_of(to)[static_cast<size_t>(i)];
    const SpriteRef back = CreateAt(state, call.def.stype_other, s, false);
    if (back != kNoSprite) SingletonFields(state, back, s);
  }
  const SpriteRef created = CreateAt(state, to, call.s1, false);
  if (created == kNoSprite) return;
  SingletonFields(state, created, call.s1);
  if (call.def.take_orientation) {
    Sprite& c = state.sprite(created);
    c.set(SpriteFlag::kOriented);
    c.orientation = -state.sprite(call.s2).orientation;
  }
}

// One nextInt over stype's subtype list without stype itself; the list also holds stype's
// ancestors (GVGAI's iSubTypes), which can therefore be picked.
void ApplyTransformToRandomChild(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  State& state = call.state;
  const TypeId parent = call.def.stype;
  if (!ValidType(state, parent)) return;
  std::vector<TypeId> candidates;
  for (TypeId t : state.type_def(parent).subtypes) {
    if (t != parent) candidates.push_back(t);
  }
  if (candidates.empty()) return;
  const auto pick =
      static_cast<size_t>(state.rng().NextInt(static_cast<int32_t>(candidates.size())));
  FinishTransform(call, CreateAt(state, candidates[pick], call.s1, false), call.s1);
}

}  // namespace vgdl
