// `vgdl tune --space` against an agent's options: values in canonical form, a bool's whole
// range, the agent's own refusals with the option's name, and points as agent specs.
#include "agents/tuning/search_space.h"

#include <gtest/gtest.h>

#include <string>

namespace vgdl {
namespace {

TEST(SearchSpace, ParsesValuesPerOptionAndABoolsWholeRange) {
  std::string error;
  const auto space =
      SearchSpace::Parse("rhea", "p=4,6,10,20; l=8,10,14,20;mutation=uniform,1bit;shift", &error);
  ASSERT_TRUE(space) << error;
  EXPECT_EQ(space->Dimensions(), (std::vector<int>{4, 4, 2, 2}));
  EXPECT_EQ(space->parameters()[3].values, (std::vector<std::string>{"false", "true"}));
  EXPECT_EQ(space->Describe(), "p=4,6,10,20;l=8,10,14,20;mutation=uniform,1bit;shift=false,true");
  // rhea's defaults where present (P = 10, uniform mutation, no shift); L's default, 15, is
  // not among the values: the first one.
  EXPECT_EQ(space->DefaultPoint(), (TuningPoint{2, 0, 0, 0}));
  EXPECT_EQ(space->PointOf({"6", "8", "1bit", "true"}), (TuningPoint{1, 0, 1, 1}));
  EXPECT_FALSE(space->PointOf({"5", "8", "1bit", "true"}).has_value());
}

TEST(SearchSpace, APointIsACanonicalAgentSpecWithTheFixedOptions) {
  std::string error;
  const auto space = SearchSpace::Parse("osla:noise=0.5", "samples=1,3", &error);
  ASSERT_TRUE(space) << error;
  EXPECT_EQ(space->SpecOf({1}), CanonicalAgentSpec("osla:samples=3,noise=0.5", nullptr));
  EXPECT_TRUE(space->Accepts({0}));
}

std::string ErrorOf(const std::string& agent, const std::string& text) {
  std::string error;
  EXPECT_FALSE(SearchSpace::Parse(agent, text, &error).has_value()) << text;
  return error;
}

TEST(SearchSpace, RefusesWhatTheAgentDoesNotHaveOrTake) {
  EXPECT_NE(ErrorOf("rhea", "pop=4,6").find("no option 'pop'"), std::string::npos);
  EXPECT_NE(ErrorOf("nosuchagent", "p=4").find("unknown agent"), std::string::npos);
  // The agent's own range check (CreateAgent), with the option's name in front.
  const std::string range = ErrorOf("rhea", "p=4,0");
  EXPECT_NE(range.find("option 'p' value '0'"), std::string::npos) << range;
  EXPECT_NE(range.find("must be in [1, 1000]"), std::string::npos) << range;
  EXPECT_NE(ErrorOf("rhea", "mutation=uniform,flip").find("option 'mutation' value 'flip'"),
            std::string::npos);
  EXPECT_NE(ErrorOf("rhea", "p=four").find("expects int values, got 'four'"), std::string::npos);
  EXPECT_NE(ErrorOf("rhea", "p").find("needs its values"), std::string::npos);
  EXPECT_NE(ErrorOf("rhea", "p=4,4").find("given twice"), std::string::npos);
  EXPECT_NE(ErrorOf("rhea", "p=4;p=6").find("appears twice"), std::string::npos);
  EXPECT_NE(ErrorOf("rhea:p=4", "p=4,6").find("both fixed"), std::string::npos);
  EXPECT_NE(ErrorOf("rhea", " ; ").find("names no option"), std::string::npos);
}

TEST(SearchSpace, AValueValidBesideOtherValuesOfTheSpaceIsKept) {
  // elites must stay below p: 12 is refused beside the default p = 10, taken beside p = 20.
  std::string error;
  const auto space = SearchSpace::Parse("rhea", "p=10,20;elites=1,12", &error);
  ASSERT_TRUE(space) << error;
  EXPECT_TRUE(space->Accepts({1, 1}));
  EXPECT_FALSE(space->Accepts({0, 1}));
  EXPECT_NE(ErrorOf("rhea", "p=10,12;elites=1,12").find("option 'elites' value '12'"),
            std::string::npos);
}

}  // namespace
}  // namespace vgdl
