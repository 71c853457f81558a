// Frame skipping of `rhea` (Gaina 2021 §3.2.4, Table 3.1 p12/p13; spec/RHEA.md §2.4): after each
// decision the next N ticks play a fill action without a new decision, and their budgets keep
// evolving the population for the decision that follows them. The fill is fixed when the
// decision is made: repeat (the decided action N times), null (ACTION_NIL), random (drawn then),
// sequence (the best individual's next genes). Evaluations during the skipped ticks first
// simulate the fill actions still to come, then the genome.
#pragma once

#include <span>
#include <vector>

#include "agents/common/action_list.h"
#include "agents/common/random.h"
#include "agents/rhea/options.h"
#include "engine/state.h"

namespace vgdl::rhea {

class FrameSkip {
 public:
  FrameSkip(int skip, SkipFill fill);

  // A new game: the next tick is a decision.
  void Reset() { next_ = static_cast<int>(fill_.size()); }
  // Whether the current tick plays a fill action rather than a decision.
  bool skipping() const { return next_ < static_cast<int>(fill_.size()); }
  // The fill actions from the current tick's on (empty at a decision).
  std::span<const Action> remaining() const {
    return std::span(fill_).subspan(static_cast<size_t>(next_));
  }
  // The current tick's fill action; the next tick's comes next.
  Action TakeFill() { return fill_[static_cast<size_t>(next_++)]; }
  // Fixes the fill of the N ticks after a decision of `decided`; `best` is the best genome,
  // whose genes after the first the sequence fill plays (random ones beyond its end).
  void Plan(Action decided, std::span<const int8_t> best, const ActionList& actions,
            AgentRandom& rng);
  int skip() const { return static_cast<int>(fill_.size()); }

 private:
  SkipFill kind_;
  std::vector<Action> fill_;  // N actions, sized once
  int next_ = 0;
};

}  // namespace vgdl::rhea
