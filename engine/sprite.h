// One sprite's mutable state: a trivially copyable record, so that copying a State is copying
// buffers. Everything fixed per type lives in SpriteDef; only what a tick can change is here.
#pragma once

#include <cstdint>
#include <type_traits>

#include "vgdl/game_def.h"
#include "vgdl/geometry.h"

namespace vgdl {

// A slot in the state's sprite pool. Stable while the sprite lives; a slot is reused only
// after the end-of-tick removal of its previous occupant.
using SpriteRef = uint32_t;
inline constexpr SpriteRef kNoSprite = UINT32_MAX;

enum class SpriteFlag : uint16_t {
  kDisabled = 1 << 0,    // a "killed" avatar: stays in its list, is not updated (§3.6)
  kFirstTick = 1 << 1,   // true until the first passive-movement attempt (§5.1)
  kFromAvatar = 1 << 2,  // created by the avatar's shooting (observation category, events)
  kOnGround = 1 << 3,    // continuous physics: standing on a solid sprite
  kKilled = 1 << 4,      // in the kill list; removed at the end of the tick
  // is_oriented switched on at run time (transformToSingleton's takeOrientation); a sprite is
  // oriented if its SpriteDef or this flag says so.
  kOriented = 1 << 5,
  // The sprite's type is an avatar type (SpriteDef::is_avatar). Types never change, so this is
  // set at creation; kept here so that recording an event reads no type definition.
  kOfAvatarType = 1 << 6,
};

struct Sprite {
  Rect rect;
  Rect lastrect;  // rect at the start of this sprite's update this tick (§3.2)
  Vec2 orientation;
  double speed = 0.0;
  double rotation = 0.0;  // continuous avatars (radians)
  double gravity = 0.0;   // waterPhysics changes it at run time
  int32_t id = 0;         // GVGAI's spriteID: creation counter, unique in a game
  int32_t lastmove = 0;   // ticks since the last successful move (cooldown gate)
  int32_t health = 0;
  int32_t max_health = 0;
  // Class scratch: Flicker/Spreader age, SpawnPoint spawned count, RandomNPC `cons` counter,
  // WizardAvatar last jump tick.
  int32_t counter = 0;
  int32_t start = -1;  // SpawnPoint family: tick of its first update (§15.25)
  // Base updates already counted against the type's timeToLive: GVGAI decrements its
  // timeToLive on each base update and kills the sprite at the update after it reached 0.
  int32_t ttl_elapsed = 0;
  TypeId type = kNoType;
  TypeId spawn_type = kNoType;  // SpawnPoint family product (updateSpawnType changes it)
  uint16_t flags = 0;
  int8_t prev_dir = -1;  // RandomNPC family: last random move, index into dir::kBase; -1 NONE
  int8_t player = -1;    // avatar's player id, -1 for other sprites
  // CarAvatar gear as GVGAI's `facing`: 0 forward (initial), 1 reverse. WizardAvatar facing
  // direction: -1 left, otherwise right (GVGAI's facing_dir starts as RIGHT).
  int8_t facing = 0;

  bool has(SpriteFlag f) const { return (flags & static_cast<uint16_t>(f)) != 0; }
  void set(SpriteFlag f, bool on = true) {
    if (on) {
      flags = static_cast<uint16_t>(flags | static_cast<uint16_t>(f));
    } else {
      flags = static_cast<uint16_t>(flags & ~static_cast<uint16_t>(f));
    }
  }
  bool disabled() const { return has(SpriteFlag::kDisabled); }
};

static_assert(std::is_trivially_copyable_v<Sprite>);

// Whether sprite `s`, of type `d`, is oriented: by its type, or since transformToSingleton's
// takeOrientation made it so. GVGAI keeps is_oriented per sprite; passive grid movement and
// turning read it.
inline bool IsOriented(const Sprite& s, const SpriteDef& d) {
  return d.is_oriented || s.has(SpriteFlag::kOriented);
}

// A sprite with every field at its default, copied over a slot to reset it: a `Sprite{}`
// built on the stack first and then copied costs a store-forwarding stall.
inline constexpr Sprite kBlankSprite{};

}  // namespace vgdl
