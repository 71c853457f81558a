// Asking for the X display before SFML does (SFML 2.5 aborts when it cannot open it). Kept
// apart from the window code: Xlib's macros (None, Bool, KeyPress, ...) clash with other names.
#include <cstdlib>
#include <string>

#include "tools/window/window.h"

#ifdef VGDL_HAS_X11
#include <X11/Xlib.h>
#endif

namespace vgdl::window {

bool DisplayAvailable(std::string* why) {
  const char* name = std::getenv("DISPLAY");
  if (name == nullptr || *name == '\0') {
    if (why != nullptr) *why = "no display (DISPLAY is not set)";
    return false;
  }
#ifdef VGDL_HAS_X11
  ::Display* display = XOpenDisplay(name);
  if (display == nullptr) {
    if (why != nullptr) *why = std::string("cannot open the display '") + name + "'";
    return false;
  }
  XCloseDisplay(display);
#endif
  return true;
}

}  // namespace vgdl::window
