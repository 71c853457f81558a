#include "agents/mcts/mcts.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "agents/common/evaluation.h"
#include "agents/registry.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::ExpectActsWithinGvgaiTime;
using testing::ExpectEveryCallCountedWithinBudget;
using testing::ExpectNoCallAfterAStall;
using testing::LoadedGame;
using testing::MakeAgent;
using testing::MustLoadBundledGame;
using testing::MustLoadSearchGame;
using testing::Play;

TEST(MctsSpec, DefaultsFollowTable51) {
  const MctsOptions m = MctsOptions::Soemers();
  EXPECT_DOUBLE_EQ(m.c, 0.6);
  EXPECT_EQ(m.depth, 10);
  EXPECT_EQ(m.depth_rule, DepthRule::kPlayOut);
  EXPECT_EQ(m.expansion, ExpansionRule::kWholePlayOut);
  EXPECT_EQ(m.final_move, FinalMoveRule::kHighestAverage);
  EXPECT_EQ(m.normalisation, NormalisationRule::kGame);
  EXPECT_TRUE(m.init_search);

  const MctsOptions s = MctsOptions::SampleMcts();
  EXPECT_DOUBLE_EQ(s.c, std::sqrt(2.0));
  EXPECT_EQ(s.depth, 10);
  EXPECT_EQ(s.depth_rule, DepthRule::kTotal);
  EXPECT_EQ(s.expansion, ExpansionRule::kOneNode);
  EXPECT_EQ(s.final_move, FinalMoveRule::kMostVisited);
  EXPECT_EQ(s.normalisation, NormalisationRule::kParentNode);
  EXPECT_FALSE(s.init_search);
}

TEST(MctsSpec, RegistryCreatesBothWithTheirDefaults) {
  auto mcts = MakeAgent("mcts", 1);
  ASSERT_NE(mcts, nullptr);
  EXPECT_NE(mcts->Name().find("mcts:c=0.6"), std::string::npos) << mcts->Name();
  auto sample = MakeAgent("sample-mcts", 1);
  ASSERT_NE(sample, nullptr);
  EXPECT_NE(sample->Name().find("expand=one"), std::string::npos) << sample->Name();
  auto custom = MakeAgent("mcts:c=1.5,depth=4,expand=one,final=visits,norm=node", 1);
  ASSERT_NE(custom, nullptr);
  const auto& o = dynamic_cast<const MctsAgent&>(*custom).options();
  EXPECT_DOUBLE_EQ(o.c, 1.5);
  EXPECT_EQ(o.depth, 4);
  EXPECT_EQ(o.expansion, ExpansionRule::kOneNode);
  EXPECT_EQ(o.final_move, FinalMoveRule::kMostVisited);
  EXPECT_EQ(o.normalisation, NormalisationRule::kParentNode);
}

TEST(MctsSpec, BadValuesAreErrorsNotCrashes) {
  for (const char* spec :
       {"mcts:expand=all", "mcts:final=best", "mcts:norm=x", "mcts:depth_rule=tree", "mcts:c=-1",
        "mcts:depth=-3", "sample-mcts:max_nodes=0"}) {
    std::string error;
    EXPECT_EQ(CreateAgent(spec, 1, &error), nullptr) << spec;
    EXPECT_FALSE(error.empty()) << spec;
  }
}

// Soemers' enhancements are options; a value out of range is refused with the range.
TEST(MctsSpec, EnhancementValuesOutOfRangeNameTheirRange) {
  const std::pair<const char*, const char*> cases[] = {
      {"mcts:bfti_m=0", "bfti_m must be in [1, 100]"},
      {"mcts:tr_gamma=1.5", "tr_gamma must be in [0, 1]"},
      {"mcts:nst_eps=-0.1", "nst_eps must be in [0, 1]"},
      {"mcts:nst_n=4", "nst_n must be in [1, 3]"},
      {"mcts:lambda=2", "lambda must be in [0, 1]"},
      {"mcts:dgd_r=1", "dgd_r must be in [2, 1000]"},
      {"mcts:td=sarsa", "td must be 'off', 'td', 'tdir' or 'tdms'"},
      {"maastcts:ph_w=-1", "ph_w must be in [0, 100]"},
  };
  for (const auto& [spec, message] : cases) {
    std::string error;
    EXPECT_EQ(CreateAgent(spec, 1, &error), nullptr) << spec;
    EXPECT_NE(error.find(message), std::string::npos) << spec << ": " << error;
  }
}

// The presets are the thesis's configurations (Table 5.10).
TEST(MctsSpec, PresetsAreTheThesissBestAgents) {
  const MctsOptions m = MctsOptions::MaastCts();
  EXPECT_TRUE(m.bfti && m.loss_avoidance && m.novelty_pruning && m.progressive_history &&
              m.ngram_selection && m.tree_reuse && m.knowledge_evaluation &&
              m.deterministic_detection);
  EXPECT_FALSE(m.sarsa);
  const MctsOptions td = MctsOptions::MaastCtsTd();
  EXPECT_TRUE(td.sarsa);
  EXPECT_EQ(td.sarsa_options.variant, TdVariant::kTd);
  EXPECT_DOUBLE_EQ(td.sarsa_options.lambda, 0.8);
  auto agent = MakeAgent("mcts:bfti,la,nbp,ph,nst,tr,kbe,dgd", 1);
  ASSERT_NE(agent, nullptr);
  auto preset = MakeAgent("maastcts", 1);
  ASSERT_NE(preset, nullptr);
  // The same options spelt out: only the names differ.
  EXPECT_EQ(agent->Name().substr(agent->Name().find(':')),
            preset->Name().substr(preset->Name().find(':')));
}

TEST(Mcts, WinsAGameThatNeedsLookahead) {
  // The exit is 6 moves away behind a wall and the game is lost after 30 ticks: nothing is
  // visible one step ahead (random play loses most games), a 10-step search sees the win.
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  for (uint64_t seed : {1u, 2u, 3u, 4u, 5u}) {
    MctsAgent agent("mcts", MctsOptions::Soemers(), seed);
    const auto result = Play(agent, game, /*game_seed=*/5, /*calls_per_act=*/1000,
                             /*max_ticks=*/100, /*init_calls=*/5000);
    EXPECT_TRUE(result.won) << "seed " << seed << " ticks " << result.ticks;
    EXPECT_LE(result.actions.size(), 12u) << "seed " << seed;
  }
}

TEST(SampleMcts, WinsAGameThatNeedsLookahead) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  for (uint64_t seed : {1u, 2u, 3u, 4u, 5u}) {
    MctsAgent agent("sample-mcts", MctsOptions::SampleMcts(), seed);
    const auto result = Play(agent, game, 5, 1000, 100);
    EXPECT_TRUE(result.won) << "seed " << seed << " ticks " << result.ticks;
    EXPECT_LE(result.actions.size(), 20u) << "seed " << seed;
  }
}

TEST(Mcts, CallBudgetRunsAreReproducible) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  for (const char* spec : {"mcts", "sample-mcts"}) {
    auto a = MakeAgent(spec, 77);
    auto b = MakeAgent(spec, 77);
    auto c = MakeAgent(spec, 78);
    const auto ra = Play(*a, game, 3, 300, 40, 2000);
    const auto rb = Play(*b, game, 3, 300, 40, 2000);
    const auto rc = Play(*c, game, 3, 300, 40, 2000);
    EXPECT_EQ(ra.actions, rb.actions) << spec;
    ASSERT_EQ(ra.stats.size(), rb.stats.size());
    for (size_t i = 0; i < ra.stats.size(); ++i) {
      EXPECT_EQ(ra.stats[i].iterations, rb.stats[i].iterations);
      EXPECT_EQ(ra.stats[i].fm_calls, rb.stats[i].fm_calls);
    }
    // Another seed explores differently (not a guarantee of other actions, but of other
    // statistics somewhere in 40 decisions).
    bool differs = ra.actions != rc.actions;
    for (size_t i = 0; i < std::min(ra.stats.size(), rc.stats.size()); ++i) {
      differs |= ra.stats[i].iterations != rc.stats[i].iterations;
    }
    EXPECT_TRUE(differs) << spec;
  }
}

TEST(Mcts, StochasticGameIsReproducibleWithCallBudgets) {
  const LoadedGame game = MustLoadBundledGame("starguard");
  if (!game.def) return;
  for (const char* spec : {"mcts", "sample-mcts"}) {
    auto a = MakeAgent(spec, 5);
    auto b = MakeAgent(spec, 5);
    const auto ra = Play(*a, game, 11, 500, 30, 1000);
    const auto rb = Play(*b, game, 11, 500, 30, 1000);
    EXPECT_EQ(ra.actions, rb.actions) << spec;
    EXPECT_EQ(ra.score, rb.score) << spec;
  }
}

TEST(Mcts, CountsEveryCallAndNeverExceedsTheCallBudget) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  for (MctsOptions options : {MctsOptions::Soemers(), MctsOptions::SampleMcts()}) {
    options.init_search = false;
    ExpectEveryCallCountedWithinBudget(
        game, 1, 700, 37,
        [&](int64_t calls) {
          return std::make_unique<MctsAgent>("mcts", options, static_cast<uint64_t>(calls));
        },
        [](const AgentStats& stats, const Budget& budget, int64_t calls) {
          // It stops only when an average iteration (about 10 to 20 calls) no longer fits.
          EXPECT_GT(budget.calls(), calls - 25);
          EXPECT_GE(stats.iterations, 1);
        });
  }
}

TEST(Mcts, SampleAddsOneNodePerIterationSoemersOnePerPlayOutAction) {
  // The maze has no game over within reach, so no iteration ends before its expansion.
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  State state(game.def, game.level, 1);
  MctsAgent sample("sample-mcts", MctsOptions::SampleMcts(), 4);
  Budget b1 = Budget::ForwardModelCalls(500);
  sample.Act(state.Fork(), b1);
  EXPECT_EQ(sample.tree().size(), sample.LastStats().iterations + 1);

  MctsOptions soemers = MctsOptions::Soemers();
  soemers.init_search = false;
  MctsAgent mcts("mcts", soemers, 4);
  Budget b2 = Budget::ForwardModelCalls(500);
  mcts.Act(state.Fork(), b2);
  // Every call of the iteration past the root made a node, except calls of selection.
  EXPECT_GT(mcts.tree().size(), 3 * mcts.LastStats().iterations);
  EXPECT_LE(mcts.tree().size(), b2.calls() + 1);
}

TEST(Mcts, SampleDepthLimitCountsFromTheRoot) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  State state(game.def, game.level, 1);
  MctsOptions o = MctsOptions::SampleMcts();
  o.depth = 3;
  MctsAgent agent("sample-mcts", o, 2);
  Budget budget = Budget::ForwardModelCalls(3000);
  agent.Act(state.Fork(), budget);
  // No game over in reach, so every iteration simulates exactly `depth` ticks.
  EXPECT_EQ(budget.calls(), agent.LastStats().iterations * 3);
  for (int32_t i = 0; i < agent.tree().size(); ++i) EXPECT_LE(agent.tree().node(i).depth, 3);
}

TEST(Mcts, NodePoolCapIsRespected) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  MctsOptions o = MctsOptions::Soemers();
  o.max_nodes = 40;
  o.init_search = false;
  MctsAgent agent("mcts", o, 9);
  const auto result = Play(agent, game, 1, 400, 10);
  EXPECT_LE(agent.tree().size(), 40);
  EXPECT_EQ(result.actions.size(), 10u);
}

TEST(Mcts, InitSearchTreeIsKeptForTheFirstDecisionOnly) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  State state(game.def, game.level, 1);
  MctsAgent agent("mcts", MctsOptions::Soemers(), 3);
  Budget init = Budget::ForwardModelCalls(4000);
  agent.Init(state.Fork(), init);
  const int32_t after_init = agent.tree().size();
  ASSERT_GT(after_init, 100);
  Budget first = Budget::ForwardModelCalls(200);
  const Action a = agent.Act(state.Fork(), first);
  EXPECT_GT(agent.tree().size(), after_init);  // grown further, not restarted
  Advance(state, a, StepMode::kRealGame);
  Budget second = Budget::ForwardModelCalls(200);
  agent.Act(state.Fork(), second);
  EXPECT_LT(agent.tree().size(), after_init);  // a fresh tree for a new state
}

TEST(Mcts, GameOverObservationGivesNil) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  State state(game.def, game.level, 1);
  // Walk into the trap: from (2,2) LEFT, DOWN, DOWN reaches (1,4).
  Advance(state, Action::kLeft, StepMode::kRealGame);
  Advance(state, Action::kDown, StepMode::kRealGame);
  Advance(state, Action::kDown, StepMode::kRealGame);
  ASSERT_TRUE(state.ended());
  MctsAgent agent("mcts", MctsOptions::Soemers(), 1);
  Budget budget = Budget::ForwardModelCalls(100);
  EXPECT_EQ(agent.Act(state.Fork(), budget), Action::kNil);
  EXPECT_EQ(budget.calls(), 0);
}

TEST(Mcts, ADeadlineEndsAnIterationInFlight) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  for (const char* spec : {"mcts", "sample-mcts"}) {
    for (int64_t stall_at : {1, 7, 1000}) {
      SCOPED_TRACE(std::string(spec) + " stalled at call " + std::to_string(stall_at));
      ExpectNoCallAfterAStall(game, stall_at, *MakeAgent(spec));
    }
  }
}

TEST(Mcts, TimeBudgetIsRespected) {
  const LoadedGame game = MustLoadBundledGame("starguard");
  if (!game.def) return;
  for (const char* spec : {"mcts", "sample-mcts"}) {
    auto agent = MakeAgent(spec, 1);
    ExpectActsWithinGvgaiTime(*agent, game, 300'000'000, [](const Agent& searched) {
      EXPECT_GT(searched.LastStats().iterations, 0) << searched.Name();
    });
  }
}

}  // namespace
}  // namespace vgdl
