// When `vgdl play --watch` reloads: the game and level files are looked at every kPollMs, and
// a change is acted on once the files have been quiet for kSettleMs, so that an editor's save
// (often a write, or a new file renamed over the old one, leaving a moment without it) gives
// one reload of the finished file rather than one of a half-written file. The clock is passed
// in: the window's, and a test's.
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include "tools/file_watch.h"

namespace vgdl::window {

class ReloadWatch {
 public:
  static constexpr double kPollMs = 200.0;
  static constexpr double kSettleMs = 150.0;

  explicit ReloadWatch(std::vector<std::filesystem::path> files) : watch_(std::move(files)) {}

  const std::vector<std::filesystem::path>& files() const { return watch_.files(); }

  // Whether to reload at time `now_ms`: a change was seen, and none since kSettleMs before now.
  // True once per settled change.
  bool Due(double now_ms) {
    if (now_ms < next_poll_ms_) return false;
    next_poll_ms_ = now_ms + kPollMs;
    if (!watch_.Changed().empty()) {
      last_change_ms_ = now_ms;
      return false;
    }
    if (!last_change_ms_ || now_ms - *last_change_ms_ < kSettleMs) return false;
    last_change_ms_.reset();
    return true;
  }

 private:
  tools::FileWatch watch_;
  double next_poll_ms_ = 0.0;
  std::optional<double> last_change_ms_;
};

}  // namespace vgdl::window
