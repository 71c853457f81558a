// `vgdl tune --space` against an agent's options: values in canonical form, a bool's whole
// range, the agent's own refusals with the option's name, and points as agent specs.
#include "runner/tuning/search_space.h"

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
  // elites' range depends on p and osla's samples is unbounded: neither declares one.
  EXPECT_NE(ErrorOf("rhea", "elites").find("declares no fixed range"), std::string::npos);
  EXPECT_NE(ErrorOf("osla", "samples").find("declares no fixed range"), std::string::npos);
  EXPECT_NE(ErrorOf("rhea", "p=5..1").find("is not a range low..high"), std::string::npos);
  EXPECT_NE(ErrorOf("rhea", "p=1..5/1").find("count after '/' must be in [2, 100]"),
            std::string::npos);
  EXPECT_NE(ErrorOf("rhea", "p=0..5").find("option 'p' value '0'"), std::string::npos);
  EXPECT_NE(ErrorOf("rhea", "p=4,4").find("given twice"), std::string::npos);
  EXPECT_NE(ErrorOf("rhea", "p=4;p=6").find("appears twice"), std::string::npos);
  EXPECT_NE(ErrorOf("rhea:p=4", "p=4,6").find("both fixed"), std::string::npos);
  EXPECT_NE(ErrorOf("rhea", " ; ").find("names no option"), std::string::npos);
}

std::vector<std::string> ValuesOf(const std::string& agent, const std::string& text) {
  std::string error;
  const auto space = SearchSpace::Parse(agent, text, &error);
  EXPECT_TRUE(space) << error;
  return space ? space->parameters().front().values : std::vector<std::string>{};
}

// A key without values takes the option's declared domain (AgentOption::range, ::choices).
TEST(SearchSpace, AKeyAloneTakesTheDeclaredChoicesOrRange) {
  EXPECT_EQ(ValuesOf("rhea", "init"), (std::vector<std::string>{"random", "1sla", "mcts"}));
  EXPECT_EQ(ValuesOf("mcts", "td"), (std::vector<std::string>{"off", "td", "tdir", "tdms"}));
  EXPECT_EQ(ValuesOf("mcts", "nst_n"), (std::vector<std::string>{"1", "2", "3"}));
  // [1, 1000] spans three orders of magnitude: six values spaced by ratio (p = 1 needs
  // elites = 0 beside it).
  EXPECT_EQ(ValuesOf("rhea", "p;elites=0,1"),
            (std::vector<std::string>{"1", "4", "16", "63", "251", "1000"}));
  // Without elites in the space, p = 1 cannot be played: left out, with the agent's reason.
  std::string error;
  const auto space = SearchSpace::Parse("rhea", "p", &error);
  ASSERT_TRUE(space) << error;
  EXPECT_EQ(space->parameters().front().values,
            (std::vector<std::string>{"4", "16", "63", "251", "1000"}));
  ASSERT_EQ(space->notes().size(), 1u);
  EXPECT_NE(space->notes()[0].find("option 'p' value '1' left out"), std::string::npos);
  // A value written out is never left out: refused.
  EXPECT_NE(ErrorOf("rhea", "p=1,4").find("option 'p' value '1'"), std::string::npos);
  // [0, 100000]: 0 on its own, then five values from 1 by ratio.
  EXPECT_EQ(ValuesOf("mcts", "depth"),
            (std::vector<std::string>{"0", "1", "18", "316", "5623", "100000"}));
  EXPECT_EQ(ValuesOf("mcts", "tr_gamma"),
            (std::vector<std::string>{"0", "0.2", "0.4", "0.6", "0.8", "1"}));
}

TEST(SearchSpace, ANumericRangeGivesEvenOrRatioSpacedValues) {
  EXPECT_EQ(ValuesOf("rhea", "l=5..50/10"),
            (std::vector<std::string>{"5", "10", "15", "20", "25", "30", "35", "40", "45", "50"}));
  EXPECT_EQ(ValuesOf("rhea", "l=8..14"),
            (std::vector<std::string>{"8", "9", "10", "11", "12", "13", "14"}));
  EXPECT_EQ(ValuesOf("rhea", "rollout_length=0..2"),
            (std::vector<std::string>{"0", "0.4", "0.8", "1.2", "1.6", "2"}));
  EXPECT_EQ(ValuesOf("rhea", "tournament=1..1000/4"),
            (std::vector<std::string>{"1", "10", "100", "1000"}));
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
