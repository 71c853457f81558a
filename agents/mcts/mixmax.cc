// MixMax's option check (Soemers 2016, §4.2.5; Frydenberg et al. 2015, §V-A).
#include "agents/mcts/mixmax.h"

#include <stdexcept>
#include <string>

namespace vgdl {

void ValidateMixMaxAlpha(double alpha) {
  if (!(alpha >= 0.0 && alpha <= 1.0)) {
    throw std::invalid_argument("the MixMax weight must be in [0, 1], not " +
                                std::to_string(alpha));
  }
}

}  // namespace vgdl
