#include "tools/bench_curve.h"

#include <algorithm>

#include "engine/game.h"
#include "gvgai/trace/random_policy.h"
#include "tools/cpu_clock.h"

namespace vgdl::tools {

namespace {

// One episode from `initial`, adding each window's advances, time and sprite counts to
// `curve`. The clock is read once per window (a system call on some machines), so that its
// cost stays well under 1% of a window.
void PlayEpisode(const State& initial, int window, trace::SplitMix64& rng, Curve& curve) {
  State s(initial);
  for (size_t w = 0; !s.ended() && s.tick() <= kMaxTicks; ++w) {
    if (curve.windows.size() <= w) {
      curve.windows.push_back(
          CurveWindow{.first_tick = static_cast<int>(w) * window, .ticks = window});
    }
    CurveWindow& cw = curve.windows[w];
    const int64_t made_before = s.sprites_made();
    const int64_t count_before = s.sprite_count();
    uint64_t advances = 0;
    const double start = ThreadCpuSeconds();
    for (int i = 0; i < window && !s.ended() && s.tick() <= kMaxTicks; ++i, ++advances) {
      Advance(s, trace::RandomAction(s, rng, /*with_nil=*/false), StepMode::kForwardModel);
    }
    cw.cpu_seconds += ThreadCpuSeconds() - start;
    const int64_t created = s.sprites_made() - made_before;
    ++cw.episodes;
    cw.advances += advances;
    cw.sprites_at_end += static_cast<uint64_t>(s.sprite_count());
    cw.created += static_cast<uint64_t>(created);
    cw.removed += static_cast<uint64_t>(count_before + created - s.sprite_count());
  }
  curve.checksum += static_cast<uint64_t>(s.sprite_count()) * 31u + static_cast<uint64_t>(s.tick());
  ++curve.episodes;
}

}  // namespace

Curve MeasureCurve(const State& initial, int window, double seconds, int episodes, uint64_t seed) {
  Curve curve;
  trace::SplitMix64 rng(seed);
  const double start = ThreadCpuSeconds();
  do {
    PlayEpisode(initial, std::max(1, window), rng, curve);
  } while (episodes > 0 ? curve.episodes < episodes : ThreadCpuSeconds() - start < seconds);
  return curve;
}

}  // namespace vgdl::tools
