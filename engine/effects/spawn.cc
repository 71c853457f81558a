// Creation effects (spec §8.2). The spawn* effects honour `prob` and draw one nextDouble() on
// every execution that has its sprites, before any other check (§10). New sprites take their
// type's orientation.
#include "engine/effects/effect_util.h"
#include "engine/effects/families.h"

namespace vgdl {

namespace {

// The draw happens whatever the outcome; true when the effect goes ahead.
bool DrawPasses(EffectCall& call) {
  return call.state.rng().NextDouble() < call.def.prob;
}

void SpawnAt(State& state, TypeId type, const Rect& at) {
  state.AddSprite(type, at.x, at.y);
}

// spawnAbove/Below/Left/Right: one cell from s2 (from where s2 started the tick with
// stepBack, which needs s2 to have moved clear of it).
void SpawnBeside(EffectCall& call, Vec2 direction) {
  if (call.s2 == kNoSprite) return;
  if (!DrawPasses(call)) return;
  State& state = call.state;
  const Sprite& s2 = state.sprite(call.s2);
  if (call.def.step_back && s2.lastrect.intersects(s2.rect)) return;
  const Rect& base = call.def.step_back ? s2.lastrect : s2.rect;
  const int block = state.block_size();
  // GVGAI adds the offset to the position as doubles and casts the sum to int (saturating).
  state.AddSprite(call.def.stype, JavaIntCast(static_cast<double>(base.x) + direction.x * block),
                  JavaIntCast(static_cast<double>(base.y) + direction.y * block));
}

}  // namespace

// Not forced: a singleton type already present refuses the new sprite.
void ApplySpawn(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  if (!DrawPasses(call)) return;
  SpawnAt(call.state, call.def.stype, call.state.sprite(call.s1).rect);
}

// Scores only when it spawns; spends `spend` of the resource then.
void ApplySpawnIfHasMore(EffectCall& call) {
  call.apply_score = false;
  if (call.s1 == kNoSprite) return;
  if (!DrawPasses(call)) return;
  State& state = call.state;
  if (state.resource(call.s1, call.def.resource) < call.def.limit) return;
  SpawnAt(state, call.def.stype, state.sprite(call.s1).rect);
  call.apply_score = true;
  state.ModifyResource(call.s1, call.def.resource, -call.def.spend);
}

// Like spawnIfHasMore with <= and no spending.
void ApplySpawnIfHasLess(EffectCall& call) {
  call.apply_score = false;
  if (call.s1 == kNoSprite) return;
  if (!DrawPasses(call)) return;
  State& state = call.state;
  if (state.resource(call.s1, call.def.resource) > call.def.limit) return;
  SpawnAt(state, call.def.stype, state.sprite(call.s1).rect);
  call.apply_score = true;
}

// At s2's position at the start of the tick, only if s2 has moved clear of it.
void ApplySpawnBehind(EffectCall& call) {
  if (call.s2 == kNoSprite) return;
  if (!DrawPasses(call)) return;
  const Sprite& s2 = call.state.sprite(call.s2);
  if (s2.lastrect.intersects(s2.rect)) return;
  SpawnAt(call.state, call.def.stype, s2.lastrect);
}

void ApplySpawnAbove(EffectCall& call) {
  SpawnBeside(call, dir::kUp);
}
void ApplySpawnBelow(EffectCall& call) {
  SpawnBeside(call, dir::kDown);
}
void ApplySpawnLeft(EffectCall& call) {
  SpawnBeside(call, dir::kLeft);
}
void ApplySpawnRight(EffectCall& call) {
  SpawnBeside(call, dir::kRight);
}

// No draw: cloneSprite ignores `prob`.
void ApplyCloneSprite(EffectCall& call) {
  if (call.s1 == kNoSprite) return;
  const Sprite& s1 = call.state.sprite(call.s1);
  SpawnAt(call.state, s1.type, s1.rect);
}

namespace {

// GVGAI halves its count of non-empty subtypes (State::subtypes_with_sprites): a type
// counts only with sprites of its own, so a parent type that no level places never does.
int NonEmptySubtypes(const State& state, TypeId count_type) {
  return state.subtypes_with_sprites(count_type) / 2;
}

}  // namespace

// stype (with score and counter) when stypeCount's live count equals `limit` and the halved
// number of non-empty subtypes equals subTypesNum; estype otherwise. counterElse always adds.
void ApplySpawnIfCounterSubTypes(EffectCall& call) {
  call.apply_score = false;
  call.count = false;
  if (call.s1 == kNoSprite) return;
  State& state = call.state;
  const TypeId counted = call.def.stype_count;
  const Rect at = state.sprite(call.s1).rect;
  const bool valid = counted >= 0 && counted < state.def().type_count();
  if (valid && state.live_count_with_subtypes(counted) == call.def.limit &&
      NonEmptySubtypes(state, counted) == call.def.sub_types_num) {
    SpawnAt(state, call.def.stype, at);
    call.apply_score = true;
    call.count = true;
    return;
  }
  SpawnAt(state, call.def.estype, at);
}

// Every SpawnPoint among spawnPoint's subtypes now produces stype; a BomberRandomMissile
// instead replaces s2's type in its own missile list (the first entry equal to it).
void ApplyUpdateSpawnType(EffectCall& call) {
  if (call.s2 == kNoSprite) return;
  State& state = call.state;
  const TypeId sp = call.def.spawn_point;
  if (sp < 0 || sp >= state.def().type_count()) return;
  const TypeId replaced = state.sprite(call.s2).type;
  for (TypeId t : state.type_def(sp).subtypes) {
    const SpriteClass c = state.type_def(t).cls;
    if (c == SpriteClass::kBomberRandomMissile) {
      for (SpriteRef s : state.sprites_of(t)) state.ReplaceMissile(s, replaced, call.def.stype);
      continue;
    }
    if (!IsSpawnPointClass(c)) continue;
    for (SpriteRef s : state.sprites_of(t)) state.sprite(s).spawn_type = call.def.stype;
  }
}

}  // namespace vgdl
