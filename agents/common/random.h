// The agents' own random generator.
//
// Agents never draw from the game's generator (GVGAI keeps them apart, spec §10). Every random
// decision of a search agent comes from one AgentRandom seeded by the agent factory, so a run
// with a forward-model-call budget replays bit for bit. The generator is xoshiro256**: fast,
// small, and the same sequence on every platform (no std:: distributions, whose output is
// implementation-defined).
#pragma once

#include <cstdint>

namespace vgdl {

class AgentRandom {
 public:
  explicit AgentRandom(uint64_t seed = 0) { Seed(seed); }

  // SplitMix64 expands the seed, so that nearby seeds give unrelated streams.
  void Seed(uint64_t seed) {
    for (uint64_t& word : s_) {
      seed += 0x9e3779b97f4a7c15ULL;
      uint64_t z = seed;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
      word = z ^ (z >> 31);
    }
  }

  uint64_t NextU64() {
    const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, bound) without modulo bias: draws below 2^64 mod bound are rejected, so
  // every residue is equally likely. 0 when bound <= 1.
  int NextInt(int bound) {
    if (bound <= 1) return 0;
    const auto range = static_cast<uint64_t>(bound);
    const uint64_t threshold = (0 - range) % range;
    for (;;) {
      const uint64_t r = NextU64();
      if (r >= threshold) return static_cast<int>(r % range);
    }
  }

  // Uniform in [0, 1) with 53 random bits.
  double NextDouble() { return static_cast<double>(NextU64() >> 11) * 0x1.0p-53; }

  // A seed for a simulation copy's game generator (GVGAI's setNewSeed on a copy).
  int64_t NextSeed() { return static_cast<int64_t>(NextU64()); }

  friend bool operator==(const AgentRandom&, const AgentRandom&) = default;

 private:
  static uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  uint64_t s_[4] = {};
};

}  // namespace vgdl
