// The (game, level) pairs a tuning run's evaluations are played on: the games of --game and
// their --levels, loaded once as `vgdl run` loads them and taken in turn by the episodes.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "runner/episode.h"
#include "tools/tune/tune_args.h"

namespace vgdl::tools::tune_command {

// The (game, level) pairs evaluations are played on, in --game then level order.
struct Arena {
  std::vector<RunGame> games;
  std::vector<std::pair<size_t, int>> slots;  // game index, level
};

// The games and levels of --game and --levels, loaded as `vgdl run` loads them.
Arena LoadArena(const TuneArgs& args);

}  // namespace vgdl::tools::tune_command
