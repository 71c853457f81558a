// The SFML window of `vgdl edit`: the level drawn as the game draws it, a palette of the
// LevelMapping's characters drawn with their sprites, the mouse painting and erasing cells, keys
// that resize the grid, save, play the level in the same window and ask the solver about it,
// and the level's check shown after every change. The editing itself is LevelEditor's
// (level_editor.h), tested without a display.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include "engine/state.h"
#include "tools/window/level_editor.h"
#include "tools/window/session.h"
#include "tools/window/window.h"

namespace vgdl::window {

struct EditorOptions {
  // The sprites and the screenshot folder; the play mode plays with all of it.
  WindowOptions window;
  std::filesystem::path save_path;  // Ctrl+S writes the level here
  std::string title;                // what the title bar names ("zelda level 0")
  // The game the play mode loads; its level_text is set to the grid at each P.
  SessionConfig play;
  // V: the solver's answer for the level's initial state, as one line. The solver is part of
  // the `vgdl` command (tools/solve/), which passes it here. Empty: V says it is not there.
  std::function<std::string(const State&)> solve;
};

// Opens the editor and runs until it is closed (Escape, twice when there are unsaved changes).
// Prints a line on standard output for each check result that differs from the last ("check:
// ..."), each save ("saved: FILE"), play ("play: ..."), solver answer ("solve: ...") and
// screenshot ("screenshot: FILE"). Returns kExitUserError's 1 when no window opens.
int RunEditor(LevelEditor& editor, const EditorOptions& options);

}  // namespace vgdl::window
