// The registry's entry for one preset of an agent family (iw's, rhea's): the preset's name,
// summary and paper, the options it declares (with the preset's defaults), and a factory that
// reads them and builds the family's agent, named by its canonical spec.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "agents/agent.h"
#include "agents/common/agent_spec.h"

namespace vgdl {

// `make(canonical_name, options, seed)` returns the agent.
template <typename Make>
AgentSpec PresetSpec(const char* name, const char* summary, const char* paper,
                     std::vector<AgentOption> options, Make make) {
  AgentSpec spec;
  spec.name = name;
  spec.summary = summary;
  spec.paper = paper;
  spec.options = std::move(options);
  spec.create = [preset = std::string(name), make](const AgentOptions& values,
                                                   uint64_t seed) -> std::unique_ptr<Agent> {
    return make(values.Canonical(preset), values, seed);
  };
  return spec;
}

}  // namespace vgdl
