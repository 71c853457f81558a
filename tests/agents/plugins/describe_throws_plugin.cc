// A plugin whose describe function throws: the loader reports it and loads nothing.
#include <stdexcept>

#include "agents/plugin.h"

namespace {

vgdl::AgentSpec Describe() {
  throw std::runtime_error("no agent here");
}

}  // namespace

VGDL_AGENT_PLUGIN(Describe)
