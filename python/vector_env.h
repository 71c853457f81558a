// The core of vgdl.VectorEnv: `count` environments (env_core.h) of one level stepped together
// on a worker pool, the caller's thread without the GIL. An episode that ends is reset at once
// with its environment's next seed (Gymnasium's same-step autoreset): the step returns the new
// episode's first observation, and the last one of the finished episode beside it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "python/env_core.h"
#include "python/worker_pool.h"

namespace vgdl::python {

// Where one step writes, each span `count` entries long (observations count x size).
struct VectorStepOut {
  std::span<uint8_t> observations;
  std::span<double> rewards;
  std::span<uint8_t> terminated;
  std::span<uint8_t> truncated;
  std::span<uint8_t> final_observations;  // written for the environments that finished
  std::span<double> final_scores;         // the finished episode's score, NaN for the others
};

class VectorEnvCore {
 public:
  // `threads` <= 0: one per hardware thread, at most one per environment.
  VectorEnvCore(std::shared_ptr<const RunGame> game, const EnvOptions& options, int count,
                int threads);

  // Environment i starts from seed + i; without a seed each continues its own sequence.
  void Reset(std::optional<uint64_t> seed, std::span<uint8_t> observations);
  void Step(std::span<const int64_t> actions, const VectorStepOut& out);

  size_t count() const { return envs_.size(); }
  const EnvCore& env(size_t i) const { return envs_[i]; }
  int threads() const { return pool_.threads(); }

 private:
  std::vector<EnvCore> envs_;
  WorkerPool pool_;
};

}  // namespace vgdl::python
