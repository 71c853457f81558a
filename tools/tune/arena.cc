#include "tools/tune/arena.h"

#include "tools/game_flags.h"
#include "tools/run_args.h"

namespace vgdl::tools::tune_command {

Arena LoadArena(const TuneArgs& args) {
  Arena arena;
  std::vector<std::vector<int>> levels;
  LoadGames(kName, args.games, GamesDirFor(args.games_dir, VGDL_SOURCE_DIR), args.levels,
            LoadOptions{.gvgai_subset = args.gvgai_subset, .parameter_settings = args.settings},
            arena.games, levels);
  for (size_t g = 0; g < levels.size(); ++g) {
    for (const int level : levels[g]) arena.slots.emplace_back(g, level);
  }
  return arena;
}

}  // namespace vgdl::tools::tune_command
