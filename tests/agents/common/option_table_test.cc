// OptionTable: one row per option gives the declaration (with a preset's defaults) and the
// reading of the field, nested fields, choices and options that set two fields included.
#include "agents/common/option_table.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

namespace vgdl {
namespace {

enum class Colour : uint8_t { kRed, kBlue };
constexpr std::array<OptionChoice<Colour>, 2> kColours{
    {{"red", Colour::kRed}, {"blue", Colour::kBlue}}};

struct Inner {
  double weight = 0.5;
};

struct Settings {
  bool fast = false;
  int32_t depth = 10;
  int8_t small = 3;
  Colour colour = Colour::kRed;
  Inner inner;
  bool a = false;
  bool b = false;  // set with `a` by the one option "both"
};

OptionTable<Settings> Table() {
  OptionTable<Settings> t;
  t.Bool("fast", &Settings::fast, "go fast")
      .Int("depth", &Settings::depth, "depth", {1, 100})
      .Int("small", &Settings::small, "an int8 with no declared range")
      .Choice("colour", &Settings::colour, "colour", kColours)
      .Double("weight", [](auto& s) -> auto& { return s.inner.weight; }, "weight", {0, 1})
      .Custom(
          {"both", OptionType::kBool, "", "a and b"},
          [](const Settings& s) -> std::string { return s.a ? "true" : "false"; },
          [](const AgentOptions& o, const std::string& name, Settings& s) {
            s.a = s.b = o.GetBool(name);
          });
  return t;
}

AgentOptions Values(const OptionTable<Settings>& table, const Settings& defaults,
                    std::map<std::string, std::string> values) {
  return AgentOptions(table.Declarations(defaults), std::move(values));
}

TEST(OptionTable, DeclaresEveryRowWithTheDefaultsItIsGiven) {
  Settings preset;
  preset.depth = 42;
  preset.colour = Colour::kBlue;
  preset.inner.weight = 0.25;
  const std::vector<AgentOption> d = Table().Declarations(preset);
  ASSERT_EQ(d.size(), 6u);
  EXPECT_EQ(d[0].key, "fast");
  EXPECT_EQ(d[0].default_value, "false");
  EXPECT_EQ(d[1].default_value, "42");
  EXPECT_EQ(d[1].range, (std::vector<double>{1, 100}));
  EXPECT_EQ(d[2].default_value, "3");
  EXPECT_EQ(d[3].type, OptionType::kString);
  EXPECT_EQ(d[3].default_value, "blue");
  EXPECT_EQ(d[3].choices, (std::vector<std::string>{"red", "blue"}));
  EXPECT_EQ(d[4].default_value, "0.25");
  EXPECT_EQ(d[5].default_value, "false");
}

TEST(OptionTable, ReadsGivenValuesAndThePresetsDefaults) {
  const OptionTable<Settings> table = Table();
  Settings preset;
  preset.depth = 42;
  const Settings read = table.Read(Values(
      table, preset, {{"fast", "true"}, {"colour", "blue"}, {"weight", "0.75"}, {"both", "true"}}));
  EXPECT_TRUE(read.fast);
  EXPECT_EQ(read.depth, 42);  // not given: the declaration's default
  EXPECT_EQ(read.colour, Colour::kBlue);
  EXPECT_DOUBLE_EQ(read.inner.weight, 0.75);
  EXPECT_TRUE(read.a);
  EXPECT_TRUE(read.b);
}

TEST(OptionTable, RefusesAnIntegerItsFieldCannotHold) {
  const OptionTable<Settings> table = Table();
  try {
    table.Read(Values(table, Settings{}, {{"small", "300"}}));
    FAIL() << "300 read into an int8_t";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "small must be in [-128, 127], not 300");
  }
}

TEST(OptionTable, ChoiceNameFallsBackToTheFirstChoice) {
  EXPECT_EQ(ChoiceName<Colour>(kColours, Colour::kBlue), "blue");
  EXPECT_EQ(ChoiceName<Colour>(kColours, static_cast<Colour>(7)), "red");
}

}  // namespace
}  // namespace vgdl
