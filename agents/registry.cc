// The agent registry: one explicit table, no static self-registration (STYLE-STUDY R5).
#include "agents/registry.h"

#include <algorithm>
#include <exception>
#include <optional>
#include <utility>

#include "agents/common/options.h"
#include "agents/hybrid/hybrid_agent.h"
#include "agents/iw/spec.h"
#include "agents/mcts/mcts.h"
#include "agents/osla/osla_agent.h"
#include "agents/plugin_loader.h"
#include "agents/random/random_agent.h"
#include "agents/rhea/sample_rhea.h"
#include "agents/rhea/spec.h"

namespace vgdl {

namespace {

std::vector<AgentSpec> BuildRegistry() {
  std::vector<AgentSpec> specs;
  specs.push_back(RandomSpec());
  specs.push_back(OslaSpec());
  specs.push_back(SampleMctsSpec());
  specs.push_back(MctsSpec());
  specs.push_back(MaastCtsSpec());
  specs.push_back(MaastCtsTdSpec());
  specs.push_back(MctsFrydenbergSpec());
  specs.push_back(MctsGudmundssonBjornssonSpec());
  for (AgentSpec& spec : IwSpecs()) specs.push_back(std::move(spec));
  for (AgentSpec& spec : HybridSpecs()) specs.push_back(std::move(spec));
  specs.push_back(SampleRheaSpec());
  for (AgentSpec& spec : RheaSpecs()) specs.push_back(std::move(spec));
  return specs;
}

struct Resolved {
  const AgentSpec* spec = nullptr;
  AgentOptions options;
};

// An agent from a shared library or a Python file (plugin_loader.h).
std::optional<Resolved> ResolvePlugin(const PluginSpecText& plugin, std::string_view text,
                                      std::string* error) {
  const AgentSpec* spec = LoadPluginAgent(plugin, error);
  if (spec == nullptr) return std::nullopt;
  const auto pairs = SplitAgentOptionList(plugin.options, text, error);
  if (!pairs) return std::nullopt;
  auto values = CheckAgentOptions(spec->name, spec->options, *pairs, error);
  if (!values) return std::nullopt;
  return Resolved{spec, AgentOptions(spec->options, *std::move(values))};
}

std::optional<Resolved> Resolve(std::string_view text, std::string* error) {
  std::string scratch;
  if (error == nullptr) error = &scratch;
  std::string plugin_error;
  if (auto plugin = SplitPluginSpec(text, &plugin_error)) {
    return ResolvePlugin(*plugin, text, error);
  }
  if (!plugin_error.empty()) {
    *error = plugin_error;
    return std::nullopt;
  }
  const auto parsed = SplitAgentSpec(text, error);
  if (!parsed) return std::nullopt;
  const auto& registry = AgentRegistry();
  const AgentSpec* spec = nullptr;
  std::vector<std::string> names;
  for (const auto& s : registry) {
    names.push_back(s.name);
    if (s.name == parsed->name) spec = &s;
  }
  if (spec == nullptr) {
    *error = "unknown agent '" + parsed->name + "'";
    const std::string guess = ClosestName(parsed->name, names);
    if (!guess.empty()) *error += "; did you mean '" + guess + "'?";
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    *error += " (agents: " + list + ")";
    return std::nullopt;
  }
  auto values = CheckAgentOptions(spec->name, spec->options, parsed->pairs, error);
  if (!values) return std::nullopt;
  return Resolved{spec, AgentOptions(spec->options, *std::move(values))};
}

}  // namespace

const std::vector<AgentSpec>& AgentRegistry() {
  static const std::vector<AgentSpec> registry = BuildRegistry();
  return registry;
}

std::optional<ParsedAgentSpec> SplitAgentOrPluginSpec(std::string_view spec, std::string* error) {
  std::string scratch;
  if (error == nullptr) error = &scratch;
  std::string plugin_error;
  if (const auto plugin = SplitPluginSpec(spec, &plugin_error)) {
    auto pairs = SplitAgentOptionList(plugin->options, spec, error);
    if (!pairs) return std::nullopt;
    return ParsedAgentSpec{plugin->name, *std::move(pairs)};
  }
  if (!plugin_error.empty()) {
    *error = plugin_error;
    return std::nullopt;
  }
  return SplitAgentSpec(spec, error);
}

const AgentSpec* FindAgentSpec(std::string_view spec, std::string* error) {
  const auto resolved = Resolve(spec, error);
  return resolved ? resolved->spec : nullptr;
}

std::unique_ptr<Agent> CreateAgent(std::string_view spec, uint64_t seed, std::string* error) {
  std::string scratch;
  if (error == nullptr) error = &scratch;
  auto resolved = Resolve(spec, error);
  if (!resolved) return nullptr;
  try {
    auto agent = resolved->spec->create(resolved->options, seed);
    if (agent == nullptr) *error = "agent '" + resolved->spec->name + "' could not be created";
    return agent;
  } catch (const std::exception& e) {
    // Factories reject option values outside their range this way.
    *error = "agent '" + resolved->spec->name + "': " + e.what();
    return nullptr;
  }
}

std::string CanonicalAgentSpec(std::string_view spec, std::string* error) {
  auto resolved = Resolve(spec, error);
  if (!resolved) return "";
  return resolved->options.Canonical(resolved->spec->name);
}

std::string AgentLabel(std::string_view spec) {
  const size_t space = spec.find(' ');
  const std::string_view canonical = spec.substr(0, space);
  const std::string_view suffix = space == std::string_view::npos ? "" : spec.substr(space);
  // Only a canonical spec of a registered agent names every option, so that dropping the
  // defaults loses nothing.
  const std::string round_trip = CanonicalAgentSpec(canonical, nullptr);
  if (round_trip.empty() || round_trip != canonical) return std::string(spec);
  std::string unused;
  const auto given = SplitAgentOrPluginSpec(canonical, &unused);
  const auto defaults = SplitAgentOrPluginSpec(CanonicalAgentSpec(given->name, nullptr), &unused);
  // A plugin's canonical name is an absolute path: tables show the file's name.
  const auto plugin = SplitPluginSpec(canonical, &unused);
  std::string label = plugin ? PluginShortName(*plugin) : given->name;
  char separator = ':';
  for (const auto& pair : given->pairs) {
    if (std::find(defaults->pairs.begin(), defaults->pairs.end(), pair) != defaults->pairs.end()) {
      continue;
    }
    label += separator + pair.first + "=" + pair.second;
    separator = ',';
  }
  return label + std::string(suffix);
}

}  // namespace vgdl
