// The agent registry and agent specs ("name:key=value,...").
#include "agents/registry.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "agents/common/options.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

bool Listed(const std::string& name) {
  const auto& r = AgentRegistry();
  return std::any_of(r.begin(), r.end(), [&](const AgentSpec& s) { return s.name == name; });
}

TEST(AgentRegistry, ListsTheBaselinesWithDocumentation) {
  EXPECT_TRUE(Listed("random"));
  EXPECT_TRUE(Listed("osla"));
  for (const auto& spec : AgentRegistry()) {
    EXPECT_FALSE(spec.summary.empty()) << spec.name;
    EXPECT_FALSE(spec.paper.empty()) << spec.name;
    EXPECT_TRUE(spec.create) << spec.name;
    for (const auto& o : spec.options) {
      // Every default must parse as its own type, or Canonical() would print garbage.
      EXPECT_TRUE(NormalizeOptionValue(o.type, o.default_value))
          << spec.name << "." << o.key << " = " << o.default_value;
      EXPECT_FALSE(o.help.empty()) << spec.name << "." << o.key;
    }
  }
}

#if __has_include("agents/mcts/mcts.h")
TEST(AgentRegistry, ListsTheSearchAgents) {
  EXPECT_TRUE(Listed("mcts"));
  EXPECT_TRUE(Listed("sample-mcts"));
}
#endif
#if __has_include("agents/iw/spec.h")
TEST(AgentRegistry, ListsIwAndItsPresets) {
  for (const char* name : {"iw", "iw1", "iw32", "iw2", "brfs", "2bfs"})
    EXPECT_TRUE(Listed(name)) << name;
}
#endif
#if __has_include("agents/rhea/sample_rhea.h")
TEST(AgentRegistry, ListsSampleRhea) {
  EXPECT_TRUE(Listed("sample-rhea"));
}
#endif

TEST(AgentRegistry, EveryAgentCanBeCreatedWithItsDefaults) {
  for (const auto& spec : AgentRegistry()) {
    std::string error;
    auto agent = CreateAgent(spec.name, 1, &error);
    ASSERT_NE(agent, nullptr) << spec.name << ": " << error;
    EXPECT_FALSE(agent->Name().empty());
  }
}

// Every agent, with its defaults: no forward-model call once a stalled thread's deadline has
// passed (the searches' own tests also check that they search up to it).
TEST(AgentRegistry, NoAgentCallsTheForwardModelPastADeadline) {
  const testing::LoadedGame game = testing::MustLoadSearchGame("maze");
  if (!game.def) return;
  for (const auto& spec : AgentRegistry()) {
    for (int64_t stall_at : {1, 7, 300}) {
      SCOPED_TRACE(spec.name + " stalled at call " + std::to_string(stall_at));
      auto agent = testing::MakeAgent(spec.name);
      testing::CallsAroundAStall(game, stall_at, *agent);
    }
  }
}

TEST(CanonicalAgentSpec, SpellsOutEveryOptionInSpecOrder) {
  std::string error;
  EXPECT_EQ(CanonicalAgentSpec("osla", &error), "osla:samples=1,noise=1e-06");
  EXPECT_EQ(CanonicalAgentSpec(" osla : noise=0.5 , samples=3 ", &error),
            "osla:samples=3,noise=0.5");
  EXPECT_EQ(CanonicalAgentSpec("random:nil", &error), "random:nil=true");
  EXPECT_EQ(CanonicalAgentSpec("random:nil=False", &error), "random:nil=false");
  EXPECT_EQ(CanonicalAgentSpec("osla:noise=.25e1", &error), "osla:samples=1,noise=2.5");
}

TEST(AgentLabel, DropsTheOptionsAtTheirDefaults) {
  EXPECT_EQ(AgentLabel("osla:samples=1,noise=1e-06"), "osla");
  EXPECT_EQ(AgentLabel("osla:samples=3,noise=1e-06"), "osla:samples=3");
  EXPECT_EQ(AgentLabel("osla:samples=3,noise=0.5"), "osla:samples=3,noise=0.5");
  EXPECT_EQ(AgentLabel(CanonicalAgentSpec("mcts:c=1.0", nullptr)), "mcts:c=1");
  // Text after the spec stays (vgdl report's budget).
  EXPECT_EQ(AgentLabel("osla:samples=3,noise=1e-06 @40ms"), "osla:samples=3 @40ms");
}

TEST(AgentLabel, LeavesAnythingButACanonicalSpecAsItIs) {
  // Not canonical: some options are missing, so the defaults cannot be told from them.
  EXPECT_EQ(AgentLabel("osla:samples=3"), "osla:samples=3");
  EXPECT_EQ(AgentLabel("osla"), "osla");
  EXPECT_EQ(AgentLabel("nonesuch:a=1"), "nonesuch:a=1");
  EXPECT_EQ(AgentLabel(""), "");
}

TEST(CanonicalAgentSpec, UnknownAgentSuggestsTheClosest) {
  std::string error;
  EXPECT_EQ(CanonicalAgentSpec("olsa", &error), "");
  EXPECT_NE(error.find("unknown agent 'olsa'"), std::string::npos) << error;
  EXPECT_NE(error.find("did you mean 'osla'"), std::string::npos) << error;
  EXPECT_NE(error.find("random"), std::string::npos) << error;
  EXPECT_EQ(CanonicalAgentSpec("zzzzzzzzzz", &error), "");
  EXPECT_EQ(error.find("did you mean"), std::string::npos) << error;
}

TEST(CanonicalAgentSpec, UnknownOptionListsTheValidOnes) {
  std::string error;
  EXPECT_EQ(CanonicalAgentSpec("osla:sample=3", &error), "");
  EXPECT_NE(error.find("unknown option 'sample'"), std::string::npos) << error;
  EXPECT_NE(error.find("did you mean 'samples'"), std::string::npos) << error;
  EXPECT_NE(error.find("samples, noise"), std::string::npos) << error;
}

TEST(CanonicalAgentSpec, RejectsBadValuesAndShapes) {
  std::string error;
  for (const char* bad : {"osla:samples=1.5", "osla:samples=x", "osla:noise=nan", "osla:noise=inf",
                          "osla:samples", "osla:samples=1,samples=2", "random:nil=maybe", "",
                          ":nil", "osla:=3", "osla:samples=", "osla:noise=1e999"}) {
    error.clear();
    EXPECT_EQ(CanonicalAgentSpec(bad, &error), "") << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
}

TEST(CreateAgent, FactoriesRejectOutOfRangeValues) {
  std::string error;
  EXPECT_EQ(CreateAgent("osla:samples=-1", 0, &error), nullptr);
  EXPECT_NE(error.find("samples"), std::string::npos) << error;
  EXPECT_NE(CreateAgent("osla:samples=0", 0, &error), nullptr) << error;
}

// A range's whole numbers are written out: "[0, 100000]", not the shortest "[0, 1e+05]".
TEST(CreateAgent, RangeErrorsWriteWholeNumbersOut) {
  std::string error;
  EXPECT_EQ(CreateAgent("hybrid:ban_ticks=-1", 0, &error), nullptr);
  EXPECT_NE(error.find("ban_ticks must be in [0, 100000]"), std::string::npos) << error;
  EXPECT_EQ(OptionNumberText(1e6), "1000000");
  EXPECT_EQ(OptionNumberText(-3.0), "-3");
  EXPECT_EQ(OptionNumberText(1e-6), "1e-06");
  EXPECT_EQ(OptionNumberText(0.5), "0.5");
}

TEST(CreateAgent, NameIsTheCanonicalSpec) {
  std::string error;
  auto agent = CreateAgent("osla:samples=2", 0, &error);
  ASSERT_NE(agent, nullptr) << error;
  EXPECT_EQ(agent->Name(), "osla:samples=2,noise=1e-06");
}

TEST(AgentOptions, GettersReadValuesOrDefaults) {
  const std::vector<AgentOption> spec = {{"flag", OptionType::kBool, "false", "h"},
                                         {"n", OptionType::kInt, "7", "h"},
                                         {"x", OptionType::kDouble, "0.5", "h"},
                                         {"s", OptionType::kString, "abc", "h"}};
  const AgentOptions options(spec, {{"n", "9"}, {"flag", "true"}});
  EXPECT_TRUE(options.GetBool("flag"));
  EXPECT_EQ(options.GetInt("n"), 9);
  EXPECT_DOUBLE_EQ(options.GetDouble("x"), 0.5);
  EXPECT_EQ(options.GetString("s"), "abc");
  EXPECT_EQ(options.Canonical("t"), "t:flag=true,n=9,x=0.5,s=abc");
  EXPECT_THROW(options.GetInt("missing"), std::invalid_argument);
  EXPECT_THROW(options.GetInt("s"), std::invalid_argument);
}

TEST(ClosestName, OnlySuggestsPlausibleTypos) {
  EXPECT_EQ(ClosestName("mtcs", {"mcts", "iw1", "random"}), "mcts");
  EXPECT_EQ(ClosestName("RANDOM", {"mcts", "iw1", "random"}), "random");
  EXPECT_EQ(ClosestName("qqqqqqqq", {"mcts", "iw1", "random"}), "");
}

}  // namespace
}  // namespace vgdl
