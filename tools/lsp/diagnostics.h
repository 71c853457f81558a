// The diagnostics `vgdl check` gives, computed from the editor's texts: a game file with every
// level beside it, or a level file with its game, each file read from the editor when it is
// open there (unsaved edits included) and from disk otherwise.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "vgdl/diagnostic.h"

namespace vgdl::tools::lsp {

// The current text of a file: the editor's when it is open there, else the disk's; nullopt
// when neither has it.
using TextOf = std::function<std::optional<std::string>(const std::filesystem::path&)>;

// The game file a level file belongs to, by GVGAI's naming ("<game>_lvl<N>.txt" beside
// "<game>.txt", or the bundled layout levels/ beside games/); nullopt when `file` is not named
// as a level or no game file for it exists (open or on disk).
std::optional<std::filesystem::path> GameOfLevel(const std::filesystem::path& file,
                                                 const TextOf& text_of);

// The diagnostics of `file` (a game or a level file): those `vgdl check` prints for it when
// it checks the game with all its levels. A level whose game does not load gets one note
// saying so.
Diagnostics CheckFile(const std::filesystem::path& file, const TextOf& text_of);

}  // namespace vgdl::tools::lsp
