// Moving-average returns (Gudmundsson and Björnsson 2011, Eq. 3-4; see moving_average.h).
#include "agents/mcts/moving_average.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace vgdl {

void ValidateMovingAverageOptions(const MovingAverageOptions& options) {
  if (options.m < 1 || options.m > 1000000) {
    throw std::invalid_argument("the moving average's M must be in [1, 1000000], not " +
                                std::to_string(options.m));
  }
  if (!(options.lambda0 > 0.0 && options.lambda0 <= 1.0)) {
    throw std::invalid_argument("the moving average's lambda_0 must be in (0, 1], not " +
                                std::to_string(options.lambda0));
  }
}

double MovingAverageStep(double n, const MovingAverageOptions& options) {
  if (n > options.m) return options.lambda0;
  return 1.0 / std::max(n, 1.0);
}

MovingAverage::MovingAverage(const MovingAverageOptions& options) : options_(options) {
  ValidateMovingAverageOptions(options);
}

void MovingAverage::Move(int32_t from, int32_t to) {
  if (to == 0) known_before_moves_ = known_;
  entries_[to] = from < known_before_moves_ ? entries_[from] : Entry{0.0, 0.0};
  known_ = to + 1;
}

void MovingAverage::Reach(int32_t node) {
  for (; known_ <= node; ++known_) entries_[known_] = Entry{0.0, 0.0};
}

void MovingAverage::Update(int32_t node, double r) {
  Reach(node);
  Entry& e = entries_[node];
  e.n += 1.0;
  e.q += MovingAverageStep(e.n, options_) * (r - e.q);
}

double MovingAverage::Value(int32_t node, double mean) const {
  return Samples(node) > 0.0 ? entries_[node].q : mean;
}

double MovingAverage::Samples(int32_t node) const {
  return node < known_ ? entries_[node].n : 0.0;
}

}  // namespace vgdl
