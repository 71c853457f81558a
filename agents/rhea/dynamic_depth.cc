#include "agents/rhea/dynamic_depth.h"

#include <algorithm>
#include <cmath>

namespace vgdl::rhea {

DynamicDepth::DynamicDepth(int every, double low, double high, int step, int max_length)
    : every_(std::max(1, every)), low_(low), high_(high), step_(step), max_length_(max_length) {}

void DynamicDepth::Reset() {
  next_check_ = 0;
  has_landscape_ = false;
  landscape_ = 0.0;
  n_ = sum_ = sum_squares_ = 0.0;
}

void DynamicDepth::Observe(double fitness) {
  n_ += 1.0;
  sum_ += fitness;
  sum_squares_ += fitness * fitness;
}

void DynamicDepth::EndDecision() {
  if (n_ > 0.0) {
    const double mean = sum_ / n_;
    landscape_ = std::sqrt(std::max(0.0, sum_squares_ / n_ - mean * mean));
    has_landscape_ = true;
  }
  n_ = sum_ = sum_squares_ = 0.0;
}

int DynamicDepth::Length(int tick, int length) {
  if (tick < next_check_) return length;
  next_check_ = tick + every_;
  if (!has_landscape_) return length;
  if (landscape_ < low_) length += step_;
  if (landscape_ > high_) length -= step_;
  return std::clamp(length, 1, max_length_);
}

}  // namespace vgdl::rhea
