// Stable seed derivation.
#include "runner/seeds.h"

namespace vgdl {

uint64_t Fnv1a64(std::string_view bytes) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : bytes) {
    h ^= static_cast<uint8_t>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

uint64_t SplitMix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

uint64_t DeriveEpisodeSeed(uint64_t run_seed, int agent_index, std::string_view game, int level,
                           int rep) {
  // Chain the coordinates through SplitMix64 so that neighbouring values give unrelated seeds.
  uint64_t h = SplitMix64(run_seed);
  h = SplitMix64(h ^ static_cast<uint64_t>(static_cast<uint32_t>(agent_index)));
  h = SplitMix64(h ^ Fnv1a64(game));
  h = SplitMix64(h ^ static_cast<uint64_t>(static_cast<uint32_t>(level)));
  h = SplitMix64(h ^ static_cast<uint64_t>(static_cast<uint32_t>(rep)));
  return h & kSeedMask;
}

uint64_t AgentSeed(uint64_t episode_seed) {
  return SplitMix64(episode_seed ^ 0x6167656e74ULL);
}

int64_t GameSeed(uint64_t episode_seed) {
  return static_cast<int64_t>(episode_seed & kSeedMask);
}

}  // namespace vgdl
