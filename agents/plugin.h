// Writing an agent outside the tree: a shared library that `vgdl` loads by its path.
//
//   // my_agent.cc, built with vgdl_add_agent_plugin(my_agent my_agent.cc) (docs/own-agents.md)
//   #include "agents/plugin.h"
//   class MyAgent : public vgdl::Agent { ... };
//   vgdl::AgentSpec MySpec() {
//     return {.name = "my-agent", .summary = "...", .paper = "...",
//             .options = {{.key = "depth", .type = vgdl::OptionType::kInt,
//                          .default_value = "10", .help = "...", .range = {1, 100}}},
//             .create = [](const vgdl::AgentOptions& o, uint64_t seed) {
//               return std::make_unique<MyAgent>(o.GetInt("depth"), seed);
//             }};
//   }
//   VGDL_AGENT_PLUGIN(MySpec)
//
//   vgdl run --agent ./libmy_agent.so:depth=5 --game aliens ...
//
// The library exports two C functions: the fingerprint of the interface it was compiled
// against (VGDL_AGENT_API: the version and a hash of the public headers) and one that
// describes the agent as an AgentSpec. `vgdl` refuses a library whose fingerprint differs
// from its own, since State and Agent may be laid out differently there; rebuild the plugin
// against the installed headers. Options are checked against the spec as for the built-in
// agents; an exception thrown by the factory or the agent is reported and the run goes on.
//
// `argument` is what follows the library in a spec that has one: a plugin that hosts agents
// written in another language reads it (the Python host reads "my_agent.py:ClassName").
#pragma once

#include <type_traits>

#include "agents/agent.h"
#include "agents/common/agent_spec.h"
#include "vgdl_agent_api.h"

// The exported entry points' names, as the loader looks them up.
#define VGDL_AGENT_API_SYMBOL "vgdl_agent_api"
#define VGDL_AGENT_DESCRIBE_SYMBOL "vgdl_agent_describe"

// Defines the entry points for `describe`, a function `vgdl::AgentSpec describe()` or
// `vgdl::AgentSpec describe(const char* argument)`.
#define VGDL_AGENT_PLUGIN(describe)                                                \
  extern "C" __attribute__((visibility("default"))) const char* vgdl_agent_api() { \
    return VGDL_AGENT_API;                                                         \
  }                                                                                \
  extern "C" __attribute__((visibility("default"))) void vgdl_agent_describe(      \
      const char* argument, ::vgdl::AgentSpec* out) {                              \
    *out = ::vgdl::plugin_detail::Describe(describe, argument);                    \
  }

namespace vgdl::plugin_detail {

// Calls `describe` with or without the argument, whichever it takes.
template <typename F>
AgentSpec Describe(F describe, const char* argument) {
  if constexpr (std::is_invocable_v<F, const char*>) {
    return describe(argument);
  } else {
    return describe();
  }
}

}  // namespace vgdl::plugin_detail
