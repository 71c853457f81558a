// `vgdl agents [SPEC...]`: every agent (or those named: built-in agents or plugins) with its
// options, their defaults and ranges, and the paper it follows.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "agents/common/options.h"
#include "agents/registry.h"
#include "tools/commands.h"

namespace vgdl::tools {
namespace {

void PrintAgent(const AgentSpec& spec) {
  std::cout << spec.name << ": " << spec.summary << "\n";
  if (!spec.paper.empty()) std::cout << "  follows: " << spec.paper << "\n";
  size_t key_width = 0;
  size_t default_width = 0;
  for (const auto& o : spec.options) {
    key_width = std::max(key_width, o.key.size() + 1 + OptionTypeName(o.type).size());
    default_width = std::max(default_width, o.default_value.size());
  }
  for (const auto& o : spec.options) {
    const std::string key = o.key + ":" + std::string(OptionTypeName(o.type));
    const std::string domain = OptionDomainText(o);
    std::cout << "  " << key << std::string(key_width - key.size(), ' ') << "  = "
              << o.default_value << std::string(default_width - o.default_value.size(), ' ') << "  "
              << o.help << (domain.empty() ? "" : " (" + domain + ")") << "\n";
  }
  if (spec.options.empty()) std::cout << "  (no options)\n";
  std::cout << "\n";
}

// Every built-in agent, or the agents `specs` name; a spec that names none is an error.
void ListAgents(const std::vector<std::string>& specs) {
  if (specs.empty()) {
    for (const auto& spec : AgentRegistry()) PrintAgent(spec);
  }
  for (const auto& text : specs) {
    std::string error;
    const AgentSpec* spec = FindAgentSpec(text, &error);
    if (spec == nullptr) {
      std::cerr << "vgdl agents: " << error << "\n";
      throw CommandExit{kExitUserError};
    }
    PrintAgent(*spec);
  }
  std::cout << "Use as --agent NAME or --agent NAME:key=value,key2=value2 (a bare key sets a "
               "bool to true); an agent of your own as --agent ./libNAME.so[:options] or "
               "--agent py:FILE.py:Class[:options] (docs/own-agents.md).\n";
}

}  // namespace

void AddAgentsCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand(
      "agents",
      "List the agents (or those named: built-in agents or plugins), their options, "
      "defaults and ranges");
  auto specs = std::make_shared<std::vector<std::string>>();
  cmd->add_option("specs", *specs, "Agents to describe, e.g. mcts or ./libmy_agent.so");
  cmd->callback([specs] { ListAgents(*specs); });
}

}  // namespace vgdl::tools
