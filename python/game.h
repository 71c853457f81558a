// A loaded game as the Python module holds it: the runner's RunGame (definition and levels, as
// `vgdl run` loads them), and how a state of one of its levels is started.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "engine/state.h"
#include "runner/episode.h"

namespace vgdl::python {

// Raised to Python as vgdl.LoadError (a ValueError): what the loader said, its
// file:line:col diagnostics included.
struct LoadFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A loaded game as Python holds it (vgdl.Game); states keep its definition alive by themselves.
struct PyGame {
  std::shared_ptr<const RunGame> game;
};

// A game named as `vgdl run --game` names one: a bundled game, a file, or a name under the
// GVGAI games folder (`games_dir`, or the tools' rule when empty: $VGDL_GAMES_DIR,
// $VGDL_GVGAI_DIR/games, ../shared/gvgai/games beside the source tree). `settings`
// ("NAME=VALUE") choose a GameSpace's parameter values, as `vgdl run --set` does.
std::shared_ptr<const RunGame> LoadNamedGame(const std::string& name, const std::string& games_dir,
                                             bool gvgai_subset,
                                             const std::vector<std::string>& settings = {});
// A game from its text and its levels' texts; diagnostics name "<name>.txt" and
// "<name>_lvl<N>.txt".
std::shared_ptr<const RunGame> LoadGameText(const std::string& text,
                                            const std::vector<std::string>& levels,
                                            const std::string& name);

// A fresh state of level `level` seeded with `seed`; LoadFailure when the level does not load,
// std::out_of_range when there is no such level.
State StartLevel(const RunGame& game, int level, int64_t seed);
// A fresh state of a level given as text.
State StartLevelText(const RunGame& game, const std::string& level_text, int64_t seed);

}  // namespace vgdl::python
