// Replaying a GVGAI reference trace on the engine and reporting the first difference.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "gvgai/trace/trace.h"
#include "vgdl/game_def.h"

namespace vgdl::trace {

enum class Verdict : uint8_t { kPass, kFail, kSkip };

// The result of checking one trace. `detail` is what follows the trace's name on the report
// line: for a failed replay "tick=<t> <field>: expected <e> got <g>" (plus the sprites that
// differ when the sprite set does), for other failures the reason, for a pass usually empty.
struct Outcome {
  Verdict verdict = Verdict::kFail;
  std::string detail;
};

// A game and one of its levels, loaded.
struct LoadedLevel {
  std::shared_ptr<const GameDef> game;
  LevelDef level;
};

// Loads <games_dir>/<folder>/<game>.txt and its level <game>_lvl<level>.txt, beside it or
// else in <games_dir>/levels/ (the layout of this project's games/ and levels/, so that a
// trace of a bundled game names folder `games` and is checked with the project's root as
// games_dir). The game is read as GVGAI reads it (LoadOptions::gvgai_subset): a trace records
// what GVGAI played, with the values `parameters` ("NAME=VALUE", a trace's `parameters` line)
// choose for a GameSpace's parameters. Throws std::runtime_error with the loader's diagnostics
// when either does not load.
LoadedLevel LoadTraceLevel(const std::filesystem::path& games_dir, const std::string& folder,
                           const std::string& game, int level,
                           const std::vector<std::string>& parameters = {});

// Replays `trace` from its seed and actions (GVGAI's real game loop) and compares the initial
// sprites, every `t` line and the `end` line. Stops at the first difference. Throws whatever
// the engine throws.
Outcome ReplayTrace(const Trace& trace, const LoadedLevel& loaded);

struct VerifyOptions {
  std::filesystem::path games_dir;
  // Compare `exact no` traces' random-play statistics with stats/<game>_lvl<N>.tsv instead of
  // skipping them.
  bool stats = false;
  // Seeds the random policy of statistics runs (not the game's generator).
  uint64_t policy_seed = 1;
};

// Checks one file: a trace (`exact yes`: replayed; `exact no`: skipped, or its statistics
// compared with `stats`), or a statistics table (`<game>_lvl<N>.tsv`: compared). Never throws:
// unreadable files, load errors and engine exceptions become failures with their reason.
Outcome VerifyFile(const std::filesystem::path& file, const VerifyOptions& options);

}  // namespace vgdl::trace
