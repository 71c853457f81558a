// One environment of vgdl.Env and of each slot of vgdl.VectorEnv: a level played episode after
// episode in the competition's real-game mode, stepped by action index, with the reward, the
// end of an episode and the observation as Gymnasium wants them. In C++ so that the vector
// environment steps many of them on its threads without the GIL, and so that both give the
// same results from the same seeds.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "engine/state.h"
#include "runner/episode.h"

namespace vgdl::python {

enum class ObservationKind { kTypeCounts, kRgb };

struct EnvOptions {
  int level = 0;
  // The episode is cut (truncated) after this many ticks, 1 to kMaxTicks; 0: only by GVGAI's
  // own limit, which ends the game after its tick number kMaxTicks (the 2001st tick played).
  int max_ticks = 0;
  ObservationKind observation = ObservationKind::kTypeCounts;
};

struct StepOutcome {
  double reward = 0.0;      // the score gained by the tick
  bool terminated = false;  // the game's rules ended it (a win or a loss)
  bool truncated = false;   // the tick limit ended it
};

class EnvCore {
 public:
  // Starts no episode yet: Reset first. std::invalid_argument for bad options.
  EnvCore(std::shared_ptr<const RunGame> game, const EnvOptions& options);

  // A new episode from `seed`, or from the seed that follows the last one (NextEpisodeSeed)
  // when none is given; the first episode without a seed uses 0.
  void Reset(std::optional<uint64_t> seed);
  // One tick with actions()[index]; std::out_of_range for a bad index, std::logic_error when
  // no episode is running (never reset, or over).
  StepOutcome Step(int64_t index);

  // The action space: the avatar's actions at the level's start, then NIL (GVGAI's
  // getAvailableActions(true)). An action the avatar loses later plays as NIL.
  const std::vector<Action>& actions() const { return actions_; }
  // (types, height, width) or (pixel height, pixel width, 3).
  std::vector<int64_t> ObservationShape() const;
  size_t ObservationSize() const;
  void Observe(std::span<uint8_t> out) const;

  // The running episode's state; std::logic_error before the first Reset.
  const State& state() const;
  bool running() const { return state_.has_value() && !done_; }
  uint64_t seed() const { return seed_; }

 private:
  std::shared_ptr<const RunGame> game_;
  EnvOptions options_;
  std::vector<Action> actions_;
  int width_ = 0;  // the level's size in cells and the block size, for the shapes
  int height_ = 0;
  int block_ = 0;
  std::optional<State> state_;
  uint64_t seed_ = 0;
  bool seeded_ = false;
  bool done_ = false;
};

// The seed of the episode after one seeded with `seed` (splitmix64: consecutive seeds of
// different environments do not run into each other's sequences).
uint64_t NextEpisodeSeed(uint64_t seed);

}  // namespace vgdl::python
