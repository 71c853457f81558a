// Progress display.
#include "runner/progress.h"

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

std::string FormatRate(size_t done, double elapsed_s) {
  if (done == 0 || elapsed_s <= 0.0) return "-";
  const double per_second = static_cast<double>(done) / elapsed_s;
  char buf[64];
  if (per_second >= 1.0) {
    std::snprintf(buf, sizeof(buf), "%.1f/s", per_second);
  } else if (per_second * 60.0 >= 1.0) {
    std::snprintf(buf, sizeof(buf), "%.1f/min", per_second * 60.0);
  } else {
    std::snprintf(buf, sizeof(buf), "%.1f/h", per_second * 3600.0);
  }
  return buf;
}

namespace {

// "  left ~3m20s" while episodes remain and one is done to measure the rate by; "" otherwise.
std::string TimeLeft(const RunProgress& p, const char* separator) {
  const size_t measured = p.Measured();
  if (measured == 0 || p.done >= p.total) return "";
  const double left =
      p.elapsed_s / static_cast<double>(measured) * static_cast<double>(p.total - p.done);
  return separator + ("left ~" + FormatDuration(left));
}

}  // namespace

std::string FormatProgressBar(const RunProgress& p, int bar_width) {
  const double fraction =
      p.total == 0 ? 1.0 : static_cast<double>(p.done) / static_cast<double>(p.total);
  const auto filled = static_cast<int>(fraction * bar_width);
  std::string bar = "[" + std::string(static_cast<size_t>(filled), '#') +
                    std::string(static_cast<size_t>(bar_width - filled), '.') + "]";
  char buf[256];
  std::snprintf(buf, sizeof(buf), " %zu/%zu  wins %zu  disq %zu  errors %zu  %s  elapsed %s",
                p.done, p.total, p.wins, p.disqualified, p.errors,
                FormatRate(p.Measured(), p.elapsed_s).c_str(), FormatDuration(p.elapsed_s).c_str());
  return bar + buf + TimeLeft(p, "  ");
}

std::string FormatProgressLine(const RunProgress& p) {
  const double percent =
      p.total == 0 ? 100.0 : 100.0 * static_cast<double>(p.done) / static_cast<double>(p.total);
  char buf[160];
  std::snprintf(buf, sizeof(buf), "progress: %zu/%zu episodes (%.0f%%), %s, elapsed %s", p.done,
                p.total, percent, FormatRate(p.Measured(), p.elapsed_s).c_str(),
                FormatDuration(p.elapsed_s).c_str());
  return buf + TimeLeft(p, ", ");
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
  if ((r.disqualified || r.overspent > 0) && r.max_act_tick >= 0 && r.max_unchecked_ms > 0.0) {
    // Where the longest act went: a step without checks, or past the budget's "stop".
    char where[224];
    std::snprintf(where, sizeof(where),
                  "; longest act at tick %d, %.2f ms of its CPU time (%.2f ms of wall time) "
                  "without a budget check, %.2f ms in the kernel, %lld page faults",
                  r.max_act_tick, r.max_act_unchecked_ms, r.max_act_unchecked_wall_ms,
                  r.max_act_system_ms, static_cast<long long>(r.max_act_page_faults));
    out += where;
    if (r.max_act_host_stall_ms) {
      std::snprintf(where, sizeof(where), ", %.2f ms of host stall on its core",
                    *r.max_act_host_stall_ms);
      out += where;
    }
  }
  if (r.aborted) out += " aborted";
  if (r.sprite_limit_tick >= 0) {
    out += " sprite limit reached at tick " + std::to_string(r.sprite_limit_tick) +
           " (GVGAI ends the game after 25 warnings)";
  }
  if (!r.error.empty()) out += " ERROR: " + r.error;
  return out;
}

}  // namespace vgdl
