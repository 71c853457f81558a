// The environment core (env_core.h).
#include "python/env_core.h"

#include <stdexcept>
#include <string>

#include "engine/game.h"
#include "engine/observation.h"
#include "python/frame.h"
#include "python/game.h"
#include "python/observation_arrays.h"

namespace vgdl::python {

uint64_t NextEpisodeSeed(uint64_t seed) {
  uint64_t z = seed + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

EnvCore::EnvCore(std::shared_ptr<const RunGame> game, const EnvOptions& options)
    : game_(std::move(game)), options_(options) {
  if (options_.max_ticks < 0 || options_.max_ticks > kMaxTicks) {
    throw std::invalid_argument("max_ticks must be between 1 and " + std::to_string(kMaxTicks) +
                                ", or None (or 0) for GVGAI's limit alone");
  }
  // The level's first state gives the action space and the observation's shape.
  const State first = StartLevel(*game_, options_.level, 0);
  if (first.player_count() == 0) {
    throw std::invalid_argument("level " + std::to_string(options_.level) + " of '" + game_->name +
                                "' has no avatar");
  }
  actions_ = AvailableActions(first, 0, /*with_nil=*/true);
  width_ = first.width_cells();
  height_ = first.height_cells();
  block_ = first.block_size();
}

void EnvCore::Reset(std::optional<uint64_t> seed) {
  if (seed) {
    seed_ = *seed;
  } else if (seeded_) {
    seed_ = NextEpisodeSeed(seed_);
  }
  seeded_ = true;
  state_.emplace(StartLevel(*game_, options_.level, static_cast<int64_t>(seed_)));
  done_ = false;
}

StepOutcome EnvCore::Step(int64_t index) {
  if (!running()) {
    throw std::logic_error(state_ ? "the episode is over: call reset()"
                                  : "no episode yet: call reset()");
  }
  if (index < 0 || static_cast<size_t>(index) >= actions_.size()) {
    throw std::out_of_range("action index " + std::to_string(index) + " outside 0-" +
                            std::to_string(actions_.size() - 1));
  }
  State& s = *state_;
  const double before = Score(s);
  Advance(s, actions_[static_cast<size_t>(index)], StepMode::kRealGame);
  StepOutcome out;
  out.reward = Score(s) - before;
  const bool won = GameWinner(s) == Winner::kWins;
  // Cut: ended by GVGAI's own tick limit (which the engine applies) without a win, or still
  // running at the environment's limit. A loss on GVGAI's last tick reads as a cut too.
  if (s.ended()) {
    out.truncated = s.tick() > kMaxTicks && !won;
  } else {
    out.truncated = options_.max_ticks > 0 && s.tick() >= options_.max_ticks;
  }
  out.terminated = s.ended() && !out.truncated;
  done_ = out.terminated || out.truncated;
  return out;
}

const State& EnvCore::state() const {
  if (!state_) throw std::logic_error("no episode yet: call reset()");
  return *state_;
}

std::vector<int64_t> EnvCore::ObservationShape() const {
  if (options_.observation == ObservationKind::kRgb) {
    return {int64_t{height_} * block_, int64_t{width_} * block_, 3};
  }
  return {game_->GameOfLevel(static_cast<size_t>(options_.level))->type_count(), height_, width_};
}

size_t EnvCore::ObservationSize() const {
  size_t size = 1;
  for (int64_t d : ObservationShape()) size *= static_cast<size_t>(d);
  return size;
}

void EnvCore::Observe(std::span<uint8_t> out) const {
  if (!state_) throw std::logic_error("no episode yet: call reset()");
  if (out.size() != ObservationSize()) throw std::length_error("observation buffer size");
  if (options_.observation == ObservationKind::kTypeCounts) return FillTypeCounts(*state_, out);
  const RgbFrame frame = RenderFrame(*state_, 1, true);
  // A frame has the level's size unless the game resizes its screen; then it is cut or padded.
  std::fill(out.begin(), out.end(), uint8_t{0});
  const size_t row = static_cast<size_t>(width_ * block_) * 3;
  const size_t frame_row = static_cast<size_t>(frame.width) * 3;
  const auto rows = static_cast<size_t>(std::min(frame.height, height_ * block_));
  for (size_t y = 0; y < rows; ++y) {
    std::copy_n(frame.rgb.begin() + static_cast<ptrdiff_t>(y * frame_row), std::min(row, frame_row),
                out.begin() + static_cast<ptrdiff_t>(y * row));
  }
}

}  // namespace vgdl::python
