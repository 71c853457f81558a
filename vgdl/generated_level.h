// Level files of GVGAI's level-generation track, which carry their own LevelMapping:
//
//     LevelMapping
//         a > base
//         c > avatar
//
//     LevelDescription
//     a  c
//
// GVGAI's LevelGenMachine plays such a file with its mapping in place of the game's (the game's
// own mapping, 'w' and 'A' included, no longer applies) and reads the rows after
// "LevelDescription" as a plain level. Internal to the level loader.
#pragma once

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "vgdl/diag_sink.h"
#include "vgdl/game_def.h"

namespace vgdl::lang {

// Whether GVGAI's LevelGenMachine format is meant: a line "LevelMapping" or "LevelDescription",
// written exactly so, which no plain level has.
bool IsGeneratedLevel(const std::vector<std::string_view>& lines);

struct GeneratedLevel {
  CharMapping char_mapping;
  std::vector<char16_t> wide_chars;    // its characters outside ASCII (vgdl/level_chars.h)
  std::vector<std::string_view> rows;  // the level rows, as a plain level file has them
  std::vector<int> row_lines;          // the 1-based line of each row in the file
};

// Reads the mapping against `game`'s sprite types and cuts out the rows. Every problem is
// reported to `sink`; returns nothing when one is an error.
std::optional<GeneratedLevel> ReadGeneratedLevel(const GameDef& game,
                                                 const std::vector<std::string_view>& lines,
                                                 DiagSink& sink);

}  // namespace vgdl::lang
