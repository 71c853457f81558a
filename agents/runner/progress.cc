// Progress display.
#include "agents/runner/progress.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "agents/registry.h"

namespace vgdl {

std::string FormatDuration(double seconds) {
  const auto s = static_cast<long long>(std::llround(std::max(0.0, seconds)));
  char buf[64];
  if (s < 60) {
    std::snprintf(buf, sizeof(buf), "%llds", s);
  } else if (s < 3600) {
    std::snprintf(buf, sizeof(buf), "%lldm%02llds", s / 60, s % 60);
  } else {
    std::snprintf(buf, sizeof(buf), "%lldh%02lldm", s / 3600, (s % 3600) / 60);
  }
  return buf;
}

std::string FormatProgressBar(const RunProgress& p, int bar_width) {
  const double fraction =
      p.total == 0 ? 1.0 : static_cast<double>(p.done) / static_cast<double>(p.total);
  const auto filled = static_cast<int>(fraction * bar_width);
  std::string bar = "[" + std::string(static_cast<size_t>(filled), '#') +
                    std::string(static_cast<size_t>(bar_width - filled), '.') + "]";
  char buf[256];
  std::snprintf(buf, sizeof(buf), " %zu/%zu  wins %zu  disq %zu  errors %zu  elapsed %s", p.done,
                p.total, p.wins, p.disqualified, p.errors, FormatDuration(p.elapsed_s).c_str());
  std::string out = bar + buf;
  if (p.done > 0 && p.done < p.total) {
    const double left =
        p.elapsed_s / static_cast<double>(p.done) * static_cast<double>(p.total - p.done);
    out += "  left ~" + FormatDuration(left);
  }
  return out;
}

std::string FormatEpisodeLine(const EpisodeResult& r, size_t done, size_t total) {
  char head[64];
  std::snprintf(head, sizeof(head), "[%zu/%zu] ", done, total);
  std::string out = head + AgentLabel(r.agent) + " " + r.game + " level " +
                    std::to_string(r.level) + " rep " + std::to_string(r.rep) + " seed " +
                    std::to_string(r.seed) + ": ";
  char body[160];
  std::snprintf(body, sizeof(body), "%s score %g ticks %d (%.2f ms/act, max %.2f, %lld overspent)",
                r.win ? "win" : "loss", r.score, r.ticks, r.mean_act_ms, r.max_act_ms,
                static_cast<long long>(r.overspent));
  out += body;
  if (r.disqualified) out += " DISQUALIFIED (" + r.disqualified_for + ")";
  if (r.aborted) out += " aborted";
  if (r.sprite_limit_tick >= 0) {
    out += " sprite limit reached at tick " + std::to_string(r.sprite_limit_tick) +
           " (GVGAI ends the game after 25 warnings)";
  }
  if (!r.error.empty()) out += " ERROR: " + r.error;
  return out;
}

}  // namespace vgdl
