// Agents by name with options: "mcts:c=0.6,depth=10", "mcts:bfti,la,nbp". The top of the
// agents: it lists every family, so only the layers above (the runner, the commands) include it.
//
// Each agent publishes an AgentSpec (name, summary, the paper it follows, typed options with
// defaults) and a factory. Options are checked against the spec: an unknown key or agent gets
// an error that lists the valid ones and suggests the closest.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agents/agent.h"
#include "agents/common/agent_spec.h"
#include "agents/common/options.h"

namespace vgdl {

// Every agent, in the order `vgdl agents` lists them.
const std::vector<AgentSpec>& AgentRegistry();

// The spec of the agent `spec` names, a built-in agent or a plugin (plugin_loader.h), its
// options checked; nullptr with `error` set on a bad spec.
const AgentSpec* FindAgentSpec(std::string_view spec, std::string* error);

// Splits a spec into its agent's name and options, for a built-in agent ("mcts:c=1") and a
// plugin alike; a plugin's name is its canonical one (plugin_loader.h: an absolute path, or
// "py:ABS_FILE:CLASS"), so that name + ":" + options names the same agent from any folder.
std::optional<ParsedAgentSpec> SplitAgentOrPluginSpec(std::string_view spec, std::string* error);

// Parses "name[:k=v,...]" and creates the agent; nullptr with `error` set on a bad spec.
std::unique_ptr<Agent> CreateAgent(std::string_view spec, uint64_t seed, std::string* error);

// Validates a spec without creating an agent; returns its canonical form or "" with `error`.
std::string CanonicalAgentSpec(std::string_view spec, std::string* error);

// A canonical spec without the options at their defaults, for tables and progress lines:
// "mcts:c=1" for "mcts:c=1,depth=10,...", "sample-rhea" for the defaults. Text after the spec
// (`vgdl report`'s " @40ms") is kept. Anything else (not canonical, an unknown agent) comes
// back unchanged. Result files keep the canonical spec.
std::string AgentLabel(std::string_view spec);

}  // namespace vgdl
