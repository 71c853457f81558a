// What an agent publishes about itself: its name, summary, paper and typed options
// (AgentSpec), and the options one instance is created with (AgentOptions).
//
// Every agent family's header includes this one to declare its spec; the registry
// (agents/registry.h), which lists every family, sits above them all. Parsing and checking
// specs is agents/common/options.h; AgentOptions' readers are defined in options.cc beside the
// value rules they share.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "agents/agent.h"

namespace vgdl {

enum class OptionType { kBool, kInt, kDouble, kString };

struct AgentOption {
  std::string key;
  OptionType type = OptionType::kDouble;
  std::string default_value;  // as the user would write it
  std::string help;
  // The values the option takes, declared for `vgdl tune` (a bare key in --space searches
  // them, runner/tuning/search_space.h): a numeric option's closed range {low, high}, a string
  // option's choices. Empty where undeclared: a range that depends on other options (rhea's
  // elites < p), an open or unbounded one.
  // AgentOptions::Get* refuse a value outside what is declared, naming the range or choices;
  // an agent checks only what depends on other options (tests/agents/option_domain_test.cc).
  std::vector<double> range = {};
  std::vector<std::string> choices = {};
};

// Parsed, validated options of one agent instance. A bare key ("bfti") means key=true.
class AgentOptions {
 public:
  AgentOptions() = default;
  AgentOptions(std::vector<AgentOption> spec, std::map<std::string, std::string> values)
      : spec_(std::move(spec)), values_(std::move(values)) {}

  bool GetBool(std::string_view key) const;
  int64_t GetInt(std::string_view key) const;
  double GetDouble(std::string_view key) const;
  std::string GetString(std::string_view key) const;
  // "name:k=v,..." with every option, defaults included, in spec order.
  std::string Canonical(std::string_view agent_name) const;

 private:
  const std::string& Raw(std::string_view key) const;
  std::vector<AgentOption> spec_;
  std::map<std::string, std::string> values_;  // user-given values only
};

struct AgentSpec {
  std::string name;
  std::string summary;
  std::string paper;  // the publication it follows, e.g. "Soemers 2016, Table 5.1"
  std::vector<AgentOption> options;
  // Creates an agent; `seed` seeds the agent's own random generator.
  std::function<std::unique_ptr<Agent>(const AgentOptions&, uint64_t seed)> create;
};

}  // namespace vgdl
