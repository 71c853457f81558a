// Sufficiency threshold's option check (Gudmundsson and Björnsson 2011, Eq. 2).
#include "agents/mcts/sufficiency_threshold.h"

#include <stdexcept>
#include <string>

namespace vgdl {

void ValidateSufficiencyAlpha(double alpha) {
  if (!(alpha >= 0.0 && alpha <= 1.0)) {
    throw std::invalid_argument("the sufficiency threshold alpha must be in [0, 1], not " +
                                std::to_string(alpha));
  }
}

}  // namespace vgdl
