// An agent's options declared once: each row names the option, the field of the agent's options
// struct it sets, its help and its declared range or choices. From the one table come both the
// rows `vgdl agents` and the spec parser see (Declarations, with a preset's defaults read from
// its struct) and the struct an agent is built with (Read).
//
//   OptionTable<MyOptions> table;
//   table.Int("depth", &MyOptions::depth, "play-out depth in ticks", {1, 200})
//       .Choice("final", &MyOptions::final_move, "action played", kFinalMoves);
//   spec.options = table.Declarations(MyOptions{});
//   MyOptions read = table.Read(values);
//
// A field is named by a pointer to a data member or, for a nested field, by a callable taking
// the struct and returning a reference to it ([](auto& o) -> auto& { return o.inner.x; }).
// AgentOptions has refused values outside a declared range or choice before Read runs, so Read
// only converts; what depends on other options (a bound of P - 1) the agent checks itself.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <limits>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "agents/common/agent_spec.h"
#include "agents/common/options.h"

namespace vgdl {

// One choice of a string option and the value it stands for.
template <class Value>
struct OptionChoice {
  const char* name;
  Value value;
};

// The name of `value` in `choices` (the first choice when absent).
template <class Value>
std::string ChoiceName(std::span<const OptionChoice<Value>> choices, Value value) {
  for (const OptionChoice<Value>& c : choices) {
    if (c.value == value) return c.name;
  }
  return choices.front().name;
}

template <class Options>
class OptionTable {
 public:
  template <class Field>
  OptionTable& Bool(std::string key, Field field, std::string help) {
    return Add(
        {std::move(key), OptionType::kBool, "", std::move(help)},
        [field](const Options& o) -> std::string {
          return std::invoke(field, o) ? "true" : "false";
        },
        [field](const AgentOptions& v, const std::string& name, Options& o) {
          std::invoke(field, o) = v.GetBool(name);
        });
  }

  // `range`: the closed range {low, high}, or {} for none declared.
  template <class Field>
  OptionTable& Int(std::string key, Field field, std::string help, std::vector<double> range = {}) {
    return Add(
        {std::move(key), OptionType::kInt, "", std::move(help), std::move(range)},
        [field](const Options& o) { return std::to_string(std::invoke(field, o)); },
        [field](const AgentOptions& v, const std::string& name, Options& o) {
          auto& target = std::invoke(field, o);
          using Target = std::remove_reference_t<decltype(target)>;
          const int64_t value = v.GetInt(name);
          // An option without a declared range must still fit its field.
          if (value < std::numeric_limits<Target>::min() ||
              value > std::numeric_limits<Target>::max()) {
            throw std::invalid_argument(name + " must be in [" +
                                        std::to_string(std::numeric_limits<Target>::min()) + ", " +
                                        std::to_string(std::numeric_limits<Target>::max()) +
                                        "], not " + std::to_string(value));
          }
          target = static_cast<Target>(value);
        });
  }

  template <class Field>
  OptionTable& Double(std::string key, Field field, std::string help,
                      std::vector<double> range = {}) {
    return Add(
        {std::move(key), OptionType::kDouble, "", std::move(help), std::move(range)},
        [field](const Options& o) { return OptionNumberText(std::invoke(field, o)); },
        [field](const AgentOptions& v, const std::string& name, Options& o) {
          std::invoke(field, o) = v.GetDouble(name);
        });
  }

  // A string option whose choices stand for the values of the field (an enum, usually).
  template <class Field, class Value, size_t N>
  OptionTable& Choice(std::string key, Field field, std::string help,
                      const std::array<OptionChoice<Value>, N>& table) {
    std::vector<OptionChoice<Value>> choices(table.begin(), table.end());
    std::vector<std::string> names;
    for (const OptionChoice<Value>& c : choices) names.emplace_back(c.name);
    return Add(
        {std::move(key), OptionType::kString, "", std::move(help), {}, std::move(names)},
        [field, choices](const Options& o) {
          return ChoiceName<Value>(std::span(choices), std::invoke(field, o));
        },
        [field, choices](const AgentOptions& v, const std::string& name, Options& o) {
          const std::string value = v.GetString(name);
          for (const OptionChoice<Value>& c : choices) {
            if (value == c.name) {
              std::invoke(field, o) = c.value;
              return;
            }
          }
          // AgentOptions refuses undeclared choices: only a table bug reaches here.
          throw std::logic_error(name + ": '" + value + "' is not a declared choice");
        });
  }

  // An option that is not one field: `text` writes its value from the struct, `read` sets the
  // struct from the checked value.
  OptionTable& Custom(AgentOption declaration, std::function<std::string(const Options&)> text,
                      std::function<void(const AgentOptions&, const std::string&, Options&)> read) {
    return Add(std::move(declaration), std::move(text), std::move(read));
  }

  // The declared options, each with `defaults`' value as its default.
  std::vector<AgentOption> Declarations(const Options& defaults) const {
    std::vector<AgentOption> declarations;
    declarations.reserve(rows_.size());
    for (const Row& row : rows_) {
      AgentOption declaration = row.declaration;
      declaration.default_value = row.text(defaults);
      declarations.push_back(std::move(declaration));
    }
    return declarations;
  }

  // The struct `values` describe: every declared field set, the others at their defaults.
  Options Read(const AgentOptions& values) const {
    Options options{};
    for (const Row& row : rows_) row.read(values, row.declaration.key, options);
    return options;
  }

 private:
  struct Row {
    AgentOption declaration;
    std::function<std::string(const Options&)> text;
    std::function<void(const AgentOptions&, const std::string&, Options&)> read;
  };

  OptionTable& Add(AgentOption declaration, std::function<std::string(const Options&)> text,
                   std::function<void(const AgentOptions&, const std::string&, Options&)> read) {
    rows_.push_back({std::move(declaration), std::move(text), std::move(read)});
    return *this;
  }

  std::vector<Row> rows_;
};

// A table built by the functions in `parts`, in order: each adds a group of rows.
template <class Options>
OptionTable<Options> BuildOptionTable(
    std::initializer_list<void (*)(OptionTable<Options>&)> parts) {
  OptionTable<Options> table;
  for (const auto add : parts) add(table);
  return table;
}

}  // namespace vgdl
