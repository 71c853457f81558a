#include "agents/mcts/mixmax.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "agents/common/evaluation.h"
#include "agents/mcts/tree.h"

namespace vgdl {
namespace {

void BackUpValue(Node& node, double value) {
  node.visits += 1.0;
  node.total += value;
  node.bounds.Add(value);
}

TEST(MixMax, DefaultsOfBothPapers) {
  EXPECT_DOUBLE_EQ(kMixMaxAlphaDeterministic, 0.25);  // Soemers 2016, §4.2.5
  EXPECT_DOUBLE_EQ(kMixMaxQFrydenberg, 0.1);          // Frydenberg et al. 2015, §V-A
}

// The case MixMax exists for: a node whose one good line is hidden by bad ones in its mean.
// `risky` led once to 10 (its one good child) and three times to 0; `safe` led four times to 3.
// By the mean `safe` looks better; with MixMax the good line wins.
TEST(MixMax, ANodeWithOneGoodChildAmongBadOnesIsPreferred) {
  Tree tree(16);
  tree.Reset(2);
  const int32_t risky = tree.AddChild(Tree::root(), 0);
  const int32_t safe = tree.AddChild(Tree::root(), 1);
  ValueBounds game;
  for (double v : {10.0, 0.0, 0.0, 0.0}) {
    BackUpValue(tree.node(risky), v);
    game.Add(v);
  }
  for (int i = 0; i < 4; ++i) {
    BackUpValue(tree.node(safe), 3.0);
    game.Add(3.0);
  }
  const Node& r = tree.node(risky);
  const Node& s = tree.node(safe);
  // Normalised into [0, 10]: risky's mean 2.5 -> 0.25, its max 10 -> 1; safe's 3 -> 0.3.
  EXPECT_DOUBLE_EQ(MixMaxOf(r, game, 0.25), 0.75 * 0.25 + 0.25 * 1.0);
  EXPECT_DOUBLE_EQ(MixMaxOf(s, game, 0.25), 0.3);
  EXPECT_DOUBLE_EQ(MixMaxOf(r, game, 0.1), 0.9 * 0.25 + 0.1 * 1.0);
  EXPECT_LT(game.Normalise(r.mean()), game.Normalise(s.mean()));
  for (double alpha : {kMixMaxAlphaDeterministic, kMixMaxQFrydenberg}) {
    EXPECT_GT(MixMaxOf(r, game, alpha), MixMaxOf(s, game, alpha)) << alpha;
  }
  // The ends of the range: the mean alone, the maximum alone.
  EXPECT_DOUBLE_EQ(MixMaxOf(r, game, 0.0), 0.25);
  EXPECT_DOUBLE_EQ(MixMaxOf(r, game, 1.0), 1.0);
  // A caller's own mean (Sarsa-UCT's V + X(s_{t-1}), already normalised) mixes the same way.
  EXPECT_DOUBLE_EQ(MixMaxOf(r, 0.5, game, 0.25), 0.75 * 0.5 + 0.25 * 1.0);
  EXPECT_DOUBLE_EQ(MixMax(0.5, 1.0, 0.25), 0.625);
}

TEST(MixMax, ANodeWithoutBackUpsHasOnlyItsMean) {
  const Node fresh{};
  ValueBounds game;
  game.Add(0.0);
  game.Add(10.0);
  EXPECT_DOUBLE_EQ(MixMaxOf(fresh, 0.4, game, 0.25), 0.4);
}

TEST(MixMax, AWeightOutsideTheUnitIntervalIsRefused) {
  for (double alpha : {-0.1, 1.5}) {
    try {
      ValidateMixMaxAlpha(alpha);
      ADD_FAILURE() << alpha;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("[0, 1]"), std::string::npos) << e.what();
    }
  }
  EXPECT_NO_THROW(ValidateMixMaxAlpha(0.25));
}

}  // namespace
}  // namespace vgdl
