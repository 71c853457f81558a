#include "agents/iw/width.h"

#include <gtest/gtest.h>

#include <string>

#include "agents/iw/pair_table.h"
#include "tests/agents/mcts/play_util.h"

namespace vgdl {
namespace {

using testing::LoadedGame;
using testing::MustLoadSearchGame;

TEST(PairTable, PairsAreUnorderedAndClearedForgetsThem) {
  PairTable table;
  table.SetAtoms(100);
  table.Reserve(1000);
  EXPECT_TRUE(table.Insert(3, 7));
  EXPECT_FALSE(table.Insert(7, 3));
  EXPECT_TRUE(table.Has(3, 7));
  EXPECT_FALSE(table.Has(3, 8));
  EXPECT_EQ(table.size(), 1u);
  table.Clear();
  EXPECT_FALSE(table.Has(3, 7));
  EXPECT_EQ(table.size(), 0u);
}

TEST(PairTable, AFullTableTakesUnknownPairsAsKnown) {
  PairTable table;
  table.SetAtoms(100);
  table.Reserve(4);  // 8 slots, half of them usable
  int inserted = 0;
  for (size_t b = 1; b < 20; ++b) inserted += table.Insert(0, b) ? 1 : 0;
  EXPECT_EQ(inserted, 4);
  EXPECT_TRUE(table.overflowed());
  EXPECT_EQ(table.capacity(), 4u);
  table.Clear();
  EXPECT_FALSE(table.overflowed());
  EXPECT_TRUE(table.Insert(0, 19));
}

// Definition 1 on iw_key: the state with the key taken has a new atom (the open door); the
// avatar then back on a cell it stood in before has no new atom but a new pair (its atom with
// the open door's), a pair with the avatar's atom: widths 2 and 3/2 keep it, width 1 does not.
TEST(WidthNovelty, APairIsNewWhereNoAtomIs) {
  const LoadedGame game = MustLoadSearchGame("iw_key");
  if (!game.def) return;
  for (Width width : {Width::kOne, Width::kThreeHalves, Width::kTwo, Width::kNone}) {
    SCOPED_TRACE(std::string(WidthName(width)));
    WidthNovelty novelty(width, IwAtomOptions{}, 1.0);
    State root(game.def, game.level, 1);
    novelty.Reserve(root);
    novelty.Reset(root);
    novelty.TestAndMemorize(root);
    State s = root;
    // Left to the key (col 1) and right again, memorising every state on the way.
    for (int i = 0; i < 6; ++i) {
      Advance(s, Action::kLeft, StepMode::kForwardModel);
      EXPECT_TRUE(novelty.TestAndMemorize(s)) << "left " << i;
    }
    Advance(s, Action::kRight, StepMode::kForwardModel);  // col 2, key taken
    novelty.TestAndMemorize(s);
    // Col 3 facing right, without the key: memorised on another path first.
    State without_key = root;
    for (int i = 0; i < 5; ++i) Advance(without_key, Action::kLeft, StepMode::kForwardModel);
    Advance(without_key, Action::kRight, StepMode::kForwardModel);
    novelty.TestAndMemorize(without_key);
    Advance(s, Action::kRight, StepMode::kForwardModel);  // col 3 facing right, key taken
    EXPECT_EQ(novelty.TestAndMemorize(s), width != Width::kOne);
    EXPECT_FALSE(novelty.pairs_overflowed());
  }
}

}  // namespace
}  // namespace vgdl
