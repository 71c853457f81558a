// Parsing and checking agent specs ("mcts:c=0.6,depth=10,bfti") against an AgentSpec's options.
// The registry (agents/registry.cc) uses these; they are separate so that tests can check the
// parsing rules without creating agents.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "agents/common/agent_spec.h"

namespace vgdl {

// A spec split into its agent name and raw "key=value" pairs (a bare key gets the value "").
struct ParsedAgentSpec {
  std::string name;
  std::vector<std::pair<std::string, std::string>> pairs;
};

// Splits "name[:k=v,...]"; nullopt with `error` on an empty name, an empty key or a stray '='.
std::optional<ParsedAgentSpec> SplitAgentSpec(std::string_view spec, std::string* error);

// Splits the options of a spec ("k=v,bare,...", what follows the name) into pairs; `spec`, the
// whole spec, is named in the error.
std::optional<std::vector<std::pair<std::string, std::string>>> SplitAgentOptionList(
    std::string_view options, std::string_view spec, std::string* error);

// The value in canonical form ("true"/"false", a decimal integer, the shortest decimal that
// reads back as the same double, or the string itself), or nullopt if it does not parse as
// `type`. A bare bool key (empty value) means true.
std::optional<std::string> NormalizeOptionValue(OptionType type, std::string_view value);

// Checks `pairs` against `options` (unknown keys, repeated keys, values of the wrong type) and
// returns the canonical values by key; nullopt with `error` otherwise.
std::optional<std::map<std::string, std::string>> CheckAgentOptions(
    std::string_view agent_name, const std::vector<AgentOption>& options,
    const std::vector<std::pair<std::string, std::string>>& pairs, std::string* error);

// The candidate closest to `word` by edit distance, or "" when none is close enough to be a
// plausible typo.
std::string ClosestName(std::string_view word, const std::vector<std::string>& candidates);

std::string_view OptionTypeName(OptionType type);

// The shortest decimal that reads back as `v` ("0.6", "1000"): how option values are written.
std::string OptionNumberText(double v);

// The values an option declares, as messages and `vgdl agents` write them: "[1, 200]" for a
// range, "'a', 'b' or 'c'" for choices, "" for neither.
std::string OptionDomainText(const AgentOption& option);

}  // namespace vgdl
