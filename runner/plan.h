// A run's plan: agents x games x levels x repetitions, in a fixed order, each episode with its
// seed, the same for every agent (so that agents are compared on the same episodes); `--shard K/N`
// keeps every N-th episode starting at the K-th, so that N machines split a run and their results
// merge into exactly the unsplit run (seeds do not depend on the shard).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runner/episode.h"
#include "vgdl/loader.h"

namespace vgdl {

// "0-4", "0,2,4", "1-2,4": ascending, without repeats; nullopt with `error` otherwise.
std::optional<std::vector<int>> ParseLevels(std::string_view text, std::string* error);

struct Shard {
  int index = 1;  // 1-based
  int count = 1;
};
// "K/N" with 1 <= K <= N.
std::optional<Shard> ParseShard(std::string_view text, std::string* error);

// Loads a game named as ResolveGame accepts, with every level file it has.
std::optional<RunGame> LoadRunGame(std::string_view name, const std::filesystem::path& games_dir,
                                   std::string* error, const LoadOptions& options = {});

struct PlanInput {
  std::vector<std::string> agents;       // canonical specs; index = agent index in seeds
  std::vector<std::string> games;        // result names
  std::vector<std::vector<int>> levels;  // per game
  int reps = 1;
  uint64_t seed = 0;
  Shard shard;
};

// Every episode of the plan, agents outermost, then games, levels, repetitions; then the
// shard's part of it.
std::vector<EpisodeTask> PlanEpisodes(const PlanInput& input);

}  // namespace vgdl
