// The SFML window of `vgdl play` and `vgdl replay`: the game drawn by the software painter and
// scaled into a resizable window, a status panel (score, tick, result, agent statistics), the
// keys, the pace, screenshots and action files.
#pragma once

#include <filesystem>
#include <string>

#include "tools/window/canvas.h"
#include "tools/window/session.h"

namespace sf {
class Font;
class RenderWindow;
class Texture;
}  // namespace sf

namespace vgdl::window {

struct WindowOptions {
  std::filesystem::path sprites;         // GVGAI sprites folder; empty: none
  bool default_sprites = true;           // the default sprite set (default_sprites.h)
  double tick_ms = -1.0;                 // < 0: GVGAI's pace; 0: as fast as possible
  bool exit_on_end = false;              // close the window when the game is over
  std::filesystem::path record;          // action file written for each game; empty: none
  std::filesystem::path screenshot_dir;  // where F12 writes; empty: the current folder
  bool watch = false;                    // reload (as F5) when the game or level file changes
};

// GVGAI's pace: 15 ticks a second when a human plays (CompetitionParameters.DELAY), one tick
// every 25 ms otherwise (LONG_DELAY); the replayer waits out its 40 ms budget each tick.
double DefaultTickMs(const GameSession& session);

// The path of the k-th game's action file (k >= 1): `record` itself for the first game,
// "<stem>-<k><ext>" after restarts.
std::filesystem::path RecordPath(const std::filesystem::path& record, int game);

// Whether a window can be opened (an X display answers); `why` says why not. SFML aborts the
// process when it cannot reach the display, so commands ask first.
bool DisplayAvailable(std::string* why);

// The HUD font: $VGDL_FONT, else DejaVu (fonts-dejavu-core). False when none loads: the
// windows then show no text, the title and the terminal still say everything.
bool LoadFont(sf::Font& font);

// The scale a level of gw x gh pixels is drawn at: GVGAI draws levels about 800 pixels on the
// long side, so a small level is enlarged by a whole factor; and the level fits the screen with
// `panels_width` x `panels_height` pixels of panels beside and below it.
double LevelScale(double gw, double gh, double panels_width, double panels_height);

// Opens `window`. SFML reports harmless things while it does ("Setting vertical sync not
// supported" under Xvfb), so its messages are printed only when no window opens, followed by
// "vgdl: cannot open a window (is there a display?" and `hint`. False then.
bool OpenWindow(sf::RenderWindow& window, unsigned width, unsigned height, const std::string& title,
                const std::string& hint);

// Copies `canvas` into `texture` (made anew when its size differs, drawn without smoothing, so
// that scaled pixels stay sharp). Leaves the texture as it was when SFML cannot make it.
void UploadCanvas(const Canvas& canvas, sf::Texture& texture);

// dir/stem+ext, or dir/stem-2+ext, -3, ... the first that does not exist (screenshots).
std::filesystem::path FreshPath(const std::filesystem::path& dir, const std::string& stem,
                                const std::string& ext);

// Opens the window and runs until it is closed or Escape is pressed. Returns the process exit
// code: kExitUserError when no window can be opened (no display).
int RunWindow(GameSession& session, const WindowOptions& options);
// The same in `window`, already open (`vgdl edit`'s play mode): Escape ends the game and
// returns with the window still open; closing the window closes it for its owner too.
int RunWindowIn(sf::RenderWindow& window, GameSession& session, const WindowOptions& options);

}  // namespace vgdl::window
