// The heuristic search of the hybrid agent (Joppen et al. 2016, §3.1, Algorithm 1).
#include "agents/hybrid/heuristic_search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "agents/common/budget.h"
#include "agents/common/random.h"
#include "agents/hybrid/hybrid_agent.h"
#include "agents/hybrid/knowledge_base.h"
#include "engine/game.h"
#include "engine/observation.h"
#include "engine/state.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::MustLoadSearchGame;

// Runs a search from the level's start with `calls` forward-model calls; `used` gets the calls
// it made.
HeuristicSearch::Outcome SearchFor(HeuristicSearch& hs, const testing::LoadedGame& game,
                                   int64_t calls, int64_t* used = nullptr) {
  const State start(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(start);
  AgentRandom rng(1);
  hs.Init(start, rng);
  hs.Start(start, rng);
  Budget budget = Budget::ForwardModelCalls(calls);
  const auto outcome = hs.Continue(budget, kb, 0.0, /*check_stop=*/true, rng);
  EXPECT_LE(budget.calls(), calls);
  if (used != nullptr) *used = budget.calls();
  return outcome;
}

// Whether the path to the search's found node wins the real game.
bool FoundPathWins(const HeuristicSearch& hs, const testing::LoadedGame& game) {
  std::vector<Action> path;
  hs.PathTo(hs.found(), path);
  State real(game.def, game.level, 5);
  for (Action a : path) Advance(real, a, StepMode::kRealGame);
  return IsWin(real);
}

// The push puzzle is solved by the shortest path (the breadth-first bias of Eq. 3.1), and
// replaying that path on the real game wins it.
TEST(HybridHeuristicSearch, SolvesADeterministicPuzzleExactly) {
  const auto game = MustLoadSearchGame("push");
  const int shortest = testing::ShortestSolution(game, 20);
  ASSERT_GT(shortest, 0);
  HeuristicSearch hs;
  ASSERT_EQ(SearchFor(hs, game, 20000), HeuristicSearch::Outcome::kFound);
  std::vector<Action> path;
  hs.PathTo(hs.found(), path);
  EXPECT_EQ(static_cast<int>(path.size()), shortest);
  State real(game.def, game.level, 5);
  for (Action a : path) Advance(real, a, StepMode::kRealGame);
  EXPECT_TRUE(IsWin(real));
}

// In an empty room the avatar's positions are its cells; with post-pruning no position is
// searched twice and the search space is exhausted, without it the search goes on expanding
// copies of the same positions.
TEST(HybridHeuristicSearch, DuplicateStatesArePruned) {
  const auto game = MustLoadSearchGame("hybrid_room");
  HeuristicSearch pruned;
  EXPECT_EQ(SearchFor(pruned, game, 5000), HeuristicSearch::Outcome::kExhausted);
  // 24 floor cells, and MovingAvatar's orientation may follow its last move (5 values).
  EXPECT_LE(pruned.size(), 24 * 5);
  EXPECT_GT(pruned.duplicates(), 0);

  HeuristicSearchOptions off;
  off.post_prune = false;
  HeuristicSearch unpruned(off);
  EXPECT_EQ(SearchFor(unpruned, game, 5000), HeuristicSearch::Outcome::kSearching);
  EXPECT_GT(unpruned.size(), 10 * pruned.size());
}

// A launcher makes the avatar a missile that stands a tick on the launcher's cell before it
// flies to the goal: by position that tick is its own duplicate. The child of a step that
// changed the avatar's type is never pruned as one (the authors' BFS), so the search flies on
// and finds the win instead of running out of states.
TEST(HybridHeuristicSearch, TheTickAfterTheAvatarChangedTypeIsNotADuplicate) {
  const auto game = MustLoadSearchGame("hybrid_launch");
  HeuristicSearch hs;
  ASSERT_EQ(SearchFor(hs, game, 5000), HeuristicSearch::Outcome::kFound);
  EXPECT_TRUE(FoundPathWins(hs, game));
}

// Under §6's pre-pruning (the default) the search of game `name` runs out of states; pruning
// only expected duplicates (the authors' BFS, `hs_preprune=expected`) it finds a path that
// wins the real game.
void ExpectOnlyTheSimulatingSearchWins(const std::string& name) {
  const auto game = MustLoadSearchGame(name);
  HeuristicSearch paper;
  EXPECT_EQ(SearchFor(paper, game, 5000), HeuristicSearch::Outcome::kExhausted);
  HeuristicSearchOptions code;
  code.pre_prune_rule = HsPrePrune::kExpected;
  HeuristicSearch simulated(code);
  ASSERT_EQ(SearchFor(simulated, game, 5000), HeuristicSearch::Outcome::kFound);
  EXPECT_TRUE(FoundPathWins(simulated, game));
}

// The avatar dies in the fire before it has the boots, so the knowledge base predicts that the
// fire kills; with the boots it does not. §6's pre-pruning of predicted losses never tries the
// fire again; simulated, the move crosses it with the boots.
TEST(HybridHeuristicSearch, APredictedLossIsSimulatedWhenOnlyExpectedDuplicatesArePruned) {
  ExpectOnlyTheSimulatingSearchWins("hybrid_boots");
}

// The door blocks the avatar before it has the key, so the knowledge base predicts that it
// always blocks: §6 prunes the move as ACTION_NIL's equal. Simulated, the move opens the door
// with the key.
TEST(HybridHeuristicSearch, APredictedBlockIsSimulatedWhenOnlyExpectedDuplicatesArePruned) {
  ExpectOnlyTheSimulatingSearchWins("hybrid_door");
}

// Once the knowledge base has seen the missile go its own way whatever it was told, its type
// is out of the player's control (§4.2) and every move is pruned as ACTION_NIL's equal. Then
// ACTION_NIL alone is expanded and never pruned: a flying missile's NIL is not the standstill
// the expected-state pruning assumes for a step that moved only the avatar.
TEST(HybridHeuristicSearch, AnAvatarOutOfControlIsFollowedByNil) {
  const auto game = MustLoadSearchGame("hybrid_launch");
  const State start(game.def, game.level, 1);
  KnowledgeBase kb;
  kb.Init(start);
  State flying = start;
  for (int i = 0; i < 2; ++i) Advance(flying, Action::kRight, StepMode::kRealGame);
  for (int i = 0; i < 2; ++i) Advance(flying, Action::kNil, StepMode::kRealGame);  // in flight
  ASSERT_TRUE(HasAvatar(flying));
  const TypeId flyer = AvatarType(flying);
  for (int i = 0; i < 3 * -KnowledgeBase::kControlThreshold; ++i) {
    State after = flying;
    Advance(after, Action::kUp, StepMode::kRealGame);
    kb.Observe(flying, Action::kUp, after);
  }
  ASSERT_FALSE(kb.AvatarInControl(flyer));
  AgentRandom rng(1);
  HeuristicSearch hs;
  hs.Init(start, rng);
  hs.Start(start, rng);
  Budget budget = Budget::ForwardModelCalls(5000);
  ASSERT_EQ(hs.Continue(budget, kb, 0.0, /*check_stop=*/true, rng),
            HeuristicSearch::Outcome::kFound);
}

// The search keeps only `max_states` states and re-simulates the others from an ancestor; the
// solution found is the same.
TEST(HybridHeuristicSearch, ReSimulatedStatesGiveTheSameSolution) {
  const auto game = MustLoadSearchGame("push");
  HeuristicSearchOptions few;
  few.max_states = 4096;
  HeuristicSearch hs(few);
  ASSERT_EQ(SearchFor(hs, game, 200000), HeuristicSearch::Outcome::kFound);
  std::vector<Action> path;
  hs.PathTo(hs.found(), path);
  EXPECT_EQ(static_cast<int>(path.size()), testing::ShortestSolution(game, 20));
}

// A kept state is given back once its node is expanded, so the slots go to the nodes waiting
// in the open list: a search of more than twice as many nodes as slots, whose open list never
// outgrows them, re-simulates nothing (were states kept for the first nodes made, every later
// node expanded would be re-simulated).
TEST(HybridHeuristicSearch, KeptStatesGoToTheNodesWaitingToBeExpanded) {
  const auto game = MustLoadSearchGame("hybrid_boxes");
  HeuristicSearchOptions some;
  some.max_states = 4096;
  HeuristicSearch hs(some);
  EXPECT_EQ(SearchFor(hs, game, 10000), HeuristicSearch::Outcome::kSearching);
  EXPECT_EQ(hs.state_slots(), 4096);
  ASSERT_GT(hs.size(), 2 * 4096);
  ASSERT_GT(hs.expansions(), 4096);
  EXPECT_EQ(hs.resimulated(), 0);
}

// §6's pre-pruning by the expected next state: in the empty room nothing but the avatar moves,
// so a step back to a cell already searched, or ACTION_NIL, is known to be a duplicate before it
// is simulated. The search finds the same positions with at most half the calls it makes when it
// simulates every action that is not pruned otherwise and drops duplicates afterwards.
TEST(HybridHeuristicSearch, ExpectedDuplicatesArePrunedWithoutSimulating) {
  const auto game = MustLoadSearchGame("hybrid_room");
  HeuristicSearch expecting;
  int64_t expecting_calls = 0;
  EXPECT_EQ(SearchFor(expecting, game, 5000, &expecting_calls),
            HeuristicSearch::Outcome::kExhausted);
  EXPECT_GT(expecting.predicted_duplicates(), 0);

  HeuristicSearchOptions simulate_all;
  simulate_all.expect = false;
  HeuristicSearch simulating(simulate_all);
  int64_t simulating_calls = 0;
  EXPECT_EQ(SearchFor(simulating, game, 5000, &simulating_calls),
            HeuristicSearch::Outcome::kExhausted);
  EXPECT_EQ(simulating.predicted_duplicates(), 0);
  EXPECT_EQ(expecting.size(), simulating.size());
  EXPECT_LE(2 * expecting_calls, simulating_calls);
}

TEST(HybridHeuristicSearch, RefusesBadOptions) {
  HeuristicSearchOptions o;
  o.max_nodes = 1;
  EXPECT_THROW(ValidateHeuristicSearchOptions(o), std::invalid_argument);
  o = HeuristicSearchOptions{};
  o.ws = -1.0;
  EXPECT_THROW(ValidateHeuristicSearchOptions(o), std::invalid_argument);
}

// The agent finds the solution during Init and replays it: it wins in exactly the shortest
// solution's ticks, playing the path the search found.
TEST(HybridHeuristicSearch, AgentReplaysTheSolution) {
  const auto game = MustLoadSearchGame("push");
  const int shortest = testing::ShortestSolution(game, 20);
  auto agent = testing::MakeAgent("hybrid");
  ASSERT_NE(agent, nullptr);
  const auto result = testing::Play(*agent, game, 3, 1000, 100, 20000);
  EXPECT_TRUE(result.won);
  EXPECT_EQ(result.ticks, shortest);
  const auto& hybrid = static_cast<const HybridAgent&>(*agent);
  EXPECT_EQ(hybrid.path(), result.actions);
  EXPECT_NE(hybrid.mode(), HybridAgent::Mode::kMcts);
}

// With too few calls per tick to finish at once, the agent plays ACTION_NIL while the search
// goes on over several ticks, then replays the path found from the search's root: the game is
// won after the NIL ticks plus exactly the shortest solution.
TEST(HybridHeuristicSearch, PlaysNilWhileSearchingOverSeveralTicks) {
  const auto game = MustLoadSearchGame("push");
  const int shortest = testing::ShortestSolution(game, 20);
  auto agent = testing::MakeAgent("hybrid");
  ASSERT_NE(agent, nullptr);
  const auto result = testing::Play(*agent, game, 3, 60, 200, 0);
  ASSERT_TRUE(result.won);
  const auto& hybrid = static_cast<const HybridAgent&>(*agent);
  const size_t searching = result.actions.size() - hybrid.path().size();
  EXPECT_GT(searching, 1u);
  for (size_t t = 0; t < searching; ++t) EXPECT_EQ(result.actions[t], Action::kNil) << t;
  EXPECT_EQ(static_cast<int>(hybrid.path().size()), shortest);
  EXPECT_TRUE(std::equal(hybrid.path().begin(), hybrid.path().end(),
                         result.actions.begin() + static_cast<std::ptrdiff_t>(searching)));
}

}  // namespace
}  // namespace vgdl
