// UCT reverse penalty (Frydenberg et al. 2015, §V-D): the ring of recent positions, the
// penalised value, tree reuse, and the oscillation it exists to break.
#include "agents/mcts/reverse_penalty.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <string>

#include "agents/common/action_list.h"
#include "agents/common/evaluation.h"
#include "agents/common/random.h"
#include "agents/mcts/action_statistics.h"
#include "agents/mcts/tree.h"
#include "engine/game.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

TEST(ReversePenalty, DefaultsOfThePaper) {
  EXPECT_EQ(kReversePenaltyPositions, 5);
  EXPECT_DOUBLE_EQ(kReversePenaltyFactor, 0.95);
}

TEST(ReversePenalty, TheRingKeepsTheFiveNewestPositions) {
  RecentPositions ring;
  EXPECT_EQ(ring.Newest(), kNoCell);
  EXPECT_FALSE(ring.Contains(1));
  for (int32_t cell = 1; cell <= 7; ++cell) ring.Push(cell);
  EXPECT_EQ(ring.count, 5);
  EXPECT_EQ(ring.Newest(), 7);
  for (int32_t cell = 3; cell <= 7; ++cell) EXPECT_TRUE(ring.Contains(cell)) << cell;
  EXPECT_FALSE(ring.Contains(1));
  EXPECT_FALSE(ring.Contains(2));
}

TEST(ReversePenalty, ThePenaltyMultipliesTheValueBy095) {
  EXPECT_DOUBLE_EQ(ApplyReversePenalty(0.8, 0.95), 0.8 * 0.95);
  EXPECT_DOUBLE_EQ(ApplyReversePenalty(0.0, 0.95), 0.0);
  // A negative value is lowered as well, never raised.
  EXPECT_DOUBLE_EQ(ApplyReversePenalty(-2.0, 0.95), -2.0 * 1.05);
  for (double bad : {0.0, -0.5, 1.5}) {
    try {
      ValidateReversePenaltyFactor(bad);
      ADD_FAILURE() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("(0, 1]"), std::string::npos) << e.what();
    }
  }
}

// The corridor's avatar cell after `actions` from the start.
State CorridorAfter(const testing::LoadedGame& game, std::initializer_list<Action> actions) {
  State s(game.def, game.level, 1);
  for (Action a : actions) Advance(s, a, StepMode::kForwardModel);
  return s;
}

// A child that takes the avatar back to where it came from, or leaves it where it is, is
// penalised; one that reaches a new cell is not. The root's list is the real history.
TEST(ReversePenalty, AChildBackOnARecentCellIsPenalised) {
  const auto game = testing::MustLoadSearchGame("corridor");
  ASSERT_NE(game.def, nullptr);
  Tree tree(16);
  tree.Reset(3);
  ReversePenalty rp;
  rp.Prefault(16);
  rp.Clear();
  rp.ResetTree();
  // The real game: the avatar came from the left (ticks 0 and 1).
  const State start = CorridorAfter(game, {});
  const State root = CorridorAfter(game, {Action::kRight});
  rp.BeginSearch(start);
  rp.BeginSearch(root);
  rp.BeginSearch(root);  // the same tick again (Init's search continued): recorded once
  EXPECT_EQ(rp.history().count, 2);
  EXPECT_EQ(rp.List(Tree::root()).Newest(), AvatarCell(root));

  const int32_t left = tree.AddChild(Tree::root(), 0);
  const int32_t right = tree.AddChild(Tree::root(), 1);
  const int32_t up = tree.AddChild(Tree::root(), 2);
  rp.Record(Tree::root(), left, CorridorAfter(game, {Action::kRight, Action::kLeft}));
  rp.Record(Tree::root(), right, CorridorAfter(game, {Action::kRight, Action::kRight}));
  rp.Record(Tree::root(), up, CorridorAfter(game, {Action::kRight, Action::kUp}));
  EXPECT_TRUE(rp.Penalised(Tree::root(), left));
  EXPECT_FALSE(rp.Penalised(Tree::root(), right));
  EXPECT_TRUE(rp.Penalised(Tree::root(), up));  // blocked by the wall: stays
  EXPECT_DOUBLE_EQ(rp.Apply(0.5, Tree::root(), left), 0.5 * 0.95);
  EXPECT_DOUBLE_EQ(rp.Apply(0.5, Tree::root(), right), 0.5);
  // The child's list continues the trajectory: the two real cells, then its own.
  EXPECT_EQ(rp.List(right).count, 3);
  EXPECT_TRUE(rp.List(right).Contains(AvatarCell(start)));

  // A node created but never reached (BFTI's children) has no position: no penalty.
  const int32_t unreached = tree.AddChild(left, 0);
  EXPECT_EQ(rp.List(unreached).count, 0);
  EXPECT_FALSE(rp.Penalised(left, unreached));
}

TEST(ReversePenalty, TreeReuseMovesTheListsWithTheirNodes) {
  const auto game = testing::MustLoadSearchGame("corridor");
  ASSERT_NE(game.def, nullptr);
  Tree tree(16);
  tree.Prefault();
  tree.Reset(2);
  ReversePenalty rp;
  rp.Prefault(16);
  rp.BeginSearch(CorridorAfter(game, {}));
  const int32_t left = tree.AddChild(Tree::root(), 0);
  const int32_t right = tree.AddChild(Tree::root(), 1);
  const int32_t right_right = tree.AddChild(right, 1);
  const int32_t left_left = tree.AddChild(left, 0);
  rp.Record(Tree::root(), left, CorridorAfter(game, {Action::kLeft}));
  rp.Record(Tree::root(), right, CorridorAfter(game, {Action::kRight}));
  rp.Record(right, right_right, CorridorAfter(game, {Action::kRight, Action::kRight}));
  rp.Record(left, left_left, CorridorAfter(game, {Action::kLeft, Action::kLeft}));
  const RecentPositions kept = rp.List(right_right);
  tree.KeepSubtree(right, Tree::kDefaultMaxKept,
                   [&rp](int32_t from, int32_t to) { rp.Move(from, to); });
  ASSERT_EQ(tree.size(), 2);
  const int32_t moved = tree.child(Tree::root(), 1);
  EXPECT_EQ(rp.List(moved).count, kept.count);
  EXPECT_EQ(rp.List(moved).Newest(), kept.Newest());
  // The slot of a dropped node is a new node's: it starts without a list.
  const int32_t fresh = tree.AddChild(Tree::root(), 0);
  EXPECT_EQ(rp.List(fresh).count, 0);
}

// A minimal open-loop UCT of GVGAI's sample (UCB1 with C = sqrt 2 and its epsilon, depth 4 from
// the root, a node per iteration, most visited root child), with the reverse penalty or
// without. The corridor scores nothing, so every value is 0 and only exploration and the
// penalty tell the children apart.
int SearchCorridor(const State& root, const ActionList& actions, Tree& tree, ReversePenalty* rp,
                   AgentRandom& rng) {
  constexpr int kIterations = 120;
  constexpr int kDepth = 4;
  tree.Reset(actions.size());
  if (rp != nullptr) {
    rp->ResetTree();
    rp->BeginSearch(root);
  }
  for (int it = 0; it < kIterations; ++it) {
    State s = root;
    int32_t node = Tree::root();
    for (int depth = 0; depth < kDepth && !s.ended(); ++depth) {
      int a = tree.RandomUnexpandedAction(node, rng);
      const bool expand = a >= 0;
      if (!expand) {
        double best = std::numeric_limits<double>::lowest();
        const double log_n = std::log(tree.node(node).visits + 1.0);
        for (int b = 0; b < actions.size(); ++b) {
          const int32_t child = tree.child(node, b);
          const Node& c = tree.node(child);
          double value = c.mean() + std::sqrt(2.0) * std::sqrt(log_n / (c.visits + kTieEpsilon));
          if (rp != nullptr) value = rp->Apply(value, node, child);
          value = TieBreakNoise(value, kTieEpsilon, rng.NextDouble());
          if (value > best) {
            best = value;
            a = b;
          }
        }
      }
      Advance(s, actions[a], StepMode::kForwardModel);
      const int32_t child = expand ? tree.AddChild(node, a) : tree.child(node, a);
      if (rp != nullptr) rp->Record(node, child, s);
      node = child;
      if (expand) break;
    }
    for (int32_t n = node; n != kNoNode; n = tree.node(n).parent) tree.node(n).visits += 1.0;
  }
  int best = 0;
  double best_visits = -1.0;
  for (int a = 0; a < actions.size(); ++a) {
    const double v =
        TieBreakNoise(tree.node(tree.child(Tree::root(), a)).visits, kTieEpsilon, rng.NextDouble());
    if (v > best_visits) {
      best_visits = v;
      best = a;
    }
  }
  return best;
}

struct Walk {
  int reversals = 0;  // moves back onto the cell the previous move left
  int distance = 0;   // cells between the start and the end
};

Walk WalkTheCorridor(bool penalty, uint64_t seed) {
  const auto game = testing::MustLoadSearchGame("corridor");
  State real(game.def, game.level, 1);
  const ActionList actions = ActionList::Of(real, /*with_nil=*/false);
  Tree tree(1 << 12);
  ReversePenalty rp;
  rp.Prefault(1 << 12);
  rp.Clear();
  AgentRandom rng(seed);
  const int start = AvatarCell(real);
  int previous_cell = kNoCell;  // the cell the last move left
  Walk walk;
  for (int tick = 0; tick < 25; ++tick) {
    const int a = SearchCorridor(real, actions, tree, penalty ? &rp : nullptr, rng);
    const int before = AvatarCell(real);
    Advance(real, actions[a], StepMode::kRealGame);
    const int after = AvatarCell(real);
    if (after == before) continue;
    if (after == previous_cell) ++walk.reversals;
    previous_cell = before;
  }
  walk.distance = std::abs(AvatarCell(real) - start);
  return walk;
}

// The behaviour the penalty exists for (§V-D): with nothing to gain nearby, plain UCT goes
// back and forth between cells; with the penalty the avatar leaves the cells it has just been
// on and explores the corridor.
TEST(ReversePenalty, BreaksTheOscillationOfAnAimlessSearch) {
  for (const uint64_t seed : {uint64_t{1}, uint64_t{2}, uint64_t{3}}) {
    const Walk plain = WalkTheCorridor(false, seed);
    const Walk penalised = WalkTheCorridor(true, seed);
    EXPECT_GE(plain.reversals, 3) << seed;
    EXPECT_EQ(penalised.reversals, 0) << seed;
    EXPECT_GE(penalised.distance, 20) << seed;
    EXPECT_GT(penalised.distance, plain.distance) << seed;
  }
}

}  // namespace
}  // namespace vgdl
