// `vgdl agents`: every agent with its options, their defaults and the paper it follows.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <string>

#include "agents/common/options.h"
#include "agents/registry.h"
#include "tools/commands.h"

namespace vgdl::tools {
namespace {

void ListAgents() {
  for (const auto& spec : AgentRegistry()) {
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
      std::cout << "  " << key << std::string(key_width - key.size(), ' ') << "  = "
                << o.default_value << std::string(default_width - o.default_value.size(), ' ')
                << "  " << o.help << "\n";
    }
    if (spec.options.empty()) std::cout << "  (no options)\n";
    std::cout << "\n";
  }
  std::cout << "Use as --agent NAME or --agent NAME:key=value,key2=value2 (a bare key sets a "
               "bool to true).\n";
}

}  // namespace

void AddAgentsCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("agents", "List the agents, their options and defaults");
  cmd->callback([] { ListAgents(); });
}

}  // namespace vgdl::tools
