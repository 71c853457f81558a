// A State as a GVGAI reference trace prints it (../shared/gvgai/TRACES.md): the sprite list,
// the FNV-1a checksum over the byte-sorted sprite lines, the `av` field, score and win.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/state.h"
#include "gvgai/trace/trace.h"

namespace vgdl::trace {

// 64-bit FNV-1a, as the traces use it.
inline constexpr uint64_t kFnvOffsetBasis = 0xcbf29ce484222325ULL;
inline constexpr uint64_t kFnvPrime = 0x100000001b3ULL;
uint64_t Fnv1a64(std::string_view bytes, uint64_t hash = kFnvOffsetBasis);

// The trace checksum of a list of sprites: one line "<type> <x> <y>\n" per sprite, lines
// sorted by byte value, concatenated and hashed. Reference implementation (strings and a
// sort); TraceFormatter::Checksum computes the same value without allocating.
uint64_t ChecksumOfSprites(const std::vector<TraceSprite>& sprites);

// "%.3f" the Java way, and the names of the win states.
std::string FormatScore(double score);
std::string_view WinName(Winner w);

// "0123456789abcdef"-style 16-digit lowercase hex, as the `h` field prints.
std::string FormatHash(uint64_t hash);

// Formats states of one game. Keeps the type names in byte order and scratch buffers, so
// that computing the checksum every tick allocates nothing in steady state.
class TraceFormatter {
 public:
  explicit TraceFormatter(const GameDef& def);

  // Every sprite in the order of the trace's `init` list: the player's avatar first, then the
  // types of the sprite order from last to first, each type's sprites in creation order.
  // Sprites of types outside the sprite order (non-leaf types) come last, by type id.
  std::vector<TraceSprite> SpriteList(const State& state) const;

  // The `n` field: every sprite in the state's lists, disabled avatars included.
  static int SpriteCount(const State& state) { return state.sprite_count(); }

  // The `h` field.
  uint64_t Checksum(const State& state);

  // The `av` field of `player`: "none", or "x,y,ox,oy,type,hp,resources".
  std::string Avatar(const State& state, int player = 0) const;

 private:
  // A sprite line without its type name ("x y\n"), padded with zero bytes to 24 bytes and
  // loaded big-endian into three words, so that comparing the words compares the bytes.
  struct PositionKey {
    uint64_t w[3];
    friend bool operator<(const PositionKey& a, const PositionKey& b) {
      if (a.w[0] != b.w[0]) return a.w[0] < b.w[0];
      if (a.w[1] != b.w[1]) return a.w[1] < b.w[1];
      return a.w[2] < b.w[2];
    }
  };
  static PositionKey MakeKey(int32_t x, int32_t y);

  const GameDef* def_;
  std::vector<TypeId> types_by_name_;  // every type id, sorted by name bytes
  std::vector<PositionKey> keys_;      // scratch
};

}  // namespace vgdl::trace
