// What an option declares it takes (AgentOption::range and ::choices, for `vgdl tune`) is what
// the agent takes: both ends of a declared range and every declared choice are accepted, the
// values just outside and an unknown choice refused. The declarations are written beside the
// agents' own checks; this keeps the two from drifting apart.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <string>

#include "agents/registry.h"

namespace vgdl {
namespace {

std::string Text(OptionType type, double v) {
  if (type == OptionType::kInt) return std::to_string(static_cast<int64_t>(v));
  char text[32];
  const auto written = std::to_chars(text, text + sizeof(text), v);
  return std::string(text, written.ptr);
}

bool Accepted(const AgentSpec& agent, const std::string& key, const std::string& value,
              std::string* why) {
  return CreateAgent(agent.name + ":" + key + "=" + value, 1, why) != nullptr;
}

TEST(OptionDomain, DeclaredRangesAndChoicesAreWhatTheAgentsTake) {
  int declared = 0;
  for (const AgentSpec& agent : AgentRegistry()) {
    for (const AgentOption& option : agent.options) {
      std::string why;
      if (option.range.size() == 2) {
        ++declared;
        const double low = option.range[0];
        const double high = option.range[1];
        // A step just outside: 1 for integers, a millionth of the range for doubles.
        const double step = option.type == OptionType::kInt ? 1.0 : (high - low) * 1e-6;
        for (const double v : {low, high}) {
          // A refusal that names another option is a dependency (rhea's p = 1 needs elites =
          // 0), not a wrong declaration.
          const bool ok =
              Accepted(agent, option.key, Text(option.type, v), &why) ||
              why.find("'" + agent.name + "': " + option.key + " ") == std::string::npos;
          EXPECT_TRUE(ok) << agent.name << " " << option.key << "=" << v << ": " << why;
        }
        for (const double v : {low - step, high + step}) {
          EXPECT_FALSE(Accepted(agent, option.key, Text(option.type, v), &why))
              << agent.name << " " << option.key << "=" << v << " is outside the declared range";
        }
      } else {
        EXPECT_TRUE(option.range.empty()) << agent.name << " " << option.key << ": {low, high}";
      }
      for (const std::string& choice : option.choices) {
        ++declared;
        EXPECT_EQ(option.type, OptionType::kString) << agent.name << " " << option.key;
        EXPECT_TRUE(Accepted(agent, option.key, choice, &why))
            << agent.name << " " << option.key << "=" << choice << ": " << why;
      }
      if (!option.choices.empty()) {
        EXPECT_FALSE(Accepted(agent, option.key, "no-such-choice", &why))
            << agent.name << " " << option.key;
      }
    }
  }
  // rhea and the MCTS family declare theirs: dozens of options.
  EXPECT_GT(declared, 100);
}

// The agents whose options researchers tune declare every option whose domain is fixed.
TEST(OptionDomain, RheaAndMctsDeclareTheirFixedDomains) {
  for (const AgentSpec& agent : AgentRegistry()) {
    if (agent.name != "rhea" && agent.name != "mcts") continue;
    for (const AgentOption& option : agent.options) {
      if (option.type == OptionType::kString) {
        EXPECT_FALSE(option.choices.empty()) << agent.name << " " << option.key;
      }
    }
  }
}

// hybrid's numbers all have fixed ranges (counts, weights, shares): each is declared.
TEST(OptionDomain, HybridDeclaresARangeForEveryNumber) {
  int numbers = 0;
  for (const AgentSpec& agent : AgentRegistry()) {
    if (agent.name != "hybrid") continue;
    for (const AgentOption& option : agent.options) {
      if (option.type != OptionType::kInt && option.type != OptionType::kDouble) continue;
      ++numbers;
      EXPECT_EQ(option.range.size(), 2u) << option.key;
    }
  }
  EXPECT_GE(numbers, 14);
}

}  // namespace
}  // namespace vgdl
