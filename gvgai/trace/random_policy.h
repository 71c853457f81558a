// The uniformly random player used by statistics runs and benchmarks. Its generator is its
// own (never the game's), so that playing does not disturb the game's random draws.
#pragma once

#include <cstdint>

#include "engine/state.h"

namespace vgdl::trace {

// SplitMix64: tiny, fast, and good enough to pick among a handful of actions.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, bound) for small bounds (the bias is below 2^-58).
  uint32_t Below(uint32_t bound) { return static_cast<uint32_t>((Next() >> 32) * bound >> 32); }

 private:
  uint64_t state_;
};

// A uniformly random action among player 0's avatar's actions (GVGAI's order), plus
// ACTION_NIL when `with_nil`. ACTION_NIL when there is no enabled avatar, as GVGAI does not
// ask a player without one.
Action RandomAction(const State& state, SplitMix64& rng, bool with_nil);

}  // namespace vgdl::trace
