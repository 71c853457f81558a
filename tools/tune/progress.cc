#include "tools/tune/progress.h"

#include <cstdio>

namespace vgdl::tools::tune_command {

// Lines logged when stderr is not a terminal: the first, one at most every so many seconds, and
// the last.
constexpr double kLogEverySeconds = 10.0;

void TuneProgress::Evaluated(const std::vector<EpisodeResult>& episodes,
                             const std::function<std::string()>& line) {
  // The bar counts episodes, so that its wins read against its count.
  progress_.done += episodes.size();
  ++evaluations_;
  for (const auto& e : episodes) {
    progress_.wins += e.win ? 1u : 0u;
    progress_.disqualified += e.disqualified ? 1u : 0u;
    progress_.errors += e.error.empty() ? 0u : 1u;
    if (!e.error.empty()) Print("vgdl tune: " + FormatEpisodeLine(e, 0, 0));
  }
  progress_.elapsed_s = std::chrono::duration<double>(Clock::now() - start_).count();
  if (bar_) {
    std::fprintf(stderr, "\r\033[K%s", FormatProgressBar(progress_).c_str());
    std::fflush(stderr);
  } else if (log_ && (evaluations_ == 1 || progress_.done == progress_.total ||
                      progress_.elapsed_s - last_log_s_ >= kLogEverySeconds)) {
    last_log_s_ = progress_.elapsed_s;
    Print(line());
  }
}

void TuneProgress::Finish() {
  if (bar_) std::fputs("\r\033[K", stderr);
}

void TuneProgress::Print(const std::string& text) {
  if (bar_) std::fputs("\r\033[K", stderr);
  std::fprintf(stderr, "%s\n", text.c_str());
}

}  // namespace vgdl::tools::tune_command
