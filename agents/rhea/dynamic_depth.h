// Dynamic depth of `rhea` (Gaina 2021 §3.2.6, Alg. 2; spec/RHEA.md §2.6, AAAI'19): every omega
// ticks the individual length follows the fitness landscape of the previous decision, the
// standard deviation of every fitness value evaluated then: below SD- (a flat landscape, where
// nothing within the horizon tells plans apart) L grows by M_D; above SD+ (a rugged one) it
// shrinks by M_D; L stays in [1, MAX_D]. Values are in [0, 1] (fitness.h), the scale the
// thresholds were tuned for.
#pragma once

namespace vgdl::rhea {

class DynamicDepth {
 public:
  DynamicDepth(int every, double low, double high, int step, int max_length);

  // A new game: no landscape yet, the first check at tick 0.
  void Reset();
  // A fitness value evaluated for the current decision.
  void Observe(double fitness);
  // The current decision is over: its values become the landscape.
  void EndDecision();
  // The length for a decision at game tick `tick`, from the current `length` (changes only
  // at a check, every `every` ticks, and only once there is a landscape).
  int Length(int tick, int length);
  // The standard deviation of the last decision's fitness values (0 when none).
  double landscape() const { return landscape_; }

 private:
  int every_;
  double low_;
  double high_;
  int step_;
  int max_length_;
  int next_check_ = 0;
  bool has_landscape_ = false;
  double landscape_ = 0.0;
  double n_ = 0.0;
  double sum_ = 0.0;
  double sum_squares_ = 0.0;
};

}  // namespace vgdl::rhea
