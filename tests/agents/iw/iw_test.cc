#include "agents/iw/iw.h"

#include <gtest/gtest.h>

#include <string>

#include "agents/common/safety.h"
#include "agents/registry.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::ExpectActsWithinGvgaiTime;
using testing::ExpectEveryCallCountedWithinBudget;
using testing::ExpectNoCallAfterAStall;
using testing::ExpectReproducible;
using testing::LoadedGame;
using testing::LoadSearchGame;
using testing::MustLoadBundledGame;
using testing::MustLoadSearchGame;
using testing::Play;
using testing::ShortestSolution;

// IW(1) re-plans every tick; with enough budget each search reaches the goal, so the game is
// won in exactly the optimal number of moves.
void ExpectShortestSolution(const std::string& name, const IwOptions& options) {
  const LoadedGame game = MustLoadSearchGame(name);
  if (!game.def) return;
  const int optimum = ShortestSolution(game, 60);
  ASSERT_GT(optimum, 0) << name << " has no solution";
  for (uint64_t seed : {1u, 2u}) {
    IwAgent agent("iw1", options, seed);
    const auto result = Play(agent, game, 1, /*calls_per_act=*/20000, /*max_ticks=*/100);
    EXPECT_TRUE(result.won) << name;
    EXPECT_EQ(static_cast<int>(result.actions.size()), optimum) << name << " seed " << seed;
    EXPECT_TRUE(agent.last_found_win());
    EXPECT_EQ(agent.last_plan_depth(), 1);
  }
}

TEST(Iw1, FindsTheShortestPathThroughAMaze) {
  ExpectShortestSolution("maze", IwOptions{});
}

TEST(Iw1, FindsTheShortestSolutionOfABoxPushingLevel) {
  ExpectShortestSolution("push", IwOptions{});
}

TEST(Iw1, StillShortestWhenNodesAreReSimulatedInsteadOfCached) {
  IwOptions o;
  o.state_cache_mb = 0.0;  // only the root's children are cached
  ExpectShortestSolution("maze", o);
  ExpectShortestSolution("push", o);
}

TEST(Iw1, FirstSearchPlansTheWholeMaze) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  const int optimum = ShortestSolution(game, 60);
  State state(game.def, game.level, 1);
  IwAgent agent("iw1", IwOptions{}, 1);
  Budget budget = Budget::ForwardModelCalls(20000);
  agent.Act(state.Fork(), budget);
  EXPECT_TRUE(agent.last_found_win());
  EXPECT_EQ(agent.last_plan_depth(), optimum);
  // Novelty pruning keeps the search far below a breadth-first search of 4^optimum states.
  EXPECT_LT(budget.calls(), 4000);
  EXPECT_EQ(agent.LastStats().fm_calls, budget.calls());
}

TEST(Iw1, SafetyPrepruningAvoidsAnImmediateLoss) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  // The avatar has a trap to its right and nothing to gain anywhere.
  LevelLoad level = LoadLevelFromText(*game.def, "wwwww\nw...w\nwAt.w\nw...w\nwwwww\n", "t");
  ASSERT_TRUE(level.level);
  for (uint64_t seed = 0; seed < 20; ++seed) {
    State state(game.def, *level.level, 1);
    IwAgent agent("iw1", IwOptions{}, seed);
    Budget budget = Budget::ForwardModelCalls(200);
    EXPECT_NE(agent.Act(state.Fork(), budget), Action::kRight) << "seed " << seed;
  }
}

TEST(SafetyPrepruning, CountsLossesPerActionOverCompleteRounds) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  LevelLoad level = LoadLevelFromText(*game.def, "wwwww\nw...w\nwAt.w\nw...w\nwwwww\n", "t");
  ASSERT_TRUE(level.level);
  State root(game.def, *level.level, 1);
  const ActionList actions = ActionList::Of(root, false);
  const int right = actions.IndexOf(Action::kRight);
  ASSERT_GE(right, 0);
  AgentRandom rng(1);
  SimState scratch;
  int seen = 0;
  Budget budget = Budget::ForwardModelCalls(1000);
  const SafetyCounts counts =
      RunSafetyPrepruning(root, actions, 10, budget, rng, scratch, [&](int, State&) { ++seen; });
  EXPECT_EQ(counts.rounds, 10);
  EXPECT_EQ(seen, 10 * actions.size());
  EXPECT_EQ(budget.calls(), 10 * actions.size());
  EXPECT_EQ(counts.losses[static_cast<size_t>(right)], 10);
  EXPECT_FALSE(counts.safe(right));
  EXPECT_EQ(counts.safe_count(), actions.size() - 1);

  // A budget ending in the third round: only two rounds count.
  Budget small = Budget::ForwardModelCalls(2 * actions.size() + 1);
  const SafetyCounts partial =
      RunSafetyPrepruning(root, actions, 10, small, rng, scratch, [](int, State&) {});
  EXPECT_EQ(partial.rounds, 2);
  EXPECT_EQ(partial.losses[static_cast<size_t>(right)], 2);
}

TEST(Iw1, CallBudgetRunsAreReproducible) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  auto make = [](uint64_t seed) {
    std::string error;
    auto agent = CreateAgent("iw1", seed, &error);
    EXPECT_NE(agent, nullptr) << error;
    return agent;
  };
  auto a = make(5);
  auto b = make(5);
  // A small budget, so that decisions depend on random tie-breaking.
  const auto ra = Play(*a, game, 2, 40, 30);
  const auto rb = Play(*b, game, 2, 40, 30);
  EXPECT_EQ(ra.actions, rb.actions);
  for (size_t i = 0; i < ra.stats.size(); ++i) {
    EXPECT_EQ(ra.stats[i].fm_calls, rb.stats[i].fm_calls);
    EXPECT_LE(ra.stats[i].fm_calls, 40);
  }
}

TEST(Iw1, StochasticGameIsReproducibleWithCallBudgets) {
  const LoadedGame game = MustLoadBundledGame("starguard");
  if (!game.def) return;
  ExpectReproducible([] { return std::make_unique<IwAgent>("iw1", IwOptions{}, 8); }, game, 4, 500,
                     30);
}

TEST(Iw1, TinyBudgetsStillAnswer) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  State state(game.def, game.level, 1);
  for (int64_t calls : {0, 1, 3, 7}) {
    IwAgent agent("iw1", IwOptions{}, 1);
    Budget budget = Budget::ForwardModelCalls(calls);
    const Action a = agent.Act(state.Fork(), budget);
    EXPECT_LE(budget.calls(), calls);
    EXPECT_NE(AvailableActions(state).end(),
              std::find(AvailableActions(state).begin(), AvailableActions(state).end(), a));
  }
}

TEST(Iw1, CountsEveryCallAndNeverExceedsTheCallBudget) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  ExpectEveryCallCountedWithinBudget(game, 0, 700, 23, [](int64_t calls) {
    return std::make_unique<IwAgent>("iw1", IwOptions{}, static_cast<uint64_t>(calls));
  });
}

TEST(Iw1, ADeadlineEndsTheSearchAtOnce) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  // IW(1) solves the maze in 124 calls: the stalls come before.
  for (int64_t stall_at : {1, 7, 60}) {
    SCOPED_TRACE("stalled at call " + std::to_string(stall_at));
    IwAgent agent("iw1", IwOptions{}, 1);
    ExpectNoCallAfterAStall(game, stall_at, agent);
  }
}

// The first search from the level's start, by the agent of registry spec `spec`: whether it
// found a win, and at what depth.
struct FirstSearch {
  bool won = false;
  int depth = 0;
};
FirstSearch SearchOnce(const std::string& game_name, const std::string& spec, int64_t calls = 20000,
                       int level = 0) {
  std::string error;
  const auto loaded = LoadSearchGame(game_name, level, &error);
  if (!loaded) {
    ADD_FAILURE() << error;
    return {};
  }
  const LoadedGame& game = *loaded;
  auto agent = CreateAgent(spec, 1, &error);
  EXPECT_NE(agent, nullptr) << error;
  auto* iw = dynamic_cast<IwAgent*>(agent.get());
  if (iw == nullptr) return {};
  State state(game.def, game.level, 1);
  Budget init = Budget::ForwardModelCalls(0);
  iw->Init(state.Fork(), init);
  Budget budget = Budget::ForwardModelCalls(calls);
  iw->Act(state.Fork(), budget);
  return {iw->last_found_win(), iw->last_plan_depth()};
}

// iw_key: the way back from the key crosses only (cell, orientation) atoms seen before the key
// was taken; what is new is each of them together with the open door, a pair.
TEST(IwWidth, PairsFindTheWayBackFromTheKeyThatWidthOnePrunes) {
  EXPECT_FALSE(SearchOnce("iw_key", "iw1").won);
  for (const char* spec : {"iw2", "iw32", "iw:width=2", "iw:width=3/2"}) {
    const FirstSearch found = SearchOnce("iw_key", spec);
    EXPECT_TRUE(found.won) << spec;
    EXPECT_EQ(found.depth, 14) << spec;  // 6 steps left to the key, 8 right to the goal
  }
}

TEST(IwWidth, WidthTwoAndThreeHalvesPlayTheShortestSolution) {
  const LoadedGame game = MustLoadSearchGame("iw_key");
  if (!game.def) return;
  const int optimum = ShortestSolution(game, 40);
  ASSERT_EQ(optimum, 14);
  for (const char* spec : {"iw2", "iw32"}) {
    std::string error;
    auto agent = CreateAgent(spec, 3, &error);
    ASSERT_NE(agent, nullptr) << error;
    const auto result = Play(*agent, game, 1, 20000, 60);
    EXPECT_TRUE(result.won) << spec;
    EXPECT_EQ(static_cast<int>(result.actions.size()), optimum) << spec;
  }
}

// Breadth-first search without novelty pruning (Geffner & Geffner's BrFS) is complete: it finds
// the win of iw_keyres's short level 1 (6 moves: 4^6 states), which IW(1) over the default
// atoms prunes.
TEST(IwWidth, BreadthFirstSearchFindsWhatNoveltyPrunes) {
  EXPECT_FALSE(SearchOnce("iw_keyres", "iw1", 200000, 1).won);
  for (const char* spec : {"brfs", "iw:width=none"}) {
    const FirstSearch found = SearchOnce("iw_keyres", spec, 200000, 1);
    EXPECT_TRUE(found.won) << spec;
    EXPECT_EQ(found.depth, 6) << spec;
  }
}

// iw_trail: a trail of coins to a goal eleven cells away across an open room. With 200 calls
// the breadth-first orders (IW(1), BrFS) are still among the room's cells near the avatar;
// 2BFS's queue by score follows the coins.
TEST(IwSearch, TwoQueuesFollowTheRewardsThatBreadthFirstOrdersReachLate) {
  EXPECT_FALSE(SearchOnce("iw_trail", "iw1", 200).won);
  EXPECT_FALSE(SearchOnce("iw_trail", "brfs", 200).won);
  for (const char* spec : {"2bfs", "iw:search=2bfs", "iw2:search=2bfs"}) {
    const FirstSearch found = SearchOnce("iw_trail", spec, 200);
    EXPECT_TRUE(found.won) << spec;
    EXPECT_EQ(found.depth, 11) << spec;
  }
}

// 2BFS's queues and the novelty levels (lookahead is deterministic: its stale level and the
// seen states are used).
TEST(IwSearch, TwoQueuesAndLevelsCountEveryCallAndRespectTheTime) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  const LoadedGame starguard = MustLoadBundledGame("starguard");
  if (!game.def || !starguard.def) return;
  for (const IwSearch search : {IwSearch::kTwoQueues, IwSearch::kLevels}) {
    IwOptions o;
    o.search = search;
    ExpectEveryCallCountedWithinBudget(game, 0, 700, 23, [&](int64_t calls) {
      return std::make_unique<IwAgent>("iw", o, static_cast<uint64_t>(calls));
    });
    IwAgent agent("iw", o, 1);
    ExpectActsWithinGvgaiTime(agent, starguard, 1'000'000'000);
    IwAgent on_lookahead("iw", o, 1);
    ExpectActsWithinGvgaiTime(on_lookahead, game, 1'000'000'000);
  }
}

// The maze is deterministic: classified so at Init, its safety prepruning takes one sample an
// action, and the calls saved let a 100-call search reach the goal (124 calls with M = 10).
TEST(IwSafety, OneSampleAnActionInAGameClassifiedDeterministic) {
  const LoadedGame game = MustLoadSearchGame("maze");
  if (!game.def) return;
  for (const bool only_stochastic : {false, true}) {
    IwOptions o;
    o.safety_stochastic_only = only_stochastic;
    IwAgent agent("iw", o, 1);
    State state(game.def, game.level, 1);
    Budget init = Budget::ForwardModelCalls(1000);
    agent.Init(state.Fork(), init);
    Budget budget = Budget::ForwardModelCalls(100);
    agent.Act(state.Fork(), budget);
    EXPECT_EQ(agent.last_safety_samples(), only_stochastic ? 1 : 10);
    EXPECT_EQ(agent.last_found_win(), only_stochastic);
  }
}

// starguard has NPCs: classified stochastic, it keeps the M = 10 samples.
TEST(IwSafety, MSamplesInAGameClassifiedStochastic) {
  const LoadedGame game = MustLoadBundledGame("starguard");
  if (!game.def) return;
  IwOptions o;
  o.safety_stochastic_only = true;
  IwAgent agent("iw", o, 1);
  State state(game.def, game.level, 1);
  Budget init = Budget::ForwardModelCalls(1000);
  agent.Init(state.Fork(), init);
  Budget budget = Budget::ForwardModelCalls(1000);
  agent.Act(state.Fork(), budget);
  EXPECT_EQ(agent.last_safety_samples(), 10);
}

// The first search of `spec` on `game_name`'s level 0 after an Init with `init_calls` calls,
// enough for Deterministic Game Detection.
struct ClassifiedSearch {
  bool deterministic = false;
  bool won = false;
  int depth = 0;
  Action action = Action::kNil;
  int64_t iterations = 0;
};
ClassifiedSearch SearchAfterInit(const LoadedGame& game, const std::string& spec, int64_t calls) {
  std::string error;
  auto agent = CreateAgent(spec, 1, &error);
  EXPECT_NE(agent, nullptr) << error;
  auto* iw = dynamic_cast<IwAgent*>(agent.get());
  if (iw == nullptr) return {};
  State state(game.def, game.level, 1);
  Budget init = Budget::ForwardModelCalls(1000);
  iw->Init(state.Fork(), init);
  Budget budget = Budget::ForwardModelCalls(calls);
  const Action action = iw->Act(state.Fork(), budget);
  return {iw->classified_deterministic(), iw->last_found_win(), iw->last_plan_depth(), action,
          iw->LastStats().iterations};
}

// search=levels in a game classified deterministic: the nodes IW(1) prunes (iw_key's way back
// from the key repeats atoms) wait in the last level, behind the novel ones, and the complete
// search behind them finds the shortest win.
TEST(IwSearch, LevelsKeepStaleNodesLastInADeterministicGame) {
  const LoadedGame game = MustLoadSearchGame("iw_key");
  if (!game.def) return;
  EXPECT_FALSE(SearchAfterInit(game, "iw1", 20000).won);
  const ClassifiedSearch levels = SearchAfterInit(game, "iw:search=levels", 20000);
  EXPECT_TRUE(levels.deterministic);
  EXPECT_TRUE(levels.won);
  EXPECT_EQ(levels.depth, 14);  // 6 steps left to the key, 8 right to the goal
}

// In a game classified stochastic (starguard's NPCs) stale nodes are pruned as IW prunes them:
// with width 1 every kept node is novelty 1, so the search is IW(1)'s, node for node (IW(1)
// told to classify the game too, so that both draw the same random numbers at Init).
TEST(IwSearch, LevelsPruneStaleNodesInAStochasticGame) {
  const LoadedGame game = MustLoadBundledGame("starguard");
  if (!game.def) return;
  const ClassifiedSearch iw1 = SearchAfterInit(game, "iw1:safety_stochastic_only", 3000);
  const ClassifiedSearch levels = SearchAfterInit(game, "iw:search=levels", 3000);
  EXPECT_FALSE(levels.deterministic);
  EXPECT_EQ(levels.iterations, iw1.iterations);
  EXPECT_EQ(levels.action, iw1.action);
  EXPECT_EQ(levels.depth, iw1.depth);
}

// iw_trail's goal, eleven cells away: with 400 calls IW(2) and IW(3/2) in breadth-first order
// spend them on the pairs new near the avatar, while search=levels expands every novelty-1
// node first, as IW(1) does, and reaches the goal with the pairs still waiting.
TEST(IwSearch, LevelsExpandNoveltyOneBeforeNewPairs) {
  for (const char* width : {"2", "3/2"}) {
    const std::string iw = std::string("iw:width=") + width;
    EXPECT_FALSE(SearchOnce("iw_trail", iw, 400).won) << iw;
    const FirstSearch levels = SearchOnce("iw_trail", iw + ",search=levels", 400);
    EXPECT_TRUE(levels.won) << iw;
    EXPECT_EQ(levels.depth, 11) << iw;
  }
}

TEST(IwAtoms, ResourceAtomsMakeTheCollectedKeyCount) {
  EXPECT_FALSE(SearchOnce("iw_keyres", "iw32").won);
  EXPECT_FALSE(SearchOnce("iw_keyres", "iw1:atom_resources").won);  // one atom, not a pair
  EXPECT_TRUE(SearchOnce("iw_keyres", "iw32:atom_resources").won);
  EXPECT_TRUE(SearchOnce("iw_keyres", "iw2:atom_resources").won);
}

TEST(IwAtoms, ScoreAtomsMakeTheScoredKeyCount) {
  EXPECT_FALSE(SearchOnce("iw_keyres", "iw2").won);
  EXPECT_TRUE(SearchOnce("iw_keyres", "iw32:atom_score").won);
  EXPECT_TRUE(SearchOnce("iw_keyres", "iw2:atom_score").won);
}

// iw_face: hitting the target takes a turn on the spot; only the orientation makes it new.
TEST(IwAtoms, OrientationAtomsKeepATurnOnTheSpot) {
  const FirstSearch found = SearchOnce("iw_face", "iw1");
  EXPECT_TRUE(found.won);
  EXPECT_EQ(found.depth, 2);  // turn up, shoot
  EXPECT_FALSE(SearchOnce("iw_face", "iw1:atom_orientation=false").won);
}

// The box of `push` must be pushed from cells the avatar has stood in before: without the
// box's at(cell, box) atoms nothing after the first push is new.
TEST(IwAtoms, AtAtomsKeepThePushedBox) {
  EXPECT_TRUE(SearchOnce("push", "iw1").won);
  EXPECT_FALSE(SearchOnce("push", "iw1:atom_at=false").won);
}

TEST(IwWidth, AFullPairTableStillAnswersWithinTheBudget) {
  const LoadedGame game = MustLoadSearchGame("iw_key");
  if (!game.def) return;
  for (const char* spec : {"iw2:pair_table_mb=0", "iw32:pair_table_mb=0.0001"}) {
    std::string error;
    auto agent = CreateAgent(spec, 1, &error);
    ASSERT_NE(agent, nullptr) << error;
    const auto result = Play(*agent, game, 1, 500, 30);
    for (const AgentStats& stats : result.stats) EXPECT_LE(stats.fm_calls, 500) << spec;
  }
}

TEST(IwWidth, CountsEveryCallAndNeverExceedsTheCallBudget) {
  const LoadedGame game = MustLoadSearchGame("lookahead");
  if (!game.def) return;
  for (Width width : {Width::kTwo, Width::kThreeHalves, Width::kNone}) {
    ExpectEveryCallCountedWithinBudget(game, 0, 700, 23, [width](int64_t calls) {
      IwOptions o;
      o.width = width;
      o.pair_table_mb = 1.0;  // allocated in the first act here (no Init): keep it small
      return std::make_unique<IwAgent>("iw", o, static_cast<uint64_t>(calls));
    });
  }
}

TEST(IwWidth, EveryVariantIsReproducibleWithCallBudgets) {
  const LoadedGame game = MustLoadBundledGame("starguard");
  if (!game.def) return;
  for (const char* spec : {"iw32", "iw2", "brfs", "2bfs", "iw2:atom_resources,atom_score"}) {
    SCOPED_TRACE(spec);
    ExpectReproducible([spec] { return testing::MakeAgent(spec, 8); }, game, 4, 500, 30);
  }
}

TEST(IwWidth, TimeBudgetIsRespected) {
  const LoadedGame game = MustLoadBundledGame("starguard");
  if (!game.def) return;
  for (Width width : {Width::kTwo, Width::kThreeHalves}) {
    IwOptions o;
    o.width = width;
    IwAgent agent("iw", o, 1);
    ExpectActsWithinGvgaiTime(agent, game, 1'000'000'000);
  }
}

TEST(Iw1, TimeBudgetIsRespected) {
  const LoadedGame game = MustLoadBundledGame("starguard");
  if (!game.def) return;
  IwAgent agent("iw1", IwOptions{}, 1);
  ExpectActsWithinGvgaiTime(agent, game, 1'000'000'000);
}

}  // namespace
}  // namespace vgdl
