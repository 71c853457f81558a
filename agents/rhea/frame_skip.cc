#include "agents/rhea/frame_skip.h"

namespace vgdl::rhea {

FrameSkip::FrameSkip(int skip, SkipFill fill)
    : kind_(fill), fill_(static_cast<size_t>(skip), Action::kNil), next_(skip) {}

void FrameSkip::Plan(Action decided, std::span<const int8_t> best, const ActionList& actions,
                     AgentRandom& rng) {
  for (size_t i = 0; i < fill_.size(); ++i) {
    switch (kind_) {
      case SkipFill::kRepeat:
        fill_[i] = decided;
        break;
      case SkipFill::kNull:
        fill_[i] = Action::kNil;
        break;
      case SkipFill::kRandom:
        fill_[i] = actions[rng.NextInt(actions.size())];
        break;
      case SkipFill::kSequence:
        fill_[i] =
            i + 1 < best.size() ? actions[best[i + 1]] : actions[rng.NextInt(actions.size())];
        break;
    }
  }
  next_ = 0;
}

}  // namespace vgdl::rhea
