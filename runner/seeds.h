// Episode seeds: every episode of a run gets its own seed, derived from the run's seed and the
// episode's coordinates with a stable hash (FNV-1a and SplitMix64, never std::hash), so that a
// seed printed today replays the same episode on any machine and in any shard of the run.
#pragma once

#include <cstdint>
#include <string_view>

namespace vgdl {

// Seeds are kept below 2^53 so that every JSON reader (doubles included) stores them exactly.
inline constexpr uint64_t kSeedMask = (uint64_t{1} << 53) - 1;

uint64_t Fnv1a64(std::string_view bytes);
uint64_t SplitMix64(uint64_t x);

// The seed of episode (agent_index, game, level, rep) of a run seeded with `run_seed`.
uint64_t DeriveEpisodeSeed(uint64_t run_seed, int agent_index, std::string_view game, int level,
                           int rep);
// The seed of the agent's own generator in an episode: distinct from the game's.
uint64_t AgentSeed(uint64_t episode_seed);
// The game's java.util.Random seed (GVGAI uses only its low 48 bits).
int64_t GameSeed(uint64_t episode_seed);

}  // namespace vgdl
