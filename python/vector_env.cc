// The vector environment's core (vector_env.h).
#include "python/vector_env.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>

#include "engine/observation.h"

namespace vgdl::python {

namespace {

int PoolSize(int threads, int count) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return std::clamp(threads, 1, std::max(count, 1));
}

}  // namespace

VectorEnvCore::VectorEnvCore(std::shared_ptr<const RunGame> game, const EnvOptions& options,
                             int count, int threads)
    : pool_(PoolSize(threads, count)) {
  if (count < 1) throw std::invalid_argument("a vector environment needs at least 1 environment");
  envs_.reserve(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) envs_.emplace_back(game, options);
}

void VectorEnvCore::Reset(std::optional<uint64_t> seed, std::span<uint8_t> observations) {
  const size_t size = envs_.front().ObservationSize();
  pool_.Run(envs_.size(), [&](size_t i) {
    envs_[i].Reset(seed ? std::optional<uint64_t>(*seed + i) : std::nullopt);
    envs_[i].Observe(observations.subspan(i * size, size));
  });
}

void VectorEnvCore::Step(std::span<const int64_t> actions, const VectorStepOut& out) {
  if (actions.size() != envs_.size()) {
    throw std::invalid_argument("expected " + std::to_string(envs_.size()) + " actions, got " +
                                std::to_string(actions.size()));
  }
  // Checked before any environment moves, so that a bad action leaves them all as they were.
  for (size_t i = 0; i < envs_.size(); ++i) {
    if (actions[i] < 0 || static_cast<size_t>(actions[i]) >= envs_[i].actions().size()) {
      throw std::out_of_range("action index " + std::to_string(actions[i]) + " of environment " +
                              std::to_string(i) + " outside 0-" +
                              std::to_string(envs_[i].actions().size() - 1));
    }
  }
  const size_t size = envs_.front().ObservationSize();
  pool_.Run(envs_.size(), [&](size_t i) {
    EnvCore& env = envs_[i];
    const StepOutcome step = env.Step(actions[i]);
    out.rewards[i] = step.reward;
    out.terminated[i] = step.terminated;
    out.truncated[i] = step.truncated;
    out.final_scores[i] = std::numeric_limits<double>::quiet_NaN();
    const std::span<uint8_t> observation = out.observations.subspan(i * size, size);
    if (step.terminated || step.truncated) {
      env.Observe(out.final_observations.subspan(i * size, size));
      out.final_scores[i] = Score(env.state());
      env.Reset(std::nullopt);
    }
    env.Observe(observation);
  });
}

}  // namespace vgdl::python
