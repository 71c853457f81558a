// The modifications of Frydenberg et al. 2015 and of Gudmundsson and Björnsson, as options of
// the MCTS agent: each changes the search the way its module's tests describe, and every
// combination keeps to its call budget.
#include <gtest/gtest.h>

#include <string>

#include "agents/mcts/mcts.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::ExpectEveryCallCountedWithinBudget;
using testing::LoadedGame;
using testing::MakeAgent;
using testing::MustLoadSearchGame;

// How often the avatar turns back to the cell it just left in 25 ticks of the corridor,
// where nothing scores: an aimless search oscillates, the reverse penalty walks on (§V-D).
// GVGAI's sample plays the most visited child; the penalty acts through the visits, which
// 2000 calls (about 200 iterations) let differ by the penalty's share.
int Reversals(const LoadedGame& game, const std::string& spec, uint64_t seed) {
  auto agent = MakeAgent(spec, seed);
  State state(game.def, game.level, 1);
  Budget init = Budget::ForwardModelCalls(0);
  agent->Init(state.Fork(), init);
  int reversals = 0;
  Vec2 two_ago = AvatarPosition(state);
  Vec2 last = two_ago;
  for (int t = 0; t < 25 && !state.ended(); ++t) {
    Budget budget = Budget::ForwardModelCalls(2000);
    Advance(state, agent->Act(state.Fork(), budget), StepMode::kRealGame);
    const Vec2 now = AvatarPosition(state);
    if (now == two_ago && now != last) ++reversals;
    two_ago = last;
    last = now;
  }
  return reversals;
}

TEST(Frydenberg, TheReversePenaltyBreaksTheOscillationInACorridor) {
  const LoadedGame game = MustLoadSearchGame("corridor");
  if (!game.def) return;
  int plain = 0;
  int penalised = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    plain += Reversals(game, "sample-mcts", seed);
    penalised += Reversals(game, "sample-mcts:rp", seed);
  }
  EXPECT_GE(plain, 3);
  EXPECT_EQ(penalised, 0);
}

// A macro edge is macro_k ticks: with macros the tree's first edge covers three ticks of the
// play, so one iteration reaches three times as far for the same number of edges.
TEST(Frydenberg, AMacroEdgeIsChargedEveryTick) {
  const LoadedGame game = MustLoadSearchGame("corridor");
  if (!game.def) return;
  for (const char* spec :
       {"mcts:init_search=false,macro,depth=4", "mcts:init_search=false,depth=4"}) {
    auto agent = MakeAgent(spec, 1);
    const State state(game.def, game.level, 1);
    Budget budget = Budget::ForwardModelCalls(1000);
    agent->Act(state.Fork(), budget);
    const auto& mcts = dynamic_cast<const MctsAgent&>(*agent);
    // Calls per iteration: 4 play-out edges (a node each) plus the selection edges; with
    // macros every edge costs 3 calls, so there are about a third as many iterations.
    const double calls_per_iteration =
        static_cast<double>(budget.calls()) / static_cast<double>(mcts.LastStats().iterations);
    if (std::string(spec).find("macro") != std::string::npos) {
      EXPECT_GT(calls_per_iteration, 12.0) << spec;
    } else {
      EXPECT_LT(calls_per_iteration, 8.0) << spec;
    }
  }
}

TEST(Frydenberg, EveryModificationKeepsToItsCallBudget) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  for (const char* spec :
       {"mcts-frydenberg:init_search=false", "mcts:init_search=false,macro",
        "mcts:init_search=false,macro,macro_commit", "mcts:init_search=false,pe,fpu=0.5",
        "mcts-gb:init_search=false,gb_always", "maastcts:init_search=false,rp,mixmax,pe,macro"}) {
    SCOPED_TRACE(spec);
    ExpectEveryCallCountedWithinBudget(game, 1, 400, 37, [&](int64_t calls) {
      return MakeAgent(spec, static_cast<uint64_t>(calls));
    });
  }
}

}  // namespace
}  // namespace vgdl
