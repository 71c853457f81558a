// Observation records (`vgdl-obs 1`): what a GVGAI agent is shown on each tick of an episode,
// recorded from GVGAI by tools/gvgai-recorder/ObservationRecorder.java, and the check of the
// engine's observation API (engine/observation.h) against them.
//
// A record is a header (game, folder, level, seed) and one block a tick on which GVGAI asked
// the agent for an action:
//   o TICK                                  the game tick the observation is of
//   st SCORE WINNER GAMEOVER W,H BLOCK LASTACTION
//                                           the game: score, win state, size in pixels
//   acts ACTION ...                         the avatar's available actions, in order
//   av X,Y OX,OY SPEED TYPE HP MAXHP LIMITHP ALIVE
//   res TYPE:AMOUNT ...                     the avatar's resources, by type name
//   p CAT null | p CAT | TYPE N ID:CAT@X,Y:SQDIST ... | ...
//                                           getXPositions(avatar position), CAT 1 to 6
//   g X,Y TYPE:ID:CAT ...                   each non-empty cell of the observation grid
//   ev N [TICK,FROMAVATAR,ACTIVE,PASSIVE,ACTIVEID,PASSIVEID,X,Y]
//                                           the events history: its size and last event
//   a ACTION                                the action the agent chose
// and a last line `end TICK`.
#pragma once

#include <string>
#include <string_view>

#include "engine/state.h"
#include "gvgai/trace/replay.h"

namespace vgdl::trace {

// Whether `file` is named as an observation record (`.obs.gz` or `.obs`).
bool IsObservationRecord(const std::filesystem::path& file);

// The block of lines (from `o` to `ev`, each ending in '\n') that the record holds for the
// observation of `state` as GVGAI's agent 0 sees it.
std::string FormatObservationBlock(const State& state);

// Replays a record from its seed and actions (GVGAI's real game loop) and compares each
// block with the engine's observation of the same tick; stops at the first differing line.
// Throws TraceError for a malformed record and whatever loading the game throws.
Outcome ReplayObservationRecord(const std::filesystem::path& file,
                                const std::filesystem::path& games_dir);

// The same for a record's text; `file` names it in errors.
Outcome ReplayObservationRecordText(std::string_view text, const std::string& file,
                                    const std::filesystem::path& games_dir);

}  // namespace vgdl::trace
