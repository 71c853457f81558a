// A plugin built, as it were, against another version of the agent interface: its fingerprint
// differs from this build's, so the loader must refuse it without calling into it.
#include <stdexcept>

#include "agents/common/agent_spec.h"

extern "C" __attribute__((visibility("default"))) const char* vgdl_agent_api() {
  return "vgdl-0.0.1-0123456789abcdef";
}

extern "C" __attribute__((visibility("default"))) void vgdl_agent_describe(const char*,
                                                                           vgdl::AgentSpec*) {
  throw std::logic_error("the loader must not describe a plugin of another interface");
}
