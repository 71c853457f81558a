// Partial expansion with first-play urgency (Frydenberg et al. 2015, §V-C; see
// partial_expansion.h).
#include "agents/mcts/partial_expansion.h"

#include <stdexcept>
#include <string>

namespace vgdl {

void ValidateFpu(double fpu) {
  if (!(fpu >= 0.0 && fpu <= kMaxFpu)) {
    throw std::invalid_argument("the first-play urgency must be in [0, " + std::to_string(kMaxFpu) +
                                "], not " + std::to_string(fpu));
  }
}

PartialExpansionStep ChoosePartialExpansionStep(bool has_existing, double best_existing_value,
                                                double fpu) {
  if (has_existing && best_existing_value > fpu) return PartialExpansionStep::kDescend;
  return PartialExpansionStep::kExpand;
}

}  // namespace vgdl
